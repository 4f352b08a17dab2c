import { Toaster, toast } from 'sonner'

/** Toasts as the spec has them: top centre, 3 seconds, no progress bar; default, success and error styles. */
export function AppToaster() {
  return <Toaster position="top-center" duration={3000} richColors closeButton={false} />
}

export const notify = {
  message: (text: string) => toast(text),
  success: (text: string) => toast.success(text),
  /** An id collapses repeats of the same failure (several queries failing at once) into one toast. */
  error: (text: string, id?: string) => toast.error(text, id ? { id } : undefined),
}
