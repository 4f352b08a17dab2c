import { Suspense, lazy, useState } from 'react'
import type { ModalProps } from './modal-radix'

// Radix Dialog is loaded when a modal first opens (as dialog.tsx does), not with the screen that has one: the
// product page's "Add to list" and the cart's "Save as list" keep it out of the first screen's JavaScript.
const RadixModal = lazy(() => import('./modal-radix').then((module) => ({ default: module.RadixModal })))

/** A modal panel with a title, for short forms; Escape and the overlay close it. */
export function Modal(props: ModalProps) {
  const [opened, setOpened] = useState(props.open)
  if (props.open && !opened) setOpened(true)
  if (!opened && !props.open) return null
  return (
    <Suspense fallback={null}>
      <RadixModal {...props} />
    </Suspense>
  )
}
