import { expect, type Locator, type Page } from '@playwright/test'
import * as OTPAuth from 'otpauth'

// What the browser journeys share: signing in through the login screen, the phone layout test, and set-up
// calls to the API made from the page with the session the web app keeps.

type Product = { ProductID: number; Availability: { Available: number } }

/** The phone layout (the menu drawer instead of the menus) is below the frame's 990 px breakpoint. */
export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 990

/** Signs in through the login screen and waits for the frame's greeting. */
export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.getByText(/^Hi, .+!$/)).toBeVisible()
}

/**
 * Follows a link from the keyboard (focus, Enter), for a link below the fold of a screen that has just opened.
 * A click scrolls the link into view by script and clicks where it then is; the screen scrolls to the top 200 ms
 * after it opens, or later on a busy machine (decision 0027: a script's scroll does not cancel it), and the click
 * then landed on the page above and nothing opened (the legal and content journeys, under load). Enter follows
 * the focused link wherever the page has scrolled.
 */
export async function follow(link: Locator) {
  await link.focus()
  await link.press('Enter')
}

/** Calls the API from the page with the session token the web app keeps in local storage; the JSON answer, or null. */
export async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api/${path}`, {
        method,
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return res.json().catch(() => null)
    },
    { method, path, body },
  )
}

/** An empty cart, then one of each of the first `count` popular products with at least 5 in stock at the branch. */
export async function fillCartWithPopular<P extends Product = Product>(page: Page, warehouse: string, count: number): Promise<P[]> {
  await api(page, 'DELETE', 'cart')
  const popular = await api<P[]>(page, 'GET', `popular?warehouse=${warehouse}`)
  const chosen = popular.filter((p) => p.Availability.Available >= 5).slice(0, count)
  expect(chosen).toHaveLength(count)
  for (const p of chosen) await api(page, 'POST', 'cart', { productID: p.ProductID, qty: 1, warehouse })
  return chosen
}

/** Fills the checkout form on the Checkout screen: the first delivery site, carrier, Delivered, the purchase order. */
export async function fillCheckout(page: Page, purchaseOrder: string) {
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible()
  const sites = page.getByRole('combobox', { name: 'Delivery Site' })
  await expect(sites.locator('option')).not.toHaveCount(1)
  await sites.selectOption({ index: 1 })
  await expect(page.getByLabel('Business Name')).not.toHaveValue('')
  await page.getByLabel('Carrier Name').fill('Toll')
  await page.getByLabel('Carrier Instructions').fill('Ring the office on arrival')
  await page.getByRole('radio', { name: 'Delivered' }).check()
  await page.getByLabel('Purchase Order Number').fill(purchaseOrder)
  await page.getByLabel('Order Description').fill('Journey test order')
}

/**
 * Waits until the service worker has installed (the whole app precached) and controls the page. When it does not,
 * the error says what the browser reports: the worker's state and the storage quota, since a precache that does not
 * fit the quota (a nearly full disk) leaves the worker uninstalled with nothing else to show for it.
 */
export async function workerInControl(page: Page, timeout = 45_000) {
  try {
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout })
  } catch (error) {
    const seen = await page
      .evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration()
        const { quota, usage } = await navigator.storage.estimate()
        return {
          registered: Boolean(registration),
          installing: registration?.installing?.state ?? null,
          waiting: registration?.waiting?.state ?? null,
          active: registration?.active?.state ?? null,
          quotaMiB: quota === undefined ? null : Math.round(quota / 1_048_576),
          usageMiB: usage === undefined ? null : Math.round(usage / 1_048_576),
        }
      })
      .catch((reason: unknown) => String(reason))
    throw new Error(`the service worker did not take control of the page: ${JSON.stringify(seen)}`, { cause: error })
  }
}

/** The demo's one back office TOTP secret (lib/demo-logins.ts), as an authenticator app holding it would show. */
const DEMO_TOTP_SECRET = 'RIVERINADEMOBACKOFFICETOTPSECRET'
const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(DEMO_TOTP_SECRET), digits: 6, period: 30, algorithm: 'SHA1' })

/**
 * On the back office's second factor screen, gives the current code of the demo secret. A code is taken once (the
 * other screen width's journey may have just used it): when it is refused, the next 30-second step's code is given,
 * as a person would wait for the app's next code.
 */
export async function giveBackOfficeCode(page: Page) {
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.getByLabel('Code').fill(totp.generate())
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    const outcome = await Promise.race([
      page.waitForURL(/\/staff$/).then(() => 'in' as const),
      page
        .getByText('That code is not right.', { exact: false })
        .waitFor()
        .then(() => 'refused' as const),
    ])
    if (outcome === 'in') return
    await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500)
  }
  throw new Error('no code of the demo secret was accepted')
}

/** The demo's back office logins (README), by role. */
export const BACK_OFFICE_LOGINS = {
  admin: { email: 'admin@riverinarural.example', password: 'Admin2026' },
  service: { email: 'service@riverinarural.example', password: 'Service2026' },
  rep: { email: 'rep@riverinarural.example', password: 'Reps2026' },
  marketing: { email: 'marketing@riverinarural.example', password: 'Marketing2026' },
} as const

/** Signs in to the back office through the login screen: the password, then a code of the demo secret. */
export async function signInToBackOffice(page: Page, who: { email: string; password: string }) {
  await page.goto('/login')
  await page.getByLabel('Username').fill(who.email)
  await page.getByLabel('Password', { exact: true }).fill(who.password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Second factor' })).toBeVisible()
  await giveBackOfficeCode(page)
}

/** The page fits the viewport's width: nothing to scroll sideways (a phone's tables become blocks). */
export async function noSidewaysScrolling(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width, 'no sideways scrolling').toBeLessThanOrEqual(page.viewportSize()!.width)
}
