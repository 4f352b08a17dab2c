import { expect, test, type Page } from '@playwright/test'
import { api, fillCartWithPopular, isPhone, signIn } from './journey'

type Line = { ProductID: number; Quantity: number }
type Product = { ProductID: number; ProductCode: string; Description: string; Availability: { Available: number } }

/** Follows an Account menu entry: a dropdown on a desktop, the menu drawer on a phone. */
async function openFromAccountMenu(page: Page, entry: string) {
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: entry, exact: true }).click()
  } else {
    await page.getByRole('button', { name: 'Account', exact: true }).click()
    await page.getByRole('menu').getByRole('menuitem', { name: entry, exact: true }).click()
  }
}

const cartLines = async (page: Page) => Object.fromEntries((await api<Line[]>(page, 'GET', 'cart/items')).map((l) => [l.ProductID, l.Quantity]))

test.beforeEach(async ({ page }) => {
  await signIn(page, 'trade', 'Trade2026')
  await api(page, 'DELETE', 'cart')
})

// The journeys after these expect trade's cart empty, as each journey leaves it.
test.afterEach(async ({ page }) => {
  await api(page, 'DELETE', 'cart')
})

test('trade saves the cart as a list, empties the cart, adds the list back, and deletes the list', async ({ page }, info) => {
  const products = await fillCartWithPopular<Product>(page, 'WAG', 3)
  await api(page, 'PUT', 'cart', {
    item: (await api<Array<{ ShopCartLineID: number; ProductID: number }>>(page, 'GET', 'cart/items')).find((l) => l.ProductID === products[0]!.ProductID)!
      .ShopCartLineID,
    qty: 4,
  })
  const before = await cartLines(page)
  const name = `Weekly order ${info.project.name} ${Date.now()}`

  await page.goto('/cart')
  await page.getByRole('button', { name: 'Save as list' }).click()
  const dialog = page.getByRole('dialog', { name: 'Save as list' })
  await expect(dialog.getByText('3 products, with their quantities.')).toBeVisible()
  await dialog.getByLabel('List name').fill(name)
  await dialog.getByRole('button', { name: 'Save list' }).click()
  await expect(page.getByText(`Saved as list “${name}”`)).toBeVisible()

  await page.getByRole('button', { name: 'Empty Shopping Cart' }).click()
  await page.getByRole('dialog', { name: 'Empty your cart?' }).getByRole('button', { name: 'Empty Shopping Cart' }).click()
  await expect(page.getByText('You currently have no items in your cart')).toBeVisible()

  await openFromAccountMenu(page, 'Saved Lists')
  await expect(page.getByRole('heading', { name: 'Saved Lists', level: 1 })).toBeVisible()
  await page.getByRole('link', { name, exact: true }).click()
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  for (const p of products) await expect(page.getByRole('link', { name: p.Description })).toBeVisible()
  await expect(page.getByRole('textbox', { name: `Quantity of ${products[0]!.ProductCode}` })).toHaveValue('4')

  await page.getByRole('button', { name: 'Add all to cart' }).click()
  await expect(page.getByRole('status').filter({ hasText: '3 products were added to your cart.' })).toBeVisible()
  await expect(page.getByRole('link', { name: /3 items/ })).toBeVisible()
  expect(await cartLines(page)).toEqual(before)

  await page.getByRole('button', { name: 'Delete list' }).click()
  await page
    .getByRole('dialog', { name: `Delete “${name}”?` })
    .getByRole('button', { name: 'Delete list' })
    .click()
  await expect(page.getByRole('heading', { name: 'Saved Lists', level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0)
})

test('trade adds a product to a new list from its page, changes its quantity there, and the list keeps it', async ({ page }, info) => {
  const [product] = await api<Product[]>(page, 'GET', 'popular?warehouse=WAG&size=1')
  const name = `From a product ${info.project.name} ${Date.now()}`
  await page.goto(`/product/${product!.ProductID}`)
  await page.getByRole('button', { name: 'Add to list' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add to list' })
  await dialog.getByRole('combobox', { name: 'List', exact: true }).selectOption({ label: 'A new list…' })
  await dialog.getByLabel('New list name').fill(name)
  await dialog.getByLabel('Quantity', { exact: true }).fill('2')
  await dialog.getByRole('button', { name: 'Add to list' }).click()
  await expect(page.getByText(`Added to list “${name}”`)).toBeVisible()

  await page.goto('/lists')
  await page.getByRole('link', { name, exact: true }).click()
  const quantity = page.getByRole('textbox', { name: `Quantity of ${product!.ProductCode}` })
  await expect(quantity).toHaveValue('2')
  // What is not a whole number is said at the field, and the list cannot be saved with it.
  await quantity.fill('2.5')
  await expect(quantity).toHaveAccessibleDescription('Quantity must be a whole number of at least 1')
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled()
  await quantity.fill('6')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('List saved')).toBeVisible()
  await page.reload()
  await expect(page.getByRole('textbox', { name: `Quantity of ${product!.ProductCode}` })).toHaveValue('6')

  const lists = await api<Array<{ id: number; name: string }>>(page, 'GET', 'lists')
  await api(page, 'DELETE', `lists/${lists.find((l) => l.name === name)!.id}`)
})

test('trade finds what the account orders most under Buy Again and adds one to the cart', async ({ page }) => {
  await openFromAccountMenu(page, 'Buy Again')
  await expect(page.getByRole('heading', { name: 'Buy Again', level: 1 })).toBeVisible()
  const items = await api<Array<{ ProductID: number; Description: string; Product: unknown }>>(page, 'GET', 'buy-again?warehouse=WAG')
  const first = items.find((i) => i.Product !== null)!
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: first.Description, exact: true }) })
  await row.getByRole('spinbutton', { name: /Quantity/ }).fill('3')
  await row.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByText('Product added to cart!')).toBeVisible()
  expect(await cartLines(page)).toEqual({ [first.ProductID]: 3 })
})
