import { ApplicationBody, ApplicationReceived, ReplyBody, ReplyQuestion, ReplyQuestionBody } from '@portal/contract/applications'
import { ErrorBody, Message } from '@portal/contract/common'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Deps } from '../../lib/context'
import * as applications from './service'

const tags = ['applications']
/** A form with a 5 MB PDF in base64 (about 6.7 MB) and its fields. */
const WITH_A_PDF = 8 * 1024 * 1024

/** Applying for a trade account (decision 0103): public, for visitors who are not customers yet. */
export const applicationsRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.post(
    '/applications',
    {
      config: { public: true },
      bodyLimit: WITH_A_PDF,
      schema: {
        tags,
        summary: 'Apply for a trade account',
        body: ApplicationBody,
        response: { 201: ApplicationReceived, 400: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      },
    },
    async (req, reply) => reply.status(201).send(await applications.apply(deps, req.body, req.ip)),
  )
  app.post(
    '/applications/reply/question',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "The question an applicant's link answers",
        body: ReplyQuestionBody,
        response: { 200: ReplyQuestion, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => applications.replyQuestion(deps, req.body.token),
  )
  app.post(
    '/applications/reply',
    {
      config: { public: true },
      bodyLimit: WITH_A_PDF,
      schema: { tags, summary: "An applicant's answer, once per link", body: ReplyBody, response: { 200: Message, 400: ErrorBody, 404: ErrorBody } },
    },
    async (req) => applications.reply(deps, req.body),
  )
}
