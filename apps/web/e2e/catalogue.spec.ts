import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { isPhone, signIn } from './journey'

type Product = { ProductID: number; Description: string; Barcode: string | null; Availability: { Available: number } }

/** The API as the test's own client, for facts the journey needs (which product is out of stock where). */
async function apiAs(request: APIRequestContext, username: string, password: string) {
  const login = await (await request.post('/api/login', { data: { username, password } })).json()
  const headers = { authorization: `Bearer ${login.token}` }
  return {
    get: async <T>(path: string): Promise<T> => (await request.get(`/api/${path}`, { headers })).json() as Promise<T>,
    emptyCart: async () => expect((await request.delete('/api/cart', { headers })).ok()).toBe(true),
  }
}

/** The Category and Brand entries: dropdown menus on a desktop, expandable lists in the menu drawer on a phone. */
async function openMenu(page: Page, name: 'Category' | 'Brand') {
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Open menu' }).click()
    return page.getByRole('dialog', { name: 'Menu' })
  }
  await page.getByRole('button', { name, exact: true }).click()
  return page.getByRole('menu').first()
}

/**
 * Scrolls to the end of the page with the mouse wheel, as a user does. A user's scroll is what the screen's
 * scroll-to-top (200 ms after it opens) gives way to; a scroll made by script would be undone by it.
 */
async function scrollToEnd(page: Page) {
  const { width, height } = page.viewportSize()!
  await page.mouse.move(width / 2, height / 2)
  await page.mouse.wheel(0, await page.evaluate(() => document.documentElement.scrollHeight))
}

async function chooseCategory(page: Page, title: string) {
  const menu = await openMenu(page, 'Category')
  if (isPhone(page)) {
    await menu.locator('summary', { hasText: title }).click()
    await menu.getByRole('link', { name: `All ${title}`, exact: true }).click()
  } else {
    await menu.getByRole('menuitem', { name: title, exact: true }).click()
  }
}

