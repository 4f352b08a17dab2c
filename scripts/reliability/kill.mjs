// npm run reliability:kill — the server killed with SIGKILL in the middle of checkouts, restarted, and every
// order it acknowledged present and complete, none half-written.
//
//   npm run reliability:kill [-- --engine both|postgres|pglite --buyers 8 --kills 6 --lines 8 --port 4520 --keep]
//
// For each engine (PostgreSQL: database reliability_kill on RELIABILITY_DATABASE_URL's server; PGlite: the
// directory $TMPDIR/reliability-kill-pglite), the demo data is loaded and each buyer gets a user of its own
// on its own on-terms account. The buyers loop: empty the cart, add --lines products one by one, read the
// cart, place it (POST /api/orders with a fresh Idempotency-Key), check that the cart is now empty; one
// order in four is submitted twice at once (a double click). Meanwhile the server is killed with SIGKILL
// --kills times, each at a random moment 0.5-3 s into the orders, and started again on the same database.
// A buyer whose request got no answer waits for the restart, then checks its cart (every acknowledged add
// still there, the unanswered one there or not, nothing else) or submits the unanswered order again with
// the same key (it must answer the order once placed, or place it now: never a second one).
// At the end every acknowledged key is submitted again (same order expected) and, with the server
// stopped, the database is checked: each acknowledged order present with its number, lines and totals as
// acknowledged; no order of the buyers that was not acknowledged; no order without lines or whose totals
// are not the sum of its lines; one confirmation e-mail per order; the branches' stock equal to what it
// was less what the orders allocated; the buyers' carts empty.
import { rmSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { setTimeout as delay } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import { fmt } from '../lib/figures.mjs'
import { httpClient, newKey, TransportError } from '../lib/http.mjs'
import { printable } from '../lib/postgres.mjs'
import { dropSuiteDatabase, ensureServerBuilt, run, startSuiteServer } from '../lib/reliability.mjs'
import { orderForm } from '../lib/users.mjs'
import { cents, prepare, sameLines, verify } from './kill/database.mjs'

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    buyers: { type: 'string', default: '8' },
    kills: { type: 'string', default: '6' },
    lines: { type: 'string', default: '8' },
    port: { type: 'string', default: '4520' },
    keep: { type: 'boolean', default: false },
  },
})
const BUYERS = Number(args.buyers)
const KILLS = Number(args.kills)
const LINES = Number(args.lines)
const PORT = Number(args.port)
const engines = args.engine === 'both' ? ['postgres', 'pglite'] : [args.engine]
if (!engines.every((e) => e === 'postgres' || e === 'pglite')) {
  console.error('--engine must be postgres, pglite or both')
  process.exit(2)
}

class Run {
  constructor(engine, target) {
    this.engine = engine
    this.target = target
    this.problems = []
    this.acks = [] // { key, buyer, orderId, salesOrder, items, totals, ackedAt, inDoubt }
    this.kills = [] // { at, failedRequests, restartMs }
    this.stopping = false
    this.failedRequests = 0
    this.doubleSubmits = 0
    this.cartChecksAfterKill = 0
    this.upNow()
  }
  problem(text) {
    if (this.problems.length < 50) this.problems.push(text)
  }
  upNow() {
    this.isUp = true
    this.upPromise = Promise.resolve()
  }
  down() {
    this.isUp = false
    this.upPromise = new Promise((resolve) => (this.markUp = resolve))
  }
  up() {
    this.isUp = true
    this.markUp?.()
  }
}

