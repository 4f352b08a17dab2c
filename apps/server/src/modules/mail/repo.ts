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

/** How many e-mails wait to be sent and how old the oldest is (the partial index on pending rows answers it). */
export async function backlog(db: Db): Promise<{ pending: number; oldestSeconds: number }> {
  const { rows } = await sql<{ pending: number; oldest: number | null }>`
    SELECT count(*)::int AS pending, extract(epoch FROM now() - min(created_at))::float8 AS oldest
    FROM email_outbox WHERE status = 'pending'`.execute(db)
  return { pending: rows[0]!.pending, oldestSeconds: rows[0]!.oldest ?? 0 }
}

/** The oldest waiting e-mails, claimed until the transaction ends; rows another instance claimed are skipped. */
export function claimPending(db: Db, limit: number) {
  // `status = 'pending'` as written: the statement's plan then walks the partial index in its order (migration 0017).
  return db
    .selectFrom('email_outbox')
    .selectAll()
    .where(sql<boolean>`status = 'pending'`)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute()
}

export async function markKept(db: Db, id: number) {
  await db.updateTable('email_outbox').set({ status: 'kept' }).where('id', '=', id).execute()
}

export async function markSent(db: Db, id: number, attempts: number) {
  await db.updateTable('email_outbox').set({ status: 'sent', sent_at: new Date(), attempts }).where('id', '=', id).execute()
}

export async function markAttempt(db: Db, id: number, attempts: number, error: string, status: 'pending' | 'failed') {
  await db.updateTable('email_outbox').set({ attempts, last_error: error, status }).where('id', '=', id).execute()
}

export function recentMail(db: Db, limit: number) {
  return db.selectFrom('email_outbox').select(['id', 'to_address', 'subject', 'status', 'created_at']).orderBy('id', 'desc').limit(limit).execute()
}

export function findMail(db: Db, id: number) {
  return db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirst()
}
