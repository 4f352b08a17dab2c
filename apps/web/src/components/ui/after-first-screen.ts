/**
 * Runs `task` once the first screen is done with the network and the main thread: after the page's load
 * event, two seconds, and an idle moment. For code that no screen needs to show itself (the toaster, the
 * dialogs) but that should be ready before anyone reaches for it. Returns a function that cancels it.
 */
export function afterFirstScreen(task: () => void): () => void {
  let cancelled = false
  let timer: number | undefined
  const idle = (callback: () => void) => (window.requestIdleCallback ? window.requestIdleCallback(callback, { timeout: 2000 }) : window.setTimeout(callback, 0))
  const schedule = () => {
    timer = window.setTimeout(() => idle(() => !cancelled && task()), 2000)
  }
  if (document.readyState === 'complete') schedule()
  else window.addEventListener('load', schedule, { once: true })
  return () => {
    cancelled = true
    window.clearTimeout(timer)
    window.removeEventListener('load', schedule)
  }
}
