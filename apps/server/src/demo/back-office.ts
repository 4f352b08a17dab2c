import type { Kysely } from 'kysely'
import type { DB } from '../db/schema'
import { DEMO_BACK_OFFICE_LOGINS, DEMO_TOTP_SECRET } from '../lib/demo-logins'
import { hashPassword } from '../modules/auth/passwords'

/**
 * The demo's back office users, already enrolled with the demo TOTP secret, and the rep's accounts. Demo mode
 * only (the caller decides); accounts the data set does not have are left out.
 */
export async function insertDemoBackOffice(db: Kysely<DB>): Promise<void> {
  for (const login of DEMO_BACK_OFFICE_LOGINS) {
    const row = await db
      .insertInto('back_office_users')
      .values({
        email: login.email,
        name: login.name,
        roles: [...login.roles],
        password_hash: await hashPassword(login.password),
        totp_secret: DEMO_TOTP_SECRET,
        password_changed_at: new Date(),
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('id')
      .executeTakeFirst()
    if (!row || !login.accounts?.length) continue
    const accounts = await db
      .selectFrom('customer_accounts')
      .select('id')
      .where('code', 'in', [...login.accounts])
      .execute()
    if (accounts.length)
      await db
        .insertInto('back_office_assignments')
        .values(accounts.map((a) => ({ account_id: a.id, user_id: row.id })))
        .execute()
  }
}
