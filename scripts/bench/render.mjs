// The page docs/benchmarks.md, written whole from the figures in docs/benchmarks.json (scripts/bench.mjs): the
// targets and whether each is met, then a section a part with its command, its figures and when it ran.
import { JS_BUDGET_KB } from '../bench-first-screen.mjs'

const PERFORMANCE_TARGET = 90
const ACCESSIBILITY_TARGET = 95

const fmt = (n, digits = 0) =>
  n === null || n === undefined ? '-' : Number(n).toLocaleString('en-AU', { maximumFractionDigits: digits, minimumFractionDigits: digits })
const pct = (ratio) => (ratio === null || ratio === undefined ? '-' : `${(ratio * 100).toFixed(ratio < 0.01 ? 2 : 1)} %`)
const when = (p) => `${p.date.slice(0, 16).replace('T', ' ')} UTC, load average ${p.loadBefore} before and ${p.loadAfter} after`

function apiTable(p, endpoints) {
  const rows = [
    `| endpoint | connections | requests/s | p50 ms | p99 ms | of hello world |`,
    `|---|---:|---:|---:|---:|---:|`,
    `| hello world (GET /api/hello, the baseline) | ${p.connections} | ${fmt(p.hello.rps)} | ${p.hello.p50} | ${p.hello.p99} | 100 % |`,
  ]
  for (const [title, r] of Object.entries(p.results)) {
    const failed = r.non2xx + r.errors ? ` (${r.non2xx + r.errors} failed)` : ''
    rows.push(
      `| ${title}${endpoints[title] ? ` (${endpoints[title]})` : ''}${failed} | ${p.connections} | ${fmt(r.rps)} | ${r.p50} | ${r.p99} | ${pct(r.helloRatio)} |`,
    )
  }
  return rows.join('\n')
}

const CATALOGUE_ENDPOINTS = {
  'category page (40 products)': 'GET /api/categories/{name}/products',
  'product detail': 'GET /api/product/{id}',
  search: 'POST /api/search',
  'search with a typo': 'POST /api/search',
  'cart add': 'POST /api/cart',
}
const historyEndpoint = (title) =>
  title.startsWith('orders')
    ? 'GET /api/orders'
    : title.startsWith('invoices')
      ? 'GET /api/invoices?search='
      : title.startsWith('back orders')
        ? 'GET /api/back-orders'
        : ''

