import { randomBytes } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import type { Config } from '../config'
import type { DB } from '../db/schema'
import { hashPassword } from '../modules/auth'
import { runImport } from '../modules/erp/import/run'
import { writeDemoApplications } from './applications'
import { insertDemoBackOffice } from './back-office'
import { writeDemoQuotes } from './quotes'
import { buildAccounts, DEMO_LOGINS, insertAccounts, LARGE_SCALE_LOGINS, type AccountSeed, type DemoLogin } from './accounts'
import { countRows, syncSequences, withDeferredIndexes, type Db } from './bulk'
import { buildProducts, buildStock, categoryRows, seedBranches, seedBrands, seedCategories, seedStock, writeProducts } from './catalogue'
import { addYears, localToday, parseDay } from './dates'
import { writeDemoExtras } from './extras'
import { writeDemoStockAlerts } from './stock-alerts'
import { writeDemoApprovals } from './approvals'
import { writeDemoStandingOrders } from './standing-orders'
import { HistoryWriter, type HistoryRecords } from './history'
import { demoExportFiles, type DemoModel } from './interchange'
import { periodRows, seedFinancialPeriods } from './periods'
import { Rng } from './random'
import { DEMO_SYNONYMS_CSV, loadSynonyms, parseSynonymsCsv } from './synonyms'
import { BRANCHES, LARGE_SCALE_BRANCHES } from './reference'
import { depsOutsideServer } from '../lib/context'

export { DEMO_LOGINS, LARGE_SCALE_LOGINS, type DemoLogin }

export type SeedScale = 'demo' | 'large'

export interface SeedOptions {
  scale: SeedScale
  /** Create the demo users with their well-known passwords; without it no users are created at all. */
  demoLogins: boolean
  onProgress?: (label: string, done: number, total: number) => void
  /** YYYY-MM-DD the history runs up to; defaults to today (local time). */
  today?: string
  /** Changes every random choice; the default gives the documented demo data. */
  seed?: number
}

export interface SeedSummary {
  scale: SeedScale
  today: string
  /** Rows per table after seeding. */
  counts: Record<string, number>
  /** The logins created (empty without demoLogins). */
  logins: DemoLogin[]
  elapsedMs: number
}

const DEFAULT_SEED = 0x5eed2026

const SCALES = {
  demo: { products: 600, batchLines: 50_000 },
  large: { products: 50_000, batchLines: 20_000 },
} as const

const SEEDED_TABLES = [
  'branches',
  'categories',
  'brands',
  'product_images',
  'products',
  'product_attachments',
  'stock',
  'customer_accounts',
  'account_branches',
  'users',
  'delivery_sites',
  'contract_prices',
  'financial_periods',
  'orders',
  'order_lines',
  'invoices',
  'invoice_lines',
  'payments',
] as const satisfies ReadonlyArray<keyof DB>

/** The tables the large data set fills in bulk: their secondary indexes and foreign keys are built after the load. */
const BULK_TABLES = [
  'products',
  'product_attachments',
  'stock',
  'users',
  'delivery_sites',
  'contract_prices',
  'orders',
  'order_lines',
  'invoices',
  'invoice_lines',
  'payments',
] as const satisfies ReadonlyArray<keyof DB>

/**
 * Loads the demo data into an empty, migrated database. The demo scale runs in one transaction
 * (a failure leaves nothing behind); the large scale commits batch by batch.
 */
/**
 * Loads the demo data into an empty, migrated database.
 *
 * The demo scale is generated as the ERP's interchange files (docs/erp-interchange.md) and loaded through the ERP
 * import itself (same checks, same writers, one transaction, recorded as an ERP run by "demo"); what the
 * interchange has no field for (the demo logins and their passwords, payments, ...) is written next
 * (demo/extras.ts). The large scale (benchmarks) keeps its bulk path: decision 0040.
 */
