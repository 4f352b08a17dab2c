import {
  abnDigits,
  APPLICATION_PDF_MAX_BYTES,
  APPLICATION_RECEIVED,
  REPLY_RECEIVED,
  type ApplicationBody,
  type ApplicationFile,
  type ApplicationReceived,
  type ReplyBody,
  type ReplyQuestion,
} from '@portal/contract/applications'
import type { Config } from '../../config'
import type { Deps } from '../../lib/context'
import { badRequest, conflict, notFound, tooManyRequests } from '../../lib/errors'
import { hashToken, newToken } from '../../lib/tokens'
import { inviteUser, NO_PASSWORD } from '../auth'
import { enqueueMail } from '../mail/outbox'
import * as repo from './repo'

type Db = Deps['db']
type MailConfig = Pick<Config, 'publicUrl' | 'distributor'>

/**
 * The form's rate limits (decision 0103): applications stored from one address in an hour, and for one e-mail in a
 * day. Only stored applications count: a refused form stores nothing and costs a robot nothing to repeat either.
 */
export const PER_ADDRESS_PER_HOUR = 5
export const PER_EMAIL_PER_DAY = 3
/** How long the link to answer a question works. */
export const REPLY_LINK_DAYS = 14

const HOUR_MS = 3_600_000

/** A PDF's bytes from the form's base64, or a 400 naming the field: a PDF starts `%PDF-`, and is at most 5 MB. */
function pdfOf(file: ApplicationFile, field: string): Buffer {
  const bytes = Buffer.from(file.contentBase64, 'base64')
  if (bytes.length > APPLICATION_PDF_MAX_BYTES) throw badRequest('file_too_large', `${field}: The PDF is larger than 5 MB.`, `body.${field}`)
  if (bytes.length < 5 || bytes.subarray(0, 5).toString('latin1') !== '%PDF-')
    throw badRequest('not_a_pdf', `${field}: The file is not a PDF.`, `body.${field}`)
  return bytes
}

const sign = (config: MailConfig) => ['', config.distributor.name, ...(config.distributor.phone ? [`Phone ${config.distributor.phone}`] : [])]

/**
 * POST /api/applications: a visitor's application. A filled honeypot is answered as a stored application is, and
 * nothing is stored or sent. An address or e-mail past its limit is a 429; an ABN with an application under way, a 409.
 */
export async function apply({ db, config }: Deps, body: ApplicationBody & { website: string }, address: string): Promise<ApplicationReceived> {
  if (body.website.trim() !== '') return { message: APPLICATION_RECEIVED }
  const abn = abnDigits(body.abn)
  const branch = body.branch.toUpperCase()
  if (!(await repo.tradingBranch(db, branch))) throw badRequest('unknown_branch', 'branch: Choose one of our branches.', 'body.branch')
  const pdf = body.creditApplication ? pdfOf(body.creditApplication, 'creditApplication') : null
  await db.transaction().execute(async (trx) => {
    await repo.lockAddress(trx, address)
    const now = Date.now()
    const recent = await repo.recentApplications(trx, address, new Date(now - HOUR_MS), body.email, new Date(now - 24 * HOUR_MS))
    if (recent.byAddress >= PER_ADDRESS_PER_HOUR || recent.byEmail >= PER_EMAIL_PER_DAY)
      throw tooManyRequests('Too many applications from here: please try again later, or call us.', 3600)
    if (await repo.applicationUnderWay(trx, abn))
      throw conflict('application_under_way', 'An application for this ABN is already with us: we will be in touch, or call us.')
    const { id, reference } = await repo.insertApplication(trx, {
      business_name: body.businessName,
      abn,
      trading_name: body.tradingName ?? '',
      contact_name: body.contactName,
      email: body.email,
      phone: body.phone,
      branch,
      kind: body.kind,
      monthly_spend_cents: body.monthlySpendCents,
      submitted_address: address,
    })
    if (pdf && body.creditApplication) await repo.insertFile(trx, id, null, body.creditApplication.name, pdf)
    await enqueueMail(trx, {
      to: body.email,
      subject: `Your trade account application ${reference} has arrived`,
      text: [
        `Hi ${body.contactName},`,
        '',
        `Thank you for applying for a trade account for ${body.businessName}. Your application is ${reference}.`,
        'We will look at it within two working days and e-mail you at this address.',
        ...sign(config),
      ].join('\n'),
    })
  })
  return { message: APPLICATION_RECEIVED }
}

/**
 * The staff ask for more information (in the caller's transaction): the question is the thread's, and the applicant is
 * e-mailed a one-time link (its token in the address's fragment, which no server or log sees) to answer it. Earlier
 * links end.
 */
