// npm run bench: every benchmark, then docs/benchmarks.md (printed too), written whole from docs/benchmarks.json.
//
//   npm run bench [-- --only catalogue,catalogue-cold,traffic,history,history-cold,checkout,ordering,erp,first-screen,repeat-visit,lighthouse] [--seconds 10] [--runs 3] [--port 3290]
//   npm run bench -- --render      writes docs/benchmarks.md again from docs/benchmarks.json, running nothing
//
//  - catalogue, history: the API's hot paths on PostgreSQL with the large data set (BENCH_DATABASE_URL, default
//    postgres://127.0.0.1:5432/bench; load it with npm run bench:catalogue -- --seed), each scenario beside the
//    hello-world route of the same server measured in the same run;
//  - catalogue-cold, history-cold: the same scenarios against a server started with CACHE_SECONDS=0 (its session
//    and page caches off, docs/decisions/0015): what a cold cache costs;
//  - traffic: npm run bench:traffic (scripts/bench-traffic.mjs): 1,000 users of 500 accounts, every branch, a
//    trade customer's mix of requests with Zipf-distributed pages, checkouts and the ERP's stock deltas, on its own
//    database (BENCH_TRAFFIC_DATABASE_URL, default .../bench_traffic, large data set), 60 s after 10 s of warm-up;
//  - checkout: placing orders on its own database (BENCH_CHECKOUT_DATABASE_URL, default .../checkout_bench,
//    demo data: the benchmark writes orders, so it keeps away from the large set), beside hello world too;
//  - ordering: a bulk add of 100 lines by 10 buyers at once, and buy-again for the 20,000-order account with the
//    caches off, on the large data set (scripts/bench-ordering.mjs);
//  - erp: the ERP interchange on its own database (BENCH_ERP_DATABASE_URL, default .../bench_erp, the large data set;
//    scripts/bench-erp.mjs): 10,000-row stock deltas end to end, the orders feed with 10,000 unacknowledged orders,
//    the catalogue's p99 meanwhile, and the importer's runs;
//  - first-screen: the gzip size of the JavaScript and CSS the login and home screens load (Chromium);
//  - repeat-visit: a signed-in customer's repeat visit to the home frame on a farm 3G link and offline (Chromium,
//    service worker active; scripts/bench-repeat-visit.mjs);
//  - lighthouse: Lighthouse (mobile) performance and accessibility of login, home, a category, a product and the
//    cart, against a portal started like `npm start` (embedded database, demo data, a port of its own).
// --seconds replaces every API benchmark's duration (10 s, 10 s, 30 s); --runs is Lighthouse's runs a screen
// (the median is kept). The figures of each part are kept in docs/benchmarks.json, so that --only refreshes
// those parts and the page still shows the others (each with the date it ran). The page is only ever what
// render() (scripts/bench/render.mjs) makes of that file: what a measurement taught goes into a decision record
// (docs/decisions/0100).
// Scripts, not tests: the figures depend on the machine, and on what else runs on it (the load is recorded).
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { benchCatalogue } from './bench-catalogue.mjs'
import { benchCheckout } from './bench-checkout.mjs'
import { benchErp } from './bench-erp.mjs'
import { measureFirstScreen, printFirstScreen } from './bench-first-screen.mjs'
import { benchHistory } from './bench-history.mjs'
import { benchOrdering } from './bench-ordering.mjs'
import { benchTraffic } from './bench-traffic.mjs'
import { render } from './bench/render.mjs'
import { buildIfStaleOrExit } from './lib/build.mjs'
import { load, machine } from './lib/figures.mjs'
import { root } from './lib/paths.mjs'
import { lighthouseScreens, printLighthouse, startPortal } from './lighthouse.mjs'
import { measureRepeatVisit, printRepeatVisit } from './bench-repeat-visit.mjs'

const PARTS = ['catalogue', 'catalogue-cold', 'traffic', 'history', 'history-cold', 'checkout', 'ordering', 'erp', 'first-screen', 'repeat-visit', 'lighthouse']

