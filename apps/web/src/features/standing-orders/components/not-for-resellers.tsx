import styles from './standing-orders.module.css'

/** Resellers order through their branch, never online: standing orders are not theirs (the server answers 403). */
export function NotForResellers() {
  return <p className={styles.lead}>Your orders go through your branch, so standing orders are not used here.</p>
}

/** A standing order's screen opened by a reseller: its title, and why there is nothing for them. */
export function StandingOrderUnavailable({ title }: { title: string }) {
  return (
    <section className="page" aria-labelledby="standing-order-unavailable">
      <title>{title}</title>
      <h1 id="standing-order-unavailable">{title}</h1>
      <NotForResellers />
    </section>
  )
}
