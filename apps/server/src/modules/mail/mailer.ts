import nodemailer from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import type { Deps } from '../../lib/context'
import * as repo from './repo'

/** E-mails claimed at once: a round's. */
export const BATCH = 20

/**
 * How long a failed e-mail waits before its next try, after the first failure, the second, and so on
 * (decision 0098): a mail server down for a minute or two hours delays the confirmations, and loses none.
 * The fifth failure (about two and a half hours after the first) is final: the e-mail is 'failed'.
 */
export const RETRY_AFTER_SECONDS = [60, 5 * 60, 30 * 60, 2 * 60 * 60] as const

/** Claimed e-mails are not taken again for this long: an instance that stops mid-send leaves them due after it. */
export const CLAIM_SECONDS = 15 * 60

/** Sends one e-mail of the outbox; throws when the mail server did not take it. */
export type SendMail = (mail: repo.ClaimedMail) => Promise<void>

/** What the outbox's e-mails are sent with: SMTP_URL's server, or none (they are then kept for /dev/outbox). */
export function smtpSender({ config }: Pick<Deps, 'config'>): SendMail | null {
  if (!config.smtpUrl) return null
  const transport = nodemailer.createTransport(config.smtpUrl)
  return async (mail) => {
    await transport.sendMail({
      from: config.mailFrom,
      to: mail.to_address,
      subject: mail.subject,
      text: mail.text_body,
      ...(mail.html_body ? { html: mail.html_body } : {}),
      attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content, 'base64') })),
    })
  }
}

/** E-mails sent at once by one instance, each on its own connection to the relay. */
export const SENDING_AT_ONCE = 5

/**
 * One round of the mailer: claims the e-mails due (repo.claimDue) and sends them, SENDING_AT_ONCE at a time in
 * the order claimed, marking each sent, or after a failure due again later (RETRY_AFTER_SECONDS) or failed for
 * good. Without a sender they are marked 'kept'. No transaction is held while the mail server answers. Returns
 * how many e-mails it claimed.
 */
export async function deliverDue({ db }: Pick<Deps, 'db'>, send: SendMail | null, log: Pick<FastifyBaseLogger, 'warn'>): Promise<number> {
  const mails = await repo.claimDue(db, BATCH, CLAIM_SECONDS)
  const deliver = async (mail: repo.ClaimedMail) => {
    if (!send) return repo.markKept(db, mail.id)
    const attempts = mail.attempts + 1
    try {
      await send(mail)
    } catch (err) {
      const retryAfter = RETRY_AFTER_SECONDS[attempts - 1] ?? null
      log.warn({ outboxId: mail.id, attempts, retryAfterSeconds: retryAfter, err }, 'e-mail not sent')
      return repo.markAttempt(db, mail.id, attempts, (err as Error).message, retryAfter)
    }
    return repo.markSent(db, mail.id, attempts)
  }
  let next = 0
  const sender = async () => {
    while (next < mails.length) await deliver(mails[next++]!)
  }
  // Every sender finishes before the round ends (a stop waits for it), even when one of them failed.
  const senders = await Promise.allSettled(Array.from({ length: Math.min(SENDING_AT_ONCE, mails.length) }, sender))
  for (const s of senders) if (s.status === 'rejected') throw s.reason
  return mails.length
}

/**
 * Rounds of deliverDue one after another while each finds a whole batch due (a backlog: a morning's orders,
 * a relay back after an outage), until a round finds fewer or `stopping()` says so. Returns how many it claimed.
 */
export async function deliverAllDue(deps: Pick<Deps, 'db'>, send: SendMail | null, log: Pick<FastifyBaseLogger, 'warn'>, stopping = () => false) {
  let claimed = 0
  for (;;) {
    const round = await deliverDue(deps, send, log)
    claimed += round
    if (round < BATCH || stopping()) return claimed
  }
}

/**
 * Sends what the outbox holds through SMTP_URL: every second, whatever is due (deliverAllDue). Rows are claimed
 * with SKIP LOCKED and a lease, so several instances can run it.
 */
export function startMailer(deps: Pick<Deps, 'db' | 'config'>, log: FastifyBaseLogger): { stop(): Promise<void> } {
  const send = smtpSender(deps)
  let running: Promise<void> | null = null
  let stopped = false

  const timer = setInterval(() => {
    if (running || stopped) return
    running = deliverAllDue(deps, send, log, () => stopped)
      .then(() => {})
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
