import type { StaffChange } from '@portal/contract/back-office-accounts'
import type { Deps, Session } from '../../lib/context'
import { forbidden } from '../../lib/errors'
import { staffChanges } from '../back-office'

/**
 * GET /api/users/staff-changes: per user of the account, the last change the distributor's staff made to them and
 * when (decision 0092), for the Administrator's Users screen. Who on the staff made it stays in the back office.
 */
export async function lastStaffChanges({ db }: Deps, session: Session): Promise<StaffChange[]> {
  if (session.role !== 'Administrator') throw forbidden('Only an Administrator can manage users.')
  return staffChanges(db, session.accountId)
}
