import { Suspense, lazy, useEffect, useState, type CSSProperties } from 'react'
import { afterFirstScreen } from './after-first-screen'

// sonner is not needed to show a screen: the Toaster is mounted (and sonner loaded) after the first screen,
// or at the first toast if that comes sooner. The Toaster shows the toasts made before it mounted.
let sonner: Promise<typeof import('sonner')> | undefined
let wanted: () => void = () => undefined
const firstToast = new Promise<void>((resolve) => (wanted = resolve))
const loadSonner = () => {
  wanted()
  return (sonner ??= import('sonner'))
}
const Toaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })))

/** sonner's rich colours give green and red text under 4.5:1 on their tints; the portal's own colours pass. */
const colours = {
  '--success-text': 'var(--accent-strong)',
  '--error-text': 'var(--danger)',
  '--info-text': 'var(--text)',
  '--warning-text': 'var(--text)',
} as CSSProperties

/** Toasts: top centre, 3 seconds, no progress bar; default, success and error styles. */
export function AppToaster() {
  const [mounted, setMounted] = useState(false)
  useEffect(() => {
    let live = true
    const mount = () => live && setMounted(true)
    void firstToast.then(mount)
    const cancel = afterFirstScreen(mount)
    return () => {
      live = false
      cancel()
    }
  }, [])
  if (!mounted) return null
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" duration={3000} richColors closeButton={false} style={colours} />
    </Suspense>
  )
}

export const notify = {
  message: (text: string) => void loadSonner().then(({ toast }) => toast(text)),
  success: (text: string) => void loadSonner().then(({ toast }) => toast.success(text)),
  /** An id collapses repeats of the same failure (several queries failing at once) into one toast. */
  error: (text: string, id?: string) => void loadSonner().then(({ toast }) => toast.error(text, id ? { id } : undefined)),
}
