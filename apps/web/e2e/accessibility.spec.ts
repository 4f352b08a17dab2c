import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations as expectAccessible } from './axe'
import { api, fillCartWithPopular as fillCart, isPhone, signIn } from './journey'

// axe (WCAG 2.1 A and AA) on every screen of the route table and on the open states of the frame: menus, the
// menu drawer, the branch modal, a confirmation dialog and a toast. The keyboard journeys are in keyboard.spec.ts.

/**
 * An open menu taller than the window scrolls, and its items are reached by the arrow keys (roving focus,
 * tabindex -1), which scroll the focused item into view: axe-core 4.13 still counts such a region as not
 * keyboard-scrollable (dequelabs/axe-core#5363, a false positive). keyboard.spec.ts walks the menus instead.
 */
const OPEN_MENU = { disableRules: ['scrollable-region-focusable'] }

// An axe run takes seconds alone and up to a minute on a busy machine: these tests run several each.
test.describe.configure({ timeout: 600_000 })

/**
 * Waits for a screen to have loaded (its level-1 heading, no spinner left in the page, and `ready`, the part
 * that comes last, when given), then checks it.
 */
async function expectScreenAccessible(page: Page, what: string, heading: string | RegExp, ready?: Locator) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeAttached()
  if (ready) await expect(ready).toBeVisible()
  await expect(page.locator('main').getByTestId('spinner')).toHaveCount(0)
  await expectAccessible(page, what)
}

async function visit(page: Page, path: string, heading: string | RegExp, ready?: Locator) {
  await page.goto(path)
  await expectScreenAccessible(page, path, heading, ready)
}

test('the login, forgotten-password and reset-password screens', async ({ page }) => {
  await page.goto('/login')
  await expectScreenAccessible(page, 'login', 'Login')

  // A failed sign-in: the message is shown in a toast.
  await page.getByLabel('Username').fill('trade')
  await page.getByLabel('Password', { exact: true }).fill('not-the-password1')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.getByText('Username / password provided is incorrect!')).toBeVisible()
  await expectAccessible(page, 'login with an error toast')

  await page.getByRole('button', { name: 'Forgotten password?' }).click()
  await expectScreenAccessible(page, 'forgotten password', 'Forgotten Password')

  await visit(page, '/reset-password', 'Reset Password')
  await visit(page, '/reset-password#token=not-a-real-token', 'Reset Password')
  await expect(page.getByLabel('New Password', { exact: true })).toBeVisible()
  await expectAccessible(page, 'reset password form')
})

