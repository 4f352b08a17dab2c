import type { ReactNode } from 'react'

/** A screen that a later piece of work builds: its heading, and a line saying it is not there yet. */
export function ScreenPlaceholder({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="page" aria-labelledby="screen-heading">
      <title>{title}</title>
      <h1 id="screen-heading">{title}</h1>
      <p style={{ color: 'var(--text-muted)' }}>This screen is not available yet.</p>
      {children}
    </section>
  )
}
