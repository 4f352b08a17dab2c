import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import styles from './tabs.module.css'

export type Tab = { id: string; label: string; content: ReactNode }

/**
 * Tabs as the WAI-ARIA tabs pattern has them: one tab stop, arrow keys (and Home, End) move
 * between tabs and show each at once, every panel labelled by its tab.
 */
export function Tabs({ tabs, label, className }: { tabs: Tab[]; label: string; className?: string }) {
  const base = useId()
  const [chosen, setChosen] = useState(tabs[0]?.id)
  const current = tabs.some((t) => t.id === chosen) ? chosen : tabs[0]?.id
  const buttons = useRef(new Map<string, HTMLButtonElement>())

  const select = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length]
    if (!tab) return
    setChosen(tab.id)
    buttons.current.get(tab.id)?.focus()
  }

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }
    const to = moves[event.key]
    if (to === undefined) return
    event.preventDefault()
    select(to)
  }

  return (
    <div className={[styles.tabs, className ?? ''].filter(Boolean).join(' ')}>
      <div role="tablist" aria-label={label} className={styles.list}>
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(node) => {
              if (node) buttons.current.set(tab.id, node)
              else buttons.current.delete(tab.id)
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.id}`}
            aria-selected={tab.id === current}
            aria-controls={`${base}-panel-${tab.id}`}
            tabIndex={tab.id === current ? 0 : -1}
            className={styles.tab}
            onClick={() => setChosen(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${base}-panel-${tab.id}`}
          aria-labelledby={`${base}-tab-${tab.id}`}
          hidden={tab.id !== current}
          tabIndex={0}
          className={styles.panel}
        >
          {tab.id === current && tab.content}
        </div>
      ))}
    </div>
  )
}
