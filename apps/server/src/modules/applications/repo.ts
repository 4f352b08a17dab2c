import { sql, type Kysely } from 'kysely'
import type { ApplicationStatusColumn, DB } from '../../db/schema'

type Db = Kysely<DB>

/** Serialises the applications of one address (the form's rate limit is counted under it). */
export async function lockAddress(db: Db, address: string) {
  await sql`SELECT pg_advisory_xact_lock(727048, hashtext(${address}))`.execute(db)
}

/** How many applications an address and an e-mail (any case) sent since the times given. */
export async function recentApplications(db: Db, address: string, addressSince: Date, email: string, emailSince: Date) {
  const row = await db
    .selectFrom('account_applications')
    .select([
      sql<string | number>`count(*) FILTER (WHERE submitted_address = ${address} AND created_at > ${addressSince})`.as('by_address'),
      sql<string | number>`count(*) FILTER (WHERE lower(email) = ${email.toLowerCase()} AND created_at > ${emailSince})`.as('by_email'),
    ])
    .where((w) =>
      w.or([
        w.and([w('submitted_address', '=', address), w('created_at', '>', addressSince)]),
        w.and([w(sql`lower(email)`, '=', email.toLowerCase()), w('created_at', '>', emailSince)]),
      ]),
    )
    .executeTakeFirstOrThrow()
  return { byAddress: Number(row.by_address), byEmail: Number(row.by_email) }
}

export function tradingBranch(db: Db, code: string) {
  return db.selectFrom('branches').select(['location_id', 'name']).where('location_id', '=', code).where('trading', '=', true).executeTakeFirst()
}

export function applicationUnderWay(db: Db, abn: string) {
  return db
    .selectFrom('account_applications')
    .select('id')
    .where('abn', '=', abn)
    .where('status', 'in', ['received', 'information requested', 'approved'])
    .executeTakeFirst()
}

export interface NewApplication {
  business_name: string
  abn: string
  trading_name: string
  contact_name: string
  email: string
  phone: string
  branch: string
  kind: 'farm' | 'store' | 'vet' | 'other'
  monthly_spend_cents: number
  submitted_address: string
}

export function insertApplication(db: Db, row: NewApplication) {
  return db.insertInto('account_applications').values(row).returning(['id', 'reference']).executeTakeFirstOrThrow()
}

export async function insertFile(db: Db, applicationId: number, messageId: number | null, name: string, content: Buffer) {
  await db.insertInto('account_application_files').values({ application_id: applicationId, message_id: messageId, name, content }).execute()
}

export function insertMessage(db: Db, applicationId: number, author: 'staff' | 'applicant', staffUserId: number | null, body: string) {
  return db
    .insertInto('account_application_messages')
    .values({ application_id: applicationId, author, staff_user_id: staffUserId, body })
    .returning('id')
    .executeTakeFirstOrThrow()
}

export async function insertToken(db: Db, applicationId: number, messageId: number, tokenHash: Buffer, expiresAt: Date) {
  await db
    .insertInto('account_application_tokens')
    .values({ token_hash: tokenHash, application_id: applicationId, message_id: messageId, expires_at: expiresAt })
    .execute()
}

/** The application and question of a live token (not used, not expired, its application still asking), or undefined. */
export function tokenQuestion(db: Db, tokenHash: Buffer) {
  return db
    .selectFrom('account_application_tokens as t')
    .innerJoin('account_applications as a', 'a.id', 't.application_id')
    .innerJoin('account_application_messages as m', 'm.id', 't.message_id')
    .select(['a.id', 'a.business_name', 'a.email', 'a.contact_name', 'a.reference', 'm.body', 'm.created_at'])
    .where('t.token_hash', '=', tokenHash)
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', sql<Date>`now()`)
    .where('a.status', '=', 'information requested')
    .executeTakeFirst()
}

/** Uses a token, once: a second use, an expired one, or one of an application no longer asking finds nothing. */
export function consumeToken(db: Db, tokenHash: Buffer) {
  return db
    .updateTable('account_application_tokens as t')
    .set({ used_at: sql`now()` })
    .from('account_applications as a')
    .whereRef('a.id', '=', 't.application_id')
    .where('t.token_hash', '=', tokenHash)
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', sql<Date>`now()`)
    .where('a.status', '=', 'information requested')
    .returning(['t.application_id', 'a.business_name', 'a.email', 'a.contact_name', 'a.reference'])
    .executeTakeFirst()
}

/** Ends every unused link of an application: a decision, or a new question, leaves only the newest one (if any). */
export async function expireTokens(db: Db, applicationId: number) {
  await db
    .updateTable('account_application_tokens')
    .set({ used_at: sql`now()` })
    .where('application_id', '=', applicationId)
    .where('used_at', 'is', null)
    .execute()
}

export async function setStatus(db: Db, id: number, status: ApplicationStatusColumn) {
  await db.updateTable('account_applications').set({ status }).where('id', '=', id).execute()
}

// ---- An account the ERP opens for an approved application ------------------------------------------------------

/** Approved applications whose ABN an active account now has, locked (one import opens each once). */
export function approvedWithAnAccount(db: Db) {
  return db
    .selectFrom('account_applications as p')
    .innerJoin('customer_accounts as a', (j) => j.on(sql`regexp_replace(a.abn, '\\s', '', 'g')`, '=', sql.ref('p.abn')).on('a.active', '=', true))
    .select(['p.id', 'p.reference', 'p.contact_name', 'p.email', 'p.business_name', 'a.id as account_id', 'a.code as account_code', 'a.name as account_name'])
    .where('p.status', '=', 'approved')
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('account_applications as o').select('o.id').whereRef('o.account_id', '=', 'a.id'))))
    .orderBy('p.id')
    .forUpdate('p')
    .execute()
}

/** The account's user with this e-mail (any case), if the ERP's users.csv brought one. */
export function accountUserByEmail(db: Db, accountId: number, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'name', 'email', 'active', 'password_hash'])
    .where('account_id', '=', accountId)
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .orderBy('id')
    .executeTakeFirst()
}

export async function usernameTaken(db: Db, username: string) {
  return Boolean(
    await db
      .selectFrom('users')
      .select('id')
      .where(sql`lower(username)`, '=', username.toLowerCase())
      .executeTakeFirst(),
  )
}

export function insertFirstUser(db: Db, row: { account_id: number; username: string; name: string; email: string; password_hash: string }) {
  return db
    .insertInto('users')
    .values({ ...row, role: 'Administrator' })
    .returning('id')
    .executeTakeFirstOrThrow()
}

/** Whether a set-password link (an invitation or "Forgot password") was ever made for the user. */
export async function everSentALink(db: Db, userId: number) {
  return Boolean(await db.selectFrom('password_reset_tokens').select('user_id').where('user_id', '=', userId).executeTakeFirst())
}

export async function markOpened(db: Db, id: number, accountId: number, userId: number) {
  await db
    .updateTable('account_applications')
    .set({ status: 'opened', account_id: accountId, invited_user_id: userId, opened_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'approved')
    .execute()
}
