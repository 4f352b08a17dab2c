// npm run bench:checkout: placing 10-line orders on account (POST /api/orders) with 20 buyers at once, on
// PostgreSQL: p50 and p99 latency of the order request, and orders per second, beside a hello-world route of
// the same server at as many connections as buyers.
//
//   npm run bench:checkout [-- --seconds 30 --buyers 20 --lines 10 --port 3477 --json results.json]
//
// BENCH_CHECKOUT_DATABASE_URL (default postgres://127.0.0.1:5432/checkout_bench) names the database; it is
// created and loaded with the demo data when it is missing or empty. Each buyer is a user of its own trade
// account with a session made directly in the database; between two orders the buyer's cart is refilled with
// 10 random products of its branch straight in the database, outside the timed request. Each order locks
// its cart and its 10 stock rows, prices the lines, allocates stock, writes the order, its lines and a
// confirmation e-mail, and empties the cart, in one transaction.
// A script, not a test: the figures depend on the machine.
import { randomUUID } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { measureHello, printResult, seedShowingProgress, startBenchServer } from './lib/bench.mjs'
import { buildIfStaleOrExit } from './lib/build.mjs'
import { machine, writeJson } from './lib/figures.mjs'
import { createDatabase, printable, rowCount, withUser } from './lib/postgres.mjs'
import { createBuyers, pick } from './lib/users.mjs'

const { fetch } = globalThis
const databaseUrl = process.env.BENCH_CHECKOUT_DATABASE_URL || 'postgres://127.0.0.1:5432/checkout_bench'
const WARMUP_ORDERS = 3
let buyers = 20
let linesPerOrder = 10
let base = ''

async function ensureDatabase() {
  await createDatabase(databaseUrl)
  if ((await rowCount(databaseUrl, 'products')) > 0) return
  console.log(`Loading the demo data into ${printable(databaseUrl)}...`)
  seedShowingProgress(databaseUrl, 'demo')
}

/** One buyer per trade account (not cash-sale, not reseller), each with a session, a cart and the products of its branch. */
async function prepareBuyers(db) {
  const people = await createBuyers(db, { prefix: 'bench-checkout', count: buyers, minStock: 200 })
  const pools = new Map()
  const result = []
  for (const buyer of people) {
    await db.query(`INSERT INTO carts (user_id, location_id) VALUES ($1, $2)`, [buyer.userId, buyer.branch])
    if (!pools.has(buyer.branch)) {
      const products = (
        await db.query(`SELECT p.id FROM products p JOIN stock s ON s.product_id = p.id AND s.location_id = $1 WHERE p.active ORDER BY p.id`, [buyer.branch])
      ).rows.map((r) => r.id)
      pools.set(buyer.branch, products)
    }
    const cart = (await db.query('SELECT id FROM carts WHERE user_id = $1', [buyer.userId])).rows[0]
    result.push({ token: buyer.token, cartId: cart.id, branch: buyer.branch, products: pools.get(buyer.branch) })
  }
  // Plenty of stock, so that the orders allocate (and update stock rows) rather than back-order everything.
  await db.query(`UPDATE stock SET qty_available = greatest(qty_available, 100000)`)
  return result
}

async function fillCart(db, buyer) {
  const products = pick(buyer.products, linesPerOrder)
  await db.query('DELETE FROM cart_lines WHERE cart_id = $1', [buyer.cartId])
  await db.query(`INSERT INTO cart_lines (cart_id, product_id, quantity) SELECT $1, unnest($2::int[]), 1 + floor(random() * 12)::int`, [buyer.cartId, products])
}

const form = (buyer, n) => ({
  DeliveryName: 'Bench Farm Supplies',
  Address1: '1 Benchmark Road',
  Address2: '',
  City: 'Wagga Wagga',
  State: 'NSW',
  PostalCode: '2650',
  Contact: 'Bench Buyer',
  Email: 'bench@buyers.example',
  Phone: '02 6900 0000',
  Fax: '',
  CarrierName: 'Toll',
  CarrierInstructions: '',
  PurchaseOrder: `BENCH-${n}`,
  OrderDesc: 'Benchmark order',
  DeliveryType: 1,
  warehouse: buyer.branch,
})

