import type { Kysely } from 'kysely'
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