// Every screen a trade Administrator opens, in groups: each group is a test of its own, with the time its screens
// take (an axe run takes seconds on a busy machine; one test for all of them came near its limit).
test.describe('every screen a trade Administrator opens', () => {
  test('home, the news and a news post', async ({ page }) => {
    await signIn(page, 'trade', 'Trade2026')
    // Home, with the welcome toast still showing.
    await expect(page.getByText('Welcome back Sam Kelly!')).toBeVisible()
    await expect(page.getByRole('region', { name: 'Featured promotions' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Promotions & News' }).getByRole('article')).toHaveCount(4)
    await expectScreenAccessible(page, 'home', 'Home')

    await visit(page, '/blog', 'Promotions & News', page.locator('main article').first())
    await page.locator('main article a').first().click()
    await expect(page).toHaveURL(/\/blog\/\d+$/)
    await expectScreenAccessible(page, 'a news post', /./)
  })

  test('a category and a brand', async ({ page }) => {
    await signIn(page, 'trade', 'Trade2026')
    await visit(page, '/category/animal-health', 'Animal Health', page.getByRole('list', { name: 'Animal Health products' }).getByRole('article').first())
    const brands = await api<{ BrandCode: string; Description: string }[]>(page, 'GET', 'brands')
    const brand = brands.find((b) => b.BrandCode === 'DAVEY') ?? brands[0]!
    await visit(page, `/brand/${encodeURIComponent(brand.BrandCode)}`, brand.Description)
  })

  test('a product and its tabs', async ({ page }) => {
    await signIn(page, 'trade', 'Trade2026')
    const popular = await api<{ ProductID: number }[]>(page, 'GET', 'popular?warehouse=WAG')
    await page.goto(`/product/${popular[0]!.ProductID}`)
    await expectScreenAccessible(page, 'product', /./)
    // The other tabs and the availability at other branches.
    for (const tab of await page.getByRole('tab').all()) {
      await tab.click()
      await expectAccessible(page, `product tab ${await tab.textContent()}`)
    }
  })

  test('the specials, a search and the popular products', async ({ page }) => {
    await signIn(page, 'trade', 'Trade2026')
    await visit(page, '/specials', /Specials/)
    await visit(page, '/search?text=ivomek', 'Search - ivomek')
    await visit(page, '/popular', 'Popular Products')
  })

  test('the cart and the checkout', async ({ page }) => {
    await signIn(page, 'trade', 'Trade2026')
    await fillCart(page, 'WAG', 2)
    await visit(page, '/cart', 'Shopping Cart')
    await visit(page, '/checkout', 'Checkout')
    await expect(page.getByRole('combobox', { name: 'Delivery Site' }).locator('option')).not.toHaveCount(1)
    // The form's own messages, after a submit with fields missing.
    await page.getByRole('button', { name: 'Complete Order' }).click()
    await expect(page.getByText('Enter your purchase order number')).toBeVisible()
    await expectAccessible(page, 'checkout with errors')
  })

  test('the order history, an order, back orders, invoices, an invoice and the balance', async ({ page }) => {
    await signIn(page, 'trade', 'Trade2026')
    await visit(page, '/orders', 'Order History', page.locator('main table tbody tr').first())
    const shipped = page.locator('main table tbody tr', { hasText: 'Shipped' }).first()
    await shipped.getByRole('link').first().click()
    await expect(page).toHaveURL(/\/orders\/[^/]+$/)
    await expectScreenAccessible(page, 'order detail', 'Order Details')

    await visit(page, '/back-orders', 'Items on Back Order', page.locator('main table tbody tr').first())
    await visit(page, '/invoices', 'Invoice History', page.locator('main table tbody tr').first())
    await page.locator('main table tbody tr').first().getByRole('link').first().click()
    await expect(page).toHaveURL(/\/invoice\/[^/]+$/)
    await expectScreenAccessible(page, 'invoice detail', 'Tax Invoice')
    await visit(page, '/balance', 'Balance')
  })

  test('change password, users, the privacy notice and the terms', async ({ page }) => {
    await signIn(page, 'trade', 'Trade2026')
    await visit(page, '/change-password', 'Change Password')
    await visit(page, '/users', 'Users')
    await visit(page, '/privacy', 'Privacy Notification')
    await visit(page, '/terms', 'Terms & Conditions')
  })
})

test('the open menus, the menu drawer, the branch modal, a dialog and a toast', async ({ page }) => {
  await signIn(page, 'trade', 'Trade2026')
  await fillCart(page, 'WAG', 1)
  await page.reload()
  await expect(page.getByRole('link', { name: /1 item\b/ })).toBeVisible()

  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Open menu' }).click()
    const drawer = page.getByRole('dialog', { name: 'Menu' })
    await drawer.locator('summary').first().click()
    await expectAccessible(page, 'menu drawer with a category open')
    await page.keyboard.press('Escape')
    await expect(drawer).toHaveCount(0)
  } else {
    await page.getByRole('button', { name: 'Category', exact: true }).click()
    await expect(page.getByRole('menu')).toBeVisible()
    await expectAccessible(page, 'category menu', OPEN_MENU)
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: 'Brand', exact: true }).click()
    await page.getByRole('menuitem').first().hover()
    await expect(page.getByRole('menu')).toHaveCount(2)
    await expectAccessible(page, 'brand menu with a letter group open', OPEN_MENU)
    await page.keyboard.press('Escape')
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: 'Account', exact: true }).click()
    await expect(page.getByRole('menu')).toBeVisible()
    await expectAccessible(page, 'account menu', OPEN_MENU)
    await page.keyboard.press('Escape')
  }

  // The branch modal: a new branch with items in the cart.
  await page.getByLabel('Branch').selectOption('MEL')
  const modal = page.getByRole('dialog', { name: 'Change branch?' })
  await expect(modal).toBeVisible()
  await expectAccessible(page, 'branch modal')
  await modal.getByRole('button', { name: 'Cancel' }).click()

  // A confirmation dialog (delete a user) and the user form.
  await page.goto('/users')
  await page.getByRole('button', { name: 'Delete staff' }).click()
  await expect(page.getByRole('dialog', { name: 'Delete user?' })).toBeVisible()
  await expectAccessible(page, 'delete user dialog')
  await page.getByRole('button', { name: 'Cancel' }).click()
  await page.getByRole('button', { name: 'Add User' }).click()
  await expect(page.getByRole('dialog', { name: 'Add User' })).toBeVisible()
  await expectAccessible(page, 'add user dialog')
  await page.keyboard.press('Escape')

  // A success toast.
  await page.goto('/cart')
  const quantity = page.getByRole('textbox', { name: /^Quantity of / })
  await quantity.fill('2')
  await page.getByRole('button', { name: /^Update / }).click()
  await expect(page.getByText('This item has been updated successfully')).toBeVisible()
  await expectAccessible(page, 'cart with a success toast')
})

