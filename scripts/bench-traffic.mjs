// npm run bench:traffic: the portal under traffic that looks like a distributor's Monday morning, on
// PostgreSQL with the large data set: 1,000 signed-in users of 500 accounts (every sales category in the
// data set's proportions, every branch, each account with its own discount and contract prices) asking for
// Zipf-distributed pages (a few popular categories, brands and products, a long tail) and over 200 search
// queries (words, typos, codes, barcodes), adding to and changing their carts, checking out on account (about
// 1 request in 30) and reading their order history, while stock changes arrive like the ERP's delta (a few
// hundred rows every 10 s) and the orders move stock too.
//
//   npm run bench:traffic [-- --seconds 60 --warmup 10 --connections 50 --users 1000 --accounts 500 --port 3295
//                             --seed --cold --stock-via sql|erp --price-rows 0 --price-every 30 --json results.json]
//
// Each of the --connections workers sends one request at a time (keep-alive, scripts/lib/load-client.mjs), for a user of its
// own drawn from its share of the users. After --warmup seconds the figures start; after --seconds they stop.
// Then the server's do-nothing GET /api/hello is measured at the same connections (autocannon), the baseline.
// Printed per kind: requests/s, p50, p99, max, errors (anything but the expected status, or no answer; a cash
// customer's cart change refused for want of stock is counted apart, as the stock rule's answer); the
// server's RSS (/proc/<pid>/status, every second: peak and last); the CPU time a request of the server, of the
// PostgreSQL backends of the database and of this script (the load generator) over the measured run; the load
// average before and after.
//
// Stock changes (--stock-via):
//   sql (default): one UPDATE of --stock-rows rows of `stock` every
//       --stock-every seconds, straight in PostgreSQL: its triggers send the same change notifications
//       (docs/decisions/0015, 0032) whoever writes, so the portal sees what it would see from the ERP.
//   erp: the same rows as POST /api/erp/stock [{ProductCode, LocationID, QtyAvailable}] (docs/erp-interchange.md)
//       with `Authorization: Bearer $BENCH_ERP_API_KEY`; the server is started with ERP_API_KEY set to it.
//
// Price changes (--price-rows, off by default): one UPDATE of that many products' list prices every --price-every
// seconds, straight in PostgreSQL, as an ERP's products.csv delta of changed prices writes them (decision 0064).
//
// BENCH_TRAFFIC_DATABASE_URL (default postgres://127.0.0.1:5432/bench_traffic) names the database: its own,
// since the run writes (users of its own, carts, orders, stock). It must hold the large data set; --seed
// loads it (a few minutes). The users (traffic-0 ... traffic-999) are created once and kept.
// A script, not a test: the figures depend on the machine. Its targets (catalogue reads p99 under 50 ms, checkout p99
// under 150 ms, zero errors, 3,000 requests/s, RSS under 300 MB) are checked and shown.
import { performance } from 'node:perf_hooks'
import { clearInterval, setInterval } from 'node:timers'
import { setTimeout as delay } from 'node:timers/promises'
import { loadavg } from 'node:os'
import {
  benchArgs,
  buildIfStale,
  cpuMs,
  ensureLargeData,
  machine,
  measureHello,
  printable,
  rssMiB,
  signInAll,
  startBenchServer,
  vacuumWritten,
  withClient,
  writeJson,
} from './bench-lib.mjs'
import { Tally, fmt } from './lib/figures.mjs'
import { newKey } from './lib/http.mjs'
import { loadClient } from './lib/load-client.mjs'
import { createUsers, orderForm } from './lib/users.mjs'

const { fetch } = globalThis
const databaseUrl = process.env.BENCH_TRAFFIC_DATABASE_URL || 'postgres://127.0.0.1:5432/bench_traffic'

/** Kinds of request, the share of requests each gets (out of 1,000) and the status each must answer. */
const MIX = [
  ['category', 230, 200],
  ['brand', 80, 200],
  ['specials', 30, 200],
  ['product', 200, 200],
  ['search', 110, 200],
  ['suggest', 50, 200],
  ['cart summary', 60, 200],
  ['cart items', 50, 200],
  ['cart add', 75, 200],
  ['cart update', 25, 200],
  ['checkout', 33, 201],
  ['order history', 57, 200],
]
const EXPECTED = Object.fromEntries(MIX.map(([kind, , status]) => [kind, status]))
const CATALOGUE_READS = ['category', 'brand', 'specials', 'search', 'product']

