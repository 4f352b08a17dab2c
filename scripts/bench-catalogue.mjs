// npm run bench:catalogue: requests per second and p50/p99 latency of the catalogue's hot paths at 50
// connections, on PostgreSQL with the large data set, beside a hello-world route of the same server.
//
//   npm run bench:catalogue [-- --seconds 10 --connections 50 --port 3290 --seed --json results.json]
//
// BENCH_DATABASE_URL (default postgres://127.0.0.1:5432/bench) names the database. It must hold the large
// data set; --seed creates the database and loads it when it is missing or empty (a few minutes).
// A script, not a test: the figures depend on the machine. Targets from the issue are checked and shown.
import autocannon from 'autocannon'
import { spawn, spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { setTimeout as delay } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { staleTargets } from './build-state.mjs'

const root = new URL('..', import.meta.url).pathname
const { fetch } = globalThis
const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    port: { type: 'string', default: '3290' },
    seed: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
})
const seconds = Number(args.seconds)
const connections = Number(args.connections)
const port = Number(args.port)
const databaseUrl = process.env.BENCH_DATABASE_URL || 'postgres://127.0.0.1:5432/bench'
const base = `http://127.0.0.1:${port}`

function withUser(url) {
  const u = new URL(url)
  if (!u.username) u.username = process.env.PGUSER || process.env.USER || 'postgres'
  return u
}

async function productCount() {
  const client = new pg.Client({ connectionString: withUser(databaseUrl).toString() })
  try {
    await client.connect()
  } catch (error) {
    if (error.code === '3D000') return -1 // no such database
    throw error
  }
  try {
    const res = await client.query(`SELECT to_regclass('products') IS NOT NULL AS ok`)
    if (!res.rows[0].ok) return 0
    return Number((await client.query('SELECT count(*) AS n FROM products')).rows[0].n)
  } finally {
    await client.end()
  }
}

async function ensureData() {
  let count = await productCount()
  if (count >= 50_000) return count
  if (!args.seed) {
    console.error(
      `${databaseUrl} does not hold the large data set (${count < 0 ? 'no such database' : `${count} products`}).\n` +
        `Load it with: npm run bench:catalogue -- --seed   (or: DATABASE_URL=${databaseUrl} node apps/server/dist/seed.js --scale large)`,
    )
    process.exit(1)
  }
  if (count < 0) {
    const admin = withUser(databaseUrl)
    const name = admin.pathname.slice(1)
    admin.pathname = '/postgres'
    const client = new pg.Client({ connectionString: admin.toString() })
    await client.connect()
    await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`)
    await client.end()
  }
  console.log(`Loading the large data set into ${databaseUrl} (a few minutes)...`)
  const res = spawnSync('node', ['apps/server/dist/seed.js', '--scale', 'large', ...(count > 0 ? ['--reset'] : [])], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: databaseUrl },
  })
  if (res.status !== 0) process.exit(res.status ?? 1)
  count = await productCount()
  return count
}

function buildServer() {
  if (!staleTargets().some((t) => t.workspace === '@portal/server')) return
  console.log('Building the server...')
  const res = spawnSync('npm', ['run', 'build', '-w', '@portal/server', '--silent'], { cwd: root, stdio: 'inherit' })
  if (res.status !== 0) process.exit(res.status ?? 1)
}

async function startServer() {
  const server = spawn('node', ['apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      BENCH_HELLO: '1',
      DATABASE_POOL_SIZE: '20',
    },
  })
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server stopped with code ${server.exitCode}`)
    try {
      if ((await fetch(`${base}/api/hello`)).ok) return server
    } catch {
      // not listening yet
    }
    await delay(250)
  }
  server.kill()
  throw new Error('the server did not start within a minute')
}

