import { randomBytes } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import { hashPassword } from '../../modules/auth/passwords'
import type { DB } from '../schema'
import { buildAccounts, DEMO_LOGINS, insertAccounts, LARGE_SCALE_LOGINS, type DemoLogin } from './accounts'
import { countRows, syncSequences, withDeferredIndexes, type Db } from './bulk'
import { seedBranches, seedBrands, seedCategories, seedProducts, seedStock } from './catalogue'
import { addYears, localToday, parseDay } from './dates'
import { HistoryWriter } from './history'
import { seedFinancialPeriods } from './periods'
import { Rng } from './random'
import { DEMO_SYNONYMS_CSV, loadSynonyms, parseSynonymsCsv } from './synonyms'
import { BRANCHES, LARGE_SCALE_BRANCHES } from './reference'

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
export async function seedDemo(db: Kysely<DB>, options: SeedOptions): Promise<SeedSummary> {
  const started = Date.now()
  const today = options.today ?? localToday()
  parseDay(today)
  const logins = options.demoLogins ? [...DEMO_LOGINS, ...(options.scale === 'large' ? LARGE_SCALE_LOGINS : [])] : []
  // argon2 is deliberately slow: one hash per distinct password, made before any transaction opens.
  const hashes = new Map<string, string>()
  for (const login of logins) hashes.set(login.password, await hashPassword(login.password))
  const unusableHash = options.demoLogins ? await hashPassword(randomBytes(32).toString('base64url')) : ''
  const run = (target: Db) => generate(target, { ...options, today }, hashes, unusableHash)
  if (options.scale === 'demo') await db.transaction().execute(run)
  else await run(db)
  // Planner statistics now, not whenever autovacuum comes round: without them a fresh large data set is
  // planned as if each account had a dozen orders (a bitmap scan and sort of 21,000 rows for one page).
  // VACUUM also sets the visibility map, without which no index-only scan is chosen (a deep history page).
  await sql.raw(options.scale === 'large' ? 'VACUUM ANALYZE' : 'ANALYZE').execute(db)
  const counts: Record<string, number> = {}
  for (const table of SEEDED_TABLES) counts[table] = await countRows(db, table)
  return { scale: options.scale, today, counts, logins, elapsedMs: Date.now() - started }
}

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
    const catalogue = await seedProducts(db, root.fork('catalogue'), {
      count: scale.products,
      categories,
      today: new Date(`${options.today}T00:00:00Z`),
      onBatch: (done, total) => report('Products', done, total),
    })
    await seedStock(db, root.fork('stock'), catalogue.products, branches, (done, total) => report('Stock', done, total))

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
  if (options.scale === 'large') {
    await withDeferredIndexes(db, BULK_TABLES, async () => {
      await load()
      report('Indexes', 0, 1)
    })
    report('Indexes', 1, 1)
  } else {
    await load()
  }

  report('Balances', 0, 1)
  await syncSequences(db, ['categories', 'product_images', 'products', 'customer_accounts', 'users', 'orders', 'invoices'])
  await updateBalances(db)
  report('Balances', 1, 1)
}

/** Balance is what was invoiced less what was paid; the credit limit leaves headroom above it. */
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
