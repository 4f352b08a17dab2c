import { Suspense, cloneElement, isValidElement, lazy, useEffect, useState, type ReactElement } from 'react'
import { afterFirstScreen } from './after-first-screen'
import type { ConfirmDialogProps, DrawerProps } from './dialog-radix'

// Radix Dialog is not needed to show a screen, only once a dialog opens: it is loaded then (or after the first
// screen, for the navigation drawer), which keeps it out of the first screen's JavaScript.
let radix: Promise<typeof import('./dialog-radix')> | undefined
const loadRadix = () => (radix ??= import('./dialog-radix'))
const RadixConfirmDialog = lazy(() => loadRadix().then((module) => ({ default: module.RadixConfirmDialog })))
const RadixDrawer = lazy(() => loadRadix().then((module) => ({ default: module.RadixDrawer })))

/** True from the first time `open` is: the dialog stays mounted after that, so that it can close as Radix does. */
function useOpenedOnce(open: boolean) {
  const [opened, setOpened] = useState(open)
  if (open && !opened) setOpened(true)
  return opened || open
}

/** A modal question with a confirm and a cancel button; Escape and the overlay cancel. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  if (!useOpenedOnce(props.open)) return null
  return (
    <Suspense fallback={null}>
      <RadixConfirmDialog {...props} />
    </Suspense>
  )
}

/** A panel sliding in from the left, for the collapsed navigation on small screens. */
export function Drawer(props: DrawerProps) {
  const { open, onOpenChange, trigger } = props
  const opened = useOpenedOnce(open)
  useEffect(() => afterFirstScreen(() => void loadRadix().catch(() => undefined)), [])
  // Until Radix is in, the trigger is a plain button that opens the drawer (and loads it).
  const plainTrigger = isValidElement(trigger)
    ? cloneElement(trigger as ReactElement<{ onClick?: () => void; 'aria-haspopup'?: 'dialog'; 'aria-expanded'?: boolean }>, {
        onClick: () => onOpenChange(true),
        'aria-haspopup': 'dialog',
        'aria-expanded': false,
      })
    : trigger
  if (!opened) return plainTrigger
  return (
    <Suspense fallback={plainTrigger}>
      <RadixDrawer {...props} />
    </Suspense>
  )
}
