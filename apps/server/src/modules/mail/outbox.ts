import { sql, type Kysely } from 'kysely'
import type { DB, EmailAttachment } from '../../db/schema'

export interface Mail {
  to: string
  subject: string
  text: string
  html?: string
  attachments?: EmailAttachment[]
}

/** Every e-mail is written to the outbox first (in the caller's transaction), then sent by the mailer. */
export async function enqueueMail(db: Kysely<DB>, mail: Mail): Promise<number> {
  const row = await db
    .insertInto('email_outbox')
    .values({
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html ?? null,
      attachments: JSON.stringify(mail.attachments ?? []),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** How many e-mails wait to be sent and how old the oldest is (the partial index on pending rows answers it). */
export async function outboxBacklog(db: Kysely<DB>): Promise<{ pending: number; oldestSeconds: number }> {
  const { rows } = await sql<{ pending: number; oldest: number | null }>`
    SELECT count(*)::int AS pending, extract(epoch FROM now() - min(created_at))::float8 AS oldest
    FROM email_outbox WHERE status = 'pending'`.execute(db)
  return { pending: rows[0]!.pending, oldestSeconds: rows[0]!.oldest ?? 0 }
}
