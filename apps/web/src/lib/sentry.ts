import { redactDeep } from '@portal/contract/redact'
import type { ErrorReportingSettings } from '@portal/contract/reference'
import * as Sentry from '@sentry/react'
import type { ReportContext } from './error-reporting'

/**
 * The official Sentry SDK for React, errors only (no tracing, no session replay, no session pings). Every
 * event and breadcrumb is scrubbed of tokens, passwords and card fields before it leaves the browser.
 * Loaded on demand by error-reporting.ts.
 */
export function startSentry(settings: ErrorReportingSettings, route: () => string) {
  Sentry.init({
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release,
    // No user details, cookies, headers, bodies or query strings: what is sent is the error and where it happened.
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    integrations: (defaults) => defaults.filter((integration) => integration.name !== 'BrowserSession'),
    beforeSend: (event) => redactDeep({ ...event, tags: { route: route(), ...event.tags } }),
    beforeBreadcrumb: (breadcrumb) => redactDeep(breadcrumb),
  })
  return {
    capture(error: unknown, context: ReportContext) {
      Sentry.withScope((scope) => {
        scope.setTags(context)
        Sentry.captureException(error)
      })
    },
  }
}