async function placeOrder(buyer, n) {
  const started = performance.now()
  const res = await fetch(`${base}/api/orders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(form(buyer, n)),
  })
  const body = await res.json()
  const ms = performance.now() - started
  if (res.status !== 201) throw new Error(`order answered ${res.status}: ${JSON.stringify(body)}`)
  if (body.items.length !== linesPerOrder) throw new Error(`order has ${body.items.length} lines`)
  return ms
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

/** Runs the checkout benchmark; returns what --json writes (npm run bench calls it too). */
export async function benchCheckout({ seconds = 30, buyers: buyerCount = 20, lines = 10, port = 3477 } = {}) {
  buyers = buyerCount
  linesPerOrder = lines
  buildIfStaleOrExit()
  await ensureDatabase()
  const db = new pg.Client({ connectionString: withUser(databaseUrl).toString() })
  await db.connect()
  const people = await prepareBuyers(db)
  // Each buyer refills its own cart on its own connection, so that refills do not queue behind each other.
  const refillers = await Promise.all(
    people.map(async () => {
      const client = new pg.Client({ connectionString: withUser(databaseUrl).toString() })
      await client.connect()
      return client
    }),
  )

  // The pool the portal has by default (10), as this benchmark always had.
  const server = await startBenchServer({ databaseUrl, port, env: { DATABASE_POOL_SIZE: '10' } })
  base = server.base
  let hello
  let latencies = []
  let elapsed
  try {
    // The same server's do-nothing route, at as many connections as there are buyers.
    hello = await measureHello({ base, connections: buyers, seconds: Math.min(seconds, 10) })
    printResult('hello world (baseline)', hello)

    let counter = 0
    const run = async (buyer, refill, until) => {
      while (performance.now() < until) {
        await fillCart(refill, buyer)
        latencies.push(await placeOrder(buyer, ++counter))
      }
    }
    // Warm-up: connections, prepared plans, JIT.
    await Promise.all(
      people.map(async (buyer, i) => {
        for (let n = 0; n < WARMUP_ORDERS; n++) {
          await fillCart(refillers[i], buyer)
          await placeOrder(buyer, ++counter)
        }
      }),
    )

    console.log(`Placing ${linesPerOrder}-line orders with ${buyers} buyers at once for ${seconds} s...`)
    latencies = []
    const started = performance.now()
    await Promise.all(people.map((buyer, i) => run(buyer, refillers[i], started + seconds * 1000)))
    elapsed = (performance.now() - started) / 1000
  } finally {
    await server.stop()
    await Promise.all(refillers.map((c) => c.end()))
    await db.end()
  }

  const sorted = [...latencies].sort((a, b) => a - b)
  const mean = sorted.reduce((s, v) => s + v, 0) / sorted.length
  const ordersPerSecond = Number((sorted.length / elapsed).toFixed(1))
  const results = {
    bench: 'checkout',
    database: printable(databaseUrl),
    machine: await machine(databaseUrl),
    buyers,
    linesPerOrder,
    seconds: Number(elapsed.toFixed(1)),
    orders: sorted.length,
    ordersPerSecond,
    latencyMs: {
      p50: Number(percentile(sorted, 50).toFixed(1)),
      p99: Number(percentile(sorted, 99).toFixed(1)),
      mean: Number(mean.toFixed(1)),
      max: Number(sorted.at(-1).toFixed(1)),
    },
    hello,
    helloRatio: hello.rps ? Number((ordersPerSecond / hello.rps).toFixed(4)) : null,
  }
  console.log(
    [
      `Orders placed: ${results.orders} in ${results.seconds} s (${results.ordersPerSecond} orders/s, cart refills included; ${(results.helloRatio * 100).toFixed(2)} % of hello world's requests/s)`,
      `POST /api/orders latency: p50 ${results.latencyMs.p50} ms, p99 ${results.latencyMs.p99} ms (mean ${results.latencyMs.mean}, max ${results.latencyMs.max})`,
      `Machine: ${results.machine.cores} CPU ${results.machine.cpu}; database: ${results.database}`,
    ].join('\n'),
  )
  return results
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values: args } = parseArgs({
    options: {
      seconds: { type: 'string', default: '30' },
      buyers: { type: 'string', default: '20' },
      lines: { type: 'string', default: '10' },
      port: { type: 'string', default: '3477' },
      json: { type: 'string' },
    },
  })
  benchCheckout({ seconds: Number(args.seconds), buyers: Number(args.buyers), lines: Number(args.lines), port: Number(args.port) })
    .then((results) => writeJson(args.json, results))
    .catch((error) => {
      console.error(error)
      process.exit(1)
    })
}
