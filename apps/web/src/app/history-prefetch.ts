import { INVOICES_PAGE_SIZE } from '@portal/contract/invoices'
import { defaultDateFilters } from '../components/ui/date-filters'
import { getInvoice, getInvoices, getRelatedInvoices } from '../features/invoices'
import { getBackOrders, getOrder, getOrders } from '../features/orders'
import { HISTORY_MARK as MARK } from '../features/offline/history-mark'

/** How many of the latest orders and invoices a device keeps readable offline (decision 0031). */
export const HISTORY_KEPT = 100
/** A device reads the history again at most this often (a sign-in or a reload within it does nothing). */
const EVERY_MS = 6 * 60 * 60 * 1000
/** Two requests at a time: the history follows the screens' own reads, never ahead of them. */
const AT_ONCE = 2
/** How long after the worker takes the page the reading starts: the user's first moves and the precache go first. */
const AFTER_MS = 15_000

/** Resolves after `ms`, or at once (false) when `signal` aborts. */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(!signal.aborted), ms)
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve(false)), { once: true })
  })

/** Resolves when the main thread is idle (each record is read in a quiet moment, never in a burst of work). */
const idle = () =>
  new Promise<void>((resolve) => (window.requestIdleCallback ? window.requestIdleCallback(() => resolve(), { timeout: 2000 }) : setTimeout(resolve, 0)))

type Connection = { saveData?: boolean; effectiveType?: string }

/**
 * Whether this device should read the history ahead now: a service worker keeps what is read (nothing to gain
 * without one), the browser is online, and the user has not asked to save data nor is on a 2G line.
 */
function worthIt(userId: string, now: number): boolean {
  if (!navigator.onLine) return false
  const connection = (navigator as { connection?: Connection }).connection
  if (connection?.saveData || /2g/.test(connection?.effectiveType ?? '')) return false
  const last = JSON.parse(localStorage.getItem(MARK) ?? 'null') as { user: string; at: number } | null
  return !(last && last.user === userId && now - last.at < EVERY_MS)
}

/** Resolves once a service worker controls the page (at once on a repeat visit; after it installs on the first). */
function workerInControl(signal: AbortSignal): Promise<boolean> {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker
  if (!container) return Promise.resolve(false)
  if (container.controller) return Promise.resolve(true)
  return new Promise((resolve) => {
    const done = (controlled: boolean) => {
      container.removeEventListener('controllerchange', taken)
      signal.removeEventListener('abort', stopped)
      resolve(controlled)
    }
    const taken = () => done(true)
    const stopped = () => done(false)
    container.addEventListener('controllerchange', taken)
    signal.addEventListener('abort', stopped)
  })
}

/** Runs `jobs` a few at a time; a failed one is skipped (the next visit tries again). */
async function inTurn(jobs: Array<() => Promise<unknown>>, signal: AbortSignal): Promise<number> {
  let next = 0
  let done = 0
  const worker = async () => {
    while (next < jobs.length && !signal.aborted) {
      const job = jobs[next++]!
      await idle()
      try {
        await job()
        done++
      } catch {
        // Offline again, or one record failed: what was read stays read.
      }
    }
  }
  await Promise.all(Array.from({ length: AT_ONCE }, worker))
  return done
}

/**
 * Reads the latest 100 orders (with their invoices) and 100 invoices through the API, as the screens ask for
 * them, so that the service worker keeps them (docs/decisions/0031-offline-app.md): the history lists and
 * every one of those records open offline, "as of" when they were read. Nothing is kept by this code itself.
 * Resolves with how many reads succeeded, or null when it was not worth doing now.
 */
export async function saveHistoryForOffline(userId: string, signal: AbortSignal, now = Date.now()): Promise<number | null> {
  if (!(await workerInControl(signal)) || !worthIt(userId, now) || !(await pause(AFTER_MS, signal))) return null
  const filters = { ...defaultDateFilters(new Date(now)), branch: '0' }
  const invoicePages = Array.from({ length: Math.ceil(HISTORY_KEPT / INVOICES_PAGE_SIZE) }, (_, i) => i + 1)
  const [orders, , ...invoiceLists] = await Promise.all([
    getOrders(filters, 1, signal),
    getBackOrders(filters, 1, signal),
    ...invoicePages.map((page) => getInvoices(filters, page, signal)),
  ])
  const latestOrders = orders.slice(0, HISTORY_KEPT)
  const latestInvoices = invoiceLists.flat().slice(0, HISTORY_KEPT)
  const jobs = [
    ...latestOrders.flatMap((o) => [() => getOrder(o.SalesOrder, signal), () => getRelatedInvoices(o.SalesOrder, signal)]),
    ...latestInvoices.map((i) => () => getInvoice(i.Invoice, signal)),
  ]
  const done = await inTurn(jobs, signal)
  if (!signal.aborted) localStorage.setItem(MARK, JSON.stringify({ user: userId, at: now }))
  return 2 + invoicePages.length + done
}
