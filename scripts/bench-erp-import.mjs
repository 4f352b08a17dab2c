// The importer's part of npm run bench:erp: the large data set's catalogue written out as ERP interchange files
// (docs/erp-interchange.md), imported by npm run erp:import into an empty PostgreSQL database (full), then again
// (no change). Run alone: node scripts/bench-erp-import.mjs [--source postgres://.../bench_erp]
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import pg from 'pg'
import { buildIfStale, printable, root, withUser } from './bench-lib.mjs'

const money = (cents) => (cents === null || cents === undefined ? '' : (Number(cents) / 100).toFixed(2))
const cell = (v) => {
  const s = v === null || v === undefined ? '' : String(v)
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s
}

/** The catalogue, stock, accounts and contract prices of `source` as interchange files in `folder`; their row counts. */
async function writeExport(source, folder) {
  const db = new pg.Client({ connectionString: withUser(source).toString() })
  await db.connect()
  const counts = {}
  const file = async (name, header, query, row) => {
    const { rows } = await db.query(query)
    writeFileSync(join(folder, name), [header.join(','), ...rows.map((r) => row(r).map(cell).join(','))].join('\n') + '\n')
    counts[name] = rows.length
  }
  try {
    await file('branches.csv', ['LocationID', 'NAME', 'Active'], 'SELECT location_id, name, trading FROM branches ORDER BY location_id', (r) => [
      r.location_id,
      r.name,
      r.trading,
    ])
    await file(
      'categories.csv',
      ['Category', 'Title', 'Parent', 'Order', 'IconName'],
      'SELECT c.name, c.title, p.name AS parent, c.display_order, c.icon_name FROM categories c LEFT JOIN categories p ON p.id = c.parent_id ORDER BY c.id',
      (r) => [r.name, r.title, r.parent, r.display_order, r.icon_name],
    )
    await file('brands.csv', ['BrandCode', 'Description'], 'SELECT brand_code, description FROM brands ORDER BY brand_code', (r) => [
      r.brand_code,
      r.description,
    ])
    await file(
      'products.csv',
      [
        'ProductCode',
        'Description',
        'Category',
        'brandcode',
        'Price',
        'RetailPrice',
        'CartonPrice',
        'CartonQty',
        'PalletPrice',
        'PalletQty',
        'Weight',
        'Barcode',
        'FullDescription1',
        'FullDescription2',
        'FullDescription3',
        'UserDefinedField4',
        'Special',
        'Active',
      ],
      `SELECT p.*, c.name AS category FROM products p JOIN categories c ON c.id = p.category_id ORDER BY p.id`,
      (r) => [
        r.product_code,
        r.description,
        r.category,
        r.brand_code,
        money(r.unit_price_cents),
        money(r.rrp_cents),
        money(r.carton_price_cents),
        r.carton_qty,
        money(r.pallet_price_cents),
        r.pallet_qty,
        r.weight_kg,
        r.barcode,
        r.full_description1,
        r.full_description2,
        r.full_description3,
        r.info_text,
        r.is_special,
        r.active,
      ],
    )
    await file(
      'stock.csv',
      ['ProductCode', 'LocationID', 'QtyAvailable'],
      'SELECT p.product_code, s.location_id, s.qty_available FROM stock s JOIN products p ON p.id = s.product_id ORDER BY s.product_id, s.location_id',
      (r) => [r.product_code, r.location_id, r.qty_available],
    )
    await file(
      'accounts.csv',
      ['AccountCode', 'Name', 'SalesCategory', 'isElders', 'TermsDays', 'CreditLimit', 'Balance', 'DiscountPercent', 'DefaultWareHouse', 'Branches'],
      `SELECT a.*, (SELECT string_agg(location_id, ';' ORDER BY location_id) FROM account_branches b WHERE b.account_id = a.id) AS branch_group FROM customer_accounts a ORDER BY a.id`,
      (r) => [
        r.code,
        r.name,
        r.sales_category,
        r.is_elders,
        r.terms_days,
        money(r.credit_limit_cents),
        money(r.balance_cents),
        r.price_discount_bp / 100,
        r.default_branch,
        r.branch_group,
      ],
    )
    await file(
      'contract_prices.csv',
      ['AccountCode', 'ProductCode', 'Price'],
      'SELECT a.code, p.product_code, cp.price_cents FROM contract_prices cp JOIN customer_accounts a ON a.id = cp.account_id JOIN products p ON p.id = cp.product_id',
      (r) => [r.code, r.product_code, money(r.price_cents)],
    )
  } finally {
    await db.end()
  }
  return counts
}