const { values: args } = parseArgs({
  options: {
    only: { type: 'string', default: PARTS.join(',') },
    seconds: { type: 'string' },
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '3290' },
    out: { type: 'string', default: 'docs/benchmarks.md' },
    data: { type: 'string', default: 'docs/benchmarks.json' },
    render: { type: 'boolean', default: false },
  },
})
const only = args.only.split(',').map((p) => p.trim())
for (const part of only) if (!PARTS.includes(part)) throw new Error(`--only: unknown part ${part} (parts: ${PARTS.join(', ')})`)
const seconds = args.seconds ? Number(args.seconds) : undefined
const port = Number(args.port)
const dataPath = resolve(root, args.data)
const outPath = resolve(root, args.out)

const today = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z')

/** Runs one part and keeps its figures with the date and the machine's load before and after. */
async function part(name, run) {
  console.log(`\n=== ${name} ===`)
  const loadBefore = load()
  const started = today()
  const result = await run()
  return { date: started, loadBefore, loadAfter: load(), ...result }
}

async function main() {
  const data = existsSync(dataPath) ? JSON.parse(readFileSync(dataPath, 'utf8')) : {}
  if (args.render) {
    if (!data.machine) throw new Error(`--render: ${args.data} holds no results yet (run npm run bench first)`)
    writeFileSync(outPath, render(data))
    console.log(`Written: ${args.out} from ${args.data}`)
    return
  }
  buildIfStaleOrExit(['@portal/server', '@portal/web'])
  data.machine = await machine(process.env.BENCH_DATABASE_URL || 'postgres://127.0.0.1:5432/bench')
  data.date = today()

  if (only.includes('catalogue')) data.catalogue = await part('catalogue', () => benchCatalogue({ seconds: seconds ?? 10, connections: 50, port }))
  if (only.includes('catalogue-cold'))
    data.catalogueCold = await part('catalogue, cold (caches off)', () => benchCatalogue({ seconds: seconds ?? 10, connections: 50, port, cold: true }))
  if (only.includes('traffic'))
    data.traffic = await part('traffic', () => benchTraffic({ seconds: seconds ?? 60, warmup: 10, connections: 50, users: 1000, accounts: 500, port }))
  if (only.includes('history'))
    data.history = await part('history', async () => {
      const { missed: _missed, ...result } = await benchHistory({ seconds: seconds ?? 10, connections: 10, port, plans: false })
      return result
    })
  if (only.includes('history-cold'))
    data.historyCold = await part('history, cold (caches off)', async () => {
      const { missed: _missed, ...result } = await benchHistory({ seconds: seconds ?? 10, connections: 10, port, plans: false, cold: true })
      return result
    })
  if (only.includes('checkout')) data.checkout = await part('checkout', () => benchCheckout({ seconds: seconds ?? 30, buyers: 20, lines: 10, port }))
  if (only.includes('ordering')) data.ordering = await part('ordering fast', () => benchOrdering({ seconds: seconds ?? 10, buyers: 10, lines: 100, port }))
  if (only.includes('erp')) data.erp = await part('erp', () => benchErp({ port }))

  if (only.includes('first-screen') || only.includes('repeat-visit') || only.includes('lighthouse')) {
    console.log('\nStarting a portal like npm start (embedded database, demo data)...')
    const portal = await startPortal(port)
    try {
      if (only.includes('first-screen'))
        data.firstScreen = await part('first screen', async () => {
          const result = await measureFirstScreen(portal.base)
          printFirstScreen(result)
          return result
        })
      if (only.includes('repeat-visit'))
        data.repeatVisit = await part('repeat visit', async () => {
          const result = await measureRepeatVisit(portal.base)
          printRepeatVisit(result)
          return result
        })
      if (only.includes('lighthouse'))
        data.lighthouse = await part('lighthouse', async () => {
          const screens = await lighthouseScreens(portal.base, { runs: Number(args.runs), log: console.log })
          printLighthouse(screens)
          return { runs: Number(args.runs), screens }
        })
    } finally {
      await portal.stop()
    }
  }

  writeFileSync(dataPath, `${JSON.stringify(data, null, 2)}\n`)
  const page = render(data)
  writeFileSync(outPath, page)
  console.log(`\n${page}`)
  console.log(`Written: ${args.out} (figures in ${args.data})`)
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
