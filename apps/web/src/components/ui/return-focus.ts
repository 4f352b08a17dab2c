import { useRef } from 'react'

/**
 * Radix gives the focus back to a Dialog.Trigger on close; a dialog opened some other way (a branch chosen in
 * a select, a row's Delete button) would leave it on the page's body. These handlers for Dialog.Content note
 * what had the focus when the dialog opened and return it there on close, as long as it is still on the page.
 */
export function useReturnFocus() {
  const returnTo = useRef<HTMLElement | null>(null)
  return {
    onOpenAutoFocus: () => {
      returnTo.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null
    },
    onCloseAutoFocus: (event: Event) => {
      const target = returnTo.current
      returnTo.current = null
      if (!target?.isConnected) return
      event.preventDefault()
      target.focus()
    },
  }
}
