import type { ErrorReportingSettings } from '@portal/contract/reference'

/** Tags sent with a report: where it happened (the page's route pattern) and, for API calls, which call. */
export type ReportContext = Record<string, string>

type Reporter = { capture(error: unknown, context: ReportContext): void }

const EARLY_LIMIT = 20

let reporter: Reporter | null = null
/** Reports made before the settings are known wait here; null once reporting is known to be off. */
let early: Array<[unknown, ReportContext]> | null = []
let currentRoute: () => string | undefined = () => undefined

/** The app tells which route pattern (/orders/:id) the user is on; a report carries it. */
export function setRouteResolver(resolve: () => string | undefined) {
  currentRoute = resolve
}

export const routeNow = () => currentRoute() ?? window.location.pathname

/**
 * Whether this page is being left (pagehide has fired): the browser then cancels the page's requests in flight,
 * and their "Failed to fetch" is the user moving on, not a fault worth a report. Back from the back/forward
 * cache (pageshow), the page counts again.
 */
let leaving = false
export const pageIsLeaving = () => leaving
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    leaving = true
  })
  window.addEventListener('pageshow', () => {
    leaving = false
  })
}

/** Reports an error to the configured address (Sentry); nothing happens when reporting is off. */
export function reportError(error: unknown, context: ReportContext = {}) {
  const tagged = { route: routeNow(), ...context }
  if (reporter) reporter.capture(error, tagged)
  else if (early && early.length < EARLY_LIMIT) early.push([error, tagged])
}

// Errors thrown before the SDK has loaded are kept, so a crash at start is not lost.
const onEarlyError = (event: ErrorEvent) => reportError(event.error ?? new Error(event.message), { kind: 'uncaught' })
const onEarlyRejection = (event: PromiseRejectionEvent) => reportError(event.reason, { kind: 'unhandledrejection' })
if (typeof window !== 'undefined') {
  window.addEventListener('error', onEarlyError)
  window.addEventListener('unhandledrejection', onEarlyRejection)
}

/** How often, and after how long, a failed load of the SDK's chunk is tried again (a dropped connection, a busy server). */
const LOAD_RETRY_DELAYS_MS = [1_000, 3_000, 10_000]

type LoadSdk = () => Promise<Pick<typeof import('./sentry'), 'startSentry'>>

/**
 * The SDK's chunk, tried again after each delay when its load fails: a failed load would leave the page
 * unreported. Browsers that follow whatwg/html#10327 (failed module fetches are not kept) fetch it again; where
 * the failure is still kept, the retries fail at once and reporting stays off for that page, as before.
 */
async function loadWithRetries(load: LoadSdk, delays: readonly number[]) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load()
    } catch (error) {
      if (attempt >= delays.length) throw error
      await new Promise((resolve) => setTimeout(resolve, delays[attempt]))
    }
  }
}

/**
 * Starts error reporting from the run-time settings. The Sentry SDK is loaded only when a DSN is set, and
 * after the first screen: it is not part of what every user downloads up front. A failed load of its chunk is
 * tried again (LOAD_RETRY_DELAYS_MS); what is reported meanwhile waits in the early queue.
 */
export async function startErrorReporting(
  settings: ErrorReportingSettings | null,
  { load = () => import('./sentry'), retryDelaysMs = LOAD_RETRY_DELAYS_MS }: { load?: LoadSdk; retryDelaysMs?: readonly number[] } = {},
): Promise<void> {
  // The early listeners stay while the SDK loads, until its own handlers take over.
  const stopEarly = () => {
    window.removeEventListener('error', onEarlyError)
    window.removeEventListener('unhandledrejection', onEarlyRejection)
  }
  if (!settings) {
    stopEarly()
    early = null
    return
  }
  const { startSentry } = await loadWithRetries(load, retryDelaysMs)
  reporter = startSentry(settings, routeNow)
  stopEarly()
  for (const [error, context] of early ?? []) reporter.capture(error, context)
  early = null
}
