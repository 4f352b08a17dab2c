// A repeat visit on a farm connection: how long a signed-in customer who has opened the portal before waits
// for the signed-in home frame (the header's "Hi, {Name}!"), with the network throttled to a farm 3G profile
// (400 kbit/s each way, 400 ms round trip) and with no network at all. The target: under 1 s for both.
//
// The browser reaches the portal through a throttling proxy of our own (below), so that every byte pays the
// profile: the page's requests and the service worker's alike (Chromium's DevTools throttling leaves the
// worker's own fetches out). The first visit signs in unthrottled, installs the service worker and fills its
// caches; each repeat visit opens a new tab in the same browser profile and times, in the page, the moment the
// greeting appears (a MutationObserver; performance.now() counts from the navigation's start).
//
//   node scripts/bench-repeat-visit.mjs                 starts a portal like npm start (embedded database, demo data)
//   node scripts/bench-repeat-visit.mjs --url http://127.0.0.1:3000   measures a running portal
//   options: --runs 5 --port 4630 --json results.json
//
// Needs Chromium (/usr/bin/chromium, or CHROME_PATH).
/* global window, document, navigator, MutationObserver */
import { writeFileSync } from 'node:fs'
import { createServer, connect } from 'node:net'
import { performance } from 'node:perf_hooks'
import { setTimeout } from 'node:timers'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import { startPortal } from './lighthouse.mjs'

const CHROME = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const CHROME_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
export const FARM_3G = { kbps: 400, rttMs: 400 }
export const REPEAT_VISIT_TARGET_MS = 1000

/**
 * A TCP proxy in front of `target` whose link can be slowed: each direction is one shared link of `kbps`, and
 * every chunk arrives half a round trip after it was sent plus the time the link needs for it (and for what
 * is queued before it). `profile(null)` lets everything through at once.
 */
export async function throttlingProxy(target) {
  const { hostname, port } = new URL(target)
  let profile = null
  const links = { up: 0, down: 0 } // when each direction's link is free again (ms, performance clock)
  const sockets = new Set()

  const forward = (from, to, direction) =>
    from.on('data', (chunk) => {
      if (!profile) return void to.write(chunk)
      const now = performance.now()
      const bytesPerMs = (profile.kbps * 1000) / 8 / 1000
      links[direction] = Math.max(now, links[direction]) + chunk.length / bytesPerMs
      const due = links[direction] + profile.rttMs / 2
      setTimeout(() => to.destroyed || to.write(chunk), Math.max(0, due - now))
    })

  const server = createServer((client) => {
    const upstream = connect(Number(port), hostname)
    for (const s of [client, upstream]) {
      sockets.add(s)
      s.on('close', () => sockets.delete(s))
      s.on('error', () => {
        client.destroy()
        upstream.destroy()
      })
    }
    forward(client, upstream, 'up')
    forward(upstream, client, 'down')
    // A close is passed on once what was sent before it has arrived.
    client.on('end', () => setTimeout(() => upstream.end(), profile ? profile.rttMs / 2 : 0))
    upstream.on('end', () => setTimeout(() => client.end(), profile ? Math.max(0, links.down - performance.now()) + profile.rttMs / 2 : 0))
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    base: `http://127.0.0.1:${server.address().port}`,
    profile: (next) => {
      profile = next
    },
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
}

// Runs in the page before its own scripts: the time at which the signed-in greeting first shows.
const MARK_GREETING = () => {
  const look = () => {
    if ('frameShownAt' in window) return true
    for (const el of document.querySelectorAll('span')) {
      if (/^Hi, .+!$/.test(el.textContent ?? '')) {
        window.frameShownAt = performance.now()
        return true
      }
    }
    return false
  }
  new MutationObserver((_, observer) => look() && observer.disconnect()).observe(document, { childList: true, subtree: true, characterData: true })
}

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)]
}

/** Opens `/` in a new tab and returns the ms from the navigation's start to the signed-in greeting. */
async function repeatVisit(context, base) {
  const page = await context.newPage()
  try {
    await page.goto(`${base}/`, { waitUntil: 'commit', timeout: 60_000 })
    await page.waitForFunction(() => 'frameShownAt' in window, undefined, { timeout: 60_000, polling: 50 })
    const shownAt = await page.evaluate(() => window.frameShownAt)
    const fromWorker = await page.evaluate(() => Boolean(navigator.serviceWorker?.controller))
    return { ms: Math.round(shownAt), fromWorker }
  } finally {
    await page.close()
  }
}

