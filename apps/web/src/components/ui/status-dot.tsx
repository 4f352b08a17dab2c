import styles from './status-dot.module.css'

/** The colour of an order or invoice status: cancelled red, shipped green, any other orange. */
export function statusColour(status: string): 'red' | 'green' | 'orange' {
  const value = status.trim().toLowerCase()
  if (value === 'cancelled') return 'red'
  if (value === 'shipped') return 'green'
  return 'orange'
}

/** A status as text with its coloured dot; the dot is decoration, the text carries the meaning. */
export function StatusDot({ status }: { status: string }) {
  const colour = statusColour(status)
  return (
    <span className={styles.status} data-status-colour={colour}>
      <span className={[styles.dot, colour === 'orange' ? '' : styles[colour]].filter(Boolean).join(' ')} aria-hidden="true" />
      {status}
    </span>
  )
}
