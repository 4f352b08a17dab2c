import { LoginBody, LoginResponse, MeResponse, PasswordResetBody, PasswordResetCompleteBody, ChangePasswordBody } from '@portal/contract/auth'
import { ErrorBody, Message } from '@portal/contract/common'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Deps } from '../../lib/context'
import * as auth from './service'

const tags = ['auth']

export const authRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.post(
    '/login',
    { config: { public: true }, schema: { tags, body: LoginBody, response: { 200: LoginResponse, 401: ErrorBody, 429: ErrorBody } } },
    async (req) => auth.login(deps, req.body.username, req.body.password, req.ip),
  )

  app.post('/logout', { schema: { tags, response: { 204: z.null() } } }, async (req, reply) => {
    await auth.logout(deps, req.requireSession())
    return reply.status(204).send(null)
  })

  app.get('/me', { schema: { tags, response: { 200: MeResponse } } }, async (req) => auth.me(deps, req.requireSession()))

  app.post(
    '/password-reset',
    { config: { public: true }, schema: { tags, body: PasswordResetBody, response: { 200: Message } } },
    async (req) => auth.requestPasswordReset(deps, req.body.username, req.body.email),
  )

  app.post(
    '/password-reset/complete',
    { config: { public: true }, schema: { tags, body: PasswordResetCompleteBody, response: { 200: Message, 400: ErrorBody } } },
    async (req) => auth.completePasswordReset(deps, req.body.token, req.body.newPassword),
  )

  app.post(
    '/change-password',
    { schema: { tags, body: ChangePasswordBody, response: { 200: Message, 400: ErrorBody } } },
    async (req) => auth.changePassword(deps, req.requireSession(), req.body.currentPassword, req.body.newPassword),
  )
}
