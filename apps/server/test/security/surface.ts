import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { sql } from 'kysely'
import { createHash } from 'node:crypto'
import type { Database } from '../../src/db/database'
import { hashToken, newToken } from '../../src/lib/tokens'

/** A route as the app registered it: `GET /api/orders/:id`. HEAD is left out: Fastify answers it with the GET route's hooks and handler. */
export interface Route {
  method: string
  url: string
}

export const routeKey = (r: Route) => `${r.method} ${r.url}`

/**
 * Every route the app has, read from Fastify's own route tree (printRoutes), so that a route added
 * anywhere, by any plugin, shows up here whether or not it is in the OpenAPI document.
 */
export function listRoutes(app: FastifyInstance): Route[] {
  // The radix tree as Fastify keeps it: each line's label continues its parent's, so a path is the labels from the root down.
  const tree = app.printRoutes()
  const parents: string[] = []
  const routes: Route[] = []
  for (const line of tree.split('\n')) {
    if (!line.trim()) continue
    const m = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line)
    if (!m) throw new Error(`Cannot read this line of printRoutes: ${JSON.stringify(line)}`)
    const depth = m[1]!.length / 4
    const url = (depth > 0 ? parents[depth - 1]! : '') + m[2]!
    parents.length = depth
    parents[depth] = url
    for (const method of (m[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push({ method, url })
    }
  }
  return routes.sort((a, b) => routeKey(a).localeCompare(routeKey(b)))
}

/** A session for any user, as a sign-in would make it, without knowing the password (seeded users other than the demo logins have none). */
export async function sessionFor(db: Database, userId: number): Promise<string> {
  const token = newToken()
  await db
    .insertInto('sessions')
    .values({ user_id: userId, token_hash: hashToken(token), expires_at: new Date(Date.now() + 86_400_000) })
    .execute()
  return token
}

/**
 * Tables that change on their own while requests are answered, left out of the fingerprint:
 * - sessions, back_office_sessions: every request touches its session's last_seen_at; sign-ins add rows;
 * - login_failures: the sign-in throttle's own bookkeeping (failed logins are expected to add rows);
 * - content_media_renditions: resized pictures made on first request and kept, a cache of content_media;
 * - purchase_totals, purchase_total_windows: an account's 12-month purchase summary, made on its first buy-again.
 */
export const VOLATILE_TABLES = [
  'sessions',
  'back_office_sessions',
  'login_failures',
  'content_media_renditions',
  'purchase_totals',
  'purchase_total_windows',
] as const

/**
 * Row count and a hash of every row, per table, for every table of the public schema but the volatile ones.
 * Two equal fingerprints mean no row was added, removed or changed.
 */
export async function fingerprint(db: Database, exclude: readonly string[] = VOLATILE_TABLES): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db)
  const out: Record<string, string> = {}
  for (const { name } of tables.rows) {
    if (exclude.includes(name)) continue
    const row = await sql<{ n: string | number; h: string | null }>`
      select count(*) as n, md5(string_agg(md5(t::text), '' order by md5(t::text))) as h from ${sql.table(name)} t`.execute(db)
    const { n, h } = row.rows[0]!
    out[name] = `${Number(n)} rows ${h ?? '-'}`
  }
  return out
}

/** Small, stable digest for messages. */
export const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 12)

export type Who = 'anon' | 'trade' | 'staff' | 'cash' | 'elders'

export function describeResponse(res: LightMyRequestResponse): string {
  const body = res.body.length > 300 ? `${res.body.slice(0, 300)}…` : res.body
  return `${res.statusCode} ${body}`
}

export type Request = Omit<InjectOptions, 'method' | 'url'> & { method: string; url: string }
