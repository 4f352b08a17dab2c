import { sql, type Kysely } from 'kysely'
import type { ApplicationStatusColumn, DB } from '../../db/schema'

type Db = Kysely<DB>

export function applicationsPage(db: Db, status: ApplicationStatusColumn | undefined, limit: number, offset: number) {
  let q = db
    .selectFrom('account_applications')
    .select(['id', 'reference', 'business_name', 'abn', 'contact_name', 'branch', 'kind', 'status', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
  if (status) q = q.where('status', '=', status)
  return q.execute()
}

/** An application with its branch, decider and account; `lock` holds it until the transaction ends. */
export function findApplication(db: Db, id: number, lock = false) {
  let q = db
    .selectFrom('account_applications as p')
    .innerJoin('branches as b', 'b.location_id', 'p.branch')
    .leftJoin('back_office_users as u', 'u.id', 'p.decided_by')
    .leftJoin('customer_accounts as a', 'a.id', 'p.account_id')
    .selectAll('p')
    .select(['b.name as branch_name', 'u.email as decided_by_email', 'a.code as account_code', 'a.name as account_name'])
    .where('p.id', '=', id)
  if (lock) q = q.forUpdate('p')
  return q.executeTakeFirst()
}

export function messages(db: Db, applicationId: number) {
  return db
    .selectFrom('account_application_messages as m')
    .leftJoin('back_office_users as u', 'u.id', 'm.staff_user_id')
    .select(['m.id', 'm.author', 'm.body', 'm.created_at', 'u.email as staff_email'])
    .where('m.application_id', '=', applicationId)
    .orderBy('m.created_at')
    .orderBy('m.id')
    .execute()
}

/** The application's files without their bytes. */
export function files(db: Db, applicationId: number) {
  return db
    .selectFrom('account_application_files')
    .select(['id', 'message_id', 'name', sql<number>`length(content)`.as('bytes')])
    .where('application_id', '=', applicationId)
    .orderBy('id')
    .execute()
}

export function file(db: Db, applicationId: number, fileId: number) {
  return db
    .selectFrom('account_application_files')
    .select(['id', 'name', 'content'])
    .where('application_id', '=', applicationId)
    .where('id', '=', fileId)
    .executeTakeFirst()
}

export async function decide(db: Db, id: number, status: 'approved' | 'declined', by: number, reason: string | null) {
  await db
    .updateTable('account_applications')
    .set({ status, decided_by: by, decided_at: sql`now()`, decision_reason: reason })
    .where('id', '=', id)
    .execute()
}
