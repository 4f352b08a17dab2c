import nodemailer from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import type { Deps } from '../../lib/context'

const BATCH = 20
const MAX_ATTEMPTS = 5

/**
 * Sends what the outbox holds through SMTP_URL. Without SMTP the messages are marked 'kept':
 * they stay readable at /dev/outbox. Rows are claimed with SKIP LOCKED so several instances can run it.
 */
export function startMailer({ db, config }: Deps, log: FastifyBaseLogger): { stop(): Promise<void> } {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null
  let running: Promise<void> | null = null
  let stopped = false

  async function tick() {
    await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('email_outbox')
        .selectAll()
        .where('status', '=', 'pending')
        .orderBy('id')
        .limit(BATCH)
        .forUpdate()
        .skipLocked()
        .execute()
      for (const row of rows) {
        if (!transport) {
          await trx.updateTable('email_outbox').set({ status: 'kept' }).where('id', '=', row.id).execute()
          continue
        }
        try {
          await transport.sendMail({
            from: config.mailFrom,
            to: row.to_address,
            subject: row.subject,
            text: row.text_body,
            ...(row.html_body ? { html: row.html_body } : {}),
            attachments: row.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content, 'base64') })),
          })
          await trx.updateTable('email_outbox').set({ status: 'sent', sent_at: new Date(), attempts: row.attempts + 1 }).where('id', '=', row.id).execute()
        } catch (err) {
          const attempts = row.attempts + 1
          log.warn({ outboxId: row.id, attempts, err: (err as Error).message }, 'e-mail not sent')
          await trx
            .updateTable('email_outbox')
            .set({ attempts, last_error: (err as Error).message, status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending' })
            .where('id', '=', row.id)
            .execute()
        }
      }
    })
  }

  const timer = setInterval(() => {
    if (running || stopped) return
    running = tick()
      .catch((err) => log.error({ err }, 'mailer failed'))
      .finally(() => {
        running = null
      })
  }, 1000)
  timer.unref()

  return {
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