export async function loadDemo(db: Kysely<DB>, options: SeedOptions): Promise<SeedSummary> {
  const started = Date.now()
  const today = options.today ?? localToday()
  parseDay(today)
  const logins = options.demoLogins ? [...DEMO_LOGINS, ...(options.scale === 'large' ? LARGE_SCALE_LOGINS : [])] : []
  // argon2 is deliberately slow: one hash per distinct password, made before any transaction opens.
  const hashes = new Map<string, string>()
  for (const login of logins) hashes.set(login.password, await hashPassword(login.password))
  const unusableHash = options.demoLogins ? await hashPassword(randomBytes(32).toString('base64url')) : ''
  if (options.scale === 'demo') await loadThroughImport(db, { ...options, today }, hashes, unusableHash)
  else await generate(db, { ...options, today }, hashes, unusableHash)
  if (options.demoLogins) await writeDemoStockAlerts(db)
  if (options.demoLogins) await writeDemoApprovals(db, hashes.get('Junior2026')!)
  if (options.demoLogins) await writeDemoStandingOrders(db, today)
  if (options.demoLogins) await insertDemoBackOffice(db)
  if (options.demoLogins) await writeDemoApplications(db)
  if (options.demoLogins) await writeDemoQuotes(db)
  // Planner statistics now, not whenever autovacuum comes round: without them a fresh large data set is
  // planned as if each account had a dozen orders (a bitmap scan and sort of 21,000 rows for one page).
  // VACUUM also sets the visibility map, without which no index-only scan is chosen (a deep history page).
  await sql.raw(options.scale === 'large' ? 'VACUUM ANALYZE' : 'ANALYZE').execute(db)
  const counts: Record<string, number> = {}
  for (const table of SEEDED_TABLES) counts[table] = await countRows(db, table)
  return { scale: options.scale, today, counts, logins, elapsedMs: Date.now() - started }
}

/** The demo data set in memory: every record the interchange carries, and what it does not. Nothing is written. */
export async function generateDemo(options: Pick<SeedOptions, 'demoLogins' | 'seed'> & { today: string }): Promise<DemoModel> {
  const scale = SCALES.demo
  const root = new Rng(options.seed ?? DEFAULT_SEED)
  const today = parseDay(options.today)
  const branches = [...BRANCHES]
  const { rows: categories, byTitle } = categoryRows()
  const built = await buildProducts(root.fork('catalogue'), { count: scale.products, categories: byTitle, today: new Date(`${options.today}T00:00:00Z`) })
  const stock = buildStock(root.fork('stock'), built.catalogue.products, branches)
  const accounts = buildAccounts(root.fork('accounts'), built.catalogue, {
    scale: 'demo',
    withUsers: options.demoLogins,
    branches: branches.map((b) => b.locationId),
  })
  const writer = new HistoryWriter(null, root.fork('history'), root.fork('history-users'), built.catalogue, {
    start: addYears(today, -2),
    today,
    branches: branches.filter((b) => !b.virtual).map((b) => b.locationId),
    batchLines: Number.POSITIVE_INFINITY,
    onProgress: () => {},
  })
  await writer.run(accounts)
  const history = writer.records()
  return { today: options.today, branches, categories, built, stock, accounts, periods: periodRows(today), history, balances: balancesOf(accounts, history) }
}

/** Balance is what was invoiced less what was paid. */
function balancesOf(accounts: AccountSeed[], history: HistoryRecords): Map<number, number> {
  const balances = new Map(accounts.map((a) => [a.id, 0]))
  for (const i of history.invoices) balances.set(i.account_id as number, balances.get(i.account_id as number)! + Number(i.extended_inc_cents))
  for (const p of history.payments) balances.set(p.account_id as number, balances.get(p.account_id as number)! - Number(p.amount_cents))
  return balances
}