/** A small deterministic random number generator (mulberry32), so that every run asks for the same things. */
function rng(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Draws ranks 0..n-1 with probability proportional to 1/(rank+1)^s: a few popular, a long tail. */
function zipf(n, s, random) {
  const cumulative = new Float64Array(n)
  let total = 0
  for (let i = 0; i < n; i++) cumulative[i] = total += 1 / Math.pow(i + 1, s)
  return () => {
    const x = random() * total
    let lo = 0
    let hi = n - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (cumulative[mid] < x) lo = mid + 1
      else hi = mid
    }
    return lo
  }
}

function shuffled(list, random) {
  const out = [...list]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}

const WORDS = [
  'drench',
  'ivomec',
  'vaccine',
  'pour on',
  'electric fence',
  'dog food',
  'glyphosate',
  'ear tags',
  'fencing wire',
  'insulator',
  'hay',
  'chook feed',
  'horse feed',
  'calf milk',
  'lick block',
  'fly spray',
  'lice',
  'worm',
  'cattle',
  'sheep',
  'bolts',
  'screws',
  'star picket',
  'gate',
  'hinge',
  'chain',
  'rope',
  'bucket',
  'trough',
  'hose',
  'tap',
  'pump',
  'poly pipe',
  'fitting',
  'spray',
  'herbicide',
  'insecticide',
  'rat bait',
  'snail',
  'seed',
  'pasture',
  'lucerne',
  'oats',
  'fertiliser',
  'gloves',
  'boots',
  'syringe',
  'needle',
  'marking',
  'raddle',
  'coopers',
  'bayer',
  'elanco',
  'zoetis',
  'gallagher',
  'pakton',
  'ridley',
  'working dog',
  'puppy',
  'cat litter',
  '20l',
  '5l',
  '1 litre',
  '25kg',
  'energizer',
  'backliner',
  'wormer',
  'mineral',
  'salt',
  'molasses',
]

/** Over 200 queries: words and phrases as typed, typos of them, codes (whole, lower case, a prefix) and barcodes. */
function searchQueries(products, random) {
  const typo = (word) => {
    if (word.length < 5) return word + word.at(-1)
    const i = 1 + Math.floor(random() * (word.length - 2))
    const kind = Math.floor(random() * 3)
    if (kind === 0) return word.slice(0, i) + word.slice(i + 1) // a letter left out
    if (kind === 1) return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2) // two swapped
    return word.slice(0, i) + word[i] + word.slice(i) // a letter twice
  }
  const queries = [...WORDS]
  for (const w of WORDS.slice(0, 60))
    queries.push(
      w
        .split(' ')
        .map((part, i) => (i === 0 ? typo(part) : part))
        .join(' '),
    )
  const sample = shuffled(products, random).slice(0, 60)
  for (const [i, p] of sample.entries()) {
    if (i % 3 === 0) queries.push(p.product_code)
    else if (i % 3 === 1) queries.push(p.product_code.toLowerCase())
    else queries.push(p.product_code.slice(0, Math.max(3, p.product_code.length - 3)))
  }
  for (const p of sample.slice(0, 15)) if (p.barcode) queries.push(p.barcode)
  for (const p of sample.slice(15, 45)) queries.push(p.description.split(/\s+/).slice(0, 2).join(' ').toLowerCase())
  return [...new Set(queries.filter(Boolean))]
}

