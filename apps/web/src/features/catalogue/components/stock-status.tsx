import styles from './stock-status.module.css'

/** Stock at the branch shown: in stock (how many) or no stock. */
export function StockStatus({ available, branch }: { available: number; branch: string }) {
  const inStock = available > 0
  return (
    <p className={styles.stock} data-in-stock={inStock}>
      <span className={styles.dot} aria-hidden="true" />
      {inStock ? `In stock (${available.toLocaleString('en-AU')})` : 'No stock'}
      <span className={styles.branch}> at {branch}</span>
    </p>
  )
}
