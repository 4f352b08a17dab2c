import { APPLICATIONS_PAGE_SIZE, type StaffApplication, type StaffApplicationsPage, type StaffApplicationsQuery } from '@portal/contract/applications'
import type { Deps } from '../../lib/context'
import { conflict, notFound } from '../../lib/errors'
import { askForInformation, tellDecision } from '../applications'
import { recordAudit, type Actor } from './audit'
import * as repo from './applications-repo'

type Db = Deps['db']
type Row = NonNullable<Awaited<ReturnType<typeof repo.findApplication>>>

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString())
/** A step the staff take only while the application waits for a decision. */
const UNDECIDED = new Set(['received', 'information requested'])

/** GET /api/staff/applications: newest first, 50 a page, by status; the read is recorded. */
export async function listApplications({ db }: Deps, actor: Actor, query: StaffApplicationsQuery): Promise<StaffApplicationsPage> {
  const rows = await repo.applicationsPage(db, query.status, APPLICATIONS_PAGE_SIZE + 1, (query.page - 1) * APPLICATIONS_PAGE_SIZE)
  const applications = rows.slice(0, APPLICATIONS_PAGE_SIZE).map((r) => ({
    id: r.id,
    reference: r.reference,
    businessName: r.business_name,
    abn: r.abn,
    contactName: r.contact_name,
    branch: r.branch,
    kind: r.kind,
    status: r.status,
    submittedAt: iso(r.created_at)!,
  }))
  await recordAudit(db, actor, { action: 'applications listed', detail: { ...query, results: applications.length } })
  return { applications, page: query.page, hasMore: rows.length > APPLICATIONS_PAGE_SIZE }
}

async function pageOf(db: Db, a: Row): Promise<StaffApplication> {
  const [messages, files] = await Promise.all([repo.messages(db, a.id), repo.files(db, a.id)])
  const fileOf = (f: (typeof files)[number] | undefined) => (f ? { id: f.id, name: f.name, bytes: Number(f.bytes) } : null)
  return {
    id: a.id,
    reference: a.reference,
    status: a.status,
    businessName: a.business_name,
    abn: a.abn,
    tradingName: a.trading_name,
    contactName: a.contact_name,
    email: a.email,
    phone: a.phone,
    branch: a.branch,
    branchName: a.branch_name,
    kind: a.kind,
    monthlySpendCents: Number(a.monthly_spend_cents),
    submittedAt: iso(a.created_at)!,
    creditApplication: fileOf(files.find((f) => f.message_id === null)),
    messages: messages.map((m) => ({
      id: m.id,
      from: m.author,
      staffEmail: m.staff_email,
      text: m.body,
      at: iso(m.created_at)!,
      file: fileOf(files.find((f) => f.message_id === m.id)),
    })),
    decision: a.decided_at && a.decided_by_email ? { by: a.decided_by_email, at: iso(a.decided_at)!, reason: a.decision_reason ?? '' } : null,
    erp: {
      collectedAt: iso(a.erp_collected_at),
      exportedAt: iso(a.erp_exported_at),
      acknowledgedAt: iso(a.erp_acknowledged_at),
      reference: a.erp_reference,
    },
    account: a.account_code && a.account_name ? { code: a.account_code, name: a.account_name } : null,
  }
}

/** GET /api/staff/applications/:id: the application whole, with its thread; the read is recorded. */
export async function applicationPage({ db }: Deps, actor: Actor, id: number): Promise<StaffApplication> {
  const a = await repo.findApplication(db, id)
  if (!a) throw notFound('application')
  const page = await pageOf(db, a)
  await recordAudit(db, actor, { action: 'application viewed', subject: a.reference, detail: { applicationId: a.id } })
  return page
}

/** GET /api/staff/applications/:id/files/:fileId: a PDF the applicant sent; the read is recorded. */
export async function applicationFile({ db }: Deps, actor: Actor, id: number, fileId: number) {
  const f = await repo.file(db, id, fileId)
  if (!f) throw notFound('file')
  await recordAudit(db, actor, { action: 'application file read', subject: f.name, detail: { applicationId: id, fileId } })
  return { name: f.name, content: Buffer.from(f.content) }
}

/** Locks an undecided application for a step, or answers 404 (none) or 409 (already decided). */
async function undecided(trx: Db, id: number): Promise<Row> {
  const a = await repo.findApplication(trx, id, true)
  if (!a) throw notFound('application')
  if (!UNDECIDED.has(a.status)) throw conflict('application_decided', `Application ${a.reference} is already ${a.status}.`)
  return a
}

const mailFacts = (a: Row) => ({ id: a.id, reference: a.reference, contactName: a.contact_name, businessName: a.business_name, email: a.email })

/** POST .../request-information: the question joins the thread and the applicant is e-mailed a link to answer it. */
export async function requestInformation({ db, config }: Deps, actor: Actor, id: number, question: string): Promise<StaffApplication> {
  return db.transaction().execute(async (trx) => {
    const a = await undecided(trx, id)
    await askForInformation(trx, config, mailFacts(a), actor.session.userId, question)
    await recordAudit(trx, actor, { action: 'application information requested', subject: a.reference, detail: { applicationId: a.id, question } })
    return pageOf(trx, (await repo.findApplication(trx, id))!)
  })
}

/** POST .../approve and .../decline: a decision, e-mailed to the applicant; an approved application goes to the ERP's feed. */
export async function decideApplication(
  { db, config }: Deps,
  actor: Actor,
  id: number,
  decision: { approved: true; note: string } | { approved: false; reason: string },
): Promise<StaffApplication> {
  return db.transaction().execute(async (trx) => {
    const a = await undecided(trx, id)
    const words = decision.approved ? decision.note || null : decision.reason
    await repo.decide(trx, a.id, decision.approved ? 'approved' : 'declined', actor.session.userId, words)
    await tellDecision(trx, config, mailFacts(a), decision.approved ? { approved: true } : { approved: false, reason: decision.reason })
    await recordAudit(trx, actor, {
      action: decision.approved ? 'application approved' : 'application declined',
      subject: a.reference,
      detail: { applicationId: a.id, ...(decision.approved ? { note: decision.note } : { reason: decision.reason }) },
    })
    return pageOf(trx, (await repo.findApplication(trx, id))!)
  })
}