test('trade browses a category page by page, finds Ivomec by a misspelling, opens it and adds it to the cart', async ({ page, request }) => {
  const api = await apiAs(request, 'trade', 'Trade2026')
  await api.emptyCart()
  await signIn(page, 'trade', 'Trade2026')

  await chooseCategory(page, 'Animal Health')
  await expect(page).toHaveURL(/\/category\/animal-health$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Animal Health' })).toBeVisible()
  const grid = page.getByRole('list', { name: 'Animal Health products' })
  await expect(grid.getByRole('article')).toHaveCount(40)

  // Scrolling to the end of the list loads the second page: wait for that page's answer, then for its cards.
  const secondPage = page.waitForResponse((r) => {
    const url = new URL(r.url())
    return url.pathname === '/api/categories/animal-health/products' && url.searchParams.get('page') === '2'
  })
  await scrollToEnd(page)
  expect((await secondPage).status()).toBe(200)
  await expect(grid.getByRole('article')).toHaveCount(80)

  const search = page.getByRole('combobox', { name: 'Search products' })
  await search.fill('ivomek')
  await search.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Search - ivomek' })).toBeVisible()
  const results = page.getByRole('list', { name: 'Search results' }).getByRole('article')
  await expect(results.first()).toContainText('Ivomec')
  const found = await results.first().getByRole('heading').textContent()

  await results.first().getByRole('link', { name: found! }).click()
  await expect(page).toHaveURL(/\/product\/\d+$/)
  await expect(page.getByRole('heading', { level: 1, name: found! })).toBeVisible()
  const productId = Number(page.url().split('/').pop())
  const product = await api.get<Product>(`product/${productId}?warehouse=WAG`)
  const tabs = ['Product Information', 'Safety & Marketing Information', ...(product.Barcode ? ['Product Barcode'] : [])]
  await expect(page.getByRole('tab')).toHaveText(tabs)
  await page.getByRole('tab', { name: 'Safety & Marketing Information' }).click()
  await expect(page.getByRole('tabpanel')).toBeVisible()
  if (product.Barcode) {
    await page.getByRole('tab', { name: 'Product Barcode' }).click()
    await expect(page.getByRole('img', { name: `Barcode ${product.Barcode}` })).toBeVisible()
  }

  await page.getByRole('button', { name: /^Other branches/ }).click()
  await expect(page.getByRole('dialog', { name: 'Stock at other branches' }).getByRole('row', { name: /Melbourne/ })).toBeVisible()
  await page.keyboard.press('Escape')

  await expect(page.getByRole('link', { name: /Empty.*Total: \$0\.00/ })).toBeVisible()
  await page.getByRole('spinbutton', { name: `Quantity of ${found}` }).fill('2')
  await page.getByRole('main').getByRole('button', { name: 'Add to cart' }).first().click()
  await expect(page.getByText('Product added to cart!')).toBeVisible()
  await expect(page.getByRole('link', { name: /1 item.*Total: \$[1-9]/ })).toBeVisible()
  await expect(page.getByRole('spinbutton', { name: `Quantity of ${found}` })).toHaveValue('1')
  await api.emptyCart()
})

test("a reseller's Category and Brand menus leave out the hidden categories and brands", async ({ page }) => {
  await signIn(page, 'elders', 'Elders2026')
  const hidden = (names: string[]) => names.filter((name) => /^Apparent|^iO /.test(name.trim()))

  if (isPhone(page)) {
    const drawer = await openMenu(page, 'Category')
    await expect(drawer.locator('summary', { hasText: 'Animal Health' })).toBeVisible()
    await expect(drawer.locator('summary', { hasText: 'G H I J' })).toBeVisible()
    const names = (await drawer.locator('summary, a').allTextContents()).map((n) => n.trim())
    expect(names).toEqual(expect.arrayContaining(['Animal Health', 'Crop Protection', 'Agrimin', 'Ivomec']))
    expect(hidden(names)).toEqual([])
    return
  }

  const categories = await openMenu(page, 'Category')
  await expect(categories.getByRole('menuitem', { name: 'Animal Health', exact: true })).toBeVisible()
  const categoryNames = await categories.getByRole('menuitem').allTextContents()
  expect(categoryNames.length).toBeGreaterThan(20)
  expect(hidden(categoryNames)).toEqual([])
  await page.keyboard.press('Escape')

  const brands = await openMenu(page, 'Brand')
  const brandNames: string[] = []
  for (const group of ['A', 'G H I J']) {
    await brands.getByRole('menuitem', { name: new RegExp(`^${group}( \\(\\d+\\))?$`) }).click()
    const submenu = page.getByRole('menu').last()
    await expect(submenu.getByRole('menuitem').first()).toBeVisible()
    brandNames.push(...(await submenu.getByRole('menuitem').allTextContents()))
  }
  expect(brandNames).toEqual(expect.arrayContaining(['Agrimin', 'Ivomec']))
  expect(hidden(brandNames)).toEqual([])
})

test("a cash account sees 'Check other WH', disabled, on a product out of stock at its branch", async ({ page, request }) => {
  const api = await apiAs(request, 'cash', 'Cash2026')
  let outOfStock: Product | undefined
  for (let page = 1; !outOfStock && page <= 5; page++) {
    const products = await api.get<Product[]>(`categories/animal-health/products?warehouse=MEL&page=${page}`)
    outOfStock = products.find((p) => p.Availability.Available === 0)
    if (products.length < 40) break
  }
  expect(outOfStock, 'a product with no stock at MEL').toBeDefined()

  await signIn(page, 'cash', 'Cash2026')
  await expect(page.getByLabel('Branch')).toHaveValue('MEL')
  await page.goto(`/product/${outOfStock!.ProductID}`)
  await expect(page.getByRole('heading', { level: 1, name: outOfStock!.Description })).toBeVisible()
  await expect(page.getByText('No stock at MEL').first()).toBeVisible()
  // The product's own button comes first; related products below have their own.
  const button = page
    .getByRole('main')
    .getByRole('button', { name: /^(Check other WH|Add to cart)$/ })
    .first()
  await expect(button).toHaveText('Check other WH')
  await expect(button).toBeDisabled()
})
