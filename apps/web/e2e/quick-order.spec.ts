import writeExcelFile from 'write-excel-file/universal'
import { expect, test, type Page } from '@playwright/test'
import { api, signIn } from './journey'

type Product = { ProductID: number; ProductCode: string; Description: string; Barcode: string | null; Availability: { Available: number } }
type Line = { ProductID: number; Quantity: number }

/** Products the trade account may order at Wagga Wagga, from the first pages of a category list. */
async function someProducts(page: Page, count: number): Promise<Product[]> {
  const popular = await api<Product[]>(page, 'GET', 'popular?warehouse=WAG&size=40')
  const found = [...popular]
  for (let p = 1; found.length < count + 10 && p <= 5; p++) {
    found.push(...(await api<Product[]>(page, 'POST', `search?warehouse=WAG&page=${p}&size=40`, { search: 'a' })))
  }
  const unique = [...new Map(found.map((f) => [f.ProductID, f])).values()]
  expect(unique.length).toBeGreaterThanOrEqual(count)
  return unique.slice(0, count)
}

const cartLines = (page: Page) => api<Line[]>(page, 'GET', 'cart/items?warehouse=WAG')
const codeBox = (page: Page, n: number) => page.getByRole('combobox', { name: `Product code, row ${n}`, exact: true })
const qtyBox = (page: Page, n: number) => page.getByRole('textbox', { name: `Quantity, row ${n}`, exact: true })

test.beforeEach(async ({ page }) => {
  await signIn(page, 'trade', 'Trade2026')
  await api(page, 'DELETE', 'cart')
})

// The journeys after this one (session.spec) expect trade's cart empty, as each journey leaves it.
test.afterEach(async ({ page }) => {
  await api(page, 'DELETE', 'cart')
})

test('trade types three codes with the keyboard and adds them in one go', async ({ page }) => {
  const [a, b, c] = await someProducts(page, 3)
  await page.getByRole('link', { name: 'Quick Order' }).click()
  await expect(page.getByRole('heading', { name: 'Quick Order', level: 1 })).toBeVisible()

  await codeBox(page, 1).focus()
  await page.keyboard.type(a!.ProductCode.toLowerCase())
  await page.keyboard.press('Enter')
  await expect(qtyBox(page, 1)).toBeFocused()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('3')
  await page.keyboard.press('Enter')
  await expect(codeBox(page, 2)).toBeFocused()
  // The typeahead: the code, then the arrow and Enter on the offered product.
  await page.keyboard.type(b!.ProductCode)
  // An exact code is offered first once the list has caught up with the typing.
  await expect(page.getByRole('listbox', { name: 'Product code, row 2' }).getByRole('option').first()).toContainText(b!.ProductCode)
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(qtyBox(page, 2)).toBeFocused()
  await expect(codeBox(page, 2)).toHaveValue(b!.ProductCode)
  await page.keyboard.press('Enter')
  await expect(codeBox(page, 3)).toBeFocused()
  await page.keyboard.type(c!.ProductCode)
  await page.keyboard.press('Enter')
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('2')

  // Each row shows its product once recognised.
  for (const p of [a!, b!, c!]) await expect(page.getByRole('cell', { name: p.Description }).first()).toBeVisible()
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByRole('status').filter({ hasText: '3 lines were added to your cart.' })).toBeVisible()
  await expect(page.getByRole('link', { name: /3 items/ })).toBeVisible()
  const lines = await cartLines(page)
  expect(Object.fromEntries(lines.map((l) => [l.ProductID, l.Quantity]))).toEqual({ [a!.ProductID]: 3, [b!.ProductID]: 1, [c!.ProductID]: 2 })
})

test('the quantity typed after a code replaces the default 1, whether Enter or Tab took the focus there', async ({ page }) => {
  const [a, b, c] = await someProducts(page, 3)
  await page.goto('/quick-order')
  await codeBox(page, 1).focus()
  await page.keyboard.type(a!.ProductCode)
  await page.keyboard.press('Enter')
  await expect(qtyBox(page, 1)).toBeFocused()
  await page.keyboard.type('8')
  await expect(qtyBox(page, 1)).toHaveValue('8')
  await page.keyboard.press('Enter')
  await expect(codeBox(page, 2)).toBeFocused()
  await page.keyboard.type(b!.ProductCode)
  await page.keyboard.press('Enter')
  await page.keyboard.type('10')
  await expect(qtyBox(page, 2)).toHaveValue('10')
  await page.keyboard.press('Enter')
  await expect(codeBox(page, 3)).toBeFocused()
  await page.keyboard.type(c!.ProductCode)
  await page.keyboard.press('Tab')
  await expect(qtyBox(page, 3)).toBeFocused()
  await page.keyboard.type('3')
  await expect(qtyBox(page, 3)).toHaveValue('3')

  for (const p of [a!, b!, c!]) await expect(page.getByRole('cell', { name: p.Description }).first()).toBeVisible()
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByRole('status').filter({ hasText: '3 lines were added to your cart.' })).toBeVisible()
  const lines = await cartLines(page)
  expect(Object.fromEntries(lines.map((l) => [l.ProductID, l.Quantity]))).toEqual({ [a!.ProductID]: 8, [b!.ProductID]: 10, [c!.ProductID]: 3 })
})

