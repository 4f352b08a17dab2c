// The query plans of the history lists, as the server builds them (the modules' own query builders),
// for the account with the most orders: EXPLAIN (ANALYZE, BUFFERS) of each, and whether any of them
// reads a whole table. A statement the server prepares by name may run on a generic plan after five runs
// (decision 0098): its generic plan is timed too, and one far slower than the plan with the values is a miss.
// Run by scripts/bench-history.mjs:  node --import tsx scripts/history-plans.ts
import { sql, type Compilable } from 'kysely'
import pg from 'pg'
import { isPlannedWithItsValues, openDatabase } from '../apps/server/src/db/database'
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

    type Explainable = Compilable & { explain: (format: 'text', options: ReturnType<typeof sql>) => Promise<Array<Record<string, unknown>>> }
    const plans: Array<[string, Explainable]> = [
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
    const genericSlow: string[] = []
    // One session for every generic plan: plan_cache_mode is set once, each statement prepared and let go in turn.
    const probe = new pg.Client({ connectionString: url.toString() })
    await probe.connect()
    await probe.query('SET plan_cache_mode = force_generic_plan')
    console.log(`Account ${accountId}: ${heaviest.orders.toLocaleString('en-AU')} orders.\n`)
    for (const [title, query] of plans) {
      const rows = await query.explain('text', sql`analyze, buffers`)
      const lines = rows.map((r) => String(Object.values(r)[0]))
      console.log(`-- ${title}`)
      for (const line of lines) console.log(`   ${line}`)
      const compiled = query.compile()
      if (isPlannedWithItsValues(compiled.sql)) console.log('   (planned with its values on every run: never on a generic plan)')
      else {
        const withValues = executionMs(lines)
        const generic = await genericPlanMs(probe, compiled.sql, compiled.parameters)
        console.log(`   Generic plan (what a named statement may run on after five runs): ${generic.toFixed(3)} ms`)
        if (generic > 5 && generic > 5 * withValues) {
          genericSlow.push(title)
          console.log('   ^ its generic plan is far slower: end the statement with plannedWithItsValues (decision 0098)')
        }
      }
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
    console.log(
      genericSlow.length > 0
        ? `MISSED  a named history statement is far slower on its generic plan: ${genericSlow.join('; ')}`
        : 'met     no named history statement is far slower on its generic plan than with its values',
    )
    await probe.end()
    if (wholeTable || genericSlow.length > 0) process.exitCode = 2
  } finally {
    await handle.close()
  }
}

/** The execution time EXPLAIN ANALYZE reports, in ms. */
function executionMs(lines: string[]): number {
  const line = lines.find((l) => l.startsWith('Execution Time:'))
  return line ? Number(/([\d.]+) ms/.exec(line)?.[1]) : Number.NaN
}

/**
 * How long the statement takes on the plan PostgreSQL makes without its values: prepared by name, as the server
 * prepares it, and run on `probe`, a session under plan_cache_mode = force_generic_plan.
 */
async function genericPlanMs(probe: pg.Client, text: string, values: readonly unknown[]): Promise<number> {
  await probe.query(`PREPARE history_probe AS ${text}`)
  try {
    const literals = values.map((v) => (typeof v === 'number' ? String(v) : probe.escapeLiteral(String(v))))
    const rows = await probe.query<Record<string, string>>(`EXPLAIN (ANALYZE) EXECUTE history_probe(${literals.join(', ')})`)
    return executionMs(rows.rows.map((r) => String(Object.values(r)[0])))
  } finally {
    await probe.query('DEALLOCATE history_probe')
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
