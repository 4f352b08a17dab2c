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

/**
 * Starts error reporting from the run-time settings. The Sentry SDK is loaded only when a DSN is set, and
 * after the first screen: it is not part of what every user downloads up front.
 */
export async function startErrorReporting(settings: ErrorReportingSettings | null): Promise<void> {
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
  const { startSentry } = await import('./sentry')
  reporter = startSentry(settings, routeNow)
  stopEarly()
  for (const [error, context] of early ?? []) reporter.capture(error, context)
  early = null
}
