import { Brand, Category, Warehouse } from '@portal/contract/reference'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Deps } from '../../lib/context'
import * as catalogue from './service'

const tags = ['catalogue']
// Reference data needs no token; with one, a reseller's hidden categories and brands are left out.
const open = { public: true }

export const catalogueRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get('/warehouses', { config: open, schema: { tags, response: { 200: z.array(Warehouse) } } }, async () => catalogue.warehouses(deps))
  app.get('/categories', { config: open, schema: { tags, response: { 200: z.array(Category) } } }, async (req) => catalogue.categories(deps, req.session))
  app.get('/brands', { config: open, schema: { tags, response: { 200: z.array(Brand) } } }, async (req) => catalogue.brands(deps, req.session))
}