function erpImport(folder, databaseUrl, args = []) {
  return new Promise((resolve) => {
    const started = performance.now()
    execFile(
      process.execPath,
      [`${root}apps/server/dist/erp-import.js`, folder, ...args],
      { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? (error.code ?? 1) : 0, ms: Math.round(performance.now() - started), stdout, stderr }),
    )
  })
}

const totalsOf = (stdout) => {
  const t = { added: 0, changed: 0, withdrawn: 0, failed: 0 }
  for (const m of stdout.matchAll(/^(\S+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)$/gm)) {
    t.added += Number(m[2])
    t.changed += Number(m[3])
    t.withdrawn += Number(m[4])
    t.failed += Number(m[5])
  }
  return t
}

/**
 * Full import into an empty database (target under 60 s), then the same files again (under 30 s, 0 changed).
 * `during` is called around each run (the catalogue's load, measured by the caller).
 */
export async function benchImport({ source, during = async (fn) => ({ result: await fn() }) }) {
  buildIfStale()
  const target = new URL(withUser(source).toString())
  const name = `bench_erp_import_${process.pid}`
  const admin = new pg.Client({ connectionString: withUser(source).toString() })
  await admin.connect()
  const folder = mkdtempSync(join(tmpdir(), 'bench-erp-import-'))
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`)
    await admin.query(`CREATE DATABASE ${name}`)
    target.pathname = `/${name}`
    const exported = await writeExport(source, folder)
    console.log(
      `Import: wrote ${Object.entries(exported)
        .map(([f, n]) => `${f} ${n}`)
        .join(', ')}; importing into an empty database ${printable(target.toString())}`,
    )
    const full = await during(() => erpImport(folder, target.toString(), ['--full']))
    if (full.result.code !== 0) throw new Error(`the full import failed (${full.result.code}): ${full.result.stderr.slice(0, 2000)}`)
    const again = await during(() => erpImport(folder, target.toString(), ['--full']))
    if (again.result.code !== 0) throw new Error(`the re-import failed (${again.result.code}): ${again.result.stderr.slice(0, 2000)}`)
    const figures = {
      measured: true,
      rows: exported,
      full: { seconds: full.result.ms / 1000, totals: totalsOf(full.result.stdout), targetMet: full.result.ms < 60_000, catalogue: full.catalogue },
      noChange: { seconds: again.result.ms / 1000, totals: totalsOf(again.result.stdout), targetMet: again.result.ms < 30_000, catalogue: again.catalogue },
    }
    figures.note =
      `full import ${figures.full.seconds} s (target 60 s: ${figures.full.targetMet ? 'met' : 'NOT met'}), ` +
      `no-change re-import ${figures.noChange.seconds} s (target 30 s: ${figures.noChange.targetMet ? 'met' : 'NOT met'}; ${figures.noChange.totals.changed} changed, ${figures.noChange.totals.added} added), ` +
      'each as npm run erp:import end to end (start, migrations, read, check, write)'
    return figures
  } finally {
    rmSync(folder, { recursive: true, force: true })
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {})
    await admin.end()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const i = process.argv.indexOf('--source')
  const source = i > 0 ? process.argv[i + 1] : process.env.BENCH_ERP_DATABASE_URL || 'postgres://127.0.0.1:5432/bench_erp'
  const figures = await benchImport({ source })
  console.log(JSON.stringify(figures, null, 2))
}