/** The ERP interchange (npm run bench:erp): stock deltas, the orders feed, the catalogue meanwhile, the importer's runs. */
function erpSection(p) {
  const c = p.catalogue
  const feed = p.ordersFeed
  const run = (title, r, target) => `| ${title} | ${fmt(r.seconds, 1)} | ${target} s: ${r.targetMet ? 'met' : '**not met**'} | ${r.catalogue?.p99 ?? '-'} |`
  const imported = p.import?.full
    ? [
        '| run (npm run erp:import, scripts/bench-erp-import.mjs) | seconds | target | catalogue p99 ms meanwhile |',
        '|---|---:|---|---:|',
        run('full import of the large catalogue into an empty database', p.import.full, 60),
        run('no-change re-import', p.import.noChange, 30),
      ]
    : [`Not measured in this run (${p.import?.note ?? 'no import figures'}). Alone: \`node scripts/bench-erp-import.mjs\`.`]
  const l = p.liveImport
  const liveRow = (title, r) =>
    `| ${title} | ${fmt(r.seconds, 1)} | ${fmt(r.totals.changed)} | ${r.toSearchMs === undefined ? '-' : fmt(r.toSearchMs)} | ${r.catalogue.p50} | ${r.catalogue.p99} | ${r.catalogue.max} | ${r.eventLoopMaxMs ?? '-'} |`
  const live = l
    ? [
        '### Import into the running portal (POST /api/erp/import while its customer reads it)',
        '',
        '| import | seconds to the answer | products changed | ms from the answer until search finds the changed product | customer p50 ms | p99 ms | slowest ms | event-loop delay max ms |',
        '|---|---:|---:|---:|---:|---:|---:|---:|',
        liveRow('every product changed (full)', l.full),
        liveRow('the same files again (full, no change)', l.noChange),
        liveRow('one product (delta)', l.single),
        liveRow('back as it was (full)', l.restored),
        '',
        `Targets: the customer's p99 within 2x of its p99 alone (${c.alone.p99} ms): ${l.targets.p99WithinTwiceAlone ? 'met' : '**not met**'} (worst ${l.targets.worstP99} ms); no answer over 500 ms: ${l.targets.noAnswerOver500Ms ? 'met' : '**not met**'} (slowest ${l.targets.slowestAnswer} ms).`,
      ]
    : ['### Import into the running portal', '', 'Not measured in this run.']
  return [
    '## ERP interchange (PostgreSQL, large data set)',
    '',
    `Its own database (${p.database}): 50,000 products, 13 branches of stock. ${when(p)}.`,
    '',
    command('erp', 'npm run bench:erp'),
    '',
    `### Stock delta (POST /api/erp/stock, ${fmt(p.stockDelta.rows)} rows, every count changed)`,
    '',
    '| run | answered ms | visible in the catalogue API ms |',
    '|---:|---:|---:|',
    ...p.stockDelta.runs.map((r, i) => `| ${i + 1} | ${fmt(r.answeredMs)} | ${fmt(r.visibleMs)} |`),
    '',
    `Slowest visible: ${fmt(p.stockDelta.slowestVisibleMs)} ms.`,
    '',
    '### Orders feed (GET /api/erp/orders and POST /api/erp/orders/{id}/ack)',
    '',
    `${fmt(feed.orders)} unacknowledged orders (two lines each), ${feed.collectors} collectors at once taking 500 a call and acknowledging 8 at a time each: all collected and acknowledged in ${fmt(feed.seconds, 1)} s, **${fmt(feed.ordersPerSecond, 1)} orders/s** (collect and acknowledge), per collector ${feed.perCollector.join(' and ')}, none handed to two collectors, ${feed.leftUnacknowledged} left. A call of 500: p50 ${fmt(feed.collectCallMs.p50)} ms, p99 ${fmt(feed.collectCallMs.p99)} ms; an acknowledgement: p50 ${fmt(feed.ackMs.p50, 1)} ms, p99 ${fmt(feed.ackMs.p99, 1)} ms.`,
    '',
    `### The catalogue meanwhile (a customer reading category and product pages${p.liveImport ? ' and searching' : ''}, 4 connections)`,
    '',
    '| while | answers | p50 ms | p99 ms |',
    '|---|---:|---:|---:|',
    `| nothing else (10 s) | ${fmt(c.alone.requests)} | ${c.alone.p50} | ${c.alone.p99} |`,
    `| the three stock deltas | ${fmt(c.duringDeltas.requests)} | ${c.duringDeltas.p50} | ${c.duringDeltas.p99} |`,
    `| the orders feed | ${fmt(c.duringFeed.requests)} | ${c.duringFeed.p50} | ${c.duringFeed.p99} |`,
    '',
    "### Import (the importer's)",
    '',
    ...imported,
    '',
    ...live,
    '',
  ]
}

