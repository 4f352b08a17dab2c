import { Health, NotReady, Readiness } from '@portal/contract/health'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Deps } from '../../lib/context'
import { readinessChecker } from './service'

const tags = ['health']

/** For load balancers and orchestrators: public, cheap, never cached. */
export const healthRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const readiness = readinessChecker(deps, app.log)

  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Liveness: the process answers',
        description: 'Touches nothing else; restart the instance when this fails.',
        response: { 200: Health },
      },
    },
    async (_req, reply) => reply.header('Cache-Control', 'no-store').send({ status: 'ok' as const }),
  )

  app.get(
    '/ready',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Readiness: the database answers, migrations are current and e-mails are leaving the outbox',
        description: '503 with `error: not_ready`, a message naming the failed checks, and every check, when this instance should not get traffic.',
        response: { 200: Readiness, 503: NotReady },
      },
    },
    async (_req, reply) => {
      const result = await readiness()
      reply.header('Cache-Control', 'no-store')
      if (result.status === 'ready') return reply.send(result)
      const failed = Object.entries(result.checks)
        .filter(([, check]) => !check.ok)
        .map(([name, check]) => `${name}: ${check.message}`)
      return reply.status(503).send({ ...result, error: 'not_ready' as const, message: `Not ready (${failed.join('; ')})` })
    },
  )
}
