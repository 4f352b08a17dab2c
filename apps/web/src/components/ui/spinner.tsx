import styles from './spinner.module.css'

export function Spinner({ label = 'Loading', size = 'small' }: { label?: string; size?: 'small' | 'large' }) {
  return (
    <span role="status" data-testid="spinner" className={[styles.spinner, size === 'large' ? styles.large : ''].join(' ')}>
      <span className="sr-only">{label}</span>
    </span>
  )
}

/** Covers the screen while something must not be interrupted (submitting an order, a payment). */
export function SpinnerOverlay({ label = 'Please wait' }: { label?: string }) {
  return (
    <div className={styles.overlay}>
      <Spinner label={label} size="large" />
    </div>
  )
}
