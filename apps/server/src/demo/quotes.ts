import { sql } from 'kysely'
import { cart } from '../modules/ordering'
import type { Db } from './bulk'

/** One demo quote: its state, days since it was asked for, its expiry (days from today), and how its lines are quoted. */
interface DemoQuote {
  status: 'requested' | 'open' | 'accepted' | 'declined'
  askedDaysAgo: number
  expiresInDays: number | null
  /** The quoted price: the account's price less this share (none: not priced yet). */
  less: number | null
  note?: string
  declineReason?: string
  messages?: Array<{ fromStaff: boolean; body: string }>
}

/**
 * Quotes in the demo (decision 0102), of Kelly's Farm & Garden Supplies (trade's account, whose sales representative is
 * rep@): one in each state, asked for by trade. Requested (waiting in the Quotes inbox), open (priced, with a thread),
 * accepted, expired (open past its date) and declined, each of three products Wagga Wagga has plenty of, priced as
 * the cart prices them. Written once: a database that has quotes already is left as it is.
 */
const QUOTES: DemoQuote[] = [
  { status: 'requested', askedDaysAgo: 0, expiresInDays: null, less: null },
  {
    status: 'open',
    askedDaysAgo: 2,
    expiresInDays: 12,
    less: 0.08,
    note: 'Pricing held for the spring drench program. Freight included on the branch truck.',
    messages: [
      { fromStaff: false, body: 'Could you sharpen the price if we take a pallet?' },
      { fromStaff: true, body: 'These are already our pallet prices: the quote is as sharp as we can go this season.' },
    ],
  },
  { status: 'accepted', askedDaysAgo: 9, expiresInDays: 5, less: 0.05, note: 'Thanks for the business.' },
  { status: 'open', askedDaysAgo: 30, expiresInDays: -3, less: 0.06, note: 'Valid for two weeks.' },
  { status: 'declined', askedDaysAgo: 20, expiresInDays: 4, less: 0.03, declineReason: 'We found the fencing wire closer to home.' },
]

export async function writeDemoQuotes(db: Db): Promise<void> {
  if (await db.selectFrom('quotes').select('id').limit(1).executeTakeFirst()) return
  const trade = await db.selectFrom('users').select(['id', 'account_id', 'name']).where('username', '=', 'trade').executeTakeFirst()
  if (!trade) return
  const rep = await db
    .selectFrom('back_office_assignments as a')
    .innerJoin('back_office_users as u', 'u.id', 'a.user_id')
    .select(['u.id', 'u.name'])
    .where('a.account_id', '=', trade.account_id)
    .where(sql<boolean>`'Sales representative' = ANY(u.roles)`)
    .orderBy('a.assigned_at')
    .executeTakeFirst()
  const { rows: products } = await sql<{ id: number }>`
    SELECT p.id FROM products p JOIN stock s ON s.product_id = p.id AND s.location_id = 'WAG'
    WHERE p.active AND s.qty_available >= 40 AND p.unit_price_cents BETWEEN 2000 AND 30000
    ORDER BY p.product_code OFFSET 3 LIMIT 15`.execute(db)
  if (products.length < 15) return
  const viewer = { userId: trade.id, accountId: trade.account_id, isElders: false }
  for (const [index, q] of QUOTES.entries()) {
    const mine = products.slice(index * 3, index * 3 + 3)
    const priced = await cart.pricedItems(
      db,
      viewer,
      mine.map((p, i) => ({ productId: p.id, quantity: [10, 4, 24][i]! })),
      'WAG',
    )
    const sent = q.status !== 'requested'
    const quote = await db
      .insertInto('quotes')
      .values({
        account_id: trade.account_id,
        user_id: trade.id,
        location_id: 'WAG',
        status: q.status,
        assigned_to: rep?.id ?? null,
        note: q.note ?? '',
        expires_on: q.expiresInDays === null ? null : sql<string>`current_date + ${q.expiresInDays}::int`,
        decline_reason: q.declineReason ?? null,
        created_at: sql<Date>`now() - make_interval(days => ${q.askedDaysAgo})`,
        sent_at: sent ? sql<Date>`now() - make_interval(days => ${Math.max(q.askedDaysAgo - 1, 0)})` : null,
        accepted_at: q.status === 'accepted' ? sql<Date>`now() - interval '1 day'` : null,
        accepted_by: q.status === 'accepted' ? trade.id : null,
        declined_at: q.status === 'declined' ? sql<Date>`now() - interval '2 days'` : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('quote_lines')
      .values(
        priced.map((r, i) => ({
          quote_id: quote.id,
          line_no: i + 1,
          product_id: r.productId,
          quantity: r.quantity,
          account_price_cents: r.unitPriceCents,
          quoted_price_cents: q.less === null ? null : Math.floor(r.unitPriceCents * (1 - q.less)),
        })),
      )
      .execute()
    for (const m of q.messages ?? []) {
      await db
        .insertInto('quote_messages')
        .values({ quote_id: quote.id, from_staff: m.fromStaff, author: m.fromStaff ? (rep?.name ?? 'Customer service') : trade.name, body: m.body })
        .execute()
    }
  }
}
