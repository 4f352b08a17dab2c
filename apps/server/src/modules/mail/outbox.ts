import type { Kysely } from 'kysely'
import type { DB, EmailAttachment } from '../../db/schema'
import * as repo from './repo'

export interface Mail {
  to: string
  subject: string
  text: string
  html?: string
  attachments?: EmailAttachment[]
}

/** Every e-mail is written to the outbox first (in the caller's transaction), then sent by the mailer. */
export const enqueueMail = (db: Kysely<DB>, mail: Mail): Promise<number> => repo.insertMail(db, mail)

/** The outbox's row of an e-mail, for a statement that writes it with other things (ordering/placement-repo.ts). */
export const outboxRow = repo.outboxRow

/** How many e-mails wait to be sent and how old the oldest is. */
export const outboxBacklog = (db: Kysely<DB>) => repo.backlog(db)
