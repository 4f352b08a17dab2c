import type { FastifyReply } from 'fastify'
import type { z } from 'zod'
import { Caches } from './caches'
import type { Deps, Session } from './context'
import { today } from './date-range'
import type { TtlCache } from './ttl-cache'

/**
 * Sends a JSON answer from a cache of serialized answers, building, checking against its schema and
 * keeping it when missing. A string with a JSON content type goes out as it is: Fastify does not
 * serialize it again, so a hit costs a lookup.
 */
export async function sendCachedJson<T>(
  cache: TtlCache<string> | undefined,
  reply: FastifyReply,
  key: string,
  schema: z.ZodType<T>,
  build: () => Promise<T>,
): Promise<FastifyReply> {
  let json = cache?.get(key)
  if (json === undefined) {
    const stamp = cache?.stamp() ?? 0
    json = JSON.stringify(schema.parse(await build()))
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
  { caches }: Deps,
  reply: FastifyReply,
  session: Session,
  list: string,
  query: unknown,
  schema: z.ZodType<T>,
  build: () => Promise<T>,
): Promise<FastifyReply> {
  // The filters, without a ?token= the spec's older clients may send: a token is no part of a key.
  const { token: _token, ...filters } = query as Record<string, unknown>
  const key = Caches.historyKey(session.accountId, session.userId, list, filters, today())
  return sendCachedJson(caches?.live ? caches.history : undefined, reply, key, schema, build)
}