/** 500 accounts in the data set's proportions of sales category and branch, and two users of each. */
async function prepareUsers({ userCount, accountCount }) {
  return withClient(databaseUrl, async (db) => {
    const existing = (
      await db.query(
        `SELECT u.username, u.account_id, a.default_branch, upper(trim(a.sales_category)) AS category, a.is_elders
           FROM users u JOIN customer_accounts a ON a.id = u.account_id WHERE u.username LIKE 'traffic-%' ORDER BY u.id`,
      )
    ).rows
    if (existing.length === userCount) {
      return existing.map((r) => ({ username: r.username, password: 'Trade2026', branch: r.default_branch, category: r.category, isElders: r.is_elders }))
    }
    await db.query(`DELETE FROM users WHERE username LIKE 'traffic-%'`)
    // Every k-th account in (category, branch, id) order: a stratified sample of the data set.
    const all = (await db.query(`SELECT id, default_branch, upper(trim(sales_category)) AS category, is_elders FROM customer_accounts ORDER BY 3, 2, 1`)).rows
    const step = all.length / accountCount
    const accounts = Array.from({ length: accountCount }, (_, i) => all[Math.floor(i * step)])
    const users = await createUsers(db, { prefix: 'traffic', accounts, count: userCount, name: 'Traffic user', domain: 'traffic.example' })
    return users.map((u) => ({ username: u.username, password: u.password, branch: u.branch, category: u.account.category, isElders: u.account.is_elders }))
  })
}

/** What the users ask for: categories and brands (all, and those a reseller may see), products, queries. */
async function catalogueOf(random) {
  return withClient(databaseUrl, async (db) => {
    const categories = (
      await db.query(
        `SELECT c.name, c.hidden_for_elders OR coalesce(p.hidden_for_elders, false) AS hidden FROM categories c LEFT JOIN categories p ON p.id = c.parent_id ORDER BY c.id`,
      )
    ).rows
    const brands = (await db.query(`SELECT brand_code, hidden_for_elders AS hidden FROM brands ORDER BY brand_code`)).rows
    const products = (
      await db.query(
        `SELECT p.id, p.product_code, p.description, p.barcode,
                b.hidden_for_elders OR c.hidden_for_elders OR coalesce(k.hidden_for_elders, false) AS hidden
           FROM products p JOIN brands b ON b.brand_code = p.brand_code JOIN categories c ON c.id = p.category_id
           LEFT JOIN categories k ON k.id = c.parent_id
          WHERE p.active ORDER BY p.popularity DESC, p.id`,
      )
    ).rows
    const branches = (await db.query(`SELECT location_id FROM branches WHERE trading ORDER BY location_id`)).rows.map((r) => r.location_id)
    // Popularity decides the order of the long tail, shuffled a little so that the top is not one category's.
    const byPopularity = products.map((p) => p.id)
    const order = (list) => shuffled(list, random)
    return {
      branches,
      categories: { all: order(categories.map((c) => c.name)), elders: order(categories.filter((c) => !c.hidden).map((c) => c.name)) },
      brands: { all: order(brands.map((b) => b.brand_code)), elders: order(brands.filter((b) => !b.hidden).map((b) => b.brand_code)) },
      products: { all: byPopularity, elders: products.filter((p) => !p.hidden).map((p) => p.id) },
      codes: new Map(products.map((p) => [p.id, p.product_code])),
      queries: searchQueries(products, random),
    }
  })
}

