import type { FastifyReply } from 'fastify'
import { Caches } from './caches'
import type { Deps, Session } from './context'
import { today } from './date-range'
import type { TtlCache } from './ttl-cache'

/**
 * Sends a JSON answer from a cache of serialized answers, building it, writing it with the route's own
 * writer of its 200 answer (compiled from the contract, lib/json-serializer.ts) and keeping it when
 * missing. A string with a JSON content type goes out as it is: Fastify does not serialize it again, so a
 * hit costs a lookup.
 */
export async function sendCachedJson<T>(cache: TtlCache<string> | undefined, reply: FastifyReply, key: string, build: () => Promise<T>): Promise<FastifyReply> {
  let json = cache?.get(key)
  if (json === undefined) {
    const stamp = cache?.stamp() ?? 0
    json = reply.serializeInput((await build()) as Record<string, unknown>, '200') as string
    cache?.set(key, json, stamp)
  }
  return reply.type('application/json; charset=utf-8').send(json)
}

/**
 * Sends one of the account's history lists (orders, back orders, invoices) through the history cache:
 * the page depends on the account, the user (a branch group's sites), the query and, through the
 * default date range, today.
 */
export function sendHistoryList<T>(
  { inMemory }: Deps,
  reply: FastifyReply,
  session: Session,
  list: string,
  query: unknown,
  build: () => Promise<T>,
): Promise<FastifyReply> {
  // The filters, without a ?token= that older API clients may send: a token is no part of a key.
  const { token: _token, ...filters } = query as Record<string, unknown>
  const key = Caches.historyKey(session.accountId, session.userId, list, filters, today())
  return sendCachedJson(inMemory.caches?.history, reply, key, build)
}
