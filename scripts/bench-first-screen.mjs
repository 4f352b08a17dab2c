// The JavaScript and CSS the first screen loads, as Chromium loads it: the login screen of a visitor and the
// home page of a signed-in trade customer, each in a fresh browser context (cold cache). Each file counts at
// its gzip size (level 9, the budget's unit) and at the bytes the server actually sent (brotli when the
// browser asks for it). Files fetched before the screen is shown count towards the budget; what is fetched
// after it (on idle: error reporting, say) is listed apart.
//
//   node scripts/bench-first-screen.mjs                         starts the portal like `npm start`
//   node scripts/bench-first-screen.mjs --url http://host:port  measures a running portal
//   options: --port 4620  --json results.json   (the budget: 170 KB gzip of JavaScript)
//
// Needs Chromium (/usr/bin/chromium, or CHROME_PATH).
import { writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { startPortal } from './lighthouse.mjs'

const CHROME = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const CHROME_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
export const JS_BUDGET_KB = 170

const kb = (bytes) => Number((bytes / 1024).toFixed(1))

/** Loads `path` in a fresh context and records the scripts and style sheets until `ready` and after it. */
async function load(browser, base, path, ready, storageState) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, ...(storageState ? { storageState } : {}) })
  const page = await context.newPage()
  const files = []
  let phase = 'first screen'
  page.on('response', async (response) => {
    const type = response.request().resourceType()
    if (type !== 'script' && type !== 'stylesheet') return
    const entry = { url: response.url().replace(base, ''), type: type === 'script' ? 'js' : 'css', phase }
    files.push(entry)
    try {
      const body = await response.body()
      entry.bytes = body.length
      entry.gzip = gzipSync(body, { level: 9 }).length
      entry.sent = (await response.request().sizes()).responseBodySize
      entry.encoding = (await response.allHeaders())['content-encoding'] ?? 'none'
    } catch {
      entry.bytes = entry.gzip = entry.sent = 0
    }
  })
  await page.goto(`${base}${path}`)
  await ready(page)
  phase = 'after'
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(2000)
  await context.close()
  const sum = (list, key) => list.reduce((n, f) => n + (f[key] ?? 0), 0)
  const first = files.filter((f) => f.phase === 'first screen')
  const js = first.filter((f) => f.type === 'js')
  const css = first.filter((f) => f.type === 'css')
  return {
    path,
    jsGzipKB: kb(sum(js, 'gzip')),
    cssGzipKB: kb(sum(css, 'gzip')),
    jsSentKB: kb(sum(js, 'sent')),
    cssSentKB: kb(sum(css, 'sent')),
    jsFiles: js.length,
    cssFiles: css.length,
    files: files.map((f) => ({ ...f, gzipKB: kb(f.gzip), sentKB: kb(f.sent) })),
  }
}

/** { login, home, budgetKB, met }: the first screen of a visitor and of a signed-in customer. */
export async function measureFirstScreen(base, { user = 'trade', password = 'Trade2026' } = {}) {
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_ARGS })
  try {
    const login = await load(browser, base, '/login', (page) => page.getByRole('button', { name: 'Login', exact: true }).waitFor())
    // Sign in once through the screen, then open home with that session (local storage) and an empty cache.
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${base}/login`)
    await page.getByLabel('Username').fill(user)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await page.getByText(/^Hi, .+!$/).waitFor()
    const storageState = await context.storageState()
    await context.close()
    const home = await load(
      browser,
      base,
      '/',
      async (p) => {
        await p.getByText(/^Hi, .+!$/).waitFor()
        await p.getByRole('heading', { name: 'Popular Products' }).waitFor()
      },
      storageState,
    )
    const worst = Math.max(login.jsGzipKB, home.jsGzipKB)
    return { login, home, budgetKB: JS_BUDGET_KB, worstJsGzipKB: worst, met: worst <= JS_BUDGET_KB }
  } finally {
    await browser.close()
  }
}

export function printFirstScreen(result) {
  for (const [name, r] of [
    ['login', result.login],
    ['home', result.home],
  ]) {
    console.log(
      `${name.padEnd(6)} ${r.path.padEnd(8)} JS ${String(r.jsGzipKB).padStart(6)} KB gzip (${r.jsFiles} files, ${r.jsSentKB} KB sent)   ` +
        `CSS ${String(r.cssGzipKB).padStart(5)} KB gzip (${r.cssFiles} files, ${r.cssSentKB} KB sent)`,
    )
    for (const f of r.files) console.log(`         ${f.phase === 'after' ? '(after) ' : ''}${f.url}  ${f.gzipKB} KB gzip, ${f.sentKB} KB sent (${f.encoding})`)
  }
  console.log(`First-screen JavaScript: ${result.worstJsGzipKB} KB gzip at most, budget ${result.budgetKB} KB: ${result.met ? 'met' : 'MISSED'}`)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      port: { type: 'string', default: '4620' },
      json: { type: 'string' },
    },
  })
  const portal = values.url ? { base: values.url.replace(/\/$/, ''), stop: async () => {} } : await startPortal(Number(values.port))
  try {
    const result = await measureFirstScreen(portal.base)
    printFirstScreen(result)
    if (values.json) writeFileSync(values.json, `${JSON.stringify(result, null, 2)}\n`)
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 1
  } finally {
    await portal.stop()
  }
}