test('cash’s checkout and card payment screens', async ({ page }) => {
  await signIn(page, 'cash', 'Cash2026')
  await fillCart(page, 'MEL', 1)
  await visit(page, '/checkout', 'Checkout')
  const sites = page.getByRole('combobox', { name: 'Delivery Site' })
  await expect(sites.locator('option')).not.toHaveCount(1)
  await sites.selectOption({ index: 1 })
  await expect(page.getByLabel('Business Name')).not.toHaveValue('')
  await page.getByLabel('Carrier Name').fill('Toll')
  await page.getByRole('radio', { name: 'Delivered' }).check()
  await page.getByLabel('Purchase Order Number').fill('A11Y-CARD')
  await page.getByRole('button', { name: 'Make Payment' }).click()
  await expectScreenAccessible(page, 'card payment', 'Card Payment')
  // A card number that fails the checks: the message, and focus on the field.
  await page.getByLabel('Name On Card').fill('Priya Sharma')
  await page.getByLabel('Card Number').fill('4444333322221112')
  await page.getByLabel('Card Expiry Month').selectOption('12')
  await page.getByLabel('Card Expiry Year').selectOption(String(new Date().getFullYear() + 2))
  await page.getByLabel('CVS').fill('123')
  await page.getByRole('button', { name: 'Confirm Payment' }).click()
  await expect(page.getByText('Invalid Card Number. Please check and try again')).toBeVisible()
  await expectAccessible(page, 'card payment with errors')
})

test('a reseller’s cart, checkout and history with the branch filter', async ({ page }) => {
  await signIn(page, 'elders', 'Elders2026')
  // The welcome toast comes just after the greeting: checked once it is in, not caught fading in mid-check.
  await expect(page.locator('[data-sonner-toast]').first()).toHaveAttribute('data-mounted', 'true')
  const warehouse = await page.evaluate(() => localStorage.getItem('currentWarehouse') ?? '')
  await fillCart(page, warehouse, 1)
  await expectScreenAccessible(page, 'reseller home', 'Home')
  await visit(page, '/cart', 'Shopping Cart')
  await visit(page, '/checkout', 'Checkout')
  await visit(page, '/orders', 'Order History')
  await visit(page, '/back-orders', 'Items on Back Order')
})
