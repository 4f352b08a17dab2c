/* global fetch, setTimeout, PerformanceObserver, document, window */
// Measures the home page as a signed-in trade customer sees it:
//  - Lighthouse (mobile: its default Moto G Power profile, simulated slow 4G and 4x CPU) performance score and LCP;
//  - the largest contentful paint in the browser itself (PerformanceObserver), unthrottled;
//  - the bytes of pictures the page downloads at 375 px (1x and 2x screens) and 1366 px wide,
//    on load and after scrolling to the bottom (lazy pictures), split into content and product pictures.
//
//   node scripts/measure-home.mjs                      starts the portal with `npm start` on a fresh database
//   node scripts/measure-home.mjs --url http://host:port   measures a portal that is already running
//
// Needs Debian's Chromium (/usr/bin/chromium, or CHROME_PATH) and the lighthouse package (a dev dependency).
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import lighthouse from 'lighthouse'
import { chromium } from 'playwright-core'

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    port: { type: 'string', default: '3297' },
    user: { type: 'string', default: 'trade' },
    password: { type: 'string', default: 'Trade2026' },
    runs: { type: 'string', default: '3' },
    lhr: { type: 'string' },
    'skip-pictures': { type: 'boolean', default: false },
  },
})
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
const root = new URL('..', import.meta.url).pathname

async function startPortal() {
  const url = `http://127.0.0.1:${values.port}`
  const taken = await fetch(`${url}/`).then(
    () => true,
    () => false,
  )
  if (taken) throw new Error(`Port ${values.port} is in use: pass --port with a free one, or --url to measure that portal.`)
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-measure-'))
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, PORT: values.port, HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: `http://127.0.0.1:${values.port}` },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  })
  child.stdout.on('data', () => {})
  let exited = false
  child.on('exit', () => (exited = true))
  for (let i = 0; i < 240 && !exited; i++) {
    try {
      if ((await fetch(`${url}/api/site`)).ok) break
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  if (exited) throw new Error('The portal did not start (see its messages above).')
  return {
    url,
    stop() {
      try {
        process.kill(-child.pid, 'SIGTERM')
      } catch {
        // already gone
      }
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

async function signIn(page, url) {
  await page.goto(`${url}/login`)
  await page.getByLabel('Username').fill(values.user)
  await page.getByLabel('Password', { exact: true }).fill(values.password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await page.getByText(/^Hi, .+!$/).waitFor()
}

/** Lighthouse in a browser whose default profile holds the session (local storage), with a cold HTTP cache. */
async function runLighthouse(url, runs) {
  const profile = mkdtempSync(join(tmpdir(), 'portal-lh-'))
  const port = 9333
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROME, args: [...ARGS, `--remote-debugging-port=${port}`] })
  const results = []
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    await signIn(page, url).catch(async (error) => {
      await page.screenshot({ path: join(tmpdir(), 'measure-home-signin.png') })
      throw error
    })
    for (let i = 0; i < runs; i++) {
      const cdp = await context.newCDPSession(page)
      await cdp.send('Network.clearBrowserCache')
      await cdp.detach()
      const result = await lighthouse(`${url}/`, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true })
      const lhr = result.lhr
      if (values.lhr) writeFileSync(values.lhr.replace(/(\.json)?$/, `-${i + 1}.json`), JSON.stringify(lhr, null, 1))
      results.push({
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
        fcpMs: Math.round(lhr.audits['first-contentful-paint'].numericValue),
        cls: Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
        tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
        lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
        finalUrl: lhr.finalDisplayedUrl,
      })
    }
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
  return results
}

/** Picture bytes (as sent, encoded) at one window size, on load and after scrolling through the page. */
async function pictureBytes(browser, url, width, deviceScaleFactor) {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 740 : 900 }, deviceScaleFactor })
  const page = await context.newPage()
  await signIn(page, url)
  await page.goto('about:blank')
  const seen = []
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'image') return
    const sizes = await request.sizes().catch(() => null)
    seen.push({ url: request.url(), bytes: sizes ? Math.max(0, sizes.responseBodySize) : 0, phase: phase })
  })
  let phase = 'load'
  await page.goto(`${url}/`)
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(1500)
  const lcp = await page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries()
          const last = entries[entries.length - 1]
          resolve({ ms: Math.round(last.startTime), element: last.element?.tagName ?? null, url: last.url || null })
        }).observe({ type: 'largest-contentful-paint', buffered: true })
      }),
  )
  const boxes = await page.evaluate(() =>
    [...document.querySelectorAll('main img')]
      .filter((img) => img.currentSrc && img.getBoundingClientRect().width > 0)
      .map((img) => ({ src: img.currentSrc, box: Math.round(img.getBoundingClientRect().width), natural: img.naturalWidth })),
  )
  phase = 'scroll'
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 300) {
      window.scrollTo(0, y)
      await new Promise((r) => setTimeout(r, 80))
    }
  })
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(1000)
  await context.close()
  const sum = (filter) => seen.filter(filter).reduce((n, r) => n + r.bytes, 0)
  const isContent = (r) => r.url.includes('/content/uploads/')
  return {
    width,
    deviceScaleFactor,
    lcp,
    onLoad: {
      content: sum((r) => r.phase === 'load' && isContent(r)),
      products: sum((r) => r.phase === 'load' && !isContent(r)),
      files: seen.filter((r) => r.phase === 'load').length,
    },
    afterScroll: { content: sum(isContent), products: sum((r) => !isContent(r)), files: seen.length },
    contentFiles: seen.filter(isContent).map((r) => `${r.url.replace(/^.*\/content\/uploads\//, '')} ${r.bytes} B`),
    picturesVsBoxes: boxes
      .filter((b) => b.src.includes('/content/uploads/'))
      .map((b) => ({ file: b.src.replace(/^.*\//, ''), boxPx: b.box * deviceScaleFactor, filePx: Number(/-(\d+)w\.webp$/.exec(b.src)?.[1] ?? 0) || null }))
      .sort((a, b) => (b.filePx ?? 0) / b.boxPx - (a.filePx ?? 0) / a.boxPx),
  }
}

const portal = values.url ? { url: values.url.replace(/\/$/, ''), stop() {} } : await startPortal()
try {
  console.log(`Measuring ${portal.url}/ as ${values.user}`)
  const browser = await chromium.launch({ executablePath: CHROME, args: ARGS })
  const pictures = []
  const sizes = values['skip-pictures']
    ? []
    : [
        [375, 1],
        [375, 2],
        [1366, 1],
      ]
  for (const [width, dpr] of sizes) pictures.push(await pictureBytes(browser, portal.url, width, dpr))
  await browser.close()
  const runs = await runLighthouse(portal.url, Number(values.runs))
  const median = [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)]
  console.log(JSON.stringify({ lighthouse: { runs, median }, pictures }, null, 2))
} finally {
  portal.stop()
}
