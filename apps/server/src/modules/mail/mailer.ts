import nodemailer from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import type { Deps } from '../../lib/context'
import * as repo from './repo'

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
      const rows = await repo.claimPending(trx, BATCH)
      for (const row of rows) {
        if (!transport) {
          await repo.markKept(trx, row.id)
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
          await repo.markSent(trx, row.id, row.attempts + 1)
        } catch (err) {
          const attempts = row.attempts + 1
          log.warn({ outboxId: row.id, attempts, err: (err as Error).message }, 'e-mail not sent')
          await repo.markAttempt(trx, row.id, attempts, (err as Error).message, attempts >= MAX_ATTEMPTS ? 'failed' : 'pending')
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
