// npm run reliability:load — a mixed load (browse, search, cart, checkout) at the highest rate the machine
// sustains, for 5 minutes: zero 5xx, and the server's memory must stay flat.
//
//   npm run reliability:load [-- --minutes 5 --vus N --ramp-seconds 15 --p99-bound 250 --rss-margin 10 --port 4510 --keep --json out.json]
//
// It makes its own PostgreSQL database (reliability_load on RELIABILITY_DATABASE_URL's server, default
// postgres://127.0.0.1:5432), loads the demo data set, creates one user per virtual user over every
// account (on-terms, cash-sale and reseller ones), and starts apps/server/dist/main.js on 127.0.0.1.
// Each virtual user signs in as its own user and visits in a loop: a category page, a product, a search,
// a second category page, one to three adds to the cart, the cart screen, then a checkout on account with
// an Idempotency-Key (cash-sale and reseller users, who cannot order on account, empty the cart instead);
// every eighth visit it signs out and in again.
// The rate: unless --vus is given, a ramp (2, 4, 8 ... 64 virtual users, --ramp-seconds each) finds the
// smallest number of users that reaches 95% of the best throughput seen with p99 within --p99-bound ms;
// the timed run then uses it. The server's RSS (/proc/<pid>/status) is sampled every 5 s; "flat" means the
// average of the last fifth of the run (the last minute of 5) is within --rss-margin % of the second fifth's,
// or else (V8's sawtooth caught high) its lowest sample is within that margin of the second fifth's lowest.
// Fails (exit 1) on any 5xx, any request without an answer, any other non-2xx, an order count that does not
// match the acknowledged orders, or memory that grows.
import { writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { performance } from 'node:perf_hooks'
import { setTimeout as delay } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import { fmt } from '../lib/figures.mjs'
import { httpClient } from '../lib/http.mjs'
import { printable, withClient } from '../lib/postgres.mjs'
import { createSuiteDatabase, dropSuiteDatabase, ensureServerBuilt, run, seedDemo, startSuiteServer } from '../lib/reliability.mjs'
import { rssMiB } from '../lib/server.mjs'
import { createUsers } from '../lib/users.mjs'
import { KINDS, Load, totals, VirtualUser } from './load/virtual-users.mjs'

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '5' },
    vus: { type: 'string' },
    'ramp-seconds': { type: 'string', default: '15' },
    'p99-bound': { type: 'string', default: '250' },
    'rss-margin': { type: 'string', default: '10' },
    'sample-seconds': { type: 'string', default: '5' },
    port: { type: 'string', default: '4510' },
    keep: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
})
const minutes = Number(args.minutes)
const rampSeconds = Number(args['ramp-seconds'])
const p99Bound = Number(args['p99-bound'])
const rssMargin = Number(args['rss-margin'])
const sampleSeconds = Number(args['sample-seconds'])
const port = Number(args.port)
const RAMP = [2, 4, 8, 16, 32, 64]
const MAX_VUS = args.vus ? Number(args.vus) : RAMP.at(-1)
const DB_NAME = 'reliability_load'
const mean = (xs) => xs.reduce((s, x) => s + x, 0) / xs.length

