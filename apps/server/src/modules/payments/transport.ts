import type { FastifyInstance, InjectOptions } from 'fastify'
import type { Transport } from './mpgs'

const GATEWAY_TIMEOUT_MS = 15_000

/**
 * How the server talks to the payment gateway: plain HTTPS, except that the local sandbox (an address on
 * this portal's own PUBLIC_URL) is answered in-process, so the demo and the tests need no network and no
 * reachable public address, and still go through the sandbox's HTTP routes and protocol.
 */
export function gatewayTransport(app: FastifyInstance, publicUrl: string): Transport {
  return async (url, init) => {
    if (url.startsWith(`${publicUrl}/`)) {
      const res = await app.inject({
        method: init.method as InjectOptions['method'],
        url: url.slice(publicUrl.length),
        headers: init.headers,
        ...(init.body === undefined ? {} : { payload: init.body }),
      })
      return { status: res.statusCode, json: async () => res.json() as unknown, text: async () => res.body }
    }
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS) })
    return { status: res.status, json: () => res.json() as Promise<unknown>, text: () => res.text() }
  }
}