async function loadThroughImport(db: Kysely<DB>, options: SeedOptions & { today: string }, hashes: Map<string, string>, unusableHash: string) {
  const report = options.onProgress ?? (() => {})
  report('Demo export', 0, 1)
  const model = await generateDemo(options)
  const files = demoExportFiles(model)
  report('Demo export', 1, 1)
  // The import reads the settings only to invite the users of users.csv; the demo invites none (demo/extras.ts makes their logins).
  const result = await runImport(depsOutsideServer(db, {} as Config), files, {
    mode: 'delta',
    dryRun: false,
    invite: 'none',
    who: 'demo',
    progress: (e) => report(e.phase === 'checked' ? 'Import: check' : 'Import: write', e.index + 1, e.total),
  })
  if (!result.ok) {
    const first = result.problems.slice(0, 5).map((p) => `${p.file}:${p.line} ${p.field} ${JSON.stringify(p.value)}: ${p.message}`)
    throw new Error(`The demo export did not import (${result.problems.length} problems):\n${first.join('\n')}`)
  }
  report('Demo extras', 0, 1)
  await db
    .transaction()
    .execute((trx) =>
      writeDemoExtras(
        trx,
        { branches: model.branches, categories: model.categories, built: model.built, accounts: model.accounts, history: model.history },
        hashes,
        unusableHash,
      ),
    )
  report('Demo extras', 1, 1)
}

/** The large data set (benchmarks): generated and written in bulk, batch by batch, with indexes built at the end. */
async function generate(db: Db, options: SeedOptions & { today: string }, hashes: Map<string, string>, unusableHash: string): Promise<void> {
  const report = options.onProgress ?? (() => {})
  const scale = SCALES[options.scale]
  const root = new Rng(options.seed ?? DEFAULT_SEED)
  const today = parseDay(options.today)
  const branches = options.scale === 'large' ? [...BRANCHES, ...LARGE_SCALE_BRANCHES] : [...BRANCHES]
  const realBranches = branches.filter((b) => !b.virtual).map((b) => b.locationId)

  report('Reference data', 0, 1)
  await seedBranches(db, branches)
  const categories = await seedCategories(db)
  await seedBrands(db)
  await seedFinancialPeriods(db, today)
  await loadSynonyms(db, parseSynonymsCsv(DEMO_SYNONYMS_CSV))
  report('Reference data', 1, 1)

  const load = async () => {
    const built = await buildProducts(root.fork('catalogue'), { count: scale.products, categories, today: new Date(`${options.today}T00:00:00Z`) })
    await writeProducts(db, built, (done, total) => report('Products', done, total))
    const catalogue = built.catalogue
    await seedStock(db, buildStock(root.fork('stock'), catalogue.products, branches), (done, total) => report('Stock', done, total))

    report('Accounts', 0, 1)
    const accounts = buildAccounts(root.fork('accounts'), catalogue, {
      scale: options.scale,
      withUsers: options.demoLogins,
      branches: branches.map((b) => b.locationId),
    })
    await insertAccounts(db, accounts, hashes, unusableHash)
    report('Accounts', 1, 1)

    const history = new HistoryWriter(db, root.fork('history'), root.fork('history-users'), catalogue, {
      start: addYears(today, -2),
      today,
      branches: realBranches,
      batchLines: scale.batchLines,
      onProgress: (done, total) => report('Order history', done, total),
    })
    await history.run(accounts)
  }
  await withDeferredIndexes(db, BULK_TABLES, async () => {
    await load()
    report('Indexes', 0, 1)
  })
  report('Indexes', 1, 1)

  report('Balances', 0, 1)
  await syncSequences(db, ['categories', 'product_images', 'products', 'customer_accounts', 'users', 'orders', 'invoices'])
  await updateBalances(db)
  report('Balances', 1, 1)
}

/** Balance is what was invoiced less what was paid; the credit limit leaves headroom above it (as creditLimitCents). */
async function updateBalances(db: Db): Promise<void> {
  await sql`
    UPDATE customer_accounts a
    SET balance_cents = coalesce(i.total, 0) - coalesce(p.total, 0)
    FROM customer_accounts x
    LEFT JOIN (SELECT account_id, sum(extended_inc_cents) AS total FROM invoices GROUP BY account_id) i ON i.account_id = x.id
    LEFT JOIN (SELECT account_id, sum(amount_cents) AS total FROM payments GROUP BY account_id) p ON p.account_id = x.id
    WHERE a.id = x.id
  `.execute(db)
  await sql`
    UPDATE customer_accounts
    SET credit_limit_cents = CASE
      WHEN sales_category = 'CAS' THEN 0
      ELSE greatest(500000, ceil(greatest(balance_cents, 0) * 2.5 / 500000.0)::bigint * 500000)
    END
  `.execute(db)
}
