// The importer's part of npm run bench:erp: the large data set's catalogue written out as ERP interchange files
// (docs/erp-interchange.md), imported by npm run erp:import into an empty PostgreSQL database (full), then again
// (no change); and sent to the running portal that customers are reading (benchLiveImport): a full import that
// changes every product, the same files again, a one-product delta, and the catalogue as it was.
// Run alone (the empty-database part): node scripts/bench-erp-import.mjs [--source postgres://.../bench_erp]
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import pg from 'pg'
import { setTimeout as sleep } from 'node:timers/promises'
import { buildIfStaleOrExit } from './lib/build.mjs'
import { call } from './lib/http.mjs'
import { root } from './lib/paths.mjs'
import { printable, withUser } from './lib/postgres.mjs'

const money = (cents) => (cents === null || cents === undefined ? '' : (Number(cents) / 100).toFixed(2))
const cell = (v) => {
  const s = v === null || v === undefined ? '' : String(v)
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s
}

/**
 * The catalogue, stock, accounts and contract prices of `source` as interchange files in `folder`; their row counts.
 * `description` may change what products.csv says of a product.
 */
async function writeExport(source, folder, { description = (r) => r.description } = {}) {
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
        description(r),
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
  buildIfStaleOrExit()
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
    // The database is new and empty: the command makes the portal's there only when told to (--create).
    const full = await during(() => erpImport(folder, target.toString(), ['--full', '--create']))
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

// ---- Into the running portal ------------------------------------------------------------------------------------

const { fetch, FormData, Blob, Request } = globalThis
const filesOf = (folder) => readdirSync(folder).map((name) => [name, readFileSync(join(folder, name))])

/**
 * The files sent to the running portal's POST /api/erp/import, as erp:import sends them there; timed to its answer.
 * Sent with node:http rather than fetch, whose wait for an answer's headers ends at 5 minutes.
 */
async function sendImport(base, key, files, mode) {
  const form = new FormData()
  for (const [name, data] of files) form.append(name, new Blob([data]), name)
  // The multipart body and its boundary, as fetch would send them.
  const encoded = new Request('http://portal.invalid/', { method: 'POST', body: form })
  const body = Buffer.from(await encoded.arrayBuffer())
  const started = performance.now()
  const { status, text } = await new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}/api/erp/import?mode=${mode}&dryRun=false&invite=none`,
      { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': encoded.headers.get('content-type'), 'content-length': body.length } },
      (res) => {
        const chunks = []
        res.on('data', (c) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(body)
  })
  const ms = performance.now() - started
  if (status !== 200) throw new Error(`POST /api/erp/import answered ${status}: ${text.slice(0, 1000)}`)
  return { seconds: Math.round(ms / 100) / 10, totals: JSON.parse(text).totals, answeredAt: performance.now() }
}

/** The server's longest event-loop delay (ms) since the last scrape of GET /metrics (which starts a new window). */
async function eventLoopMaxMs(base, metricsToken) {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
  const found = /^nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(await res.text())
  return found ? Math.round(Number(found[1]) * 10_000) / 10 : null
}

/** Milliseconds from `since` until the catalogue's search finds product `id` by `word` (asked every 20 ms, 120 s at most). */
async function untilSearchFinds(base, token, word, id, since) {
  for (;;) {
    const res = await call(base, 'POST', 'search?warehouse=WAG&page=1&size=20', { token, body: { search: word } })
    if (res.status === 200 && Array.isArray(res.body) && res.body.some((p) => p.ProductID === id)) return Math.round(performance.now() - since)
    if (performance.now() - since > 120_000) throw new Error(`search did not find product ${id} by "${word}" within 120 s`)
    await sleep(20)
  }
}

/**
 * Imports into the very portal at `base` while its customers read it (`during` measures them around each step):
 *  1. a full import of the catalogue as it is (whatever the seed holds that the files do not say is aligned);
 *  2. a full import that changes every product's description (one product gets a word of its own): the time to the
 *     answer, and from the answer until search finds that product by the word;
 *  3. the same files again (no change);
 *  4. a delta of one product with a new word: from the answer until search finds it;
 *  5. the catalogue as it was (every product changed back).
 * Each step reports its seconds, its counts, and the server's longest event-loop delay meanwhile.
 */
export async function benchLiveImport({ source, base, key, token, metricsToken, during = async (fn) => ({ result: await fn() }) }) {
  const tag = randomBytes(4).toString('hex')
  const asIs = mkdtempSync(join(tmpdir(), 'bench-erp-live-'))
  const changed = mkdtempSync(join(tmpdir(), 'bench-erp-live-'))
  const one = mkdtempSync(join(tmpdir(), 'bench-erp-live-'))
  try {
    const db = new pg.Client({ connectionString: withUser(source).toString() })
    await db.connect()
    const probe = (await db.query(`SELECT id, product_code FROM products WHERE active ORDER BY id LIMIT 1 OFFSET 1000`)).rows[0]
    await db.end()
    const rows = await writeExport(source, asIs)
    await writeExport(source, changed, {
      description: (r) => `${r.description} mk${tag}${r.id === probe.id ? ` probe${tag}` : ''}`,
    })
    // The one-product delta: products.csv with the probe's row alone, its description with another word.
    const header = readFileSync(join(asIs, 'products.csv'), 'utf8').split('\n')[0]
    const line = readFileSync(join(changed, 'products.csv'), 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${probe.product_code},`))
    writeFileSync(join(one, 'products.csv'), `${header}\n${line.replace(`probe${tag}`, `single${tag}`)}\n`)

    const step = async (files, mode, searchFor) => {
      await eventLoopMaxMs(base, metricsToken)
      const { result, catalogue } = await during(async () => {
        const sent = await sendImport(base, key, files, mode)
        const toSearchMs = searchFor ? await untilSearchFinds(base, token, searchFor, probe.id, sent.answeredAt) : undefined
        return { ...sent, toSearchMs }
      })
      const { answeredAt: _, ...figures } = result
      return { ...figures, eventLoopMaxMs: await eventLoopMaxMs(base, metricsToken), catalogue }
    }
    const aligned = await step(filesOf(asIs), 'full')
    console.log(`Into the running portal: the catalogue as it is, ${aligned.seconds} s (${JSON.stringify(aligned.totals)})`)
    const full = await step(filesOf(changed), 'full', `probe${tag}`)
    console.log(`Into the running portal: every product changed, ${full.seconds} s (${full.totals.changed} changed); in search ${full.toSearchMs} ms after`)
    const noChange = await step(filesOf(changed), 'full')
    console.log(`Into the running portal: the same files again, ${noChange.seconds} s (${noChange.totals.changed} changed)`)
    const single = await step(filesOf(one), 'delta', `single${tag}`)
    console.log(`Into the running portal: one product, ${single.seconds} s; in search ${single.toSearchMs} ms after`)
    const restored = await step(filesOf(asIs), 'full')
    console.log(`Into the running portal: the catalogue as it was, ${restored.seconds} s (${restored.totals.changed} changed)`)
    return { rows, aligned, full, noChange, single, restored }
  } finally {
    for (const folder of [asIs, changed, one]) rmSync(folder, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const i = process.argv.indexOf('--source')
  const source = i > 0 ? process.argv[i + 1] : process.env.BENCH_ERP_DATABASE_URL || 'postgres://127.0.0.1:5432/bench_erp'
  const figures = await benchImport({ source })
  console.log(JSON.stringify(figures, null, 2))
}
