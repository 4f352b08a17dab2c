import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expectNoSeriousA11yViolations } from './axe'
import { api, isPhone, signIn } from './journey'

// Back-in-stock requests (decisions 0087, 0091): trade asks to be told about one product from its card in search
// results and about another from its product page, finds both under Stock alerts, cancels the first; the ERP's
// stock delta then brings both back at Wagga Wagga, and only the second is e-mailed, once.

type Product = { ProductID: number; ProductCode: string; Description: string; Availability: { Available: number } }
type Alert = { id: number; ProductID: number; status: string }

const BRANCH = 'WAG'
const BRANCH_NAME = 'Wagga Wagga'

// The portal of the journeys runs in demo mode, which keeps its ERP key in the data directory (modules/erp/key.ts).
const erpKey = () => readFileSync(join(tmpdir(), `portal-e2e-${process.env.E2E_PORT}`, 'erp-api-key'), 'utf8').trim()

async function sendStock(request: APIRequestContext, rows: Array<{ ProductCode: string; QtyAvailable: number }>) {
  const res = await request.post('/api/erp/stock', {
    headers: { authorization: `Bearer ${erpKey()}` },
    data: rows.map((row) => ({ ...row, LocationID: BRANCH })),
  })
  expect(res.status(), await res.text()).toBe(200)
}

/** Two products Wagga Wagga has none of that trade has never asked about: brand lists, first page each, until two are found. */
async function twoWithoutStock(page: Page): Promise<[Product, Product]> {
  const asked = new Set((await api<Alert[]>(page, 'GET', 'stock-alerts')).map((a) => a.ProductID))
  const brands = await api<Array<{ BrandCode: string }>>(page, 'GET', 'brands')
  const found: Product[] = []
  for (const { BrandCode } of brands) {
    const products = await api<Product[]>(page, 'GET', `brands/${encodeURIComponent(BrandCode)}/products?warehouse=${BRANCH}`)
    for (const p of products) if (p.Availability.Available === 0 && !asked.has(p.ProductID) && !found.some((f) => f.ProductID === p.ProductID)) found.push(p)
    if (found.length >= 2) return [found[0]!, found[1]!]
  }
  throw new Error('no two products without stock at Wagga Wagga')
}

async function openFromAccountMenu(page: Page, entry: string) {
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: entry, exact: true }).click()
  } else {
    await page.getByRole('button', { name: 'Account', exact: true }).click()
    await page.getByRole('menu').getByRole('menuitem', { name: entry, exact: true }).click()
  }
}

/** How many of the outbox's e-mails (development only, /dev/outbox) to this address have this subject. */
async function mailsTo(page: Page, email: string, subject: string): Promise<number> {
  await page.goto('/dev/outbox')
  await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible()
  return page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: subject, exact: true }) })
    .filter({ has: page.getByRole('cell', { name: email, exact: true }) })
    .count()
}

/** Waits until the toast saying this is in (not caught fading in mid-check by axe). */
const toastIn = (page: Page, text: string) => expect(page.locator('[data-sonner-toast]').filter({ hasText: text })).toHaveAttribute('data-mounted', 'true')

let used: Product[] = []

// Whatever the journey reached: its products have no stock again and no waiting request, for the other project's run.
test.afterEach(async ({ request }) => {
  if (used.length === 0) return
  const login = await request.post('/api/login', { data: { username: 'trade', password: 'Trade2026' } })
  const { token } = (await login.json()) as { token: string }
  const headers = { authorization: `Bearer ${token}` }
  const alerts = (await (await request.get('/api/stock-alerts', { headers })).json()) as Alert[]
  for (const alert of alerts)
    if (alert.status === 'waiting' && used.some((p) => p.ProductID === alert.ProductID)) await request.delete(`/api/stock-alerts/${alert.id}`, { headers })
  await sendStock(
    request,
    used.map((p) => ({ ProductCode: p.ProductCode, QtyAvailable: 0 })),
  )
  used = []
})