async function call(method, path, token, body) {
  const res = await fetch(`${base}/api/${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  return { status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text() }
}

/** Each scenario cycles through its requests, so that no single cached plan or page flatters it. */
function cycle(list) {
  return list.map((r) => ({ method: 'GET', ...r }))
}

const pick = (result) => ({
  rps: Math.round(result.requests.average),
  p50: result.latency.p50,
  p99: result.latency.p99,
  requests: result.requests.total,
  non2xx: result.non2xx,
  errors: result.errors + result.timeouts,
})

async function main() {
  buildServer()
  const products = await ensureData()
  console.log(
    `Database: ${databaseUrl} (${products.toLocaleString('en-AU')} products). ${cpus().length} CPUs. ${connections} connections, ${seconds} s a scenario.`,
  )
  const server = await startServer()
  try {
    const login = await call('POST', 'login', null, { username: 'trade', password: 'Trade2026' })
    if (login.status !== 200) throw new Error(`sign-in as trade failed (${login.status}): is this the seeded data set with demo logins?`)
    const auth = { authorization: `Bearer ${login.body.token}`, 'content-type': 'application/json' }

    const categories = ['animal-health', 'drenches', 'fencing', 'hardware', 'bolts-screws', 'stock-feed']
    const categoryPages = categories.flatMap((name) =>
      [1, 2, 3].map((page) => ({ path: `/api/categories/${name}/products?warehouse=WAG&page=${page}&size=40` })),
    )
    const check = await call('GET', categoryPages[0].path.slice(5), login.body.token)
    if (check.status !== 200 || check.body.length !== 40) throw new Error(`the category page did not answer 40 products (${check.status})`)
    const productIds = Array.from({ length: 200 }, (_, i) => 1 + ((i * 7919) % products))
    const searches = (words) => words.map((search) => ({ method: 'POST', path: '/api/search?warehouse=WAG&page=1&size=20', body: JSON.stringify({ search }) }))

    const scenarios = [
      ['hello world (baseline)', cycle([{ path: '/api/hello' }]), {}],
      ['category page (40 products)', cycle(categoryPages), auth],
      ['product detail', cycle(productIds.map((id) => ({ path: `/api/product/${id}?warehouse=WAG` }))), auth],
      ['search', searches(['drench', 'ivomec', 'vaccine', 'pour on', 'electric fence', 'dog food', 'glyphosate', 'ear tags']), auth],
      ['search with a typo', searches(['ivomek', 'drentch', 'vacine', 'glyfosate', 'insulater', 'elektric fence', 'pourr on', 'dogg food']), auth],
    ]
    const cart = await call('DELETE', 'cart', login.body.token)
    if (cart.status < 300) {
      const adds = productIds
        .slice(0, 50)
        .map((id) => ({ method: 'POST', path: '/api/cart', body: JSON.stringify({ productID: id, qty: 1, warehouse: 'WAG' }) }))
      scenarios.push(['cart add', adds, auth])
    } else {
      console.log(`(DELETE /api/cart answered ${cart.status}: the cart add scenario is left out.)`)
    }

    const results = {}
    for (const [title, requests, headers] of scenarios) {
      await autocannon({ url: base, connections, duration: 2, headers, requests }) // warm-up: JIT, pool, caches
      const result = pick(await autocannon({ url: base, connections, duration: seconds, title, headers, requests }))
      results[title] = result
      console.log(
        `${title.padEnd(30)} ${String(result.rps).padStart(7)} req/s   p50 ${String(result.p50).padStart(4)} ms   p99 ${String(result.p99).padStart(4)} ms   ${result.non2xx + result.errors ? `(${result.non2xx} non-2xx, ${result.errors} errors)` : ''}`,
      )
    }
    if (cart.status < 300) await call('DELETE', 'cart', login.body.token)

    const hello = results['hello world (baseline)']
    const category = results['category page (40 products)']
    const checks = [
      ['category page p99 under 50 ms', category.p99 < 50, `${category.p99} ms`],
      ['search p99 under 50 ms', results.search.p99 < 50, `${results.search.p99} ms`],
      ['search with a typo p99 under 50 ms', results['search with a typo'].p99 < 50, `${results['search with a typo'].p99} ms`],
      ['category throughput at least a third of hello world', category.rps * 3 >= hello.rps, `${(category.rps / hello.rps).toFixed(2)} of it`],
      ['no failed requests', Object.values(results).every((r) => r.non2xx + r.errors === 0), ''],
    ]
    console.log('\nTargets:')
    for (const [label, ok, detail] of checks) console.log(`  ${ok ? 'met    ' : 'MISSED '} ${label}${detail ? `: ${detail}` : ''}`)
    if (args.json) writeFileSync(args.json, JSON.stringify({ databaseUrl, products, cpus: cpus().length, connections, seconds, results }, null, 2))
  } finally {
    server.kill('SIGTERM')
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