class Buyer {
  constructor(run, client, user, products, index) {
    this.run = run
    this.client = client
    this.user = user
    this.products = products
    this.index = index
    this.n = 0
  }
  /** A request; null when it got no answer (the server was killed): the caller then waits for the restart. */
  async send(method, path, options = {}) {
    try {
      return await this.client.request(method, path, { token: this.user.token, ...options })
    } catch (error) {
      if (!(error instanceof TransportError)) throw error
      this.run.failedRequests++
      await this.run.upPromise
      // A refused connection may come a moment before the killer notices the process is gone.
      while (!this.run.isUp) await this.run.upPromise
      return null
    }
  }
  async expect(status, method, path, options) {
    for (;;) {
      const res = await this.send(method, path, options)
      if (!res) continue
      if (res.status !== status) this.run.problem(`${this.user.username}: ${method} ${path} answered ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`)
      return res
    }
  }
  async cartLines() {
    const res = await this.expect(200, 'GET', `/api/cart/items?warehouse=${this.user.branch}`)
    return Array.isArray(res.body) ? res.body : []
  }
  /** Fills the cart with LINES distinct products; after a kill, the cart must hold every acknowledged add. */
  async fill() {
    await this.expect(200, 'DELETE', '/api/cart')
    const chosen = new Set()
    while (chosen.size < Math.min(LINES, this.products.length)) chosen.add(this.products[Math.floor(Math.random() * this.products.length)])
    const acknowledged = new Map()
    for (const productID of chosen) {
      const qty = 1 + Math.floor(Math.random() * 12)
      for (;;) {
        const res = await this.send('POST', '/api/cart', { body: { productID, qty, warehouse: this.user.branch } })
        if (res) {
          if (res.status !== 200) this.run.problem(`${this.user.username}: add to cart answered ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`)
          acknowledged.set(productID, qty)
          break
        }
        // No answer: the add may or may not have been applied, nothing else may have changed.
        this.run.cartChecksAfterKill++
        const lines = await this.cartLines()
        const have = new Map(lines.map((l) => [l.ProductID, l.Quantity]))
        for (const [p, q] of acknowledged)
          if (have.get(p) !== q)
            this.run.problem(`${this.user.username}: after a kill the cart holds ${have.get(p) ?? 0} of product ${p}, ${q} were acknowledged`)
        for (const [p, q] of have)
          if (!acknowledged.has(p) && !(p === productID && q === qty))
            this.run.problem(`${this.user.username}: after a kill the cart holds ${q} of product ${p}, never added`)
        if (have.get(productID) === qty) {
          acknowledged.set(productID, qty)
          break
        }
      }
    }
    return acknowledged
  }
  async order(acknowledged) {
    const lines = await this.cartLines()
    const expected = lines.map((l) => ({ product: l.ProductID, qty: l.Quantity, price: cents(l.Price) }))
    const inCart = new Map(expected.map((l) => [l.product, l.qty]))
    if (!sameLines([...inCart].sort(), [...acknowledged].sort()))
      this.run.problem(`${this.user.username}: the cart holds ${JSON.stringify([...inCart])}, added ${JSON.stringify([...acknowledged])}`)
    const key = newKey()
    const form = orderForm(this.user.branch, `KILL-${this.index}-${++this.n}`)
    const submit = () => this.send('POST', '/api/orders', { body: form, headers: { 'idempotency-key': key } })
    const double = Math.random() < 0.25
    let inDoubt = false
    let res
    for (;;) {
      if (double && !inDoubt) {
        const both = await Promise.all([submit(), submit()])
        const answered = both.filter(Boolean)
        if (answered.length === 2) {
          this.run.doubleSubmits++
          if (answered[0].body?.OrderID !== answered[1].body?.OrderID)
            this.run.problem(`${this.user.username}: a double submission made two orders (${answered[0].body?.OrderID}, ${answered[1].body?.OrderID})`)
        }
        if (answered.length === 0) {
          inDoubt = true
          continue
        }
        res = answered[0]
      } else {
        res = await submit()
        if (!res) {
          inDoubt = true
          continue
        }
      }
      break
    }
    if (res.status !== 201) {
      this.run.problem(`${this.user.username}: POST /api/orders answered ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`)
      return
    }
    const got = res.body.items.map((i) => ({ product: i.ProductID, qty: i.QuantityOrdered, price: cents(i.UnitPrice) }))
    if (!sameLines(got, expected))
      this.run.problem(`${this.user.username}: order ${res.body.SalesOrder} has lines ${JSON.stringify(got)}, the cart had ${JSON.stringify(expected)}`)
    this.run.acks.push({
      key,
      buyer: this,
      orderId: res.body.OrderID,
      salesOrder: res.body.SalesOrder,
      items: res.body.items,
      totals: { ex: cents(res.body.ExtendedEx), tax: cents(res.body.TaxTotal), inc: cents(res.body.ExtendedInc) },
      ackedAt: Date.now(),
      inDoubt,
      form,
    })
    const cart = await this.expect(200, 'GET', '/api/cart')
    if (cart.body.Count !== 0) this.run.problem(`${this.user.username}: the cart holds ${cart.body.Count} lines after order ${res.body.SalesOrder}`)
  }
  async loop() {
    while (!this.run.stopping) await this.order(await this.fill())
  }
}

