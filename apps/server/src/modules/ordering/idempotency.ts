import type { CartSummary } from '@portal/contract/cart'
import type { Deps } from '../../lib/context'
import * as repo from './cart-repo'

type Db = Deps['db']

/** How long a key's answer is kept: far longer than a device stays offline with changes queued. */
const KEEP_DAYS = 7

/**
 * Claims an Idempotency-Key for a cart change, inside the change's own transaction. Answers the summary
 * the key got before when it was already used (the change is then not applied again), or null when the
 * change should go ahead. A second request with the same key at the same moment waits on the first's row
 * and then sees its answer. A refused change rolls back its claim too: sending it again is judged afresh,
 * which is safe because nothing was applied.
 */
export async function claim<T = CartSummary>(trx: Db, userId: number, key: string | undefined): Promise<T | null> {
  if (!key) return null
  await repo.forgetCartRequestsBefore(trx, userId, new Date(Date.now() - KEEP_DAYS * 86_400_000))
  if (await repo.claimCartRequest(trx, userId, key)) return null
  return (await repo.cartRequestAnswer(trx, userId, key)) as T
}

/** Keeps the answer with the claimed key, in the same transaction as the change. */
export async function remember<T = CartSummary>(trx: Db, userId: number, key: string | undefined, answer: T): Promise<T> {
  if (key) await repo.saveCartRequestAnswer(trx, userId, key, answer)
  return answer
}
