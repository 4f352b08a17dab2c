import { ROLE_ABILITIES } from '@portal/contract/back-office'
import { useBackOfficeUser } from './back-office-frame'
import styles from './back-office.module.css'

/** /staff: what the user's roles let them do. */
export function BackOfficeHome() {
  const me = useBackOfficeUser()
  return (
    <>
      <title>Back office</title>
      <h1>Welcome, {me.name}</h1>
      <p>
        You are signed in to the back office as {me.email}. Your {me.roles.length === 1 ? 'role' : 'roles'} let you:
      </p>
      {me.roles.map((role) => (
        <section key={role} className={styles.panel} aria-labelledby={`role-${role}`}>
          <h2 id={`role-${role}`}>{role}</h2>
          <p>{ROLE_ABILITIES[role]}</p>
        </section>
      ))}
    </>
  )
}
