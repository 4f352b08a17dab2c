import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startTestApp, type TestContext } from '../../../test/helpers'
import { BATCH, CLAIM_SECONDS, deliverAllDue, deliverDue, RETRY_AFTER_SECONDS, SENDING_AT_ONCE, type SendMail } from './mailer'
import * as repo from './repo'

const quiet = { warn() {} }

/** Seconds from the database's now to each e-mail's next_attempt_at, by id. */
async function dueIn(t: TestContext, ids: number[]) {
  const rows = await t.db
    .selectFrom('email_outbox')
    .select(['id', sql<number>`extract(epoch FROM next_attempt_at - now())::float8`.as('seconds')])
    .where('id', 'in', ids)
    .execute()
  return new Map(rows.map((r) => [r.id, r.seconds]))
}

const rowsOf = (t: TestContext, ids: number[]) =>
  t.db.selectFrom('email_outbox').select(['id', 'status', 'attempts', 'last_error', 'sent_at']).where('id', 'in', ids).orderBy('id').execute()

/** As if the wait were over: the e-mails are due now. */
const makeDue = (t: TestContext, ids: number[]) =>
  t.db
    .updateTable('email_outbox')
    .set({ next_attempt_at: sql`now()` })
    .where('id', 'in', ids)
    .execute()

