// npm run bench:catalogue: requests per second and p50/p99 latency of the catalogue's hot paths at 50
// connections, on PostgreSQL with the large data set, each beside a hello-world route of the same server.
//
//   npm run bench:catalogue [-- --seconds 10 --connections 50 --port 3290 --seed --cold --json results.json]
//
// --cold starts the server with CACHE_SECONDS=0 (its session and list-page caches off): the figures of a cold cache.
// Search, typo search and suggestions rank in the process's search index (decision 0029) either way; with the
// caches off each request still reads its page's prices and stock from PostgreSQL.
// BENCH_DATABASE_URL (default postgres://127.0.0.1:5432/bench) names the database. It must hold the large
// data set; --seed creates the database and loads it when it is missing or empty (a few minutes).
// A script, not a test: the figures depend on the machine. Its targets (p99 under 50 ms for category
// pages and search, 20 ms for suggestions; category throughput at least a third of hello world's, search's a tenth)
// are checked and shown.
import { Buffer } from 'node:buffer'
import { benchArgs, ensureLargeData, measure, measureHello, printResult, startBenchServer, vacuumWritten, withHelloRatio } from './lib/bench.mjs'
import { buildIfStaleOrExit } from './lib/build.mjs'
import { cpuMsPer, machine, writeJson } from './lib/figures.mjs'
import { call, signIn, signInAll } from './lib/http.mjs'
import { printable, withClient } from './lib/postgres.mjs'
import { createUsers, onTermsAccounts } from './lib/users.mjs'

const databaseUrl = process.env.BENCH_DATABASE_URL || 'postgres://127.0.0.1:5432/bench'

/**
 * Runs the catalogue scenarios; returns what --json writes (npm run bench calls it too). `cold` starts the
 * server with CACHE_SECONDS=0: no session or list-page cache (docs/decisions/0015), every request reads the database.
 */
