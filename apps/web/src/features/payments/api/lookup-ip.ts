import { queryOptions, useQuery } from '@tanstack/react-query'
import { paymentKeys } from './query-keys'

const LOOKUP_TIMEOUT_MS = 3000

/**
 * The user's public IP address from the configured IP-lookup service (JSON with field ip), for the
 * provider's fraud checks. A plain cross-origin GET without our session; when the service is unreachable
 * the answer is null and the card form goes without it.
 */
export async function lookupIp(url: string): Promise<string | null> {
  try {
    const res = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'omit', signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS) })
    if (!res.ok) return null
    const body = (await res.json()) as { ip?: unknown }
    return typeof body.ip === 'string' && /^[0-9a-fA-F.:]{3,45}$/.test(body.ip) ? body.ip : null
  } catch {
    return null
  }
}

export const clientIpQuery = (url: string | null) =>
  queryOptions({ queryKey: paymentKeys.clientIp(url), queryFn: () => (url ? lookupIp(url) : Promise.resolve(null)), staleTime: Infinity, retry: false })

export const useClientIp = (url: string | null) => useQuery(clientIpQuery(url))
