import { useSession } from '../../lib/session'
import { isCashUser } from './stock'

export type Shopper = {
  /** The branch (LocationID) whose stock is shown and whose cart takes the products. */
  warehouse: string
  /** Resellers: one price only, code-setup requests. */
  isElders: boolean
  /** Cash-sale accounts may buy only what the branch has. */
  isCash: boolean
}

/** Who is shopping and at which branch, from the session (the screens live inside the signed-in frame). */
export function useShopper(): Shopper {
  const session = useSession()
  return {
    warehouse: session?.currentWarehouse ?? '',
    isElders: session?.user.isElders ?? false,
    isCash: session ? isCashUser(session.user) : false,
  }
}
