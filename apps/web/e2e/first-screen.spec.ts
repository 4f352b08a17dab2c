import { expect, test, type Page } from '@playwright/test'
import { signIn } from './journey'

// The back office is its own part of the app (decision 0083): the customer's first screens (the login screen and
// the signed-in home page) never load its code. Checked by what the browser fetches, by name and by content: code
// of the back office folded into a customer's chunk would carry its calls and its role names with it.
// Nor do they load the schema library (zod): their forms and constants do without it (decision 0020), which keeps
// them within their budget.

/**
 * Words found only in the back office's code: its screens' paths, its roles and its actions. (The banner a customer's
 * frame shows while staff order for the customer links back to the account's page in the back office, decision
 * 0101: that path alone is no back office code.)
 */
const BACK_OFFICE_ONLY = ['staff/orders', 'Sales representative', 'Order for this account']

/** The JavaScript the page fetches from `open` until the network is idle: each file's path and text. */
async function scriptsOf(page: Page, open: () => Promise<void>) {
  const scripts: Array<{ path: string; text: Promise<string> }> = []
  const seen = (response: import('@playwright/test').Response) => {
    if (response.request().resourceType() === 'script') scripts.push({ path: new URL(response.url()).pathname, text: response.text().catch(() => '') })
  }
  page.on('response', seen)
  await open()
  await page.waitForLoadState('networkidle')
  page.off('response', seen)
  return Promise.all(scripts.map(async (s) => ({ path: s.path, text: await s.text })))
}

function expectNoBackOffice(scripts: Array<{ path: string; text: string }>) {
  expect(scripts.length).toBeGreaterThan(0)
  for (const s of scripts) {
    expect(s.path, 'a back office chunk').not.toMatch(/\/back-office/)
    expect(s.path, 'the schema library').not.toMatch(/\/zod-/)
    expect(s.text.includes('$ZodType'), `${s.path} holds the schema library`).toBe(false)
    for (const word of BACK_OFFICE_ONLY) expect(s.text.includes(word), `${s.path} holds “${word}”`).toBe(false)
  }
}

test('the login screen and a customer’s home page load none of the back office’s code, nor the schema library', async ({ page }) => {
  expectNoBackOffice(
    await scriptsOf(page, async () => {
      await page.goto('/login')
      await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible()
    }),
  )
  await signIn(page, 'trade', 'Trade2026')
  expectNoBackOffice(
    await scriptsOf(page, async () => {
      await page.goto('/')
      await expect(page.getByRole('heading', { name: 'Popular Products' })).toBeVisible()
    }),
  )
  // The check sees the back office where it is: its own screens load its chunks.
  const backOffice = await scriptsOf(page, async () => {
    await page.goto('/staff')
    await page.waitForLoadState('networkidle')
  })
  expect(backOffice.some((s) => /\/back-office/.test(s.path))).toBe(true)
})
