import { BACK_OFFICE_ROLES, type BackOfficeRole } from '@portal/contract/back-office'
import styles from './back-office.module.css'

/** One checkbox a role; at least one is needed (the server says so too). */
export function RolesFieldset({ legend, value, onChange }: { legend: string; value: BackOfficeRole[]; onChange: (roles: BackOfficeRole[]) => void }) {
  return (
    <fieldset className={styles.roles}>
      <legend>{legend}</legend>
      {BACK_OFFICE_ROLES.map((role) => (
        <label key={role}>
          <input
            type="checkbox"
            checked={value.includes(role)}
            onChange={(e) => onChange(e.target.checked ? BACK_OFFICE_ROLES.filter((r) => r === role || value.includes(r)) : value.filter((r) => r !== role))}
          />{' '}
          {role}
        </label>
      ))}
    </fieldset>
  )
}
