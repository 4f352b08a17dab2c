import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { AppError } from '../lib/errors'
import { ResponseContractError } from '../lib/json-serializer'

type Field = { field: string; message: string }

/** Maps every error to `{error, message, fields?}`; internals never leave the server. */
export function registerErrorHandling(app: FastifyInstance, fallback?: (url: string, method: string) => ((reply: FastifyReply) => unknown) | null) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfterSeconds !== undefined) reply.header('Retry-After', String(Math.max(1, Math.ceil(err.retryAfterSeconds))))
      return reply.status(err.status).send({ error: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) })
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Field[] = err.validation.map((v) => ({
        field: [err.validationContext, ...pathOf(v.instancePath)].filter(Boolean).join('.'),
        message: v.message ?? 'Invalid value',
      }))
      return reply.status(400).send({ error: 'invalid_request', message: describe(fields), fields })
    }
    if (err instanceof ResponseContractError) {
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

  // PostgreSQL cannot store U+0000 in text, nor an unpaired surrogate in JSON, and answers with an error: refuse them as bad input first.
  // A callback hook, not an async one: it runs on every request, and a promise a request is work for nothing here.
  app.addHook('preValidation', (req, reply, done) => {
    const field = unstorableText({ params: req.params, querystring: req.query, body: req.body })
    if (!field) return done()
    const message = `${field}: Text must be valid Unicode, without NUL characters.`
    if (req.url.startsWith('/content/')) reply.status(400).send({ code: 'rest_invalid_param', message, data: { status: 400 } })
    else reply.status(400).send({ error: 'invalid_request', message, fields: [{ field, message }] })
  })

  app.setNotFoundHandler((req, reply) => {
    const page = fallback?.(req.url, req.method)
    if (page) return page(reply)
    reply.status(404).send({ error: 'not_found', message: `No route ${req.method} ${req.url.split('?')[0]}.` })
  })
}

// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/**
 * Where the first string holding U+0000 or an unpaired surrogate is, as `body.orderDetails.city`, or null.
 * Walked with a stack of its own, depth first in the order written, so no shape of input can exhaust the call
 * stack. Each value seen is kept as its parent's index and its key; a path is spelled only for the one found.
 */
function unstorableText(value: unknown): string | null {
  const parents = [-1]
  const keys = ['']
  const values = [value]
  const pending = [0]
  const pathTo = (found: number) => {
    const parts: string[] = []
    for (let n = found; n > 0; n = parents[n]!) parts.push(keys[n]!)
    return parts.reverse().join('.')
  }
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (UNSTORABLE.test(keys[next]!)) return pathTo(next)
    const seen = values[next]
    if (typeof seen === 'string') {
      if (UNSTORABLE.test(seen)) return pathTo(next)
    } else if (seen !== null && typeof seen === 'object') {
      const own = Object.keys(seen)
      for (let i = own.length - 1; i >= 0; i--) {
        parents.push(next)
        keys.push(own[i]!)
        values.push((seen as Record<string, unknown>)[own[i]!])
        pending.push(values.length - 1)
      }
    }
  }
  return null
}

/**
 * What the router itself refuses before any route is found (Fastify's frameworkErrors): an address that is
 * not valid percent-encoded UTF-8, or a path segment longer than a parameter can be. Answered in our shape
 * (the content service's in WordPress's). No hook runs for these, so the security headers are set here.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  reply.server.securityHeaders(req, reply)
  const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH'
  const message = tooLong ? 'A part of the address is too long.' : 'The address is not valid.'
  if (req.url.startsWith('/content/'))
    return reply.status(404).send({ code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } })
  return reply.status(400).send({ error: tooLong ? 'address_too_long' : 'invalid_address', message, fields: [{ field: 'url', message }] })
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