class Traffic {
  constructor({ client, users, catalogue, random }) {
    this.client = client
    this.users = users
    this.catalogue = catalogue
    this.random = random
    this.stopped = false
    this.ordersPlaced = 0
    this.unexpected = []
    this.pick = {
      category: { all: zipf(catalogue.categories.all.length, 1.1, random), elders: zipf(catalogue.categories.elders.length, 1.1, random) },
      brand: { all: zipf(catalogue.brands.all.length, 1.1, random), elders: zipf(catalogue.brands.elders.length, 1.1, random) },
      product: { all: zipf(catalogue.products.all.length, 1.05, random), elders: zipf(catalogue.products.elders.length, 1.05, random) },
      query: zipf(catalogue.queries.length, 0.9, random),
      page: zipf(5, 1.6, random),
    }
    const cumulative = []
    let total = 0
    for (const [kind, share] of MIX) cumulative.push([kind, (total += share)])
    this.kinds = cumulative
    this.kindTotal = total
    this.reset()
  }
  reset() {
    this.tallies = Object.fromEntries(MIX.map(([kind]) => [kind, new Tally()]))
    /** Cash customers' cart changes refused because the branch has run out: the stock rule's right answer, not an error. */
    this.refused = 0
    this.since = performance.now()
  }
  kind() {
    const x = this.random() * this.kindTotal
    return this.kinds.find(([, upTo]) => x < upTo)[0]
  }
  async call(kind, method, path, user, options = {}) {
    let res
    try {
      res = await this.client.request(method, path, { token: user.token, ...options })
    } catch (error) {
      this.tallies[kind].fail(error.code)
      if (this.unexpected.length < 20) this.unexpected.push(`${kind}: ${method} ${path}: no answer (${error.code})`)
      return null
    }
    if (refusedForStock(kind, user, res)) {
      this.refused++
      return null
    }
    this.tallies[kind].add(res.status, res.ms)
    if (res.status !== EXPECTED[kind]) {
      if (this.unexpected.length < 20)
        this.unexpected.push(`${kind}: ${method} ${path} as ${user.username}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`)
      return null
    }
    return res
  }
  /**
   * Notes a page's well-stocked products for the user's later product pages and adds. Parsing a 32 KB page
   * costs the load generator as much as the server spends serving it, so once the user has 40 it reads one page in 4.
   */
  remember(user, res) {
    if (!res || (user.seen.length >= 40 && this.random() >= 0.25)) return
    const products = res.body
    if (!Array.isArray(products)) return
    // A cash-sale account may only take what is in stock (its cart line adds up): it picks well-stocked products.
    const enough = user.isCash ? 50 : 1
    for (const p of products) if (p.Availability?.Available >= enough) user.seen.push(p.ProductID)
    if (user.seen.length > 40) user.seen.splice(0, user.seen.length - 40)
  }
  from(list, picker, user) {
    const which = user.isElders ? 'elders' : 'all'
    return list[which][picker[which]()]
  }
  async step(user) {
    const { catalogue } = this
    const branch = user.branch
    const page = 1 + this.pick.page()
    let kind = this.kind()
    // What a session cannot do yet becomes what it would do first.
    if (kind === 'checkout' && !user.onTerms) kind = 'cart items'
    if (kind === 'checkout' && user.cartCount === 0) kind = 'cart add'
    if (kind === 'cart update' && user.lines.length === 0) kind = 'cart items'
    if (kind === 'cart add' && user.seen.length === 0) kind = 'category'
    switch (kind) {
      case 'category': {
        const name = this.from(catalogue.categories, this.pick.category, user)
        return this.remember(user, await this.call(kind, 'GET', `/api/categories/${name}/products?warehouse=${branch}&page=${page}&size=40`, user))
      }
      case 'brand': {
        const code = this.from(catalogue.brands, this.pick.brand, user)
        return this.remember(
          user,
          await this.call(kind, 'GET', `/api/brands/${encodeURIComponent(code)}/products?warehouse=${branch}&page=${page}&size=40`, user),
        )
      }
      case 'specials':
        return this.remember(user, await this.call(kind, 'GET', `/api/specials?warehouse=${branch}&page=${Math.min(page, 2)}&size=20`, user))
      case 'product': {
        const id =
          user.seen.length > 0 && this.random() < 0.4
            ? user.seen[Math.floor(this.random() * user.seen.length)]
            : this.from(catalogue.products, this.pick.product, user)
        return this.call(kind, 'GET', `/api/product/${id}?warehouse=${branch}`, user)
      }
      case 'search': {
        const search = catalogue.queries[this.pick.query()]
        return this.remember(
          user,
          await this.call(kind, 'POST', `/api/search?warehouse=${branch}&page=${page <= 2 ? page : 1}&size=20`, user, { body: { search } }),
        )
      }
      case 'suggest': {
        const query = catalogue.queries[this.pick.query()]
        const text = query.slice(0, 2 + Math.floor(this.random() * Math.max(1, query.length - 1)))
        return this.call(kind, 'GET', `/api/search/suggest?warehouse=${branch}&text=${encodeURIComponent(text)}`, user)
      }
      case 'cart summary': {
        const res = await this.call(kind, 'GET', '/api/cart', user)
        if (res) user.cartCount = res.body.Count
        return
      }
      case 'cart items': {
        const lines = (await this.call(kind, 'GET', `/api/cart/items?warehouse=${branch}`, user))?.body
        if (Array.isArray(lines)) {
          user.lines = lines.map((l) => l.ShopCartLineID)
          user.cartCount = lines.length
        }
        return
      }
      case 'cart add': {
        const productID = user.seen[Math.floor(this.random() * user.seen.length)]
        const qty = user.isCash ? 1 : 1 + Math.floor(this.random() * 3)
        const res = await this.call(kind, 'POST', '/api/cart', user, { body: { productID, qty, warehouse: branch } })
        if (res) user.cartCount = res.body.Count
        // A cash-sale or reseller cart (no checkout on account) is emptied now and then, as such a customer pays by card.
        if (!user.onTerms && user.cartCount > 12) {
          await this.client.request('DELETE', '/api/cart', { token: user.token }).catch(() => null)
          user.cartCount = 0
          user.lines = []
        }
        return
      }
      case 'cart update': {
        const item = user.lines[Math.floor(this.random() * user.lines.length)]
        // A cash sale may not ask for more than the branch has (decision 0007): such a customer changes a line to 1, as it adds.
        const qty = user.isCash ? 1 : 1 + Math.floor(this.random() * 5)
        const res = await this.call(kind, 'PUT', '/api/cart', user, { body: { item, qty } })
        if (res) user.cartCount = res.body.Count
        else user.lines = []
        return
      }
      case 'checkout': {
        const placed = await this.call(kind, 'POST', '/api/orders', user, {
          headers: { 'idempotency-key': newKey() },
          body: orderForm(branch, `TRAFFIC-${user.username}-${++user.orders}`, 'bench:traffic order'),
        })
        if (placed) this.ordersPlaced++
        user.cartCount = 0
        user.lines = []
        return
      }
      case 'order history':
        return this.call(kind, 'GET', `/api/orders?page=${page <= 2 ? page : 1}`, user)
    }
  }
  async worker(users) {
    for (let i = 0; !this.stopped; i++) await this.step(users[Math.floor(this.random() * users.length)])
  }
  results() {
    const seconds = (performance.now() - this.since) / 1000
    const kinds = {}
    const all = new Tally()
    for (const [kind, tally] of Object.entries(this.tallies)) {
      const s = tally.summary()
      kinds[kind] = {
        rps: Number((s.count / seconds).toFixed(1)),
        p50: round(s.p50),
        p99: round(s.p99),
        max: round(s.max),
        requests: s.count,
        errors: s.count - countStatus(tally, EXPECTED[kind]) + tally.errorCount(),
        statuses: tally.statusText(),
      }
      for (const [st, c] of tally.statuses) all.statuses.set(st, (all.statuses.get(st) ?? 0) + c)
      for (const [e, c] of tally.errors) all.errors.set(e, (all.errors.get(e) ?? 0) + c)
      for (const ms of tally.latencies) all.latencies.push(ms)
    }
    const s = all.summary()
    const errors = Object.values(kinds).reduce((n, k) => n + k.errors, 0)
    return {
      seconds: Number(seconds.toFixed(1)),
      total: { rps: Number((s.count / seconds).toFixed(1)), p50: round(s.p50), p99: round(s.p99), max: round(s.max), requests: s.count, errors },
      kinds,
    }
  }
}