async function main() {
  const failures = []
  ensureServerBuilt()
  console.log(`Preparing ${DB_NAME} (demo data, ${MAX_VUS} users of our own)...`)
  const url = await createSuiteDatabase(DB_NAME)
  seedDemo({ url })
  const users = await withClient(url, async (db) => {
    // Plenty of stock, so that the orders allocate (and update stock rows) and cash-sale adds always fit.
    await db.query('UPDATE stock SET qty_available = greatest(qty_available, 1000000)')
    const accounts = (await db.query('SELECT id, default_branch FROM customer_accounts ORDER BY id')).rows
    return createUsers(db, { prefix: 'rel-load', accounts, count: MAX_VUS })
  })
  const server = startSuiteServer({ name: 'load', port, url, env: { DATABASE_POOL_SIZE: '20' } })
  let load
  try {
    await server.ready()
    const client = httpClient(server.base, { sockets: MAX_VUS + 8 })
    load = new Load(client)
    const vus = users.map((u, i) => new VirtualUser(load, i, u))
    const loops = []
    const grow = (n) => {
      while (load.active < n) {
        const vu = vus[load.active]
        load.active++
        loops.push(vu.loop())
      }
    }
    /** Fewer users: the others finish their visit and stop before anything is measured again. */
    const shrink = async (n) => {
      load.active = n
      await Promise.all(loops.slice(n))
      loops.length = n
    }
    console.log(
      `${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), ${Math.round(totalmem() / 2 ** 30)} GiB; database ${printable(url)}; server pid ${server.pid}`,
    )

    // Everyone signs in first (four at a time, as argon2 takes a worker thread each), so that the ramp
    // measures visits rather than a burst of sign-ins; later sign-ins are part of the visits.
    const queue = [...vus]
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let vu = queue.shift(); vu; vu = queue.shift()) await vu.signIn()
      }),
    )
    const signedIn = load.tallies.session.summary()
    console.log(`Signed in ${vus.filter((v) => v.token).length} users (p50 ${fmt(signedIn.p50)} ms, p99 ${fmt(signedIn.p99)} ms)`)

    // 1. The rate: a ramp, unless the number of virtual users is given.
    let chosen = MAX_VUS
    const ramp = []
    if (!args.vus) {
      console.log(`\nRamp (${rampSeconds} s a step; p99 bound ${p99Bound} ms):`)
      for (const n of RAMP) {
        grow(n)
        await delay(1000)
        load.reset()
        await delay(rampSeconds * 1000)
        const t = totals(load)
        ramp.push({ vus: n, rps: t.rps, p50: t.p50, p99: t.p99, errors: t.all.count5xx() + t.all.errorCount() })
        console.log(`  ${String(n).padStart(3)} users  ${fmt(t.rps, 0).padStart(6)} req/s  p50 ${fmt(t.p50).padStart(6)} ms  p99 ${fmt(t.p99).padStart(7)} ms`)
      }
      const within = ramp.filter((r) => r.p99 <= p99Bound)
      const best = Math.max(...(within.length ? within : ramp).map((r) => r.rps))
      chosen = (within.length ? within : [ramp[0]]).find((r) => r.rps >= 0.95 * best)?.vus ?? ramp[0].vus
      console.log(`  -> ${chosen} virtual users (the fewest within 5% of the best throughput with p99 <= ${p99Bound} ms)`)
      await shrink(chosen)
      await delay(2000)
    } else {
      // Without a ramp, a warm-up of its length: JIT, pools and caches, the heap growing to its working size.
      console.log(`Warming up with ${chosen} virtual users for ${RAMP.length * rampSeconds} s...`)
      grow(chosen)
      await delay(RAMP.length * rampSeconds * 1000)
    }

    // 2. The timed run.
    const seconds = minutes * 60
    console.log(`\nMixed load: ${chosen} virtual users for ${minutes} min...`)
    load.reset()
    const samples = []
    const perMinute = []
    let lastCount = 0
    const started = performance.now()
    while (performance.now() - started < seconds * 1000) {
      await delay(sampleSeconds * 1000)
      const t = Math.round((performance.now() - started) / 1000)
      samples.push({ t, rss: rssMiB(server.pid) })
      if (t % 60 < sampleSeconds) {
        const count = Object.values(load.tallies).reduce((s, x) => s + x.count, 0)
        perMinute.push(count - lastCount)
        lastCount = count
      }
    }
    const result = totals(load)
    load.stopped = true
    await Promise.all(loops)

    // 3. Figures.
    console.log(
      `\n${'kind'.padEnd(10)} ${'requests'.padStart(9)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}  statuses`,
    )
    const kinds = {}
    for (const kind of KINDS) {
      const t = load.tallies[kind]
      const s = t.summary()
      kinds[kind] = {
        requests: s.count,
        rps: s.count / result.seconds,
        p50: s.p50,
        p99: s.p99,
        max: s.max,
        statuses: Object.fromEntries(t.statuses),
        errors: Object.fromEntries(t.errors),
      }
      console.log(
        `${kind.padEnd(10)} ${String(s.count).padStart(9)} ${fmt(s.count / result.seconds).padStart(8)} ${fmt(s.p50).padStart(8)} ${fmt(s.p99).padStart(8)} ${fmt(s.max, 0).padStart(8)}  ${t.statusText()}`,
      )
    }
    console.log(
      `${'all'.padEnd(10)} ${String(result.count).padStart(9)} ${fmt(result.rps).padStart(8)} ${fmt(result.p50).padStart(8)} ${fmt(result.p99).padStart(8)} ${fmt(result.max, 0).padStart(8)}`,
    )
    console.log(
      `Orders placed: ${load.ordersAcknowledged} (${fmt(load.ordersAcknowledged / result.seconds, 1)}/s); requests per minute: ${perMinute.join(', ')}`,
    )

    const rss = samples.filter((s) => s.rss !== null)
    console.log(`\nServer RSS (MiB) every ${sampleSeconds} s:`)
    const perRow = Math.max(1, Math.round(60 / sampleSeconds))
    for (let i = 0; i < rss.length; i += perRow) {
      console.log(
        `  ${String(rss[i].t).padStart(4)} s: ${rss
          .slice(i, i + perRow)
          .map((s) => fmt(s.rss, 0))
          .join(' ')}`,
      )
    }
    const fifth = seconds / 5
    const second = rss.filter((s) => s.t > fifth && s.t <= 2 * fifth).map((s) => s.rss)
    const last = rss.filter((s) => s.t > 4 * fifth).map((s) => s.rss)
    const memory = {
      secondWindow: mean(second),
      lastWindow: mean(last),
      growthPct: (mean(last) / mean(second) - 1) * 100,
      // The floor (the lowest sample, just after a full garbage collection) tells a leak from V8's sawtooth.
      secondFloor: Math.min(...second),
      lastFloor: Math.min(...last),
      floorGrowthPct: (Math.min(...last) / Math.min(...second) - 1) * 100,
      peak: Math.max(...rss.map((s) => s.rss)),
    }
    const signed = (pct) => `${pct >= 0 ? '+' : ''}${fmt(pct)}%`
    console.log(
      `Average RSS ${fmt(fifth, 0)}-${fmt(2 * fifth, 0)} s: ${fmt(memory.secondWindow)} MiB; last ${fmt(fifth, 0)} s: ${fmt(memory.lastWindow)} MiB (${signed(memory.growthPct)}, allowed +${rssMargin}%); ` +
        `lowest ${fmt(memory.secondFloor)} -> ${fmt(memory.lastFloor)} MiB (${signed(memory.floorGrowthPct)}); peak ${fmt(memory.peak)} MiB`,
    )

    // 4. The database agrees with what was acknowledged.
    const ordered = await withClient(url, async (db) => {
      const row = (
        await db.query(
          `SELECT count(*)::int AS orders, count(*) FILTER (WHERE num_lines = 0 OR num_lines <> (SELECT count(*) FROM order_lines l WHERE l.order_id = o.id))::int AS broken
           FROM orders o WHERE user_id IN (SELECT id FROM users WHERE username LIKE 'rel-load-%')`,
        )
      ).rows[0]
      return row
    })
    console.log(
      `Orders in the database by the virtual users: ${ordered.orders} (acknowledged, ramp included: ${load.ordersTotal}; ${ordered.broken} without all their lines)`,
    )

    const fivexx = Object.values(load.tallies).reduce((s, t) => s + t.count5xx(), 0)
    const noAnswer = Object.values(load.tallies).reduce((s, t) => s + t.errorCount(), 0)
    const non2xx = Object.values(load.tallies).reduce((s, t) => s + t.countNon2xx(), 0)
    if (fivexx) failures.push(`${fivexx} answers were 5xx`)
    if (noAnswer) failures.push(`${noAnswer} requests got no answer`)
    if (non2xx - fivexx) failures.push(`${non2xx - fivexx} answers were another non-2xx status`)
    if (load.unexpected.length) console.log(`\nUnexpected answers (first ${load.unexpected.length}):\n  ${load.unexpected.join('\n  ')}`)
    // Memory grew when both the average and the floor did: a sawtooth caught high raises the average alone.
    // Windows shorter than half a minute catch a single GC cycle: a trial run that short does not judge memory.
    if (fifth < 30) console.log(`(Memory is not judged in runs under ${(5 * 30) / 60} minutes: windows of ${fmt(fifth, 0)} s are one GC cycle.)`)
    else if (!(memory.growthPct <= rssMargin || memory.floorGrowthPct <= rssMargin)) {
      failures.push(`memory grew: average ${signed(memory.growthPct)}, lowest ${signed(memory.floorGrowthPct)} (allowed +${rssMargin}%)`)
    }
    if (ordered.broken) failures.push(`${ordered.broken} orders without all their lines`)
    if (ordered.orders !== load.ordersTotal) failures.push(`${load.ordersTotal} orders acknowledged but ${ordered.orders} in the database`)
    if (server.alive === false) failures.push('the server stopped during the run')

    const stopped = await server.stop()
    if (stopped.code !== 0) failures.push(`the server did not stop cleanly on SIGTERM (code ${stopped.code}, signal ${stopped.signal})`)
    client.close()
    if (args.json) {
      writeFileSync(
        args.json,
        JSON.stringify(
          {
            date: new Date().toISOString(),
            cpus: cpus().length,
            vus: chosen,
            minutes,
            ramp,
            kinds,
            total: { requests: result.count, rps: result.rps, p50: result.p50, p99: result.p99 },
            orders: load.ordersAcknowledged,
            memory,
            rss,
            failures,
          },
          null,
          2,
        ),
      )
    }
    return failures
  } finally {
    if (load) load.stopped = true
    await server.stop()
    if (!args.keep) await dropSuiteDatabase(DB_NAME).catch(() => {})
    else console.log(`Kept the database ${DB_NAME}; server log: ${server.logFile}`)
  }
}

run('reliability:load', main)
