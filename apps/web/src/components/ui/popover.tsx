import * as Dialog from '@radix-ui/react-dialog'
import { useState, type ReactNode } from 'react'
import styles from './popover.module.css'

type PopoverProps = {
  /** The trigger's content; it is a button. */
  trigger: ReactNode
  triggerLabel?: string
  title: string
  children: ReactNode
  className?: string
}

/**
 * A small panel anchored under its button, for details on demand (a toggletip): it opens on click
 * or tap (so it works on phones), closes on Escape, on a click elsewhere and on its own button.
 * A non-modal Radix dialog: focus moves into it and back, and it is announced with its title.
 */
export function Popover({ trigger, triggerLabel, title, children, className }: PopoverProps) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog.Root open={open} onOpenChange={setOpen} modal={false}>
      <span className={[styles.anchor, className ?? ''].filter(Boolean).join(' ')}>
        <Dialog.Trigger className={styles.trigger} aria-label={triggerLabel}>
          {trigger}
        </Dialog.Trigger>
        <Dialog.Content className={styles.content} aria-describedby={undefined} onInteractOutside={() => setOpen(false)}>
          <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          {children}
        </Dialog.Content>
      </span>
    </Dialog.Root>
  )
}
