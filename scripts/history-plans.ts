// The query plans of the history lists, as the server builds them (the modules' own query builders),
// for the account with the most orders: EXPLAIN (ANALYZE, BUFFERS) of each, and whether any of them
// reads a whole table. Run by scripts/bench-history.mjs:  node --import tsx scripts/history-plans.ts
import { sql } from 'kysely'
import { openDatabase } from '../apps/server/src/db/database'
import { historyRange } from '../apps/server/src/lib/date-range'
import { invoicesPageQuery } from '../apps/server/src/modules/invoices/repo'
import { backOrdersPageQuery, ordersPageQuery } from '../apps/server/src/modules/orders/repo'

const databaseUrl = process.env.BENCH_DATABASE_URL || 'postgres://127.0.0.1:5432/bench'

async function main() {
  const url = new URL(databaseUrl)
  if (!url.username) url.username = process.env.PGUSER || process.env.USER || 'postgres'
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 })
  const db = handle.db
  try {
    const heaviest = await db
      .selectFrom('orders')
      .select(['account_id', sql<number>`count(*)::int`.as('orders')])
      .groupBy('account_id')
      .orderBy(sql`count(*)`, 'desc')
      .executeTakeFirstOrThrow()
    const accountId = heaviest.account_id
    const sample = await db
      .selectFrom('invoices')
      .select(['invoice', 'sales_order', 'customer_purchase_order'])
      .where('account_id', '=', accountId)
      .orderBy('id', 'desc')
      .offset(500)
      .executeTakeFirstOrThrow()
    const allTime = historyRange({ startDate: '2000-01-01' })
    const deepOffset = Math.max(0, Math.floor((heaviest.orders - 150) / 100) * 100)

    const plans: Array<[string, { explain: (format: 'text', options: ReturnType<typeof sql>) => Promise<Array<Record<string, unknown>>> }]> = [
      ['orders, first page (six months)', ordersPageQuery(db, accountId, { range: historyRange({}) }, 100, 0)],
      [`orders, deep page (all time, offset ${deepOffset})`, ordersPageQuery(db, accountId, { range: allTime }, 100, deepOffset)],
      [
        `orders, search "${sample.customer_purchase_order}"`,
        ordersPageQuery(db, accountId, { range: historyRange({ search: 'x' }), search: sample.customer_purchase_order }, 100, 0),
      ],
      [
        `invoices, search "${sample.sales_order}" (an order's invoices)`,
        invoicesPageQuery(db, accountId, { range: historyRange({ search: 'x' }), search: sample.sales_order }, 20, 0),
      ],
      ['invoices, search "restock"', invoicesPageQuery(db, accountId, { range: historyRange({ search: 'x' }), search: 'restock' }, 20, 0)],
      ['back orders, first page (six months)', backOrdersPageQuery(db, accountId, { range: historyRange({}) }, 100, 0)],
    ]
    let wholeTable = false
    console.log(`Account ${accountId}: ${heaviest.orders.toLocaleString('en-AU')} orders.\n`)
    for (const [title, query] of plans) {
      const rows = await query.explain('text', sql`analyze, buffers`)
      const lines = rows.map((r) => String(Object.values(r)[0]))
      console.log(`-- ${title}`)
      for (const line of lines) console.log(`   ${line}`)
      console.log('')
      if (lines.some((l) => /Seq Scan on (orders|order_lines|invoices|invoice_lines)\b/.test(l))) {
        wholeTable = true
        console.log(`   ^ reads a whole table`)
      }
    }
    console.log(
      wholeTable
        ? 'MISSED  a history query reads a whole table'
        : 'met     no history query reads a whole table (no sequential scan of orders, order_lines or invoices)',
    )
    if (wholeTable) process.exitCode = 2
  } finally {
    await handle.close()
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
