import type { FastifyInstance } from 'fastify'

const FORM_BODY_LIMIT = 64 * 1024

/** Browsers post the payment providers' forms as application/x-www-form-urlencoded; this plugin scope reads them. */
export function acceptFormPosts(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)))
  })
}