/**
 * A cash sale may not take more than the branch has (decision 0007): when other buyers and the ERP's deltas have
 * emptied it, a cash customer's add or change is refused with 409 quantity_not_available, as it should be. Such
 * answers are counted apart (neither an error nor in the kind's figures).
 */
const refusedForStock = (kind, user, res) =>
  user.isCash && (kind === 'cart add' || kind === 'cart update') && res.status === 409 && res.body?.error === 'quantity_not_available'

/** Requests of a kind that answered `status`; the errors of a kind are all its other answers and no-answers. */
const countStatus = (tally, status) => tally.statuses.get(status) ?? 0
const round = (ms) => (Number.isFinite(ms) ? Number(ms.toFixed(1)) : null)

/** The ERP's delta: `rows` (branch, product) pairs, popular products more often, each given a new quantity. */
function stockChanger({ base, via, catalogue, rows, everySeconds, random }) {
  const product = zipf(catalogue.products.all.length, 0.8, random)
  const batch = () => {
    const seen = new Set()
    const out = []
    while (out.length < rows) {
      const id = catalogue.products.all[product()]
      const branch = catalogue.branches[Math.floor(random() * catalogue.branches.length)]
      const key = `${branch}:${id}`
      if (seen.has(key)) continue
      seen.add(key)
      out.push({ id, branch, qty: Math.floor(random() * 200) })
    }
    return out
  }
  const send = async (changes) => {
    if (via === 'erp') {
      // POST /api/erp/stock (docs/erp-interchange.md).
      const res = await fetch(`${base}/api/erp/stock`, {
        method: 'POST',
        headers: { authorization: `Bearer ${process.env.BENCH_ERP_API_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify(changes.map((c) => ({ ProductCode: catalogue.codes.get(c.id), LocationID: c.branch, QtyAvailable: c.qty }))),
      })
      if (!res.ok) throw new Error(`POST /api/erp/stock answered ${res.status}: ${(await res.text()).slice(0, 200)}`)
      return
    }
    await withClient(databaseUrl, (db) =>
      db.query(
        `INSERT INTO stock (location_id, product_id, qty_available)
         SELECT * FROM unnest($1::text[], $2::int[], $3::int[])
         ON CONFLICT (location_id, product_id) DO UPDATE SET qty_available = EXCLUDED.qty_available`,
        [changes.map((c) => c.branch), changes.map((c) => c.id), changes.map((c) => c.qty)],
      ),
    )
  }
  return periodically(everySeconds, rows, () => send(batch()))
}

/** Runs `work` every `everySeconds` until stopped, timing each run: { log: { batches, rows, ms }, stop() }. */
function periodically(everySeconds, rows, work) {
  const log = { batches: 0, rows: 0, ms: [] }
  let stopped = false
  const loop = (async () => {
    while (!stopped && everySeconds > 0 && rows > 0) {
      await delay(everySeconds * 1000)
      if (stopped) break
      const started = performance.now()
      await work()
      log.ms.push(Math.round(performance.now() - started))
      log.batches++
      log.rows += rows
    }
  })()
  return {
    log,
    async stop() {
      stopped = true
      await loop
    },
  }
}

/**
 * The ERP's price delta (a products.csv of changed prices, decision 0064): `rows` products, popular ones more
 * often, each a cent dearer or cheaper, in one UPDATE, whose triggers tell every instance as an import's would.
 */
function priceChanger({ catalogue, rows, everySeconds, random }) {
  const product = zipf(catalogue.products.all.length, 0.8, random)
  const batch = () => {
    const ids = new Set()
    while (ids.size < Math.min(rows, catalogue.products.all.length)) ids.add(catalogue.products.all[product()])
    return [...ids]
  }
  return periodically(everySeconds, rows, () =>
    withClient(databaseUrl, (db) =>
      db.query(
        `UPDATE products SET unit_price_cents = unit_price_cents + CASE WHEN unit_price_cents > 100 AND random() < 0.5 THEN -1 ELSE 1 END
          WHERE id = ANY($1::int[])`,
        [batch()],
      ),
    ),
  )
}

export async function benchTraffic({
  seconds,
  warmup,
  connections,
  port,
  users: userCount,
  accounts: accountCount,
  seed = false,
  cold = false,
  stockVia = 'sql',
  stockRows = 300,
  stockEvery = 10,
  priceRows = 0,
  priceEvery = 30,
}) {
  buildIfStale()
  const products = await ensureLargeData({ databaseUrl, table: 'products', min: 50_000, load: seed, command: 'npm run bench:traffic' })
  const random = rng(17)
  const users = await prepareUsers({ userCount, accountCount })
  const catalogue = await catalogueOf(random)
  const categories = {}
  for (const u of users) categories[u.category] = (categories[u.category] ?? 0) + 1
  console.log(
    `Database: ${printable(databaseUrl)} (${products.toLocaleString('en-AU')} products). ${users.length} users of ${accountCount} accounts ` +
      `(${Object.entries(categories)
        .map(([c, n]) => `${c} ${n}`)
        .join(', ')}), ${new Set(users.map((u) => u.branch)).size} branches; ` +
      `${catalogue.queries.length} search queries; ${connections} connections, ${warmup} s warm-up, ${seconds} s measured` +
      `${cold ? ', caches off (CACHE_SECONDS=0)' : ''}; stock: ${stockRows} rows every ${stockEvery} s (${stockVia === 'erp' ? 'POST /api/erp/stock' : 'SQL'})` +
      `${priceRows > 0 ? `; prices: ${priceRows} products every ${priceEvery} s (SQL)` : ''}.`,
  )
  const env = {
    ...(cold ? { CACHE_SECONDS: '0' } : {}),
    ...(stockVia === 'erp' ? { ERP_API_KEY: process.env.BENCH_ERP_API_KEY } : {}),
  }
  const server = await startBenchServer({ databaseUrl, port, env })
  const rss = []
  const sampler = setInterval(() => rss.push(rssMiB(server.pid)), 1000)
  const client = loadClient(server.base, { sockets: connections })
  try {
    console.log('Signing the users in...')
    await signInAll(server.base, users, { concurrency: 4 })
    for (const u of users) {
      u.isCash = u.category === 'CAS'
      u.onTerms = !u.isElders && !u.isCash
      u.seen = []
      u.lines = []
      u.cartCount = 0
      u.orders = 0
      await client.request('DELETE', '/api/cart', { token: u.token })
    }
    // Emptying 1,000 carts, and earlier runs' adds, orders and stock changes, leave dead rows: without
    // autovacuum every read would go through them.
    await vacuumWritten(databaseUrl)
    // The first search waits for the search index (built once per start).
    await client.request('GET', `/api/search/suggest?text=drench&warehouse=${users[0].branch}`, { token: users[0].token })
    const traffic = new Traffic({ client, users, catalogue, random })
    const load1 = loadavg()[0]
    const changer = stockChanger({ base: server.base, via: stockVia, catalogue, rows: stockRows, everySeconds: stockEvery, random })
    const prices = priceChanger({ catalogue, rows: priceRows, everySeconds: priceEvery, random })
    const shares = Array.from({ length: connections }, (_, w) => users.filter((_, i) => i % connections === w))
    const workers = shares.map((share) => traffic.worker(share))
    await delay(warmup * 1000)
    traffic.reset()
    rss.length = 0
    const database = new URL(databaseUrl).pathname.slice(1)
    const cpuBefore = { ...cpuMs(server.pid, database), generator: process.cpuUsage() }
    await delay(seconds * 1000)
    const measured = traffic.results()
    const cpuAfter = { ...cpuMs(server.pid, database), generator: process.cpuUsage(cpuBefore.generator) }
    const perRequest = (ms) => Number((ms / measured.total.requests).toFixed(3))
    const cpu = {
      server: perRequest(cpuAfter.server - cpuBefore.server),
      postgres: perRequest(cpuAfter.postgres - cpuBefore.postgres),
      generator: perRequest((cpuAfter.generator.user + cpuAfter.generator.system) / 1000),
    }
    traffic.stopped = true
    await Promise.all(workers)
    await changer.stop()
    await prices.stop()
    const hello = await measureHello({ base: server.base, connections, seconds: 10 })
    const load2 = loadavg()[0]
    const samples = rss.filter((r) => r !== null)
    const memory = { peakMiB: Math.round(Math.max(...samples)), lastMiB: Math.round(samples.at(-1)), firstMiB: Math.round(samples[0]) }

    const pad = (v, w) => String(v).padStart(w)
    console.log(`\n${'kind'.padEnd(16)} ${pad('req/s', 8)} ${pad('p50 ms', 8)} ${pad('p99 ms', 8)} ${pad('max ms', 8)} ${pad('errors', 7)}`)
    for (const [kind, r] of Object.entries(measured.kinds))
      console.log(`${kind.padEnd(16)} ${pad(fmt(r.rps), 8)} ${pad(fmt(r.p50), 8)} ${pad(fmt(r.p99), 8)} ${pad(fmt(r.max), 8)} ${pad(r.errors, 7)}`)
    const t = measured.total
    console.log(`${'all'.padEnd(16)} ${pad(fmt(t.rps), 8)} ${pad(fmt(t.p50), 8)} ${pad(fmt(t.p99), 8)} ${pad(fmt(t.max), 8)} ${pad(t.errors, 7)}`)
    console.log(
      `${'hello world'.padEnd(16)} ${pad(hello.rps, 8)} ${pad(hello.p50, 8)} ${pad(hello.p99, 8)} ${pad(hello.max, 8)} ${pad(hello.non2xx + hello.errors, 7)}`,
    )
    console.log(
      `\nOrders placed: ${traffic.ordersPlaced}; cash customers' cart changes refused for want of stock: ${traffic.refused}; stock changes: ${changer.log.batches} batches of ${stockRows} rows (${changer.log.ms.join(', ')} ms each)` +
        `${priceRows > 0 ? `; price changes: ${prices.log.batches} batches of ${priceRows} products (${prices.log.ms.join(', ')} ms each)` : ''}.`,
    )
    console.log(`CPU ms a request: server ${cpu.server}, PostgreSQL ${cpu.postgres}, load generator ${cpu.generator}.`)
    console.log(`Server RSS: ${memory.firstMiB} MiB at the start of the measured run, ${memory.peakMiB} MiB at its peak, ${memory.lastMiB} MiB at the end.`)
    console.log(`Load average (1 min): ${load1.toFixed(2)} before, ${load2.toFixed(2)} after.`)
    if (traffic.unexpected.length) console.log(`Unexpected answers (first ${traffic.unexpected.length}):\n  ${traffic.unexpected.join('\n  ')}`)

    const catalogueP99 = Math.max(...CATALOGUE_READS.map((k) => measured.kinds[k].p99 ?? Infinity))
    const checks = [
      ['catalogue reads p99 under 50 ms (category, brand, specials, search, product)', catalogueP99 < 50, `${catalogueP99} ms`],
      ['checkout p99 under 150 ms', (measured.kinds.checkout.p99 ?? Infinity) < 150, `${measured.kinds.checkout.p99} ms`],
      ['zero errors', t.errors === 0, `${t.errors}`],
      ['at least 3,000 requests/s in all', t.rps >= 3000, `${fmt(t.rps, 0)}/s`],
      ['server RSS under 300 MB', memory.peakMiB * 1.048576 < 300, `${memory.peakMiB} MiB peak`],
    ]
    console.log('\nTargets:')
    for (const [label, ok, detail] of checks) console.log(`  ${ok ? 'met    ' : 'MISSED '} ${label}: ${detail}`)
    return {
      bench: 'traffic',
      caches: cold ? 'off' : 'on',
      database: printable(databaseUrl),
      products,
      users: users.length,
      accounts: accountCount,
      categories,
      branches: new Set(users.map((u) => u.branch)).size,
      queries: catalogue.queries.length,
      machine: await machine(databaseUrl),
      connections,
      warmup,
      seconds,
      loadBefore: Number(load1.toFixed(2)),
      loadAfter: Number(load2.toFixed(2)),
      stock: { via: stockVia, rows: stockRows, everySeconds: stockEvery, batches: changer.log.batches },
      prices: { rows: priceRows, everySeconds: priceEvery, batches: prices.log.batches },
      orders: traffic.ordersPlaced,
      ...measured,
      hello,
      cpu,
      memory,
      targets: checks.map(([label, met, detail]) => ({ label, met, detail })),
    }
  } finally {
    clearInterval(sampler)
    client.close()
    await server.stop()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = benchArgs(
    { seconds: 60, connections: 50, port: 3295 },
    {
      warmup: { type: 'string', default: '10' },
      users: { type: 'string', default: '1000' },
      accounts: { type: 'string', default: '500' },
      seed: { type: 'boolean', default: false },
      cold: { type: 'boolean', default: false },
      'stock-via': { type: 'string', default: 'sql' },
      'stock-rows': { type: 'string', default: '300' },
      'stock-every': { type: 'string', default: '10' },
      'price-rows': { type: 'string', default: '0' },
      'price-every': { type: 'string', default: '30' },
    },
  )
  if (!['sql', 'erp'].includes(args['stock-via'])) {
    console.error('--stock-via is sql or erp')
    process.exit(1)
  }
  benchTraffic({
    ...args,
    warmup: Number(args.warmup),
    users: Number(args.users),
    accounts: Number(args.accounts),
    stockVia: args['stock-via'],
    stockRows: Number(args['stock-rows']),
    stockEvery: Number(args['stock-every']),
    priceRows: Number(args['price-rows']),
    priceEvery: Number(args['price-every']),
  })
    .then((result) => writeJson(args.json, result))
    .catch((error) => {
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    })
}
