import { expect, test, type Page } from '@playwright/test'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, startPortal, type Portal } from './portal'
import { workerInControl } from './journey'

// A release while a customer has the portal open (docs/decisions/0031-offline-app.md): the portal is restarted
// on the new build (same address, same database); the open page keeps running the release it started with,
// chunks and all, although the server has only the new one; it offers "A new version is available — Reload";
// Reload brings the new release, with no chunk error on the way.
test.use({ serviceWorkers: 'allow' })
test.skip(({ viewport }) => (viewport?.width ?? 0) < 990, 'the worker does not depend on the layout: the desktop project only')

const web = new URL('..', import.meta.url).pathname
const NEW_RELEASE = 'e2e-release-2'

test.describe('a new release while the portal is open', () => {
  let work = ''
  let at: { port: number; dataDir: string }
  let portal: Portal | undefined

  test.beforeAll(async () => {
    test.setTimeout(600_000)
    work = mkdtempSync(join(tmpdir(), 'portal-release-'))
    at = { port: await freePort(), dataDir: join(work, 'data') }
    // Release 1 is the build the other journeys use; release 2 is built now, from the same source, stamped.
    const build = spawnSync('npx', ['vite', 'build', '--outDir', join(work, 'release-2'), '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: web,
      env: { ...process.env, VITE_BUILD_ID: NEW_RELEASE },
      encoding: 'utf8',
    })
    if (build.status !== 0) throw new Error(`building release 2 failed:\n${build.stdout}\n${build.stderr}`)
  })

  // Each run starts on release 1 (a repeat of the journey too): same address and database, a fresh browser.
  test.beforeEach(async () => {
    portal = await startPortal({}, at)
  })

  test.afterEach(async () => {
    await portal?.stop()
    portal = undefined
  })

  test.afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true })
  })

  /** The deploy: the portal restarts on release 2 alone (release 1's chunks are gone from the server). */
  async function deployRelease2() {
    await portal!.stop()
    portal = await startPortal({ WEB_DIST: join(work, 'release-2') }, at)
  }

  async function signIn(page: Page) {
    await page.goto(`${portal!.base}/login`)
    await page.getByLabel('Username').fill('trade')
    await page.getByLabel('Password', { exact: true }).fill('Trade2026')
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await expect(page.getByText(/^Hi, .+!$/)).toBeVisible()
  }

  test('the open page keeps its release, offers the new one, and reloads into it without a chunk error', async ({ page }) => {
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
    page.on('response', (response) => {
      if (response.status() >= 400 && new URL(response.url()).pathname.startsWith('/assets/')) problems.push(`${response.status()} ${response.url()}`)
    })
    page.on('requestfailed', (request) => {
      if (new URL(request.url()).pathname.startsWith('/assets/')) problems.push(`failed ${request.url()}`)
    })

    await signIn(page)
    await workerInControl(page, 60_000)
    expect(await page.evaluate(() => document.documentElement.dataset.build ?? null)).toBeNull()

    await deployRelease2()
    // The next load checks for a release: the old one still opens (from the device), and a screen never opened
    // before still gets its old chunks, while the new release installs beside it and waits.
    await page.reload()
    await expect(page.getByText(/^Hi, .+!$/)).toBeVisible()
    await page.goto(`${portal!.base}/orders`)
    await expect(page.getByRole('heading', { level: 1, name: 'Order History' })).toBeVisible()
    const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' })
    await expect(prompt).toBeVisible({ timeout: 120_000 })
    expect(await page.evaluate(() => document.documentElement.dataset.build ?? null)).toBeNull()

    // The failure once seen: Reload clicked while the page read the history ahead through the old worker, two
    // requests at a time. Chromium lets the new worker take over only once the old one has nothing in flight, so
    // the prompt stayed. The journey now clicks while that reading is under way, every time.
    await page.waitForRequest((request) => /\/api\/(orders|invoices)\/[^/?]+/.test(new URL(request.url()).pathname), { timeout: 120_000 })
    const reloaded = page.waitForEvent('load')
    await prompt.getByRole('button', { name: 'Reload' }).click()
    await reloaded
    await expect(page.locator(`html[data-build="${NEW_RELEASE}"]`)).toBeAttached()
    await expect(page.getByText(/^Hi, .+!$/)).toBeVisible()
    await page.goto(`${portal!.base}/invoices`)
    await expect(page.getByRole('heading', { level: 1, name: 'Invoice History' })).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: 'A new version is available' })).toHaveCount(0)
    expect(problems).toEqual([])
  })
})
