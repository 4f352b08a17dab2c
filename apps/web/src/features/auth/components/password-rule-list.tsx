import { PASSWORD_RULES } from '@portal/contract/auth'
import styles from './password-rule-list.module.css'

/**
 * Both rules a new password must meet, shown beside the field before anything is sent, each marked as met
 * or not yet met as the user types (decision 0026).
 */
export function PasswordRuleList({ password }: { password: string }) {
  return (
    // Spans, not ul/li: the list sits in the field's hint, which is a span.
    <span className={styles.rules} role="list" aria-label="Password rules">
      {PASSWORD_RULES.map(({ rule, met }) => {
        const ok = met(password)
        return (
          <span role="listitem" key={rule} className={ok ? styles.met : styles.unmet} data-met={ok}>
            <span aria-hidden="true">{ok ? '✓' : '•'}</span> {rule}
            <span className="sr-only">{ok ? ' (met)' : ' (not yet met)'}</span>
          </span>
        )
      })}
    </span>
  )
}
