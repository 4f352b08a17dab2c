import * as Dialog from '@radix-ui/react-dialog'
import type { ReactNode } from 'react'
import styles from './dialog.module.css'
import { useReturnFocus } from './return-focus'

export type ModalProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: ReactNode
  children: ReactNode
}

/** A modal panel with a title, for short forms; Escape and the overlay close it. Loaded by modal.tsx when first opened. */
export function RadixModal({ open, onOpenChange, title, description, children }: ModalProps) {
  const returnFocus = useReturnFocus()
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content} {...returnFocus} {...(description ? {} : { 'aria-describedby': undefined })}>
          <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          {description && <Dialog.Description className={styles.description}>{description}</Dialog.Description>}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
