import type { Deps } from './context'

/**
 * The one way what this process keeps in memory (the caches, the stock book, the search index) is kept right
 * after a write (docs/decisions/0104-one-way-to-keep-caches-right.md): the database notifies every instance of
 * what each transaction changed as it commits (triggers, db/change-feed.ts), the writing instance included. A
 * writer that answers after changing something the answer's next reads come from memory (a session ended, a user
 * changed, an order placed, stock taken) waits here, once its transaction has committed, until this process has
 * heard those notifications: its next request never finds what it changed as it was before.
 *
 * Resolves at once without a change feed (seeding, the command-line import: nothing is kept in memory there). When
 * the feed is down nothing is served from memory, so there is nothing to wait for either.
 */
export async function changesHeard({ changes }: Pick<Deps, 'changes'>): Promise<void> {
  if (changes?.live) await changes.caughtUp()
}

/**
 * What an order committed, told at once to this process's subscribers on the channels the database's triggers use
 * (migrations 0005 and 0012): the account's history and the stock of its products. An order's answer then waits for
 * no notification's return, which under load waits behind everything else the process is doing; the database's own
 * notifications follow and tell every instance, this one again.
 */
export function orderTold({ changes }: Pick<Deps, 'changes'>, order: { accountId: number; productIds: readonly number[] }): void {
  changes?.tell('portal_history', String(order.accountId))
  if (order.productIds.length > 0) changes?.tell('portal_stock', order.productIds.join(','))
}