/** Every target the figures can be judged against: the part, the target, what was measured, and whether it is met. */
function targetRows(data) {
  const rows = []
  const row = (part, target, measured, met) => rows.push({ part, target, measured, met })
  // The API benchmarks judge their own targets (bench-catalogue.mjs, bench-traffic.mjs, bench-history.mjs, bench-ordering.mjs).
  for (const [part, p] of [
    ['catalogue', data.catalogue],
    ['traffic', data.traffic],
    ['history', data.history],
    ['history, caches off', data.historyCold],
    ['ordering', data.ordering],
  ]) {
    for (const t of p?.targets ?? []) {
      // Some scripts put the figure in the label ("orders, first page: p99 36 ms under 50 ms"): split it out.
      const inLabel = t.detail ? null : /^(.*): p99 ([\d.,]+) ms under ([\d.,]+) ms$/.exec(t.label)
      if (inLabel) row(part, `${inLabel[1]}: p99 under ${inLabel[3]} ms`, `${inLabel[2]} ms`, t.met)
      else row(part, t.label, t.detail ?? '', t.met)
    }
  }
  const erp = data.erp
  if (erp) {
    row('erp', 'stock delta visible in the catalogue within 2 s', `${fmt(erp.stockDelta.slowestVisibleMs)} ms`, erp.stockDelta.targetMet)
    const full = erp.import?.full
    const noChange = erp.import?.noChange
    row('erp', 'full import of the large catalogue under 60 s', full ? `${fmt(full.seconds, 1)} s` : '', full ? full.targetMet : null)
    row('erp', 'no-change re-import under 30 s', noChange ? `${fmt(noChange.seconds, 1)} s` : '', noChange ? noChange.targetMet : null)
    const live = erp.liveImport?.targets
    row('erp', "customer's p99 within 2x of alone while imports run into its portal", live ? `${live.worstP99} ms` : '', live ? live.p99WithinTwiceAlone : null)
    row('erp', 'no customer answer over 500 ms while imports run into its portal', live ? `${live.slowestAnswer} ms` : '', live ? live.noAnswerOver500Ms : null)
  }
  const fs = data.firstScreen
  if (fs) {
    const worst = fs.login.jsGzipKB >= fs.home.jsGzipKB ? fs.login : fs.home
    row('first screen', `JavaScript at most ${JS_BUDGET_KB} KB gzip on each first screen`, `${fmt(worst.jsGzipKB, 1)} KB on ${worst.path}`, fs.met)
  }
  const rv = data.repeatVisit
  if (rv) row('repeat visit', `under ${rv.targetMs} ms on farm 3G and offline`, `${rv.throttled.medianMs} ms and ${rv.offline.medianMs} ms`, rv.met)
  for (const s of data.lighthouse?.screens ?? []) {
    row('lighthouse', `performance at least ${PERFORMANCE_TARGET} on ${s.path}`, `${s.performance}`, (s.performance ?? 0) >= PERFORMANCE_TARGET)
    row('lighthouse', `accessibility at least ${ACCESSIBILITY_TARGET} on ${s.path}`, `${s.accessibility}`, (s.accessibility ?? 0) >= ACCESSIBILITY_TARGET)
  }
  return rows
}

function targetsSection(data) {
  const rows = targetRows(data)
  const met = rows.filter((r) => r.met === true).length
  const verdict = (m) => (m === null ? 'not measured' : m ? 'met' : '**not met**')
  return [
    '## Targets',
    '',
    `${met} of ${rows.length} met in the figures below. The load average each part ran at is in its section.`,
    '',
    '| part | target | measured | met |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${r.part} | ${r.target} | ${r.measured || '-'} | ${verdict(r.met)} |`),
    '',
  ]
}

/** The bench:traffic table: one row per kind of request, the total and hello world of the same server. */
function trafficTable(p) {
  const rows = ['| kind | requests/s | p50 ms | p99 ms | max ms | errors |', '|---|---:|---:|---:|---:|---:|']
  for (const [kind, r] of Object.entries(p.kinds))
    rows.push(`| ${kind} | ${fmt(r.rps, 1)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${fmt(r.max, 1)} | ${r.errors} |`)
  rows.push(`| **all** | **${fmt(p.total.rps, 1)}** | ${fmt(p.total.p50, 1)} | ${fmt(p.total.p99, 1)} | ${fmt(p.total.max, 1)} | ${p.total.errors} |`)
  rows.push(
    `| hello world (GET /api/hello, alone, after the mix) | ${fmt(p.hello.rps)} | ${p.hello.p50} | ${p.hello.p99} | ${p.hello.max} | ${p.hello.non2xx + p.hello.errors} |`,
  )
  return rows.join('\n')
}

function trafficSection(p) {
  return [
    '## Traffic (PostgreSQL, large data set)',
    '',
    `${fmt(p.users)} signed-in users of ${fmt(p.accounts)} accounts (${Object.entries(p.categories)
      .map(([c, n]) => `${c} ${n}`)
      .join(', ')} users), at their accounts' ${p.branches} branches, each account with its own prices; Zipf-distributed category, brand and product pages, ` +
      `${p.queries} search queries (words, typos, codes, barcodes), carts, checkouts on account (about 1 request in 30) and order history; ` +
      `${p.stock.rows} stock rows changed every ${p.stock.everySeconds} s (${p.stock.via === 'erp' ? 'POST /api/erp/stock' : 'straight in PostgreSQL'}) and ${fmt(p.orders)} orders moving stock; ` +
      `${p.connections} connections, ${p.seconds} s after ${p.warmup} s of warm-up${p.caches === 'off' ? ', caches off' : ''}. ${when(p)}. ` +
      `Server RSS ${p.memory.firstMiB} MiB at the start of the measured run, ${p.memory.peakMiB} MiB at its peak.`,
    '',
    command('traffic', 'npm run bench:traffic'),
    '',
    trafficTable(p),
    '',
  ]
}

