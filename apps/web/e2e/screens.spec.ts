import { expect, test } from '@playwright/test'
import { api, signIn } from './journey'

// What a buyer reads every day: one title per screen, the cart's branch and its back orders in words.

/** The page's <title> elements once the screen's heading is up. */
const titles = (page: import('@playwright/test').Page) => page.evaluate(() => [...document.querySelectorAll('title')].map((t) => t.textContent))

test('each screen has one title, its own', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible()
  await expect.poll(() => titles(page)).toEqual(['Login'])

  await signIn(page, 'trade', 'Trade2026')
  const screens: Array<[string, string]> = [
    ['/', 'Home'],
    ['/cart', 'Shopping Cart'],
    ['/checkout', 'Checkout'],
    ['/orders', 'Order History'],
    ['/back-orders', 'Items on Back Order'],
    ['/invoices', 'Invoice History'],
    ['/balance', 'Balance'],
    ['/change-password', 'Change Password'],
    ['/users', 'Users'],
    ['/quick-order', 'Quick Order'],
    ['/lists', 'Saved Lists'],
    ['/blog', 'Promotions & News'],
  ]
  for (const [path, title] of screens) {
    await page.goto(path)
    await expect.poll(() => titles(page), { message: path }).toEqual([title])
  }
})

test('the cart says which branch it is for and what goes on back order, in words', async ({ page }) => {
  await signIn(page, 'trade', 'Trade2026')
  await api(page, 'DELETE', 'cart')
  const popular = await api<Array<{ ProductID: number; Description: string; Availability: { Available: number } }>>(page, 'GET', 'popular?warehouse=WAG')
  const product = popular.find((p) => p.Availability.Available > 0 && p.Availability.Available < 500)!
  expect(product).toBeTruthy()
  const available = product.Availability.Available
  await api(page, 'POST', 'cart', { productID: product.ProductID, qty: available + 1, warehouse: 'WAG' })
  await page.goto('/cart')
  await expect(page.getByText('For the Wagga Wagga branch: its prices and stock')).toBeVisible()
  const count = (n: number) => n.toLocaleString('en-AU')
  await expect(page.getByText(`${count(available + 1)} ordered, ${count(available)} in stock: 1 on back order`)).toBeVisible()
  await api(page, 'DELETE', 'cart')
})