describe('the mailer (decision 0098)', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(async () => t?.close())
  // Each test starts from an outbox with nothing due but its own e-mails.
  beforeEach(async () => {
    await t.db.updateTable('email_outbox').set({ status: 'kept' }).where('status', '=', 'pending').execute()
  })

  /** Writes n e-mails one after another: each is due after the one before (on PostgreSQL, at once they would race). */
  const write = async (n: number) => {
    const ids: number[] = []
    for (let i = 0; i < n; i++) ids.push(await repo.insertMail(t.db, { to: `buyer${i}@example.com`, subject: `Order ${i}`, text: 'Thank you' }))
    return ids
  }

  it('sends what is due, oldest first, once, and marks each sent', async () => {
    const ids = await write(3)
    const sent: string[] = []
    const send: SendMail = async (mail) => void sent.push(mail.subject)
    expect(await deliverDue(t, send, quiet)).toBe(3)
    expect(sent).toEqual(['Order 0', 'Order 1', 'Order 2'])
    const rows = await rowsOf(t, ids)
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
      ['sent', 1],
    ])
    expect(rows.every((r) => r.sent_at !== null)).toBe(true)
    expect(await deliverDue(t, send, quiet)).toBe(0)
    expect(sent).toHaveLength(3)
  })

  it('sends several at once, and drains a backlog of more than a batch in one go', async () => {
    const ids = await write(BATCH * 2 + 3)
    let sending = 0
    let most = 0
    const sent: number[] = []
    const relay: SendMail = async (mail) => {
      most = Math.max(most, ++sending)
      await new Promise((resolve) => setTimeout(resolve, 5))
      sending--
      sent.push(mail.id)
    }
    expect(await deliverAllDue(t, relay, quiet)).toBe(BATCH * 2 + 3)
    expect(most).toBe(SENDING_AT_ONCE)
    expect(sent.sort((a, b) => a - b)).toEqual(ids)
    expect(new Set((await rowsOf(t, ids)).map((r) => r.status))).toEqual(new Set(['sent']))
    expect(await deliverAllDue(t, relay, quiet)).toBe(0)
  })

  it('stops draining when asked, after the round it is in', async () => {
    await write(BATCH * 2)
    const sent: number[] = []
    expect(
      await deliverAllDue(
        t,
        async (mail) => void sent.push(mail.id),
        quiet,
        () => true,
      ),
    ).toBe(BATCH)
    expect(sent).toHaveLength(BATCH)
  })

  it('keeps the e-mails without a mail server (read at /dev/outbox)', async () => {
    const ids = await write(2)
    expect(await deliverDue(t, null, quiet)).toBe(2)
    expect((await rowsOf(t, ids)).map((r) => r.status)).toEqual(['kept', 'kept'])
  })

  it('tries a failed e-mail again only after a wait that grows, and gives up after the fifth failure', async () => {
    const [id] = await write(1)
    let tries = 0
    const down: SendMail = async () => {
      tries++
      throw new Error('connect ECONNREFUSED 127.0.0.1:25')
    }
    for (const [i, wait] of RETRY_AFTER_SECONDS.entries()) {
      expect(await deliverDue(t, down, quiet)).toBe(1)
      const [row] = await rowsOf(t, [id!])
      expect(row).toMatchObject({ status: 'pending', attempts: i + 1, last_error: 'connect ECONNREFUSED 127.0.0.1:25' })
      const waits = (await dueIn(t, [id!])).get(id!)
      expect(waits).toBeGreaterThan(wait - 5)
      expect(waits).toBeLessThanOrEqual(wait)
      // Not tried again while it waits, however often the mailer ticks.
      expect(await deliverDue(t, down, quiet)).toBe(0)
      expect(tries).toBe(i + 1)
      await makeDue(t, [id!])
    }
    expect(await deliverDue(t, down, quiet)).toBe(1)
    expect(await rowsOf(t, [id!])).toMatchObject([{ status: 'failed', attempts: 5 }])
    await makeDue(t, [id!])
    expect(await deliverDue(t, down, quiet)).toBe(0)
    expect(tries).toBe(5)
  })

  it('sends an e-mail that failed once when the mail server is back, counting both attempts', async () => {
    const [id] = await write(1)
    const warned: Array<Record<string, unknown>> = []
    await deliverDue(
      t,
      async () => {
        throw new Error('421 Service not available')
      },
      { warn: (fields: Record<string, unknown>) => void warned.push(fields) },
    )
    // The log says which e-mail, when it is tried next, and the relay's error itself (serialised by the logger).
    expect(warned).toHaveLength(1)
    expect(warned[0]).toMatchObject({ outboxId: id, attempts: 1, retryAfterSeconds: 60 })
    expect((warned[0]!.err as Error).message).toBe('421 Service not available')
    await makeDue(t, [id!])
    const sent: number[] = []
    expect(await deliverDue(t, async (mail) => void sent.push(mail.id), quiet)).toBe(1)
    expect(sent).toEqual([id])
    expect(await rowsOf(t, [id!])).toMatchObject([{ status: 'sent', attempts: 2, last_error: '421 Service not available' }])
  })

  it('claims an e-mail for one sender at a time: two rounds at once send each e-mail once', async () => {
    const ids = await write(5)
    const sent: number[] = []
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const slow: SendMail = async (mail) => {
      await gate
      sent.push(mail.id)
    }
    const first = deliverDue(t, slow, quiet)
    const second = deliverDue(t, slow, quiet)
    // While the first round talks to the mail server, no transaction is open: the database answers others.
    await expect(t.db.selectFrom('email_outbox').select('id').where('id', '=', ids[0]!).executeTakeFirst()).resolves.toBeDefined()
    release()
    const claimed = (await first) + (await second)
    expect(claimed).toBe(5)
    expect(sent.sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b))
  })

  it('leaves an e-mail whose sender stopped mid-send due again once its claim ends', async () => {
    const [id] = await write(1)
    const [claimed] = await repo.claimDue(t.db, BATCH, CLAIM_SECONDS)
    expect(claimed!.id).toBe(id)
    expect((await dueIn(t, [id!])).get(id!)).toBeGreaterThan(CLAIM_SECONDS - 5)
    const sent: number[] = []
    const up: SendMail = async (mail) => void sent.push(mail.id)
    expect(await deliverDue(t, up, quiet)).toBe(0)
    await makeDue(t, [id!])
    expect(await deliverDue(t, up, quiet)).toBe(1)
    expect(sent).toEqual([id])
  })
})
