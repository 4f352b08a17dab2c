import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { BackOfficeMe } from '@portal/contract/back-office'
import { api, type Query } from '../../lib/api'
import { clearBackOfficeToken, getBackOfficeToken } from '../../lib/back-office-session'
import { getSession, signOut as forgetCustomerSession } from '../../lib/session'
import { clearOfflineData } from '../offline'

/** Calls /api/staff with the back office session's token, never the customer's; a 401 is handled by the frame. */
const withToken = () => ({ token: getBackOfficeToken(), redirectOnUnauthorized: false })

export const staffApi = {
  get: <T>(path: string, query?: Query) => api.get<T>(`staff/${path}`, query, undefined, withToken()),
  post: <T>(path: string, body?: unknown) => api.post<T>(`staff/${path}`, body, withToken()),
  put: <T>(path: string, body?: unknown) => api.put<T>(`staff/${path}`, body, withToken()),
  delete: <T>(path: string) => api.delete<T>(`staff/${path}`, undefined, withToken()),
  download: (path: string, query: Query, name: string) => api.download(`staff/${path}`, query, name, { token: getBackOfficeToken() }),
}

export const backOfficeKeys = {
  me: ['back-office', 'me'] as const,
  users: ['back-office', 'users'] as const,
  user: (id: number) => ['back-office', 'users', id] as const,
  audit: (query: Query) => ['back-office', 'audit', query] as const,
  accounts: (q: string) => ['back-office', 'accounts', 'search', q] as const,
  account: (code: string) => ['back-office', 'accounts', code] as const,
  orders: (query: Query) => ['back-office', 'orders', 'list', query] as const,
  order: (id: string) => ['back-office', 'orders', id] as const,
  applications: (query: Query) => ['back-office', 'applications', 'list', query] as const,
  application: (id: string) => ['back-office', 'applications', id] as const,
  quotes: (state: string) => ['back-office', 'quotes', 'list', state] as const,
  quote: (id: string) => ['back-office', 'quotes', id] as const,
  contentList: (query: Query) => ['back-office', 'content', 'list', query] as const,
  content: (id: number) => ['back-office', 'content', id] as const,
}

export const useBackOfficeMe = (token: string | null) =>
  useQuery({ queryKey: [...backOfficeKeys.me, token], queryFn: () => staffApi.get<BackOfficeMe>('me'), enabled: Boolean(token), retry: false })

/**
 * What a session of ordering for a customer leaves on this device goes when it ends, and before another starts
 * (decision 0101): the customer session, the screens read with it, and the installable app's saved pages and waiting
 * cart changes, as a logout clears them. Else a rep who then orders for another account would be shown, offline, the
 * first account's prices, and its waiting changes would wait for the wrong cart.
 */
export async function forgetActingHere(queryClient: QueryClient, { endSession }: { endSession: boolean }) {
  if (endSession) forgetCustomerSession()
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'back-office' })
  await clearOfflineData()
}

/** Ends the back office session here and on the server, and forgets everything read with it. */
export function useBackOfficeSignOut() {
  const queryClient = useQueryClient()
  return async () => {
    await staffApi.post('sign-out').catch(() => undefined)
    clearBackOfficeToken()
    // A session of ordering for a customer ends with the back office session it was started from (decision 0101).
    if (getSession()?.acting) await forgetActingHere(queryClient, { endSession: true })
    queryClient.removeQueries({ queryKey: ['back-office'] })
  }
}