/** { firstVisitMs, throttled: {medianMs, runs}, offline: {medianMs, runs}, targetMs, met } */
export async function measureRepeatVisit(portalBase, { runs = 5, user = 'trade', password = 'Trade2026', log = console.log } = {}) {
  const proxy = await throttlingProxy(portalBase)
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_ARGS })
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
    await context.addInitScript(MARK_GREETING)

    // The first visit: sign in, let the service worker install (its precache) and take the page.
    const page = await context.newPage()
    const started = performance.now()
    await page.goto(`${proxy.base}/login`)
    await page.getByLabel('Username').fill(user)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await page.getByText(/^Hi, .+!$/).waitFor()
    const firstVisitMs = Math.round(performance.now() - started)
    await page.evaluate(() => navigator.serviceWorker.ready)
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: 60_000 })
    await page.waitForLoadState('networkidle')
    await page.close()
    log(`first visit (unthrottled, signing in): ${firstVisitMs} ms; service worker installed`)

    const throttled = []
    proxy.profile(FARM_3G)
    for (let i = 0; i < runs; i++) {
      const run = await repeatVisit(context, proxy.base)
      throttled.push(run)
      log(`repeat visit, farm 3G (${FARM_3G.kbps} kbit/s, ${FARM_3G.rttMs} ms RTT) #${i + 1}: ${run.ms} ms${run.fromWorker ? '' : ' (no service worker!)'}`)
    }

    // The control: a first visit on the same link, nothing saved yet (a new browser profile), to the login screen.
    const fresh = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: 'block' })
    const freshPage = await fresh.newPage()
    const freshStarted = performance.now()
    await freshPage.goto(`${proxy.base}/login`, { timeout: 120_000 })
    await freshPage.getByRole('button', { name: 'Login', exact: true }).waitFor({ timeout: 120_000 })
    const firstVisitThrottledMs = Math.round(performance.now() - freshStarted)
    await fresh.close()
    log(`control: a first visit to the login screen on the same link: ${firstVisitThrottledMs} ms`)

    const offline = []
    proxy.profile(null)
    await context.setOffline(true)
    for (let i = 0; i < runs; i++) {
      const run = await repeatVisit(context, proxy.base)
      offline.push(run)
      log(`repeat visit, offline #${i + 1}: ${run.ms} ms`)
    }
    await context.setOffline(false)

    const result = {
      profile: FARM_3G,
      runs,
      firstVisitMs,
      firstVisitThrottledMs,
      throttled: { medianMs: median(throttled.map((r) => r.ms)), runsMs: throttled.map((r) => r.ms) },
      offline: { medianMs: median(offline.map((r) => r.ms)), runsMs: offline.map((r) => r.ms) },
      targetMs: REPEAT_VISIT_TARGET_MS,
    }
    result.met = result.throttled.medianMs < REPEAT_VISIT_TARGET_MS && result.offline.medianMs < REPEAT_VISIT_TARGET_MS
    return result
  } finally {
    await browser.close()
    await proxy.close()
  }
}

export function printRepeatVisit(r) {
  console.log(`\nrepeat visit to the signed-in home frame (median of ${r.runs}):`)
  console.log(`  farm 3G (${r.profile.kbps} kbit/s, ${r.profile.rttMs} ms RTT): ${r.throttled.medianMs} ms  (runs: ${r.throttled.runsMs.join(', ')})`)
  console.log(`  offline:                          ${r.offline.medianMs} ms  (runs: ${r.offline.runsMs.join(', ')})`)
  console.log(`  control, a first visit to the login screen on the same farm 3G link: ${r.firstVisitThrottledMs} ms`)
  console.log(`  target under ${r.targetMs} ms for both: ${r.met ? 'met' : 'NOT met'}`)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { url: { type: 'string' }, port: { type: 'string', default: '4630' }, runs: { type: 'string', default: '5' }, json: { type: 'string' } },
  })
  const portal = values.url ? { base: values.url.replace(/\/$/, ''), stop: async () => {} } : await startPortal(Number(values.port))
  try {
    const result = await measureRepeatVisit(portal.base, { runs: Number(values.runs) })
    printRepeatVisit(result)
    if (values.json) writeFileSync(values.json, `${JSON.stringify(result, null, 2)}\n`)
  } finally {
    await portal.stop()
  }
}
