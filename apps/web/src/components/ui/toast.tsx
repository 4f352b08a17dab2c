import type { CSSProperties } from 'react'
import { Toaster, toast } from 'sonner'

/** sonner's rich colours give green and red text under 4.5:1 on their tints; the portal's own colours pass. */
const colours = {
  '--success-text': 'var(--accent-strong)',
  '--error-text': 'var(--danger)',
  '--info-text': 'var(--text)',
  '--warning-text': 'var(--text)',
} as CSSProperties

/** Toasts as the spec has them: top centre, 3 seconds, no progress bar; default, success and error styles. */
export function AppToaster() {
  return <Toaster position="top-center" duration={3000} richColors closeButton={false} style={colours} />
}

export const notify = {
  message: (text: string) => toast(text),
  success: (text: string) => toast.success(text),
  /** An id collapses repeats of the same failure (several queries failing at once) into one toast. */
  error: (text: string, id?: string) => toast.error(text, id ? { id } : undefined),
}
