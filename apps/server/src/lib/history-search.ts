import { sql, type RawBuilder } from 'kysely'

/** How many of the account's newest rows a search for words reads, in order, before it asks the trigram index (decision 0062). */
export const SEARCH_WALK = 2_000

/**
 * Whether a search is for words ("drench", "fencing job"), which an account's history holds many times over,
 * rather than for a number (an order's, an invoice's, a purchase order's), which it holds once or twice. Only a
 * search for words walks first.
 */
export const searchesWords = (search: string) => !/\d/.test(search)

/**
 * The ids of a page of an account's orders or invoices that match a search for words, newest first
 * (decision 0062). It reads the account's `walk` newest rows in the range, in date order, from the account's
 * date index, and takes the page from their matches. When they hold fewer matches than the page needs and
 * there are more rows in the range, it asks the trigram index, as any search did before.
 *
 * PostgreSQL would choose the trigram index for a common word too. For "drench" on the account with 21,271
 * invoices, that reads the 34,562 matching invoices of every account (12-18 ms) to keep this account's
 * 1,700. The walk finds the first hundred among its 1,250 newest (about 1 ms). The planner cannot tell:
 * it prices each row the walk reads as a random read from disk, for a table that is all in memory.
 *
 * `inScope` is the account and the range (and a delivery site); `matches` the search. The answer is the one the
 * trigram index gives, in the same order: a page taken from the walk is complete when it is full, or when the
 * walk read every row in the range.
 */
export function walkedSearchPage(parts: {
  table: 'orders' | 'invoices'
  /** The date column the history is ordered by, newest first (then the id). */
  date: 'enter_date' | 'invoice_date'
  inScope: RawBuilder<unknown>
  matches: RawBuilder<boolean>
  limit: number
  offset: number
  walk?: number
}): RawBuilder<{ id: number }> {
  const { table, date, inScope, matches, limit, offset, walk = SEARCH_WALK } = parts
  const from = sql.table(table)
  const id = sql.ref(`${table}.id`)
  const day = sql.ref(`${table}.${date}`)
  // The walk stops at the page's last match; whether there are rows past the walk is asked only when the page
  // is not full (PostgreSQL runs a subquery of an OR only if the OR needs it); the trigram index runs only then.
  return sql<{ id: number }>`(
    WITH found AS MATERIALIZED (
      SELECT walk.id FROM (
        SELECT ${id} AS id, ${matches} AS hit FROM ${from} WHERE ${inScope} ORDER BY ${day} DESC, ${id} DESC LIMIT ${walk}
      ) AS walk
      WHERE walk.hit LIMIT ${limit} OFFSET ${offset}
    ), settled AS MATERIALIZED (
      SELECT (SELECT count(*) FROM found) = ${limit}::int
        OR (SELECT count(*) FROM (SELECT 1 FROM ${from} WHERE ${inScope} LIMIT ${walk}) AS scoped) < ${walk}::int AS yes
    )
    SELECT found.id FROM found WHERE (SELECT settled.yes FROM settled)
    UNION ALL
    (SELECT ${id} FROM ${from} WHERE ${inScope} AND ${matches} AND NOT (SELECT settled.yes FROM settled)
      ORDER BY ${day} DESC, ${id} DESC LIMIT ${limit} OFFSET ${offset})
  )`
}