export async function askForInformation(
  trx: Db,
  config: MailConfig,
  application: { id: number; reference: string; contactName: string; businessName: string; email: string },
  staffUserId: number,
  question: string,
) {
  await repo.expireTokens(trx, application.id)
  const { id: messageId } = await repo.insertMessage(trx, application.id, 'staff', staffUserId, question)
  const token = newToken()
  await repo.insertToken(trx, application.id, messageId, hashToken(token), new Date(Date.now() + REPLY_LINK_DAYS * 86_400_000))
  await repo.setStatus(trx, application.id, 'information requested')
  await enqueueMail(trx, {
    to: application.email,
    subject: `Your trade account application ${application.reference}: we need a little more information`,
    text: [
      `Hi ${application.contactName},`,
      '',
      `To finish looking at the application for ${application.businessName}, we ask:`,
      '',
      question,
      '',
      `Answer (and attach a PDF if it helps) within ${REPLY_LINK_DAYS} days at this link, which works once:`,
      '',
      `${config.publicUrl}/apply/reply#token=${token}`,
      ...sign(config),
    ].join('\n'),
  })
}

/** A decision's e-mail to the applicant, in the caller's transaction; the application's links end. */
export async function tellDecision(
  trx: Db,
  config: MailConfig,
  application: { id: number; reference: string; contactName: string; businessName: string; email: string },
  decision: { approved: true } | { approved: false; reason: string },
) {
  await repo.expireTokens(trx, application.id)
  await enqueueMail(trx, {
    to: application.email,
    subject: decision.approved
      ? `Your trade account application ${application.reference} is approved`
      : `Your trade account application ${application.reference}`,
    text: [
      `Hi ${application.contactName},`,
      '',
      ...(decision.approved
        ? [
            `Good news: we have approved the trade account for ${application.businessName}.`,
            'We are opening the account now; you will have an e-mail with your login as soon as it is ready.',
          ]
        : [`We are sorry: we cannot open a trade account for ${application.businessName}.`, '', decision.reason]),
      ...sign(config),
    ].join('\n'),
  })
}

/** POST /api/applications/reply/question: what the link's question was; a used, expired or unknown link is a 404. */
export async function replyQuestion({ db }: Deps, token: string): Promise<ReplyQuestion> {
  const row = await repo.tokenQuestion(db, hashToken(token))
  if (!row) throw notFound('link: it was used, it expired, or the application has moved on')
  return { businessName: row.business_name, question: row.body, askedAt: new Date(row.created_at).toISOString() }
}

/** POST /api/applications/reply: the applicant's answer, once per link; the application waits for the staff again. */
export async function reply({ db }: Deps, body: ReplyBody & { file: ApplicationFile | null }): Promise<{ message: string }> {
  const pdf = body.file ? pdfOf(body.file, 'file') : null
  await db.transaction().execute(async (trx) => {
    const used = await repo.consumeToken(trx, hashToken(body.token))
    if (!used) throw notFound('link: it was used, it expired, or the application has moved on')
    const { id: messageId } = await repo.insertMessage(trx, used.application_id, 'applicant', null, body.message)
    if (pdf && body.file) await repo.insertFile(trx, used.application_id, messageId, body.file.name, pdf)
    await repo.setStatus(trx, used.application_id, 'received')
  })
  return { message: REPLY_RECEIVED }
}

/**
 * After an ERP import has written its rows (in its transaction): each approved application whose ABN an active
 * account now has is opened, once. Its first user is the account's user with the applicant's e-mail (users.csv may
 * bring one), else a new Administrator in the applicant's name; they are invited unless a set-password link was
 * ever made for them (the import's own invitations, decision 0076), and the applicant is told the account is open.
 * The application's UNIQUE account_id, and the status that moves from approved to opened only, make it once.
 */
export async function openApprovedApplications(trx: Db, config: MailConfig): Promise<number> {
  const ready = await repo.approvedWithAnAccount(trx)
  let opened = 0
  for (const a of ready) {
    let user = await repo.accountUserByEmail(trx, a.account_id, a.email)
    if (!user) {
      const username = (await repo.usernameTaken(trx, a.email)) ? `${a.account_code}-${a.email}` : a.email
      if (await repo.usernameTaken(trx, username)) continue
      const { id } = await repo.insertFirstUser(trx, { account_id: a.account_id, username, name: a.contact_name, email: a.email, password_hash: NO_PASSWORD })
      user = { id, username, name: a.contact_name, email: a.email, active: true, password_hash: NO_PASSWORD }
    }
    if (!user.active) continue
    if (user.password_hash === NO_PASSWORD && !(await repo.everSentALink(trx, user.id)))
      await inviteUser(trx, config, { id: user.id, username: user.username, name: user.name, email: user.email, accountName: a.account_name })
    await repo.markOpened(trx, a.id, a.account_id, user.id)
    await enqueueMail(trx, {
      to: a.email,
      subject: `Your trade account ${a.account_code} is open`,
      text: [
        `Hi ${a.contact_name},`,
        '',
        `The trade account for ${a.business_name} is open: its account code is ${a.account_code}.`,
        `Your login is ${user.username}. If you have not chosen a password yet, the e-mail with your login has the link; "Forgot password" at ${config.publicUrl}/login sends a new one any time.`,
        ...sign(config),
      ].join('\n'),
    })
    opened++
  }
  return opened
}
