import type { SubUser } from '@portal/contract/users'
import { notify } from '../../../components/ui/toast'
import { ApiError, serverMessage } from '../../../lib/api'
import { useSetInvoicePayments } from '../api/set-invoice-payments'
import styles from './users.module.css'

export const mayPayText = (username: string, allowed: boolean) =>
  allowed ? `${username} may now pay invoices online` : `${username} may no longer pay invoices online`
export const MAY_PAY_FAILED = 'There was an error changing who may pay invoices.'

/** "May pay invoices": ticked for a User by an Administrator (PUT /api/users/invoice-payments); an Administrator always may. */
export function MayPayInvoices({ user }: { user: SubUser }) {
  const set = useSetInvoicePayments()
  if (user.Role === 'Administrator') return <span className={styles.limits}>Yes, as Administrator</span>
  // Shown as asked while the change is under way; the refetched list settles it.
  const checked = set.isPending && set.variables ? set.variables.allowed : user.CanPayInvoices
  return (
    <label className={styles.mayPay}>
      <input
        type="checkbox"
        aria-label={`May pay invoices (${user.UserName})`}
        checked={checked}
        disabled={set.isPending}
        onChange={(e) =>
          set.mutate(
            { username: user.UserName, allowed: e.target.checked },
            {
              onSuccess: (saved) => notify.success(mayPayText(user.UserName, saved.CanPayInvoices)),
              // A refusal says why (not an Administrator, a user not found); anything else the plain words.
              onError: (error) => notify.error(error instanceof ApiError && error.status < 500 ? serverMessage(error, MAY_PAY_FAILED) : MAY_PAY_FAILED),
            },
          )
        }
      />
      <span>May pay invoices</span>
    </label>
  )
}
