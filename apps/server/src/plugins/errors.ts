import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { AppError } from '../lib/errors'

type Field = { field: string; message: string }

/** Maps every error to `{error, message, fields?}`; internals never leave the server. */
export function registerErrorHandling(app: FastifyInstance, fallback?: (url: string, method: string) => ((reply: FastifyReply) => unknown) | null) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ error: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) })
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Field[] = err.validation.map((v) => ({
        field: [err.validationContext, ...pathOf(v.instancePath)].filter(Boolean).join('.'),
        message: v.message ?? 'Invalid value',
      }))
      return reply.status(400).send({ error: 'invalid_request', message: describe(fields), fields })
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err: err.cause ?? err }, 'response did not match its schema')
      return reply.status(500).send({ error: 'internal', message: 'Something went wrong on our side.' })
    }
    const status = err.statusCode ?? 500
    if (status < 500) {
      const { code, message, field } = clientError(err)
      return reply.status(status === 413 ? 400 : status).send({ error: code, message, fields: [{ field, message }] })
    }
    req.log.error({ err }, 'request failed')
    return reply.status(500).send({ error: 'internal', message: 'Something went wrong on our side.' })
  })

  app.setNotFoundHandler((req, reply) => {
    const page = fallback?.(req.url, req.method)
    if (page) return page(reply)
    reply.status(404).send({ error: 'not_found', message: `No route ${req.method} ${req.url.split('?')[0]}.` })
  })
}

function pathOf(instancePath: string): string[] {
  return instancePath.split('/').filter(Boolean)
}

function describe(fields: Field[]): string {
  const [first] = fields
  if (!first) return 'The request is not valid.'
  return `${first.field}: ${first.message}`
}

/** Fastify's own client errors (bad JSON, too large, wrong content type), in our shape. */
function clientError(err: FastifyError): { code: string; message: string; field: string } {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: 'invalid_json', message: 'The request body is not valid JSON.', field: 'body' }
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: 'body_too_large', message: 'The request body is too large.', field: 'body' }
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { code: 'unsupported_media_type', message: 'Send the body as application/json.', field: 'content-type' }
    default:
      return { code: 'bad_request', message: err.message, field: 'request' }
  }
}