export async function benchCatalogue({ seconds, connections, port, seed = false, cold = false }) {
  buildIfStaleOrExit()
  const products = await ensureLargeData({ databaseUrl, table: 'products', min: 50_000, load: seed, command: 'npm run bench:catalogue' })
  console.log(
    `Database: ${printable(databaseUrl)} (${products.toLocaleString('en-AU')} products). ${connections} connections, ${seconds} s a scenario` +
      `${cold ? ', caches off (CACHE_SECONDS=0)' : ''}.`,
  )
  const server = await startBenchServer({ databaseUrl, port, env: cold ? { CACHE_SECONDS: '0' } : {} })
  try {
    const base = server.base
    const token = await signIn(base, 'trade', 'Trade2026')
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
    // A reseller sees fewer products: its pages are statements of their own (decision 0098).
    const reseller = { authorization: `Bearer ${await signIn(base, 'elders', 'Elders2026')}` }
    // The first search waits for the process's search index to be built from the database (once per start).
    const warm = await call(base, 'GET', 'search/suggest?text=drench&warehouse=WAG', { token })
    if (warm.status !== 200) throw new Error(`the suggestions did not answer (${warm.status})`)

    const categories = ['animal-health', 'drenches', 'fencing', 'hardware', 'bolts-screws', 'stock-feed']
    const categoryPages = categories.flatMap((name) =>
      [1, 2, 3].map((page) => ({ path: `/api/categories/${name}/products?warehouse=WAG&page=${page}&size=40` })),
    )
    const check = await call(base, 'GET', categoryPages[0].path, { token })
    if (check.status !== 200 || check.body.length !== 40) throw new Error(`the category page did not answer 40 products (${check.status})`)
    // Its size, as autocannon gets it (no Accept-Encoding): what the server writes and the load generator reads.
    const pageBytes = Buffer.byteLength(JSON.stringify(check.body))
    const productIds = Array.from({ length: 200 }, (_, i) => 1 + ((i * 7919) % products))
    const searches = (words) => words.map((search) => ({ method: 'POST', path: '/api/search?warehouse=WAG&page=1&size=20', body: JSON.stringify({ search }) }))

    const scenarios = [
      ['category page (40 products)', categoryPages],
      ['category page, reseller', categoryPages, reseller],
      ['product detail', productIds.map((id) => ({ path: `/api/product/${id}?warehouse=WAG` }))],
      ['search', searches(['drench', 'ivomec', 'vaccine', 'pour on', 'electric fence', 'dog food', 'glyphosate', 'ear tags'])],
      ['search with a typo', searches(['ivomek', 'drentch', 'vacine', 'glyfosate', 'insulater', 'elektric fence', 'pourr on', 'dogg food'])],
      // What the search box asks as a customer types (decision 0029): prefixes, a typo, a code.
      [
        'suggestions',
        ['dr', 'dre', 'drench', 'iv', 'ivom', 'coopr', 'elec', 'electric fe', 'dog f', 'glyph', 'COO-MD', 'ear ta'].map((text) => ({
          path: `/api/search/suggest?warehouse=WAG&text=${encodeURIComponent(text)}`,
        })),
      ],
    ]
    // The cart scenarios write and empty lines by the thousand: without autovacuum the dead rows pile up.
    await vacuumWritten(databaseUrl)
    const cart = await call(base, 'DELETE', 'cart', { token })
    if (cart.status < 300) {
      const adds = productIds
        .slice(0, 50)
        .map((id) => ({ method: 'POST', path: '/api/cart', body: JSON.stringify({ productID: id, qty: 1, warehouse: 'WAG' }) }))
      scenarios.push(['cart add', adds])
    } else {
      console.log(`(DELETE /api/cart answered ${cart.status}: the cart add scenario is left out.)`)
    }
    // 50 buyers of 50 different accounts, one a connection: adds that do not queue behind one cart's lock.
    const buyers = await signInAll(base, await benchBuyers(50))
    for (const b of buyers) await call(base, 'DELETE', 'cart', { token: b.token })
    let nextBuyer = 0
    scenarios.push([
      'cart add, 50 buyers',
      [
        {
          method: 'POST',
          path: '/api/cart',
          setupRequest: (req, context) => {
            context.buyer ??= buyers[nextBuyer++ % buyers.length]
            context.n = ((context.n ?? 0) + 1) % 50
            return {
              ...req,
              headers: { ...req.headers, authorization: `Bearer ${context.buyer.token}` },
              body: JSON.stringify({ productID: productIds[context.n], qty: 1, warehouse: context.buyer.branch }),
            }
          },
        },
      ],
    ])

    // Each scenario's CPU time per request, of the server and of PostgreSQL's backends (Linux), measured
    // after its warm-up: the cost of a request whatever else the shared cores are doing.
    const dbName = new URL(databaseUrl).pathname.slice(1)
    const costed = async (run, warm) => {
      await warm()
      const { result, cost } = await cpuMsPer({ pid: server.pid, database: dbName, digits: 3 }, run, (r) => r.requests)
      return cost ? { ...result, cpuMsPerRequest: cost } : result
    }
    const hello = await costed(
      () => measureHello({ base, connections, seconds, warmup: 0 }),
      () => measureHello({ base, connections, seconds: 2, warmup: 0 }),
    )
    printResult('hello world (baseline)', hello)
    const measured = {}
    for (const [title, requests, headers = auth] of scenarios) {
      const run = (s) => () => measure({ base, connections, seconds: s, requests, headers, title, warmup: 0 })
      measured[title] = await costed(run(seconds), run(2))
    }
    const results = withHelloRatio(measured, hello)
    for (const [title, r] of Object.entries(results)) printResult(title, r)
    if (hello.cpuMsPerRequest) {
      console.log('\nCPU per request (ms), server / PostgreSQL:')
      for (const [title, r] of Object.entries({ 'hello world (baseline)': hello, ...results })) {
        if (r.cpuMsPerRequest) console.log(`  ${title.padEnd(34)} ${r.cpuMsPerRequest.server.toFixed(3)} / ${r.cpuMsPerRequest.postgres.toFixed(3)}`)
      }
    }
    if (cart.status < 300) await call(base, 'DELETE', 'cart', { token })
    for (const b of buyers) await call(base, 'DELETE', 'cart', { token: b.token })

    const category = results['category page (40 products)']
    const checks = [
      ['category page p99 under 50 ms', category.p99 < 50, `${category.p99} ms`],
      ['search p99 under 50 ms', results.search.p99 < 50, `${results.search.p99} ms`],
      ['search with a typo p99 under 50 ms', results['search with a typo'].p99 < 50, `${results['search with a typo'].p99} ms`],
      ['suggestions p99 under 20 ms', results.suggestions.p99 < 20, `${results.suggestions.p99} ms`],
      ['search throughput at least a tenth of hello world', results.search.rps * 10 >= hello.rps, `${(results.search.rps / hello.rps).toFixed(2)} of it`],
      [
        'search with a typo throughput at least a tenth of hello world',
        results['search with a typo'].rps * 10 >= hello.rps,
        `${(results['search with a typo'].rps / hello.rps).toFixed(2)} of it`,
      ],
      ['category throughput at least a third of hello world', category.rps * 3 >= hello.rps, `${(category.rps / hello.rps).toFixed(2)} of it`],
      ['no failed requests', Object.values(results).every((r) => r.non2xx + r.errors === 0), ''],
    ]
    console.log('\nTargets:')
    for (const [label, ok, detail] of checks) console.log(`  ${ok ? 'met    ' : 'MISSED '} ${label}${detail ? `: ${detail}` : ''}`)
    return {
      bench: 'catalogue',
      caches: cold ? 'off' : 'on',
      database: printable(databaseUrl),
      products,
      pageBytes,
      machine: await machine(databaseUrl),
      connections,
      seconds,
      hello,
      results,
      targets: checks.map(([label, met, detail]) => ({ label, met, detail })),
    }
  } finally {
    await server.stop()
  }
}

/** Users bench-buyer-0..n-1 on n different on-terms accounts of the large data set (created once, kept). */
async function benchBuyers(count) {
  return withClient(databaseUrl, async (db) => {
    const { rows } = await db.query(
      `SELECT u.username, a.default_branch AS branch FROM users u JOIN customer_accounts a ON a.id = u.account_id
        WHERE u.username LIKE 'bench-buyer-%' ORDER BY u.id`,
    )
    if (rows.length >= count) return rows.slice(0, count).map((r) => ({ ...r, password: 'Trade2026' }))
    await db.query(`DELETE FROM users WHERE username LIKE 'bench-buyer-%'`)
    const accounts = await onTermsAccounts(db)
    const spread = Array.from({ length: count }, (_, i) => accounts[Math.floor((i * accounts.length) / count)])
    return createUsers(db, { prefix: 'bench-buyer', accounts: spread, count, name: 'Bench buyer', domain: 'bench.example' })
  })
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = benchArgs({ seconds: 10, connections: 50, port: 3290 }, { seed: { type: 'boolean', default: false }, cold: { type: 'boolean', default: false } })
  benchCatalogue(args)
    .then((result) => writeJson(args.json, result))
    .catch((error) => {
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    })
}
