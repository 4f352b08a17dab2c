import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { AppToaster, notify } from '../components/ui/toast'
import { ApiError } from '../lib/api'
import '../lib/query-meta'

/** Client errors (4xx) are answers, not hiccups: only server and network failures are retried, once. */
function retryOnce(failureCount: number, error: Error) {
  if (error instanceof ApiError && error.status < 500) return false
  return failureCount < 1
}

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const message = query.meta?.errorMessage
        // A 401 is already on its way to /logout; no toast for it.
        if (!message || (error instanceof ApiError && error.status === 401)) return
        notify.error(message, message)
      },
    }),
    // 'offlineFirst': a request goes out even when the browser says it is offline, since the service worker
    // answers reads from its saved copies and the cart queues its changes (docs/decisions/0031-offline-app.md);
    // only retries wait for the connection. TanStack's default would hold them all back, spinning.
    defaultOptions: {
      queries: { retry: retryOnce, refetchOnWindowFocus: false, staleTime: 30_000, networkMode: 'offlineFirst' },
      mutations: { retry: false, networkMode: 'offlineFirst' },
    },
  })
}

export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <AppToaster />
    </QueryClientProvider>
  )
}