async function runEngine(engine) {
  console.log(`\n=== ${engine === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded, DATA_DIR)'}`)
  const prepared = await prepare(engine, BUYERS)
  const where = prepared.target.url ? printable(prepared.target.url) : prepared.target.dataDir
  console.log(`Database: ${where}; ${BUYERS} buyers, ${LINES}-line orders, ${KILLS} kills`)
  const port = PORT + (engine === 'pglite' ? 1 : 0)
  const run = new Run(engine, prepared.target)
  let server = startSuiteServer({ name: `kill-${engine}`, port, ...prepared.target })
  try {
    await server.ready()
    const client = httpClient(server.base, { sockets: BUYERS * 2 + 4 })
    for (const user of prepared.users) {
      const res = await client.request('POST', '/api/login', { body: { username: user.username, password: user.password } })
      if (res.status !== 200) throw new Error(`sign-in of ${user.username} answered ${res.status}`)
      user.token = res.body.token
    }
    const buyers = prepared.users.map((u, i) => new Buyer(run, client, u, prepared.pools.get(u.branch), i))
    const started = performance.now()
    const loops = buyers.map((b) => b.loop())

    for (let k = 0; k < KILLS; k++) {
      const acksBefore = run.acks.length
      // Orders must be flowing: wait for the first acknowledgement after the (re)start, then a random moment.
      while (run.acks.length === acksBefore) await delay(20)
      await delay(500 + Math.random() * 2500)
      const failedBefore = run.failedRequests
      run.down()
      const at = Date.now()
      await server.kill('SIGKILL')
      await delay(200)
      server = startSuiteServer({ name: `kill-${engine}`, port, ...prepared.target })
      let restartMs
      try {
        restartMs = await server.ready()
      } catch (error) {
        run.problem(`restart after kill ${k + 1} failed: ${error.message}`)
        run.stopping = true
        run.up()
        break
      }
      run.up()
      run.kills.push({ at, restartMs, ordersBefore: acksBefore })
      await delay(300)
      run.kills.at(-1).failedRequests = run.failedRequests - failedBefore
      console.log(
        `  kill ${k + 1}: after ${run.acks.length} acknowledged orders; ${run.kills.at(-1).failedRequests} requests without an answer; restarted in ${fmt(restartMs / 1000)} s`,
      )
    }
    if (!run.stopping) await delay(2000)
    run.stopping = true
    await Promise.race([Promise.all(loops), delay(60_000).then(() => run.problem('the buyers did not finish within a minute'))])
    const seconds = (performance.now() - started) / 1000

    // Every acknowledged key again: the same order, never a second one.
    let repeats = 0
    if (server.alive) {
      await Promise.all(
        buyers.map(async (b) => {
          for (const ack of run.acks.filter((a) => a.buyer === b)) {
            const res = await client.request('POST', '/api/orders', { token: b.user.token, body: ack.form, headers: { 'idempotency-key': ack.key } })
            repeats++
            if (res.status !== 201 || res.body.OrderID !== ack.orderId)
              run.problem(`resubmitting ${ack.salesOrder} answered ${res.status} ${res.body?.SalesOrder ?? JSON.stringify(res.body).slice(0, 100)}`)
          }
        }),
      )
    }
    client.close()
    const stopped = await server.stop()
    if (stopped.code !== 0) run.problem(`the server did not stop cleanly on SIGTERM (code ${stopped.code}, signal ${stopped.signal})`)

    const v = await verify(run, prepared)
    const inDoubt = run.acks.filter((a) => a.inDoubt).length
    const restarts = run.kills.map((k) => k.restartMs / 1000)
    console.log(
      [
        `Kills: ${run.kills.length}; restart (spawn to first answer) avg ${fmt(restarts.reduce((s, x) => s + x, 0) / (restarts.length || 1))} s, max ${fmt(Math.max(0, ...restarts))} s`,
        `Orders acknowledged: ${run.acks.length} in ${fmt(seconds, 0)} s (${v.orders} orders, ${v.lines} lines in the database for the buyers)`,
        `Orders whose answer a kill cut off: ${inDoubt}; on the retry with the same key ${v.beforeKill} turned out placed before the kill (answered, not placed again), ${v.byRetry} were placed by the retry`,
        `Requests without an answer: ${run.failedRequests}; cart checks after a kill: ${run.cartChecksAfterKill}; double submissions: ${run.doubleSubmits}; acknowledged keys resubmitted at the end: ${repeats}`,
        `Checked: ${v.acknowledgedFound}/${run.acks.length} acknowledged orders present as acknowledged; ${v.unacknowledged} unacknowledged orders; ${v.halfWritten} half-written; ${v.mailMismatch} without exactly one confirmation e-mail; ${v.stockRows} stock rows consistent`,
      ].join('\n'),
    )
    if (run.kills.length < KILLS) run.problem(`only ${run.kills.length} of ${KILLS} kills done`)
    if (run.acks.length === 0) run.problem('no order was acknowledged')
    return run.problems.map((p) => `${engine}: ${p}`)
  } finally {
    run.stopping = true
    await server.stop()
    if (!args.keep) {
      if (prepared.target.url) await dropSuiteDatabase('reliability_kill').catch(() => {})
      else rmSync(prepared.target.dataDir, { recursive: true, force: true })
    } else console.log(`Kept ${where}; server log: ${server.logFile}`)
  }
}

run('reliability:kill', async () => {
  ensureServerBuilt()
  const failures = []
  for (const engine of engines) failures.push(...(await runEngine(engine)))
  return failures
})
