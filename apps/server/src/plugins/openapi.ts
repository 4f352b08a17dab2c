import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod'

/** The OpenAPI document, generated from the same zod schemas that validate requests: JSON at /api/docs, a browser at /api/docs/ui. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Trade ordering portal API',
        version: '1.0.0',
        description:
          'The product API of the trade ordering portal. Send the session token as `Authorization: Bearer <token>` (or, for older clients, the `token` query parameter). Errors are `{error, message, fields?}`. Money is in dollars computed from integer cents; dates are YYYY-MM-DD.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          erpKey: { type: 'http', scheme: 'bearer', description: 'ERP_API_KEY (the /api/erp routes)' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  })
  // The browser is a page a person opens, so it sends no token: public like the document it shows.
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true }
    })
    await docs.register(fastifySwaggerUi, { routePrefix: '/api/docs/ui' })
  })
  app.get('/api/docs', { config: { public: true }, schema: { hide: true } }, async () => app.swagger())
}
