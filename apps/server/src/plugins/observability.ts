import { redactText, redactUrl } from '@portal/contract/redact'
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify'
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { Config } from '../config'
import type { ErrorReporter } from '../lib/error-reporting'
import type { AppMetrics } from '../lib/metrics'
import { presentedSecrets, SecretValues } from '../lib/secret-values'

/** An incoming X-Request-Id is kept when it looks like an id (a load balancer's or a client's), else one is made. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/

export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id']
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID()
}

/**
 * The logger's settings: every line of a request carries its id (reqId), URLs are redacted, and the
 * Authorization and Cookie headers never reach a log line. Every line written is then redacted by value as
 * well (lib/secret-values.ts): the known secrets and token-shaped runs, under whatever name they came.
 */
export function loggerOptions(
  config: Config,
  stream?: NodeJS.WritableStream,
  secrets: SecretValues = new SecretValues(),
): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'], censor: '[redacted]' },
    serializers: serializersRedacting((text) => text),
    hooks: { streamWrite: (line: string) => secrets.redact(line) },
  }
}

/** The request and error serializers, each text also passed through `also` (a request's own credentials). */
function serializersRedacting(also: (text: string) => string) {
  return {
    req: (req: FastifyRequest) => ({ method: req.method, url: also(redactUrl(req.url)), remoteAddress: req.ip }),
    err: (err: Error & { code?: string; statusCode?: number }) => ({
      type: err.name,
      message: also(redactText(String(err.message))),
      ...(err.code ? { code: err.code } : {}),
      ...(err.statusCode ? { statusCode: err.statusCode } : {}),
      stack: also(redactText(err.stack ?? '')),
    }),
  }
}

/**
 * Fastify's childLoggerFactory: a request presenting a credential the server does not know (a wrong or old
 * key, a foreign cookie) gets a logger whose serializers also take that value out, wherever else the request
 * repeats it (a URL, an error message). Other requests get the plain child, at no cost.
 */
export function requestLoggerFactory(secrets: SecretValues): NonNullable<FastifyServerOptions['childLoggerFactory']> {
  return (logger, bindings, opts, rawReq) => {
    const presented = presentedSecrets(rawReq.headers, secrets)
    if (presented.length === 0) return logger.child(bindings, opts)
    const own = new SecretValues(presented)
    return logger.child(bindings, { ...opts, serializers: serializersRedacting((text) => own.redact(text)) })
  }
}

const UNMATCHED = '(unmatched)'

/**
 * Request ids on every response, request metrics by route pattern, unexpected errors (5xx) to the error
 * reporter, and GET /metrics (Prometheus text) for a scraper holding METRICS_TOKEN.
 */
export function registerObservability(
  app: FastifyInstance,
  { config, metrics, reporter }: { config: Config; metrics: AppMetrics; reporter?: ErrorReporter | null },
) {
  const failures = new WeakMap<FastifyRequest, Error>()

  app.addHook('onRequest', (req, reply, done) => {
    reply.header('X-Request-Id', req.id)
    done()
  })
  app.addHook('onError', (req, _reply, error, done) => {
    failures.set(req, error)
    done()
  })
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? UNMATCHED
    metrics.observeRequest(req.method, route, reply.statusCode, reply.elapsedTime / 1000)
    const error = reply.statusCode >= 500 ? failures.get(req) : undefined
    if (error && reporter) reporter.captureRequestError(error, { method: req.method, route, url: req.url, requestId: String(req.id) })
    done()
  })

  if (!config.metrics.enabled) return
  const expected = config.metrics.token ? digest(config.metrics.token) : null
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (expected) {
      const header = req.headers.authorization ?? ''
      const given = header.startsWith('Bearer ') ? header.slice(7).trim() : ''
      if (!given || !timingSafeEqual(digest(given), expected)) {
        return reply
          .status(401)
          .header('WWW-Authenticate', 'Bearer realm="metrics"')
          .send({ error: 'unauthorized', message: 'Send the metrics token as a Bearer token.' })
      }
    }
    return reply
      .header('Cache-Control', 'no-store')
      .type(metrics.contentType)
      .send(await metrics.render())
  })
}

const digest = (value: string) => createHash('sha256').update(value).digest()
