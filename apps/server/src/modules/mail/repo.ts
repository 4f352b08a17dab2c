import { sql, type Kysely } from 'kysely'
import type { DB, EmailAttachment } from '../../db/schema'

type Db = Kysely<DB>

type NewMail = { to: string; subject: string; text: string; html?: string; attachments?: EmailAttachment[] }

/** An e-mail's row of the outbox, as inserted. */
export const outboxRow = (mail: NewMail) => ({
  to_address: mail.to,
  subject: mail.subject,
  text_body: mail.text,
  html_body: mail.html ?? null,
  attachments: JSON.stringify(mail.attachments ?? []),
})

export async function insertMail(db: Db, mail: NewMail): Promise<number> {
  const row = await db.insertInto('email_outbox').values(outboxRow(mail)).returning('id').executeTakeFirstOrThrow()
  return row.id
}

/**
 * How many e-mails wait to be sent, how old the oldest is, and how long the e-mail due longest has been due
 * without any mailer taking it (0 when none is: those waiting for a retry or claimed by a mailer are not due).
 * The partial index on pending rows answers it.
 */
export async function backlog(db: Db): Promise<{ pending: number; oldestSeconds: number; overdueSeconds: number }> {
  const { rows } = await sql<{ pending: number; oldest: number | null; overdue: number | null }>`
    SELECT count(*)::int AS pending, extract(epoch FROM now() - min(created_at))::float8 AS oldest,
      greatest(extract(epoch FROM now() - min(next_attempt_at))::float8, 0) AS overdue
    FROM email_outbox WHERE status = 'pending'`.execute(db)
  return { pending: rows[0]!.pending, oldestSeconds: rows[0]!.oldest ?? 0, overdueSeconds: rows[0]!.overdue ?? 0 }
}

/** A claimed e-mail: its row, and when it had become due (the claim moved `next_attempt_at` on). */
export type ClaimedMail = Awaited<ReturnType<typeof claimDue>>[number]

/**
 * Claims the e-mails that have waited longest of those due (pending, `next_attempt_at` come), at most `limit`:
 * their `next_attempt_at` moves `leaseSeconds` on, so that no other tick or instance takes them while they are
 * sent, and should the sender stop before it says how the send went, they are due again once the lease ends.
 * Rows another claim holds at that moment are skipped. One statement: no transaction stays open while mail is sent.
 */
export async function claimDue(db: Db, limit: number, leaseSeconds: number) {
  // `status = 'pending'` as written: the plan then walks the partial index in its order (migrations 0017, 0020).
  const rows = await db
    .with('due', (q) =>
      q
        .selectFrom('email_outbox')
        .select(['id', 'next_attempt_at as due_at'])
        .where(sql<boolean>`status = 'pending'`)
        .where(sql<boolean>`next_attempt_at <= now()`)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .updateTable('email_outbox')
    .from('due')
    .set({ next_attempt_at: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .whereRef('email_outbox.id', '=', 'due.id')
    .returning(['email_outbox.id', 'to_address', 'subject', 'text_body', 'html_body', 'attachments', 'attempts', 'due.due_at'])
    .execute()
  return rows.sort((a, b) => a.due_at.getTime() - b.due_at.getTime() || a.id - b.id)
}

export async function markKept(db: Db, id: number) {
  await db.updateTable('email_outbox').set({ status: 'kept' }).where('id', '=', id).execute()
}

export async function markSent(db: Db, id: number, attempts: number) {
  await db.updateTable('email_outbox').set({ status: 'sent', sent_at: new Date(), attempts }).where('id', '=', id).execute()
}

/** A failed send: tried again once `retryAfterSeconds` have passed, or never (null: the e-mail has failed). */
export async function markAttempt(db: Db, id: number, attempts: number, error: string, retryAfterSeconds: number | null) {
  await db
    .updateTable('email_outbox')
    .set({
      attempts,
      last_error: error,
      status: retryAfterSeconds === null ? 'failed' : 'pending',
      ...(retryAfterSeconds === null ? {} : { next_attempt_at: sql`now() + make_interval(secs => ${retryAfterSeconds})` }),
    })
    .where('id', '=', id)
    .execute()
}

export function recentMail(db: Db, limit: number) {
  return db.selectFrom('email_outbox').select(['id', 'to_address', 'subject', 'status', 'created_at']).orderBy('id', 'desc').limit(limit).execute()
}

export function findMail(db: Db, id: number) {
  return db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirst()
}
