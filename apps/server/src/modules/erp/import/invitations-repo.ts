import { sql } from 'kysely'
import { NO_PASSWORD } from '../../auth'
import type { Db } from './plan'

/** Whether the portal has any user at all: none before a distributor's first import of its users. */
export async function anyUser(db: Db): Promise<boolean> {
  return Boolean(await db.selectFrom('users').select('id').limit(1).executeTakeFirst())
}

export interface Invitee {
  id: number
  key: string
  username: string
  name: string
  email: string
  accountName: string
  active: boolean
}

/**
 * Users who have never had a way in: no password of their own (they never signed in) and no set-password link
 * ever sent (no invitation, no "Forgot password"). The reset tokens are kept, used or not, so their absence says so.
 */
export async function uninvitedUsers(db: Db): Promise<Invitee[]> {
  const rows = await db
    .selectFrom('users')
    .innerJoin('customer_accounts', 'customer_accounts.id', 'users.account_id')
    .select([
      'users.id',
      sql<string>`lower(users.username)`.as('key'),
      'users.username',
      'users.name',
      'users.email',
      'customer_accounts.name as accountName',
      'users.active',
    ])
    .where('users.password_hash', '=', NO_PASSWORD)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('password_reset_tokens').select('id').whereRef('password_reset_tokens.user_id', '=', 'users.id'))),
    )
    .orderBy('users.id')
    .execute()
  return rows
}
