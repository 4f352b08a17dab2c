import { LoginBody, LoginResponse, MeResponse, PasswordResetBody, PasswordResetCompleteBody, ChangePasswordBody } from '@portal/contract/auth'
import { BackOfficeSignIn } from '@portal/contract/back-office'
import { ErrorBody, Message } from '@portal/contract/common'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Deps } from '../../lib/context'
import { clearPictureCookie, setPictureCookie } from '../../lib/picture-cookie'
import { tokenOf } from '../../plugins/auth'
import * as auth from './service'

const tags = ['auth']

export const authRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.post(
    '/login',
    {
      config: { public: true },
      schema: { tags, body: LoginBody, response: { 200: z.union([LoginResponse, BackOfficeSignIn]), 401: ErrorBody, 429: ErrorBody } },
    },
    async (req, reply) => {
      const answer = await auth.login(deps, req.body.username, req.body.password, req.ip)
      // Product pictures are a customer's: a back office session gets no picture cookie.
      if (!('realm' in answer)) setPictureCookie(reply, deps.config, answer.token)
      return answer
    },
  )

  app.post('/logout', { config: { auditsItself: true }, schema: { tags, response: { 204: z.null() } } }, async (req, reply) => {
    await auth.logout(deps, req.requireSession(), req.ip)
    clearPictureCookie(reply, deps.config)
    return reply.status(204).send(null)
  })

  // Also (re)sets the picture cookie: a session that began before the cookie existed, or in another tab, gets it here.
  app.get('/me', { schema: { tags, response: { 200: MeResponse } } }, async (req, reply) => {
    const answer = await auth.me(deps, req.requireSession())
    const token = tokenOf(req)
    if (token) setPictureCookie(reply, deps.config, token)
    return answer
  })

  app.post('/password-reset', { config: { public: true }, schema: { tags, body: PasswordResetBody, response: { 200: Message } } }, async (req) =>
    auth.requestPasswordReset(deps, req.body.username, req.body.email),
  )

  app.post(
    '/password-reset/complete',
    { config: { public: true }, schema: { tags, body: PasswordResetCompleteBody, response: { 200: Message, 400: ErrorBody } } },
    async (req) => auth.completePasswordReset(deps, req.body.token, req.body.newPassword),
  )

  app.post(
    '/change-password',
    { config: { notWhileActing: 'settings' }, schema: { tags, body: ChangePasswordBody, response: { 200: Message, 400: ErrorBody } } },
    async (req) => auth.changePassword(deps, req.requireSession(), req.body.currentPassword, req.body.newPassword),
  )
}
