import { z } from 'zod'

/** GET /api/health: the process answers (a load balancer's liveness probe). */
export const Health = z.object({ status: z.literal('ok') }).meta({ id: 'Health' })
export type Health = z.infer<typeof Health>

export const ReadinessCheck = z.object({
  ok: z.boolean(),
  message: z.string().describe('What was found, e.g. "reachable", "2 migrations not applied", "oldest unsent e-mail 42 min old"'),
})

/** GET /api/ready: whether this instance should be sent traffic. */
export const Readiness = z
  .object({
    status: z.enum(['ready', 'not_ready']),
    checks: z.object({
      database: ReadinessCheck.describe('The database answers a query'),
      migrations: ReadinessCheck.describe('Every migration this version knows is applied'),
      outbox: ReadinessCheck.describe('E-mails are being sent: the oldest unsent one is not older than READY_OUTBOX_MINUTES'),
      erpOrders: ReadinessCheck.describe(
        'Reported, never makes the instance unready (decision 0038): the ERP has acknowledged every portal order older than ERP_ORDER_ALERT_MINUTES',
      ),
    }),
  })
  .meta({ id: 'Readiness' })
export type Readiness = z.infer<typeof Readiness>

/** 503 from GET /api/ready: the usual error body, naming the checks that failed, plus every check. */
export const NotReady = Readiness.extend({ error: z.literal('not_ready'), message: z.string() }).meta({ id: 'NotReady' })
export type NotReady = z.infer<typeof NotReady>
