// Lighthouse (mobile: its default Moto G Power profile, simulated slow 4G and 4x CPU slowdown) performance and
// accessibility scores of the portal's screens, in Debian's Chromium, as a signed-in trade customer sees them
// (the login screen signed out).
//
//   node scripts/lighthouse.mjs                       starts the portal like `npm start` (own port and database)
//   node scripts/lighthouse.mjs --url http://host:port   measures a portal that is already running
//   options: --screens login,home,category,product,cart   --runs 3 (the median run is reported)
//            --categories performance,accessibility   --json results.json   --lhr dir (every Lighthouse report)
//            --details (lists the failing accessibility audits and the performance opportunities)
//            --user trade --password Trade2026 --category animal-health --product 123 --port 4610
//
// Signed-in screens: the script signs in through the login screen in a browser profile of its own, so that the
// session is in local storage exactly as the web app keeps it, and Lighthouse runs in that browser with its
// storage kept and its HTTP cache emptied before every run. The cart gets three lines first when it is empty.
// Import { lighthouseScreens } to use it from another script (npm run bench does).
// Needs Chromium (/usr/bin/chromium, or CHROME_PATH) and the lighthouse package (a dev dependency).
import lighthouse from 'lighthouse'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import { startServerWithOutput } from './lib/bench.mjs'
import { buildIfStaleOrExit } from './lib/build.mjs'
import { call, signIn as apiSignIn } from './lib/http.mjs'
import { freePort } from './lib/server.mjs'

export const SCREENS = ['login', 'home', 'category', 'product', 'cart']
const CHROME = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const CHROME_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

async function signInThroughScreen(page, base, user, password) {
  await page.goto(`${base}/login`)
  await page.getByLabel('Username').fill(user)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await page.getByText(/^Hi, .+!$/).waitFor()
}

/** The paths of the screens: the category's first product, unless one is named. */
async function screenPaths(base, { user, password, category, product }) {
  const token = await apiSignIn(base, user, password)
  const me = await call(base, 'GET', 'me', { token })
  const warehouse = me.body?.settings?.DefaultWareHouse || 'WAG'
  let productId = product
  const list = await call(base, 'GET', `categories/${encodeURIComponent(category)}/products?warehouse=${warehouse}&page=1&size=8`, { token })
  if (list.status !== 200 || !Array.isArray(list.body) || list.body.length === 0) throw new Error(`the category ${category} has no products (${list.status})`)
  productId ??= String(list.body[0].ProductID)
  const summary = await call(base, 'GET', 'cart', { token })
  if (summary.status === 200 && !summary.body.Count) {
    for (const p of list.body.slice(0, 3)) await call(base, 'POST', 'cart', { token, body: { productID: p.ProductID, qty: 2, warehouse } })
  }
  return { login: '/login', home: '/', category: `/category/${encodeURIComponent(category)}`, product: `/product/${productId}`, cart: '/cart' }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

function summarise(lhr) {
  const audit = (id) => lhr.audits[id]
  const score = (name) => (lhr.categories[name] ? Math.round((lhr.categories[name].score ?? 0) * 100) : null)
  const failing = (name) =>
    (lhr.categories[name]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audit(ref.id).score !== null && audit(ref.id).score < 1)
      .map((ref) => ({
        id: ref.id,
        title: audit(ref.id).title,
        nodes: (audit(ref.id).details?.items ?? []).slice(0, 5).map((item) => item.node?.selector ?? item.node?.snippet ?? item.url ?? ''),
      }))
  const opportunities = Object.values(lhr.audits)
    .filter((a) => a.details?.type === 'opportunity' && (a.details.overallSavingsMs ?? 0) > 0)
    .map((a) => ({ id: a.id, title: a.title, savingsMs: Math.round(a.details.overallSavingsMs) }))
    .sort((a, b) => b.savingsMs - a.savingsMs)
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    fcpMs: lhr.audits['first-contentful-paint'] ? Math.round(audit('first-contentful-paint').numericValue) : null,
    lcpMs: lhr.audits['largest-contentful-paint'] ? Math.round(audit('largest-contentful-paint').numericValue) : null,
    tbtMs: lhr.audits['total-blocking-time'] ? Math.round(audit('total-blocking-time').numericValue) : null,
    cls: lhr.audits['cumulative-layout-shift'] ? Number(audit('cumulative-layout-shift').numericValue.toFixed(3)) : null,
    speedIndexMs: lhr.audits['speed-index'] ? Math.round(audit('speed-index').numericValue) : null,
    lcpElement: audit('largest-contentful-paint-element')?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
    finalUrl: lhr.finalDisplayedUrl,
    /** How fast Lighthouse found this machine's CPU at the time (a desktop scores some 1000-2500, a loaded one less). */
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
    accessibilityIssues: failing('accessibility'),
    opportunities,
  }
}

/**
 * Lighthouse on each screen, `runs` times; per screen the run with the median performance score (the
 * accessibility score does not vary between runs). Returns [{ screen, path, runs: [...scores], ...median }].
 */