/** How to run one part: through npm run bench, and the script that measures it alone. */
const command = (part, alone) => `Command: \`npm run bench -- --only ${part}\` (alone: \`${alone}\`).`

export function render(data) {
  const m = data.machine
  const out = [
    '# Benchmarks',
    '',
    'Written whole by `npm run bench` (scripts/bench.mjs) from the figures in `docs/benchmarks.json`; `npm run bench -- --render` writes it again from that file without running anything. ' +
      'Each part below says when it ran and how busy the machine was. Why the portal is built the way these figures show, and what earlier measurements found: ' +
      '[decision 0097](decisions/0097-catalogue-caches-kept-right.md) (caching), [0098](decisions/0098-database-round-trips-statements-and-plans.md) (round trips, prepared statements and plans), ' +
      '[0099](decisions/0099-memory-and-the-heap.md) (memory) and [0100](decisions/0100-answers-their-size-and-how-speed-is-measured.md) (answers, and how speed is measured).',
    '',
    '## Machine',
    '',
    '| | |',
    '|---|---|',
    `| cores | ${m.cores} (${m.cpu}) |`,
    `| memory | ${m.memoryGiB} GiB |`,
    `| Node.js | ${m.node} |`,
    `| PostgreSQL | ${m.postgres ?? 'not reached'} |`,
    '',
    `The load generator, the server, PostgreSQL and Chromium share these ${m.cores} cores, and other work may run on the machine too, so each part records the 1-minute load average before and after it. ` +
      `A load average above ${m.cores} means the benchmark had to share the cores: read the figures as a floor, not the portal's capacity.`,
    '',
    `To reproduce: build (\`npm run build\`; the script rebuilds what is stale), load the large data set into PostgreSQL once (\`npm run bench:catalogue -- --seed\`, or \`DATABASE_URL=postgres://127.0.0.1:5432/bench npm run seed -- --scale large\`), then run \`npm run bench\` ` +
      `(\`-- --only <parts>\` to refresh some parts; \`--seconds\`, \`--runs\` and \`--port\` as in scripts/bench.mjs).`,
    '',
    ...targetsSection(data),
  ]
  if (data.catalogue) {
    const p = data.catalogue
    out.push(
      '## Catalogue (PostgreSQL, large data set)',
      '',
      `${fmt(p.products)} products, signed in as \`trade\`, branch WAG; ${p.seconds} s a scenario after 2 s of warm-up. ${when(p)}.`,
      '',
      command('catalogue', 'npm run bench:catalogue'),
      '',
      apiTable(p, CATALOGUE_ENDPOINTS),
      '',
      "Cart add is one user's cart at 50 connections: each add locks that cart until it commits, so the adds queue behind each other by design; it is no measure of many customers adding at once.",
      '',
    )
  }
  if (data.catalogueCold) {
    const p = data.catalogueCold
    out.push(
      '### Catalogue, cold (caches off)',
      '',
      `The same scenarios against a server started with \`CACHE_SECONDS=0\`: no session cache and no list-page cache (docs/decisions/0015-in-memory-caches-kept-right-by-notify.md), so every request finds its session and its page in PostgreSQL, as the first request for a page does with the caches on. ` +
        `For comparison with the warm table above; the targets are judged on the warm figures. ${when(p)}.`,
      '',
      command('catalogue-cold', 'npm run bench:catalogue -- --cold'),
      '',
      apiTable(p, CATALOGUE_ENDPOINTS),
      '',
    )
  }
  if (data.traffic) out.push(...trafficSection(data.traffic))
  if (data.history) {
    const p = data.history
    const endpoints = Object.fromEntries(Object.keys(p.results).map((t) => [t, historyEndpoint(t)]))
    out.push(
      '## Account history (PostgreSQL, large data set)',
      '',
      `Account ${p.account} with ${fmt(p.orders)} orders (\`bigfarm\`); ${p.seconds} s a scenario after 2 s of warm-up. ${when(p)}.`,
      '',
      command('history', 'npm run bench:history'),
      '',
      apiTable(p, endpoints),
      '',
    )
  }
  if (data.historyCold) {
    const p = data.historyCold
    const endpoints = Object.fromEntries(Object.keys(p.results).map((t) => [t, historyEndpoint(t)]))
    out.push(
      '### Account history, cold (caches off)',
      '',
      `The same scenarios against a server started with \`CACHE_SECONDS=0\`: every request finds its session and runs its page's queries in PostgreSQL (the query plans: \`npm run bench:history\`). ` +
        `The p99 target of the history lists is meant for these. ${when(p)}.`,
      '',
      command('history-cold', 'npm run bench:history -- --cold'),
      '',
      apiTable(p, endpoints),
      '',
    )
  }
  if (data.checkout) {
    const p = data.checkout
    out.push(
      '## Checkout (PostgreSQL, demo data)',
      '',
      `${p.buyers} buyers each placing ${p.linesPerOrder}-line orders on account for ${p.seconds} s, each cart refilled in the database between orders (the refill is outside the timed request, inside orders/s); its own database (${p.database}), as it writes. ${when(p)}.`,
      '',
      command('checkout', 'npm run bench:checkout'),
      '',
      '| endpoint | connections | requests/s | p50 ms | p99 ms | of hello world |',
      '|---|---:|---:|---:|---:|---:|',
      `| hello world (GET /api/hello, the baseline) | ${p.buyers} | ${fmt(p.hello.rps)} | ${p.hello.p50} | ${p.hello.p99} | 100 % |`,
      `| place an order (POST /api/orders), ${fmt(p.orders)} orders | ${p.buyers} | ${fmt(p.ordersPerSecond, 1)} | ${fmt(p.latencyMs.p50, 1)} | ${fmt(p.latencyMs.p99, 1)} | ${pct(p.helloRatio)} |`,
      '',
    )
  }
  if (data.ordering) {
    const p = data.ordering
    out.push(
      '## Ordering fast (PostgreSQL, large data set)',
      '',
      `${p.bulk.buyers} buyers, each a user of its own trade account, adding ${p.bulk.lines} lines by product code in one \`POST /api/cart/bulk\` (the cart emptied between adds, untimed), on a server as the portal runs and again with \`CACHE_SECONDS=0\`; buy-again for account ${p.account} with ${fmt(p.orders)} orders at ${p.connections} connections, cycling the branches, with \`CACHE_SECONDS=0\`. ${when(p)}.`,
      '',
      command('ordering', 'npm run bench:ordering'),
      '',
      '| endpoint | connections | requests/s | p50 ms | p99 ms | of hello world |',
      '|---|---:|---:|---:|---:|---:|',
      `| hello world (GET /api/hello, the baseline) | ${p.connections} | ${fmt(p.hello.rps)} | ${p.hello.p50} | ${p.hello.p99} | 100 % |`,
      `| bulk add of ${p.bulk.lines} lines (POST /api/cart/bulk), ${fmt(p.bulk.adds)} adds | ${p.bulk.buyers} | ${fmt(p.bulk.addsPerSecond, 1)} | ${fmt(p.bulk.p50, 1)} | ${fmt(p.bulk.p99, 1)} | - |`,
      ...(p.bulkCold
        ? [
            `| the same, caches off, ${fmt(p.bulkCold.adds)} adds | ${p.bulkCold.buyers} | ${fmt(p.bulkCold.addsPerSecond, 1)} | ${fmt(p.bulkCold.p50, 1)} | ${fmt(p.bulkCold.p99, 1)} | - |`,
          ]
        : []),
      `| buy again (GET /api/buy-again) | ${p.connections} | ${fmt(p.buyAgain.rps)} | ${p.buyAgain.p50} | ${p.buyAgain.p99} | ${pct(p.buyAgain.helloRatio)} |`,
      '',
      'Buy-again reads the first rows of a ranked 12-month purchase summary (purchase_totals; migrations/0011, decision 0030), not the order lines.',
      '',
    )
  }
  if (data.erp) out.push(...erpSection(data.erp))
  if (data.firstScreen) {
    const p = data.firstScreen
    const row = (name, r) =>
      `| ${name} (${r.path}) | ${fmt(r.jsGzipKB, 1)} | ${r.jsFiles} | ${fmt(r.cssGzipKB, 1)} | ${r.cssFiles} | ${fmt(r.jsSentKB + r.cssSentKB, 1)} |`
    const after = [
      ...new Set([...p.login.files, ...p.home.files].filter((f) => f.phase === 'after').map((f) => `${f.url.replace(/^\/assets\//, '')} (${f.gzipKB} KB)`)),
    ]
    out.push(
      '## First screen',
      '',
      `What Chromium loads before the screen shows (the login screen of a visitor; the home page of a signed-in customer), each file at its gzip size (level 9); "sent" is what the server sent (brotli). ${when(p)}.`,
      '',
      command('first-screen', 'node scripts/bench-first-screen.mjs'),
      '',
      '| screen | JavaScript KB gzip | files | CSS KB gzip | files | sent KB |',
      '|---|---:|---:|---:|---:|---:|',
      row('login', p.login),
      row('home', p.home),
      '',
      `Budget: ${JS_BUDGET_KB} KB gzip of JavaScript, ${p.met ? 'met' : '**not met**'}. Loaded after the first screen (not counted): ${after.length ? after.join(', ') : 'nothing'}.`,
      '',
    )
  }
  if (data.repeatVisit) {
    const p = data.repeatVisit
    out.push(
      '## Repeat visit on a farm connection',
      '',
      `A signed-in customer who has opened the portal before opens it again in a new tab: the time from the navigation's start to the signed-in home frame (the header's greeting), median of ${p.runs} visits, with the service worker active. ` +
        `Chromium reaches the portal through a throttling proxy (scripts/bench-repeat-visit.mjs) that slows every byte, the worker's included, to ${p.profile.kbps} kbit/s each way with ${p.profile.rttMs} ms round trip; offline is the browser's own offline mode. ${when(p)}.`,
      '',
      command('repeat-visit', 'npm run bench:repeat-visit'),
      '',
      '| network | median ms | runs ms |',
      '|---|---:|---:|',
      `| farm 3G (${p.profile.kbps} kbit/s, ${p.profile.rttMs} ms RTT) | ${p.throttled.medianMs} | ${p.throttled.runsMs.join(', ')} |`,
      `| no network | ${p.offline.medianMs} | ${p.offline.runsMs.join(', ')} |`,
      `| control: a first visit (nothing saved) to the login screen, farm 3G | ${p.firstVisitThrottledMs} | |`,
      '',
      `Target: under ${p.targetMs} ms for both, ${p.met ? 'met' : '**not met**'}.`,
      '',
    )
  }
  if (data.lighthouse) {
    const p = data.lighthouse
    out.push(
      '## Lighthouse (mobile)',
      '',
      `Lighthouse's default mobile profile (simulated slow 4G, 4x CPU slowdown) in Debian's Chromium, against a portal started like \`npm start\`, signed in as \`trade\` (the login screen signed out); the median of ${p.runs} run(s) a screen, HTTP cache emptied before each. ${when(p)}.`,
      '',
      command('lighthouse', 'node scripts/lighthouse.mjs'),
      '',
      '| screen | path | performance | accessibility | FCP ms | LCP ms | TBT ms | CLS | CPU index |',
      '|---|---|---:|---:|---:|---:|---:|---:|---:|',
      ...p.screens.map(
        (s) =>
          `| ${s.screen} | ${s.path} | ${s.performance} | ${s.accessibility} | ${fmt(s.fcpMs)} | ${fmt(s.lcpMs)} | ${fmt(s.tbtMs)} | ${s.cls} | ${s.benchmarkIndex ?? '-'} |`,
      ),
      '',
    )
  }
  return out.join('\n')
}
