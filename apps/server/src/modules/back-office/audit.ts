import type { AuditEntry, AuditPage, AuditQuery } from '@portal/contract/back-office'
import type { Deps } from '../../lib/context'
import { badRequest } from '../../lib/errors'
import * as repo from './repo'
import type { BackOfficeSession } from './session'

type Db = Deps['db']

/** What a back office action is recorded as. Actions are short phrases in the past tense: `user invited`. */
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
  await repo.insertAudit(db, {
    userId: session.userId,
    userEmail: session.email,
    roles: session.roles,
    action: event.action,
    accountId: event.account?.id ?? null,
    accountCode: event.account?.code ?? null,
    subject: event.subject ?? null,
    detail: event.detail ?? {},
    address,
  })
}

const PAGE_SIZE = 50
/** The most rows one export holds: a year of a busy back office. */
const EXPORT_LIMIT = 100_000
const DAY_MS = 86_400_000

function dayStart(day: string, field: string): Date {
  const date = new Date(`${day}T00:00:00Z`)
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) throw badRequest('invalid_date', `${field}: Not a date.`, `querystring.${field}`)
  return date
}

/** The query's filters; days are calendar days in UTC, the whole of `to` included. */
function filtersOf(query: Omit<AuditQuery, 'page'>): repo.AuditFilters {
  const from = query.from ? dayStart(query.from, 'from') : null
  const to = query.to ? dayStart(query.to, 'to') : null
  if (from && to && from > to) throw badRequest('invalid_range', 'to: The end of the range comes before its start.', 'querystring.to')
  return { userId: query.user, action: query.action, accountCode: query.account, from, until: to ? new Date(to.getTime() + DAY_MS) : null }
}

function toEntry(row: Awaited<ReturnType<typeof repo.auditRows>>[number]): AuditEntry {
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
  const rows = await repo.auditRows(db, filtersOf(query), 'newest', PAGE_SIZE + 1, (query.page - 1) * PAGE_SIZE)
  return { entries: rows.slice(0, PAGE_SIZE).map(toEntry), page: query.page, hasMore: rows.length > PAGE_SIZE, actions: await repo.auditActions(db) }
}

/**
 * A cell a spreadsheet will not read as a formula: a value starting with = + - @, a tab or a carriage return
 * gets a leading single quote (the OWASP advice against CSV injection), then the usual CSV quoting.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** The audit rows the filters select, oldest first, as CSV. */
export async function auditCsv(db: Db, query: Omit<AuditQuery, 'page'>): Promise<string> {
  const rows = await repo.auditRows(db, filtersOf(query), 'oldest', EXPORT_LIMIT)
  const lines = [['When', 'User', 'Roles', 'Action', 'Account', 'Subject', 'Address'].join(',')]
  for (const r of rows) {
    lines.push([r.at.toISOString(), r.user_email, r.roles.join('; '), r.action, r.account_code ?? '', r.subject ?? '', r.address].map(csvCell).join(','))
  }
  return `${lines.join('\r\n')}\r\n`
}
