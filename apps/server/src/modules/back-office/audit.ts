import type { AuditEntry, AuditPage, AuditQuery } from '@portal/contract/back-office'
import { sql } from 'kysely'
import type { Deps } from '../../lib/context'
import { badRequest } from '../../lib/errors'
import type { BackOfficeSession } from './session'

type Db = Deps['db']

/** What a back office action is recorded as. Actions are short verbs in the past tense: `user invited`. */
export interface AuditEvent {
  action: string
  account?: { id: number; code: string } | undefined
  /** Whom or what the action was about, in words (a user's e-mail). */
  subject?: string | undefined
  detail?: Record<string, unknown> | undefined
}

/** Who did it, and from where (the request's address, as TRUST_PROXY reads it). */
export interface Actor {
  session: Pick<BackOfficeSession, 'userId' | 'email' | 'roles'>
  address: string
}

/**
 * Records an action in back_office_audit, inside the caller's transaction: the row exists exactly when the
 * change it describes does. The table refuses UPDATE and DELETE (migration 0030).
 */
export async function recordAudit(db: Db, { session, address }: Actor, event: AuditEvent) {
  await db
    .insertInto('back_office_audit')
    .values({
      user_id: session.userId,
      user_email: session.email,
      roles: session.roles,
      action: event.action,
      account_id: event.account?.id ?? null,
      account_code: event.account?.code ?? null,
      subject: event.subject ?? null,
      detail: JSON.stringify(event.detail ?? {}),
      address,
    })
    .execute()
}

const PAGE_SIZE = 50
/** The most rows one export holds: a year of a busy back office. */
const EXPORT_LIMIT = 100_000

function dayStart(day: string, field: string): Date {
  const date = new Date(`${day}T00:00:00Z`)
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) throw badRequest('invalid_date', `${field}: Not a date.`, `querystring.${field}`)
  return date
}

function filtered(db: Db, query: Omit<AuditQuery, 'page'>) {
  let q = db.selectFrom('back_office_audit')
  if (query.user !== undefined) q = q.where('user_id', '=', query.user)
  if (query.action) q = q.where('action', '=', query.action)
  if (query.account) q = q.where(sql<string>`upper(account_code)`, '=', query.account.toUpperCase())
  const from = query.from ? dayStart(query.from, 'from') : null
  const to = query.to ? dayStart(query.to, 'to') : null
  if (from && to && from > to) throw badRequest('invalid_range', 'to: The end of the range comes before its start.', 'querystring.to')
  // Days are the distributor's calendar days as the server keeps them (UTC), the whole of `to` included.
  if (from) q = q.where('at', '>=', from)
  if (to) q = q.where('at', '<', new Date(to.getTime() + 86_400_000))
  return q
}

const entryColumns = ['id', 'at', 'user_id', 'user_email', 'roles', 'action', 'account_code', 'subject', 'address'] as const

function toEntry(row: {
  id: number
  at: Date
  user_id: number | null
  user_email: string
  roles: string[]
  action: string
  account_code: string | null
  subject: string | null
  address: string
}): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    userId: row.user_id,
    userEmail: row.user_email,
    roles: row.roles,
    action: row.action,
    accountCode: row.account_code,
    subject: row.subject,
    address: row.address,
  }
}

/** A page of the audit, newest first, with the actions there are to filter by. */
export async function listAudit(db: Db, query: AuditQuery): Promise<AuditPage> {
  const rows = await filtered(db, query)
    .select(entryColumns)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(PAGE_SIZE + 1)
    .offset((query.page - 1) * PAGE_SIZE)
    .execute()
  const actions = await db.selectFrom('back_office_audit').select('action').distinct().orderBy('action').execute()
  return { entries: rows.slice(0, PAGE_SIZE).map(toEntry), page: query.page, hasMore: rows.length > PAGE_SIZE, actions: actions.map((a) => a.action) }
}

/**
 * A cell a spreadsheet will not read as a formula: a value starting with = + - @, a tab or a carriage return
 * gets a leading single quote (the OWASP advice for CSV injection), then the usual CSV quoting.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** The audit rows the filters select, oldest first, as CSV. */
export async function auditCsv(db: Db, query: Omit<AuditQuery, 'page'>): Promise<string> {
  const rows = await filtered(db, query).select(entryColumns).orderBy('at', 'asc').orderBy('id', 'asc').limit(EXPORT_LIMIT).execute()
  const lines = [['When', 'User', 'Roles', 'Action', 'Account', 'Subject', 'Address'].join(',')]
  for (const r of rows) {
    lines.push([r.at.toISOString(), r.user_email, r.roles.join('; '), r.action, r.account_code ?? '', r.subject ?? '', r.address].map(csvCell).join(','))
  }
  return `${lines.join('\r\n')}\r\n`
}
