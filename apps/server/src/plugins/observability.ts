import { redactText, redactUrl } from '@portal/contract/redact'
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify'
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { Config } from '../config'
import type { ErrorReporter } from '../lib/error-reporting'
import type { AppMetrics } from '../lib/metrics'

/** An incoming X-Request-Id is kept when it looks like an id (a load balancer's or a client's), else one is made. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/

export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id']
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID()
}

/**
 * The logger's settings: every line of a request carries its id (reqId), URLs are redacted, and the
 * Authorization and Cookie headers never reach a log line.
 */
export function loggerOptions(config: Config, stream?: NodeJS.WritableStream): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'], censor: '[redacted]' },
    serializers: {
      req: (req: FastifyRequest) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
      err: (err: Error & { code?: string; statusCode?: number }) => ({
        type: err.name,
        message: redactText(String(err.message)),
        ...(err.code ? { code: err.code } : {}),
        ...(err.statusCode ? { statusCode: err.statusCode } : {}),
        stack: redactText(err.stack ?? ''),
      }),
    },
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