test('trade pastes 30 lines from a spreadsheet with two bad codes and sees both reported', async ({ page }) => {
  const products = await someProducts(page, 28)
  const rows = products.map((p, i) => [p.ProductCode, String((i % 4) + 1)])
  rows.splice(5, 0, ['NOT-A-CODE-1', '2'])
  rows.splice(20, 0, ['NOT-A-CODE-2', '1'])
  const block = ['Product Code\tQty', ...rows.map((r) => r.join('\t'))].join('\n')
  await page.goto('/quick-order')
  await page.getByText('Paste a list').click()
  await page.getByLabel(/Codes and quantities, one line each/).fill(block)
  await page.getByRole('button', { name: 'Fill rows' }).click()
  await expect(codeBox(page, 30)).toHaveValue(rows[29]![0]!)
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByRole('status').filter({ hasText: '28 lines were added to your cart. 2 lines were not added' })).toBeVisible()
  // The two bad rows stay, each with its reason.
  await expect(codeBox(page, 1)).toHaveValue('NOT-A-CODE-1')
  await expect(codeBox(page, 2)).toHaveValue('NOT-A-CODE-2')
  await expect(codeBox(page, 1)).toHaveAccessibleDescription('Unknown product code')
  await expect(codeBox(page, 2)).toHaveAccessibleDescription('Unknown product code')
  expect(await cartLines(page)).toHaveLength(28)
})

test('trade uploads an XLSX with a header row and adds it', async ({ page }) => {
  const [a, b] = await someProducts(page, 2)
  const blob = await writeExcelFile([
    [{ value: 'Description' }, { value: 'Quantity' }, { value: 'Item Code' }],
    [{ value: a!.Description }, { value: 5, type: Number }, { value: a!.ProductCode }],
    [{ value: b!.Description }, { value: 7, type: Number }, { value: b!.ProductCode }],
  ]).toBlob()
  await page.goto('/quick-order')
  await page.getByLabel('Upload a .csv or .xlsx file').setInputFiles({
    name: 'reorder.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await blob.arrayBuffer()),
  })
  await expect(codeBox(page, 2)).toHaveValue(b!.ProductCode)
  await expect(qtyBox(page, 1)).toHaveValue('5')
  await expect(page.getByRole('cell', { name: a!.Description }).first()).toBeVisible()
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByRole('status').filter({ hasText: '2 lines were added to your cart.' })).toBeVisible()
  const lines = await cartLines(page)
  expect(Object.fromEntries(lines.map((l) => [l.ProductID, l.Quantity]))).toEqual({ [a!.ProductID]: 5, [b!.ProductID]: 7 })
})

test('trade types a code without its dashes and uploads an order form with a title above its header', async ({ page }) => {
  const [a, b, c] = (await someProducts(page, 30)).filter((p) => p.ProductCode.includes('-')).slice(0, 3)
  expect(c).toBeTruthy()
  await page.goto('/quick-order')
  await codeBox(page, 1).focus()
  await page.keyboard.type(a!.ProductCode.replace(/-/g, '').toLowerCase())
  await page.keyboard.press('Enter')
  await page.keyboard.type('2')
  await expect(page.getByRole('cell', { name: a!.Description }).first()).toBeVisible()

  const blob = await writeExcelFile([
    [{ value: 'Smith Farm Store - weekly order' }],
    [{ value: 'Account' }, { value: 12345, type: Number }],
    [{ value: 'Item Code' }, { value: 'Description' }, { value: 'Qty' }],
    [{ value: b!.ProductCode }, { value: b!.Description }, { value: 4, type: Number }],
    [{ value: c!.ProductCode.replace(/-/g, ' ') }, { value: c!.Description }, { value: 6, type: Number }],
  ]).toBlob()
  await page.getByLabel('Upload a .csv or .xlsx file').setInputFiles({
    name: 'weekly-order.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await blob.arrayBuffer()),
  })
  await expect(codeBox(page, 2)).toHaveValue(b!.ProductCode)
  await expect(qtyBox(page, 3)).toHaveValue('6')
  await expect(codeBox(page, 4)).toHaveValue('')
  await expect(page.getByRole('cell', { name: c!.Description }).first()).toBeVisible()
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByRole('status').filter({ hasText: '3 lines were added to your cart.' })).toBeVisible()
  const lines = await cartLines(page)
  expect(Object.fromEntries(lines.map((l) => [l.ProductID, l.Quantity]))).toEqual({ [a!.ProductID]: 2, [b!.ProductID]: 4, [c!.ProductID]: 6 })
})
