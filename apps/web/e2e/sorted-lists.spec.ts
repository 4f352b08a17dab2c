import { expect, test, type Page } from '@playwright/test'
import { api, signIn } from './journey'

type Product = { ProductID: number; Description: string; SinglePricing: { Price: number; UsualPrice?: number }; Availability: { Available: number } }
type Category = { name: string; title: string; acf: { child_categories: Array<{ category: string; title: string }> } }
type Brand = { BrandCode: string; Description: string }

/**
 * Scrolls to the end of the page with the mouse wheel, as a user does (a script's scroll would be undone by the
 * screen's scroll-to-top as it opens).
 */
async function scrollToEnd(page: Page) {
  const { width, height } = page.viewportSize()!
  await page.mouse.move(width / 2, height / 2)
  await page.mouse.wheel(0, await page.evaluate(() => document.documentElement.scrollHeight))
}

/** The category with the fewest products in stock at the branch above one page of 40: the journey sees paging and the end. */
async function categoryOfTwoPages(page: Page, warehouse: string) {
  const parents = await api<Category[]>(page, 'GET', 'categories')
  let best: { category: string; title: string; count: number } | undefined
  for (const one of parents.flatMap((p) => [{ category: p.name, title: p.title }, ...p.acf.child_categories])) {
    const path = `categories/${encodeURIComponent(one.category)}/products/count?warehouse=${warehouse}&inStock=true`
    const { count } = await api<{ count: number }>(page, 'GET', path)
    if (count > 40 && (!best || count < best.count)) best = { ...one, count }
  }
  if (!best) throw new Error('no category with more than 40 products in stock')
  return best
}

test('trade sorts a category by price, keeps what is in stock, reloads with both kept, and scrolls to the end', async ({ page }) => {
  await signIn(page, 'trade', 'Trade2026')
  const warehouse = await page.evaluate(() => localStorage.getItem('currentWarehouse') ?? JSON.parse(localStorage.getItem('settings')!).DefaultWareHouse)
  const category = await categoryOfTwoPages(page, warehouse)
  const { count: all } = await api<{ count: number }>(page, 'GET', `categories/${encodeURIComponent(category.category)}/products/count?warehouse=${warehouse}`)

  await page.goto(`/category/${encodeURIComponent(category.category)}`)
  await expect(page.getByRole('heading', { level: 1, name: category.title })).toBeVisible()
  await expect(page.getByText(`${all} products`, { exact: true })).toBeVisible()

  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: low to high' })
  await expect(page).toHaveURL(/\?sort=price-asc$/)
  // Clicked, then judged by the address and the box: the box follows the address, a moment after the click.
  await page.getByRole('checkbox', { name: 'in stock at my branch' }).click()
  await expect(page).toHaveURL(/\?sort=price-asc&inStock=true$/)
  await expect(page.getByRole('checkbox', { name: 'in stock at my branch' })).toBeChecked()
  await expect(page.getByText(`${category.count} products`, { exact: true })).toBeVisible()

  const grid = page.getByRole('list', { name: `${category.title} products` })
  await expect(grid.getByRole('article')).toHaveCount(40)
  const expected = await api<Product[]>(
    page,
    'GET',
    `categories/${encodeURIComponent(category.category)}/products?warehouse=${warehouse}&sort=price-asc&inStock=true&page=1&size=40`,
  )
  await expect(grid.getByRole('article').getByRole('heading')).toHaveText(expected.map((p) => p.Description))
  expect(expected.every((p) => p.Availability.Available > 0)).toBe(true)
  expect(expected.map((p) => p.SinglePricing.Price)).toEqual(expected.map((p) => p.SinglePricing.Price).toSorted((a, b) => a - b))

  // A reload shows the same view: the order, the filter and the count.
  await page.reload()
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-asc')
  await expect(page.getByRole('checkbox', { name: 'in stock at my branch' })).toBeChecked()
  await expect(page.getByText(`${category.count} products`, { exact: true })).toBeVisible()
  await expect(grid.getByRole('article').first().getByRole('heading')).toHaveText(expected[0]!.Description)

  // Scrolled to the end, page by page, until the list says it holds nothing more.
  const end = page.getByText("That's everything", { exact: true })
  await expect(end).toHaveCount(0)
  while ((await end.count()) === 0) {
    await scrollToEnd(page)
    await page.waitForTimeout(300)
  }
  await expect(end).toBeVisible()
  await expect(grid.getByRole('article')).toHaveCount(category.count)

  // Into a product and Back: the list is still sorted and filtered.
  await grid.getByRole('article').first().getByRole('link', { name: expected[0]!.Description }).click()
  await expect(page.getByRole('heading', { level: 1, name: expected[0]!.Description })).toBeVisible()
  await page.goBack()
  await expect(page).toHaveURL(/\?sort=price-asc&inStock=true$/)
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-asc')
})

test("a brand page is headed with the brand's name; specials show the usual price struck through and the saving", async ({ page }) => {
  await signIn(page, 'trade', 'Trade2026')
  const brands = await api<Brand[]>(page, 'GET', 'brands')
  const brand = brands.find((b) => b.Description !== b.BrandCode)!
  await page.goto(`/brand/${encodeURIComponent(brand.BrandCode)}`)
  await expect(page.getByRole('heading', { level: 1, name: brand.Description })).toBeVisible()

  await page.goto('/specials')
  await expect(page.getByRole('heading', { level: 1, name: 'Specials' })).toBeVisible()
  const special = page
    .getByRole('list', { name: 'Specials' })
    .getByRole('article')
    .filter({ hasText: /Save \$/ })
    .first()
  await expect(special.getByText(/^Save \$[\d,]+\.\d\d$/)).toBeVisible()
  await expect(special.locator('s')).toHaveText(/^\$[\d,]+\.\d\d$/)
})
