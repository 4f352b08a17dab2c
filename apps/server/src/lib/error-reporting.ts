import { redactDeep, redactUrl } from '@portal/contract/redact'
import type { Config } from '../config'
import { configuredSecrets, type SecretValues } from './secret-values'

/** Where the server's unexpected errors go: Sentry when SENTRY_DSN is set, nowhere otherwise. */
export interface ErrorReporter {
  /** An error a request ended with (answered 5xx), with its route pattern, method and request id. */
  captureRequestError(error: unknown, request: { method: string; route: string; url: string; requestId: string }): void
  captureError(error: unknown, tags?: Record<string, string>): void
  /** Sends what is queued (before the process exits). */
  flush(timeoutMs?: number): Promise<void>
}

type Sentry = typeof import('@sentry/node')

/**
 * Starts the official Sentry SDK for errors only: no tracing, no OpenTelemetry, no automatic
 * instrumentation of modules (they would slow every request), just uncaught exceptions, unhandled rejections
 * and what the app captures. Every event is scrubbed of tokens, passwords, card fields, cookies and e-mail
 * bodies before it leaves, by name and by value (`secrets`: the keys and passwords the server knows, and
 * anything shaped like a token it issues). The SDK is not even loaded when SENTRY_DSN is unset.
 */
export async function startErrorReporting(config: Config, secrets: SecretValues = configuredSecrets(config)): Promise<ErrorReporter | null> {
  const { dsn, environment, release } = config.errorReporting
  if (!dsn) return null
  const Sentry: Sentry = await import('@sentry/node')
  Sentry.init({
    dsn,
    environment,
    release,
    defaultIntegrations: false,
    integrations: [
      Sentry.onUncaughtExceptionIntegration(),
      Sentry.onUnhandledRejectionIntegration({ mode: 'warn' }),
      Sentry.linkedErrorsIntegration(),
      Sentry.dedupeIntegration(),
      Sentry.functionToStringIntegration(),
      Sentry.nodeContextIntegration(),
    ],
    skipOpenTelemetrySetup: true,
    registerEsmLoaderHooks: false,
    sendDefaultPii: false,
    maxBreadcrumbs: 0,
    beforeSend: (event) => secrets.redactDeep(redactDeep(event)),
    beforeBreadcrumb: () => null,
  })
  return sentryReporter(Sentry)
}

function sentryReporter(Sentry: Sentry): ErrorReporter {
  return {
    captureRequestError(error, request) {
      Sentry.withScope((scope) => {
        scope.setTransactionName(`${request.method} ${request.route}`)
        scope.setTags({ route: request.route, method: request.method, request_id: request.requestId })
        // The path and a redacted query only: no headers, cookies or body.
        scope.addEventProcessor((event) => ({ ...event, request: { method: request.method, url: redactUrl(request.url) } }))
        Sentry.captureException(error)
      })
    },
    captureError(error, tags = {}) {
      Sentry.withScope((scope) => {
        scope.setTags(tags)
        Sentry.captureException(error)
      })
    },
    async flush(timeoutMs = 2000) {
      await Sentry.flush(timeoutMs)
    },
  }
}