export async function lighthouseScreens(base, options = {}) {
  const {
    screens = SCREENS,
    runs = 3,
    categories = ['performance', 'accessibility'],
    user = 'trade',
    password = 'Trade2026',
    category = 'animal-health',
    product,
    lhrDir,
    debuggingPort,
    log = () => {},
  } = options
  const paths = await screenPaths(base, { user, password, category, product })
  const port = debuggingPort ?? (await freePort())
  const profile = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROME,
    args: [...CHROME_ARGS, `--remote-debugging-port=${port}`],
  })
  const results = []
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    // The login screen first, before there is a session; then sign in once for the others.
    const ordered = [...screens].sort((a, b) => (a === 'login' ? -1 : b === 'login' ? 1 : 0))
    let signedIn = false
    for (const screen of ordered) {
      const path = paths[screen]
      if (!path) throw new Error(`unknown screen ${screen} (screens: ${SCREENS.join(', ')})`)
      if (screen !== 'login' && !signedIn) {
        await signInThroughScreen(page, base, user, password)
        signedIn = true
      }
      await page.goto('about:blank')
      const done = []
      for (let i = 0; i < runs; i++) {
        const cdp = await context.newCDPSession(page)
        await cdp.send('Network.clearBrowserCache')
        await cdp.detach()
        const { lhr } = await lighthouse(`${base}${path}`, {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: categories,
          disableStorageReset: true,
        })
        if (lhr.runtimeError) throw new Error(`Lighthouse on ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
        const landed = new URL(lhr.finalDisplayedUrl).pathname
        if (landed !== path.replace(/\?.*$/, '')) throw new Error(`Lighthouse on ${path} ended on ${landed}: is the session gone?`)
        if (lhrDir) {
          mkdirSync(lhrDir, { recursive: true })
          writeFileSync(join(lhrDir, `${screen}-${i + 1}.json`), JSON.stringify(lhr))
        }
        done.push(summarise(lhr))
        log(`  ${screen} run ${i + 1}: performance ${done.at(-1).performance ?? '-'}, accessibility ${done.at(-1).accessibility ?? '-'}`)
      }
      const middle = median(done.map((r) => r.performance ?? 0))
      const chosen = done.find((r) => (r.performance ?? 0) === middle) ?? done[0]
      results.push({ screen, path, runs: done.map((r) => ({ performance: r.performance, accessibility: r.accessibility })), ...chosen })
    }
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
  return results.sort((a, b) => screens.indexOf(a.screen) - screens.indexOf(b.screen))
}

/** Starts a portal the way `npm start` does, on a port and an embedded database of its own. */
export async function startPortal(port) {
  buildIfStaleOrExit(['@portal/server', '@portal/web'])
  return startServerWithOutput({ port, command: 'scripts/start.mjs', dataDir: true })
}

export function printLighthouse(results, { details = false } = {}) {
  console.log('screen     path                          performance  accessibility    FCP     LCP    TBT    CLS')
  for (const r of results) {
    console.log(
      `${r.screen.padEnd(10)} ${r.path.padEnd(30)} ${String(r.performance ?? '-').padStart(11)}  ${String(r.accessibility ?? '-').padStart(13)} ` +
        `${String(r.fcpMs ?? '-').padStart(6)} ${String(r.lcpMs ?? '-').padStart(7)} ${String(r.tbtMs ?? '-').padStart(6)} ${String(r.cls ?? '-').padStart(6)}`,
    )
  }
  if (!details) return
  for (const r of results) {
    if (r.accessibilityIssues.length) {
      console.log(`\n${r.screen}: accessibility audits not passed`)
      for (const issue of r.accessibilityIssues)
        console.log(`  ${issue.id}: ${issue.title}${issue.nodes.length ? `\n      ${issue.nodes.join('\n      ')}` : ''}`)
    }
    if (r.opportunities.length) {
      console.log(`\n${r.screen}: performance opportunities (LCP element: ${r.lcpElement ?? 'none'})`)
      for (const o of r.opportunities) console.log(`  ${o.id}: ${o.title} (${o.savingsMs} ms)`)
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      port: { type: 'string', default: '4610' },
      screens: { type: 'string', default: SCREENS.join(',') },
      runs: { type: 'string', default: '3' },
      categories: { type: 'string', default: 'performance,accessibility' },
      user: { type: 'string', default: 'trade' },
      password: { type: 'string', default: 'Trade2026' },
      category: { type: 'string', default: 'animal-health' },
      product: { type: 'string' },
      json: { type: 'string' },
      lhr: { type: 'string' },
      details: { type: 'boolean', default: false },
    },
  })
  const portal = values.url ? { base: values.url.replace(/\/$/, ''), stop: async () => {} } : await startPortal(Number(values.port))
  try {
    console.log(`Lighthouse (mobile) on ${portal.base}, ${values.runs} run(s) a screen`)
    const results = await lighthouseScreens(portal.base, {
      screens: values.screens.split(',').map((s) => s.trim()),
      runs: Number(values.runs),
      categories: values.categories.split(','),
      user: values.user,
      password: values.password,
      category: values.category,
      product: values.product,
      lhrDir: values.lhr,
      log: console.log,
    })
    printLighthouse(results, { details: values.details })
    if (values.json) writeFileSync(values.json, `${JSON.stringify(results, null, 2)}\n`)
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 1
  } finally {
    await portal.stop()
  }
}
