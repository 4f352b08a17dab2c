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
//   sql (default): one UPDATE of --stock-rows rows of `stock` every --stock-every seconds, straight in
//       PostgreSQL: its triggers send the same change notifications (docs/decisions/0015, 0032) whoever writes,
//       so the portal sees what it would see from the ERP.
//   erp: the same rows as POST /api/erp/stock [{ProductCode, LocationID, QtyAvailable}] (docs/erp-interchange.md)
//       with `Authorization: Bearer $BENCH_ERP_API_KEY`; the server is started with ERP_API_KEY set to it.
//
// Price changes (--price-rows, off by default): one UPDATE of that many products' list prices every --price-every
// seconds, straight in PostgreSQL, as an ERP's products.csv delta of changed prices writes them (decision 0097).
//
// BENCH_TRAFFIC_DATABASE_URL (default postgres://127.0.0.1:5432/bench_traffic) names the database: its own,
// since the run writes (users of its own, carts, orders, stock). It must hold the large data set; --seed
// loads it (a few minutes). The users (traffic-0 ... traffic-999) are created once and kept.
// A script, not a test: the figures depend on the machine. Its targets (catalogue reads p99 under 50 ms, checkout p99
// under 150 ms, zero errors, 3,000 requests/s, RSS under 300 MB) are checked and shown.
//
// This file runs the benchmark; scripts/bench-traffic/ holds its parts: the users (users.mjs), the catalogue and
// search queries they ask for (catalogue.mjs), the mix of requests and their figures (model.mjs), the ERP's stock
// and price changes (changes.mjs), the seeded randomness (random.mjs) and what is printed (report.mjs).
import { clearInterval, setInterval } from 'node:timers'
import { setTimeout as delay } from 'node:timers/promises'
import { loadavg } from 'node:os'
import { catalogueOf } from './bench-traffic/catalogue.mjs'
import { priceChanger, stockChanger } from './bench-traffic/changes.mjs'
import { Traffic } from './bench-traffic/model.mjs'
import { rng } from './bench-traffic/random.mjs'
import { printKinds, printTargets, trafficTargets } from './bench-traffic/report.mjs'
import { prepareUsers } from './bench-traffic/users.mjs'
import { benchArgs, ensureLargeData, measureHello, startBenchServer, vacuumWritten } from './lib/bench.mjs'
import { buildIfStaleOrExit } from './lib/build.mjs'
import { cpuMs, machine, writeJson } from './lib/figures.mjs'
import { signInAll } from './lib/http.mjs'
import { loadClient } from './lib/load-client.mjs'
import { printable } from './lib/postgres.mjs'
import { rssMiB } from './lib/server.mjs'

const databaseUrl = process.env.BENCH_TRAFFIC_DATABASE_URL || 'postgres://127.0.0.1:5432/bench_traffic'

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
  buildIfStaleOrExit()
  const products = await ensureLargeData({ databaseUrl, table: 'products', min: 50_000, load: seed, command: 'npm run bench:traffic' })
  const random = rng(17)
  const users = await prepareUsers(databaseUrl, { userCount, accountCount })
  const catalogue = await catalogueOf(databaseUrl, random)
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
    const changer = stockChanger({ databaseUrl, base: server.base, via: stockVia, catalogue, rows: stockRows, everySeconds: stockEvery, random })
    const prices = priceChanger({ databaseUrl, catalogue, rows: priceRows, everySeconds: priceEvery, random })
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

    printKinds(measured, hello)
    console.log(
      `\nOrders placed: ${traffic.ordersPlaced}; cash customers' cart changes refused for want of stock: ${traffic.refused}; stock changes: ${changer.log.batches} batches of ${stockRows} rows (${changer.log.ms.join(', ')} ms each)` +
        `${priceRows > 0 ? `; price changes: ${prices.log.batches} batches of ${priceRows} products (${prices.log.ms.join(', ')} ms each)` : ''}.`,
    )
    console.log(`CPU ms a request: server ${cpu.server}, PostgreSQL ${cpu.postgres}, load generator ${cpu.generator}.`)
    console.log(`Server RSS: ${memory.firstMiB} MiB at the start of the measured run, ${memory.peakMiB} MiB at its peak, ${memory.lastMiB} MiB at the end.`)
    console.log(`Load average (1 min): ${load1.toFixed(2)} before, ${load2.toFixed(2)} after.`)
    if (traffic.unexpected.length) console.log(`Unexpected answers (first ${traffic.unexpected.length}):\n  ${traffic.unexpected.join('\n  ')}`)

    const checks = trafficTargets(measured, memory)
    printTargets(checks)
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
