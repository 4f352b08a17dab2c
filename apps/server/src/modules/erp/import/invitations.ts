import type { Config } from '../../../config'
import { inviteUser } from '../../auth'
import { anyUser, uninvitedUsers } from './invitations-repo'
import type { Db } from './plan'

/** Who an import invites (docs/erp-interchange.md, "Invitations"; decision 0076). */
export const INVITE_POLICIES = ['none', 'new', 'all'] as const
export type InvitePolicy = (typeof INVITE_POLICIES)[number]

/** What a run's summary says of invitations: whom it invites, how many, and how many each other choice would. */
export interface InvitationSummary {
  /** The choice applied: the one given, or the default (`none` into a portal without users, else `new`). */
  invite: InvitePolicy
  /** True when no choice was given and the default applied. */
  defaulted: boolean
  /** Invitations this run sends (a dry run, or a run with problems: would send). */
  count: number
  /** Active users this run creates: what `new` invites. */
  newUsers: number
  /** Active users already in the portal who never signed in and were never sent a link: what `all` adds. */
  waitingUsers: number
}

/** What planUsers tells the invitations about users.csv: how many active users it adds, and whose Active it sets. */
export interface UserChanges {
  /** Lower-cased usernames of the active users the run creates. */
  added: Set<string>
  /** Lower-cased usernames whose Active the run sets (a full file's withdrawals are false). */
  activeAfter: Map<string, boolean>
}

export const noUserChanges = (): UserChanges => ({ added: new Set(), activeAfter: new Map() })

/**
 * The default when the run names no choice: `none` into a portal that has no user yet (the first import of a
 * distributor's users, whom staff invite when the portal is ready for them), `new` afterwards.
 */
export async function defaultPolicy(db: Db): Promise<InvitePolicy> {
  return (await anyUser(db)) ? 'new' : 'none'
}

/**
 * Counts the invitations of a run before anything is written, and sends them once the run's rows are written,
 * in its transaction (an invitation is queued in the outbox only if the import commits).
 */
export async function planInvitations(db: Db, users: UserChanges, given: InvitePolicy | undefined, fallback: InvitePolicy) {
  const invite = given ?? fallback
  const waiting = (await uninvitedUsers(db)).filter((u) => users.activeAfter.get(u.key) ?? u.active)
  const summary: InvitationSummary = {
    invite,
    defaulted: given === undefined,
    count: invite === 'none' ? 0 : invite === 'new' ? users.added.size : users.added.size + waiting.length,
    newUsers: users.added.size,
    waitingUsers: waiting.length,
  }
  return {
    summary,
    /** After the run's rows are written: the same users, read again with the ids of those just created. */
    async send(trx: Db, config: Pick<Config, 'publicUrl' | 'distributor'>): Promise<number> {
      if (invite === 'none') return 0
      const now = await uninvitedUsers(trx)
      const chosen = now.filter((u) => u.active && (users.added.has(u.key) || invite === 'all'))
      for (const user of chosen) await inviteUser(trx, config, user)
      return chosen.length
    },
  }
}
