import { expect, test, type Locator, type Page } from '@playwright/test'
import { api, signIn } from './journey'

// Phones from 320 px wide: nothing on these screens may widen the page (no sideways scrolling), however full.

type Product = { ProductID: number; ProductCode: string; Description: string; Availability: { Available: number } }

const codeBox = (page: Page, n: number) => page.getByRole('combobox', { name: `Product code, row ${n}`, exact: true })
const qtyBox = (page: Page, n: number) => page.getByRole('textbox', { name: `Quantity, row ${n}`, exact: true })

/** The page is no wider than the screen. */
async function fitsTheScreen(page: Page) {
  await expect
    .poll(() => page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })))
    .toEqual(expect.objectContaining({ scroll: page.viewportSize()!.width, client: page.viewportSize()!.width }))
}

/** The element is wholly inside the screen. */
async function onScreen(page: Page, element: Locator) {
  const box = await element.boundingBox()
  const screen = page.viewportSize()!
  expect(box).not.toBeNull()
  expect(box!.x).toBeGreaterThanOrEqual(0)
  expect(box!.y).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width).toBeLessThanOrEqual(screen.width)
  expect(box!.y + box!.height).toBeLessThanOrEqual(screen.height)
}

/** Popular products at Wagga Wagga, the ones with the longest descriptions first. */
async function longestNamed(page: Page, count: number): Promise<Product[]> {
  const popular = await api<Product[]>(page, 'GET', 'popular?warehouse=WAG&size=40')
  return [...popular].sort((a, b) => b.Description.length - a.Description.length).slice(0, count)
}

for (const width of [320, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 740 } })
    test.beforeEach(async ({ page }, info) => {
      // The width is this test's own: one project runs it.
      test.skip(info.project.name !== 'phone', 'the phone project runs it')
      await signIn(page, 'trade', 'Trade2026')
      await api(page, 'DELETE', 'cart')
    })
    test.afterEach(async ({ page }, info) => {
      if (info.project.name === 'phone') await api(page, 'DELETE', 'cart')
    })

    test('the quick order grid, filled, and the scan dialog fit the screen', async ({ page }) => {
      const [a, b, c] = await longestNamed(page, 3)
      await page.goto('/quick-order')
      await expect(page.getByRole('heading', { name: 'Quick Order', level: 1 })).toBeVisible()
      await fitsTheScreen(page)

      await codeBox(page, 1).focus()
      await page.keyboard.type(a!.ProductCode)
      await page.keyboard.press('Enter')
      await page.keyboard.type('8')
      await page.keyboard.press('Enter')
      await page.keyboard.type(b!.ProductCode)
      await page.keyboard.press('Enter')
      await page.keyboard.type('1200')
      await page.keyboard.press('Enter')
      // A row with a problem and one with a quantity refused at the field.
      await page.keyboard.type('NOT-A-PRODUCT-CODE-ANYONE-HAS-123456')
      await page.keyboard.press('Enter')
      await page.keyboard.type('2.5')
      await expect(qtyBox(page, 1)).toHaveValue('8')
      await expect(page.getByRole('cell', { name: a!.Description }).first()).toBeVisible()
      await expect(page.getByRole('cell', { name: b!.Description }).first()).toBeVisible()
      await expect(codeBox(page, 3)).toHaveAccessibleDescription('Unknown product code')
      await expect(qtyBox(page, 3)).toHaveAccessibleDescription('Quantity must be a whole number of at least 1')
      await fitsTheScreen(page)
      // Each row's total is on the screen, not cut off at its edge.
      await qtyBox(page, 2).scrollIntoViewIfNeeded()
      const total = page.locator('tr', { has: qtyBox(page, 2) }).locator('td[data-label="Total (ex GST)"]')
      await expect(total).toHaveText(/^\$[\d,]+\.\d\d$/)
      const box = await total.boundingBox()
      expect(box!.x + box!.width).toBeLessThanOrEqual(width)

      await page.getByRole('button', { name: 'Scan', exact: true }).click()
      const scanner = page.getByRole('dialog', { name: 'Scan barcodes' })
      const field = scanner.getByLabel('Barcode or product code')
      await field.fill(c!.ProductCode)
      await scanner.getByRole('button', { name: 'Add', exact: true }).click()
      await expect(scanner.getByRole('status')).toHaveText(`Added: ${c!.Description} (${c!.ProductCode})`)
      await fitsTheScreen(page)
      await onScreen(page, scanner)
      await onScreen(page, scanner.getByRole('button', { name: 'Add', exact: true }))
      await onScreen(page, scanner.getByRole('button', { name: 'Done' }))

      await field.fill('9'.repeat(48))
      await scanner.getByRole('button', { name: 'Add', exact: true }).click()
      await expect(scanner.getByRole('status')).toHaveText(`Unknown product code ${'9'.repeat(48)}`)
      await fitsTheScreen(page)
      await onScreen(page, scanner.getByRole('button', { name: 'Add', exact: true }))
      await onScreen(page, scanner.getByRole('button', { name: 'Done' }))
      await scanner.getByRole('button', { name: 'Done' }).click()
      await expect(codeBox(page, 4)).toHaveValue(c!.ProductCode)
      await fitsTheScreen(page)
    })

    test('a product page and the cart, with a quantity refused at the field, fit the screen', async ({ page }) => {
      const [a] = await longestNamed(page, 1)
      await page.goto(`/product/${a!.ProductID}`)
      await expect(page.getByRole('heading', { name: a!.Description, level: 1 })).toBeVisible()
      const quantity = page.getByRole('spinbutton', { name: `Quantity of ${a!.Description}`, exact: true })
      await quantity.fill('2.5')
      await page.getByRole('button', { name: 'Add to cart' }).first().click()
      await expect(quantity).toHaveAccessibleDescription('Quantity must be a whole number of at least 1')
      await fitsTheScreen(page)
      await quantity.fill('2')
      await page.getByRole('button', { name: 'Add to cart' }).first().click()
      await expect(page.getByText('Product added to cart!')).toBeVisible()

      // A line charged in cartons too: its breakdown ("2 cartons of 4 at $40.90, 1 at $45.32") is the cart's widest text.
      const bulk = await api<{ Count: number }>(page, 'POST', 'cart/bulk', { warehouse: 'WAG', lines: [{ code: 'ANC-DB-20ML', qty: 9 }] })
      expect(bulk).toMatchObject({ notAdded: [] })

      await page.goto('/cart')
      await expect(page.getByText(/2 cartons of 4 at \$[\d.]+, 1 at \$[\d.]+/)).toBeVisible()
      const line = page.getByRole('textbox', { name: `Quantity of ${a!.Description}` })
      await expect(line).toHaveValue('2')
      await line.fill('1.5')
      await page.getByRole('button', { name: `Update ${a!.Description}` }).click()
      await expect(line).toHaveAccessibleDescription('Quantity must be a whole number (0 removes the line)')
      await fitsTheScreen(page)
    })
  })
}