test('trade asks to hear of two products, from a card and a product page, cancels one, and is e-mailed once about the other', async ({ page, request }) => {
  await signIn(page, 'trade', 'Trade2026')
  const { user } = await api<{ user: { Email: string } }>(page, 'GET', 'me')
  const [fromCard, fromPage] = await twoWithoutStock(page)
  used = [fromCard, fromPage]

  // From its card in the search results: "Notify me", any quantity.
  await page.goto(`/search?text=${encodeURIComponent(fromCard.ProductCode)}`)
  const card = page.getByRole('list', { name: 'Search results' }).getByRole('article').filter({ hasText: fromCard.ProductCode })
  await expect(card).toContainText(`No stock at ${BRANCH}`)
  await card.getByRole('button', { name: `Notify me when ${fromCard.Description} is back in stock` }).click()
  const form = card.getByRole('form', { name: `Notify me when ${fromCard.Description} is back in stock` })
  await expect(form.getByLabel('Quantity wanted (optional)')).toBeFocused()
  await expectNoSeriousA11yViolations(page, 'search results, Notify me open on a card')
  await form.getByRole('button', { name: 'Notify me', exact: true }).click()
  await expect(card.getByRole('status')).toHaveText(/We will e-mail you when it is back in stock here\./)
  await expect(card.getByRole('button', { name: `Cancel alert for ${fromCard.Description}` })).toBeVisible()
  await toastIn(page, 'We will e-mail you when it is back in stock.')
  await expectNoSeriousA11yViolations(page, 'search results, a card asked about')

  // From the product page: at least 3.
  await page.goto(`/product/${fromPage.ProductID}`)
  await expect(page.getByRole('heading', { name: fromPage.Description, level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Notify me', exact: true }).click()
  const productForm = page.getByRole('form', { name: 'Notify me when back in stock' })
  await productForm.getByLabel('Quantity wanted (optional)').fill('3')
  await productForm.getByRole('button', { name: 'Notify me', exact: true }).click()
  await expect(page.getByText('We will e-mail you when 3 are back in stock here.')).toBeVisible()
  await toastIn(page, 'We will e-mail you when it is back in stock.')
  await expectNoSeriousA11yViolations(page, 'product page, asked about')

  // Both under Stock alerts; the first is cancelled there.
  await openFromAccountMenu(page, 'Stock alerts')
  await expect(page.getByRole('heading', { name: 'Stock alerts', level: 1 })).toBeVisible()
  const rowOf = (p: Product) => page.getByRole('row').filter({ has: page.getByRole('link', { name: p.Description, exact: true }) })
  await expect(rowOf(fromCard)).toContainText(/Waiting until/)
  await expect(rowOf(fromCard)).toContainText('Any')
  await expect(rowOf(fromPage)).toContainText(/Waiting until/)
  await expect(rowOf(fromPage)).toContainText(BRANCH_NAME)
  // The product page's toast follows to this screen: checked once it has gone, not caught fading out.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
  await expectNoSeriousA11yViolations(page, 'stock alerts')
  await rowOf(fromCard)
    .getByRole('button', { name: `Cancel the alert for ${fromCard.Description} at ${BRANCH_NAME}` })
    .click()
  await expect(rowOf(fromCard)).toContainText(/Cancelled/)
  await expect(rowOf(fromCard).getByRole('button')).toHaveCount(0)

  // The ERP's delta brings both back; only the request still waiting is told, and it closes. (Other demo users may
  // wait for the same products: the e-mails counted are trade's.)
  const subject = (p: Product) => `Back in stock at ${BRANCH_NAME}: ${p.ProductCode} ${p.Description}`
  expect(await mailsTo(page, user.Email, subject(fromPage))).toBe(0)
  await sendStock(request, [
    { ProductCode: fromCard.ProductCode, QtyAvailable: 10 },
    { ProductCode: fromPage.ProductCode, QtyAvailable: 10 },
  ])
  await expect
    .poll(async () => (await api<Alert[]>(page, 'GET', 'stock-alerts')).find((a) => a.ProductID === fromPage.ProductID)?.status, { timeout: 60_000 })
    .toBe('notified')
  expect(await mailsTo(page, user.Email, subject(fromPage))).toBe(1)
  expect(await mailsTo(page, user.Email, subject(fromCard))).toBe(0)

  await page.goto('/stock-alerts')
  await expect(rowOf(fromPage)).toContainText(/E-mailed/)
  await expect(rowOf(fromPage).getByRole('button')).toHaveCount(0)
  await expect(rowOf(fromCard)).toContainText(/Cancelled/)
})
