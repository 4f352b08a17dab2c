import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { signIn } from './journey'

type Product = { ProductID: number; Description: string; Availability: { Available: number } }
type Line = { ShopCartLineID: number; ProductID: number; Quantity: number; Product: { Weight: number } }

/** Calls the API from the page with the session token the web app keeps in local storage. */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api/${path}`, {
        method,
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: res.status, body: await res.json().catch(() => null) }
    },
    { method, path, body },
  )
}

/**
 * Fills the cart the way the catalogue's add buttons do (POST /api/cart with the shopper's branch), starting
 * from an empty cart: each browser project runs against the same server.
 */
async function fillCart(page: Page, warehouse: string, count: number, pick: (p: Product) => boolean = (p) => p.Availability.Available > 0) {
  await api(page, 'DELETE', 'cart')
  const popular = await api<Product[]>(page, 'GET', `popular?warehouse=${warehouse}`)
  expect(popular.status).toBe(200)
  const products = popular.body.filter(pick).slice(0, count)
  expect(products).toHaveLength(count)
  for (const product of products) {
    expect((await api(page, 'POST', 'cart', { productID: product.ProductID, qty: 1, warehouse })).status).toBe(200)
  }
  return products
}

const kg = (lines: Line[]) =>
  (lines.reduce((grams, l) => grams + Math.round(l.Product.Weight * 1000) * l.Quantity, 0) / 1000).toLocaleString('en-AU', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })
const money = (value: number) => value.toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

test('trade changes and removes lines, sees weight and total, empties the cart and switches branch through the modal', async ({ page }) => {
  await signIn(page, 'trade', 'Trade2026')
  const [first, second] = await fillCart(page, 'WAG', 2)
  await page.goto('/cart')
  await expect(page.getByRole('heading', { name: 'Shopping Cart', level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: /2 items/ })).toBeVisible()
  await expect(page.getByRole('link', { name: first!.Description })).toHaveAttribute('href', `/product/${first!.ProductID}`)
  await expect(page.getByRole('link', { name: second!.Description })).toBeVisible()

  // Editing stays local until Update; the line, the weight, the total and the header then follow. What is not a
  // whole number is said at the field, as typed, and sends nothing.
  const quantity = page.getByRole('textbox', { name: `Quantity of ${first!.Description}` })
  await quantity.fill('2.5')
  await page.getByRole('button', { name: `Update ${first!.Description}` }).click()
  await expect(quantity).toHaveAccessibleDescription('Quantity must be a whole number (0 removes the line)')
  await expect(quantity).toHaveValue('2.5')
  expect((await api<Line[]>(page, 'GET', 'cart/items?warehouse=WAG')).body.find((l) => l.ProductID === first!.ProductID)?.Quantity).toBe(1)
  await quantity.fill('4')
  await page.getByRole('button', { name: `Update ${first!.Description}` }).click()
  await expect(page.getByText('This item has been updated successfully')).toBeVisible()
  await expect(quantity).toHaveValue('4')
  const lines = (await api<Line[]>(page, 'GET', 'cart/items?warehouse=WAG')).body
  expect(lines.find((l) => l.ProductID === first!.ProductID)?.Quantity).toBe(4)
  const summary = (await api<{ Count: number; Value: number }>(page, 'GET', 'cart')).body
  await expect(page.getByText(`${kg(lines)} KG`)).toBeVisible()
  await expect(page.getByText('Cart Total (inc GST)').locator('xpath=following-sibling::dd')).toHaveText(`$${money(summary.Value)}`)
  await expect(page.getByRole('link', { name: new RegExp(`2 items.*Total: \\$${money(summary.Value).replace('.', '\\.')}`) })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', '/checkout')
  await expect(page.getByRole('button', { name: 'Download These Items as PDF' })).toHaveCount(0)

  await page.getByRole('button', { name: `Remove ${second!.Description}` }).click()
  await expect(page.getByRole('link', { name: second!.Description })).toHaveCount(0)
  await expect(page.getByRole('link', { name: /1 item\b/ })).toBeVisible()

  await page.getByRole('button', { name: 'Empty Shopping Cart' }).click()
  await page.getByRole('dialog', { name: 'Empty your cart?' }).getByRole('button', { name: 'Empty Shopping Cart' }).click()
  await expect(page.getByText('Cart emptied')).toBeVisible()
  await expect(page.getByText('You currently have no items in your cart')).toBeVisible()
  await expect(page.getByRole('link', { name: /Empty.*Total: \$0\.00/ })).toBeVisible()

  // With items in the cart, a new branch asks first, then empties the cart on the server.
  await fillCart(page, 'WAG', 1)
  await page.reload()
  await expect(page.getByRole('link', { name: /1 item\b/ })).toBeVisible()
  await page.getByLabel('Branch').selectOption('MEL')
  const dialog = page.getByRole('dialog', { name: 'Change branch?' })
  await dialog.getByRole('button', { name: 'Change branch' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByLabel('Branch')).toHaveValue('MEL')
  await expect(page.getByText('You currently have no items in your cart')).toBeVisible()
  await expect(page.getByRole('link', { name: /Empty.*Total: \$0\.00/ })).toBeVisible()
  expect((await api<unknown[]>(page, 'GET', 'cart/items?warehouse=MEL')).body).toEqual([])
})

test('cash cannot raise a line beyond the branch’s stock', async ({ page }) => {
  await signIn(page, 'cash', 'Cash2026')
  const [product] = await fillCart(page, 'MEL', 1, (p) => p.Availability.Available > 0 && p.Availability.Available < 90_000)
  await page.goto('/cart')
  const quantity = page.getByRole('textbox', { name: `Quantity of ${product!.Description}` })
  await quantity.fill(String(product!.Availability.Available + 1))
  await page.getByRole('button', { name: `Update ${product!.Description}` }).click()
  await expect(page.getByText('Unfortunately the requested quantity is not available for purchase')).toBeVisible()
  // The field shows what the line holds, not what was refused.
  await expect(quantity).toHaveValue('1')
  expect((await api<Line[]>(page, 'GET', 'cart/items?warehouse=MEL')).body.map((l) => l.Quantity)).toEqual([1])
  // Through the API too.
  const over = await api<{ error: string }>(page, 'POST', 'cart', { productID: product!.ProductID, qty: product!.Availability.Available, warehouse: 'MEL' })
  expect(over).toEqual({ status: 409, body: expect.objectContaining({ error: 'quantity_not_available' }) })
})

test('elders downloads the cart as a PDF and is not offered checkout', async ({ page }) => {
  await signIn(page, 'elders', 'Elders2026')
  const warehouse = await page.evaluate(() => localStorage.getItem('currentWarehouse') ?? '')
  const [product] = await fillCart(page, warehouse, 1)
  await page.goto('/cart')
  await expect(page.getByRole('link', { name: product!.Description })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Proceed to Checkout' })).toHaveCount(0)

  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download These Items as PDF' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('cart.pdf')
  const bytes = readFileSync((await download.path())!)
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  await expect(page.getByRole('button', { name: 'Download These Items as PDF' })).toBeEnabled()
})
