import { expect, test, type Locator, type Page } from '@playwright/test'
import { api, fillCartWithPopular as fillCart, isPhone, signIn } from './journey'

// The menus, the branch modal, the cart and the checkout with the keyboard alone: Tab, Shift+Tab, Enter, Space,
// the arrow keys and Escape. Sign-in and the test's own data set-up go through the API.

type Product = { ProductID: number; Description: string; Availability: { Available: number } }

/**
 * Whether `target` has the focus, asked in one query of the page: an element swapped for another between
 * finding it and asking (a menu trigger when the menus' code comes in) does not answer for the new one.
 */
const isFocused = async (target: Locator) => (await target.and(target.page().locator(':focus')).count()) > 0

/** Presses Tab (or Shift+Tab) until `target` has the focus: it must be reachable in the tab order. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 60 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab')
  }
  throw new Error(`${target} was not reached with ${backwards ? 'Shift+Tab' : 'Tab'} in ${max} presses`)
}

/** Starts the tab order from the top of the page, as after loading it. */
async function fromTop(page: Page) {
  await page.evaluate(() => {
    ;(document.activeElement as HTMLElement | null)?.blur()
    window.getSelection()?.removeAllRanges()
  })
}

/** The focused element shows it: an outline (the focus ring) or, for a menu item, its highlight. */
async function expectVisibleFocus(target: Locator) {
  await expect(target).toBeFocused()
  const ring = await target.page().evaluate(() => {
    const element = document.activeElement!
    const style = getComputedStyle(element)
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2
    const highlighted = element.hasAttribute('data-highlighted') && style.backgroundColor !== 'rgba(0, 0, 0, 0)'
    return outline || highlighted || style.boxShadow !== 'none'
  })
  expect(ring, 'the focused element is visibly marked').toBe(true)
}

async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field)
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.press('Delete')
  await page.keyboard.type(text)
  await expect(field).toHaveValue(text)
}

/** From 990 px: the Category, Brand and Account menus open, are walked and close with the keyboard. */
async function walkMenus(page: Page) {
  await signIn(page, 'trade', 'Trade2026')
  await fromTop(page)

  // The skip link comes first and takes the focus to the screen.
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expectVisibleFocus(skip)

  const category = page.getByRole('button', { name: 'Category', exact: true })
  await tabTo(page, category)
  // The menus' code arrives after the first screen, or when a trigger gets the focus; the focus stays on the
  // trigger as it does. (Enter before that opens the menu with the focus on the menu itself.)
  await expect(category).toHaveAttribute('id', /^radix-/)
  await expectVisibleFocus(category)
  await page.keyboard.press('Enter')
  const menu = page.getByRole('menu')
  await expect(menu).toBeVisible()
  const items = menu.getByRole('menuitem')
  await expect(items.first()).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expectVisibleFocus(items.nth(1))
  // Down to the last item and round to the first: every item is reached, the menu scrolls with the focus.
  await page.keyboard.press('End')
  await expect(items.last()).toBeFocused()
  await expect(items.last()).toBeInViewport()
  await page.keyboard.press('ArrowDown')
  await expect(items.first()).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(menu).toHaveCount(0)
  await expect(category).toBeFocused()

  // Brand: a letter group opens its submenu with ArrowRight and closes it with ArrowLeft.
  const brand = page.getByRole('button', { name: 'Brand', exact: true })
  await page.keyboard.press('Tab')
  await expect(brand).toBeFocused()
  await page.keyboard.press('ArrowDown')
  const groups = page.getByRole('menu').first()
  await expect(groups.getByRole('menuitem').first()).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('menu')).toHaveCount(2)
  const brands = page.getByRole('menu').nth(1)
  await expect(brands.getByRole('menuitem').first()).toBeFocused()
  const firstBrand = (await brands.getByRole('menuitem').first().textContent())!.trim()
  await page.keyboard.press('ArrowLeft')
  await expect(page.getByRole('menu')).toHaveCount(1)
  await expect(groups.getByRole('menuitem').first()).toBeFocused()
  // Enter on a brand opens its page.
  await page.keyboard.press('ArrowRight')
  await expect(brands.getByRole('menuitem').first()).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/brand\//)
  await expect(page.getByRole('heading', { level: 1, name: firstBrand })).toBeVisible()

  // Account: Space opens it, typing a letter jumps to an entry, Enter follows it.
  const account = page.getByRole('button', { name: 'Account', exact: true })
  await fromTop(page)
  await tabTo(page, account)
  await page.keyboard.press('Space')
  await expect(page.getByRole('menu')).toBeVisible()
  await page.keyboard.type('I')
  await expectVisibleFocus(page.getByRole('menuitem', { name: 'Invoice History' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/invoices$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Invoice History' })).toBeVisible()
}

/** Under 990 px: the menu drawer, which holds the same menus, opens, is walked and closes with the keyboard. */
async function walkDrawer(page: Page) {
  await signIn(page, 'trade', 'Trade2026')
  await fromTop(page)
  const trigger = page.getByRole('button', { name: 'Open menu' })
  await tabTo(page, trigger)
  await expectVisibleFocus(trigger)
  await page.keyboard.press('Enter')
  const drawer = page.getByRole('dialog', { name: 'Menu' })
  await expect(drawer).toBeVisible()
  // Focus moves into the drawer and stays there.
  await expect.poll(() => drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true)
  const animalHealth = drawer.locator('summary', { hasText: 'Animal Health' })
  await tabTo(page, animalHealth)
  await expectVisibleFocus(animalHealth)
  await page.keyboard.press('Enter')
  const all = drawer.getByRole('link', { name: 'All Animal Health', exact: true })
  await expect(all).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(drawer).toHaveCount(0)
  await expect(trigger).toBeFocused()

  // Open again, follow a link with Enter.
  await page.keyboard.press('Enter')
  await expect(drawer).toBeVisible()
  const orders = drawer.getByRole('link', { name: 'Order History', exact: true })
  await tabTo(page, orders)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/orders$/)
  await expect(drawer).toHaveCount(0)
}

test('the navigation menus (the menu drawer on a phone) open, are walked and close with the keyboard', async ({ page }) => {
  if (isPhone(page)) await walkDrawer(page)
  else await walkMenus(page)
})

test('the branch modal opens from the keyboard, keeps the focus, cancels with Escape and confirms with Enter', async ({ page }) => {
  await signIn(page, 'trade', 'Trade2026')
  await fillCart(page, 'WAG', 1)
  await page.reload()
  await expect(page.getByRole('link', { name: /1 item\b/ })).toBeVisible()

  const branch = page.getByLabel('Branch')
  await expect(branch).toHaveValue('WAG')
  await fromTop(page)
  await tabTo(page, branch)
  await expectVisibleFocus(branch)
  // On a closed select the arrow keys choose the next branch.
  await page.keyboard.press('ArrowUp')
  const modal = page.getByRole('dialog', { name: 'Change branch?' })
  await expect(modal).toBeVisible()
  const cancel = modal.getByRole('button', { name: 'Cancel' })
  const confirm = modal.getByRole('button', { name: 'Change branch' })
  await expect(cancel).toBeFocused()
  await expectVisibleFocus(cancel)
  // Tab stays within the modal.
  await page.keyboard.press('Tab')
  await expectVisibleFocus(confirm)
  await page.keyboard.press('Tab')
  await expect(cancel).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await expect(confirm).toBeFocused()

  await page.keyboard.press('Escape')
  await expect(modal).toHaveCount(0)
  await expect(branch).toBeFocused()
  await expect(branch).toHaveValue('WAG')
  await expect(page.getByRole('link', { name: /1 item\b/ })).toBeVisible()

  await page.keyboard.press('ArrowUp')
  await expect(modal).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(confirm).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(modal).toHaveCount(0)
  await expect(branch).toBeFocused()
  const chosen = await branch.inputValue()
  expect(chosen).not.toBe('WAG')
  await expect(page.getByRole('link', { name: /Empty.*Total: \$0\.00/ })).toBeVisible()
  expect(await api<unknown[]>(page, 'GET', `cart/items?warehouse=${chosen}`)).toEqual([])
  // Back to the account's branch for the other journeys (the cart is empty: no question).
  await page.keyboard.press('ArrowDown')
  await expect(branch).toHaveValue('WAG')
  await expect(modal).toHaveCount(0)
})

test('in the cart a quantity is changed and Updated, and a line Removed, with the keyboard', async ({ page }) => {
  await signIn(page, 'trade', 'Trade2026')
  const [first, second] = await fillCart<Product>(page, 'WAG', 2)
  await page.goto('/cart')
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible()
  await fromTop(page)

  const quantity = page.getByRole('textbox', { name: `Quantity of ${first!.Description}` })
  await typeInto(page, quantity, '3')
  await expectVisibleFocus(quantity)
  const update = page.getByRole('button', { name: `Update ${first!.Description}` })
  await page.keyboard.press('Tab')
  await expectVisibleFocus(update)
  await page.keyboard.press('Enter')
  await expect(page.getByText('This item has been updated successfully')).toBeVisible()
  await expect(quantity).toHaveValue('3')
  await expect(page.getByRole('link', { name: /2 items/ })).toBeVisible()

  // Enter in the quantity box updates too.
  await typeInto(page, quantity, '4')
  await page.keyboard.press('Enter')
  await expect
    .poll(
      async () =>
        (await api<{ ProductID: number; Quantity: number }[]>(page, 'GET', 'cart/items?warehouse=WAG')).find((l) => l.ProductID === first!.ProductID)?.Quantity,
    )
    .toBe(4)

  const remove = page.getByRole('button', { name: `Remove ${second!.Description}` })
  await tabTo(page, remove)
  await expectVisibleFocus(remove)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('link', { name: second!.Description })).toHaveCount(0)
  await expect(page.getByRole('link', { name: /1 item\b/ })).toBeVisible()
})

test('trade fills in the checkout and places the order on account with the keyboard', async ({ page }, info) => {
  const po = `KEYS-${info.project.name}`
  await signIn(page, 'trade', 'Trade2026')
  await fillCart(page, 'WAG', 1)
  await page.goto('/cart')
  await fromTop(page)
  const proceed = page.getByRole('link', { name: 'Proceed to Checkout' })
  await tabTo(page, proceed)
  await expectVisibleFocus(proceed)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/checkout$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()

  const sites = page.getByRole('combobox', { name: 'Delivery Site' })
  await expect(sites.locator('option')).not.toHaveCount(1)
  await tabTo(page, sites)
  await expectVisibleFocus(sites)
  await page.keyboard.press('ArrowDown')
  await expect(sites).not.toHaveValue('')
  await expect(page.getByLabel('Business Name')).not.toHaveValue('')

  await typeInto(page, page.getByLabel('Carrier Name'), 'Toll')
  await typeInto(page, page.getByLabel('Carrier Instructions'), 'Ring the office on arrival')
  // The delivery type: Tab into the radio group, the arrow keys choose.
  const delivered = page.getByRole('radio', { name: 'Delivered' })
  const pickup = page.getByRole('radio', { name: 'Pickup' })
  for (let i = 0; i < 20 && !(await isFocused(delivered)) && !(await isFocused(pickup)); i++) await page.keyboard.press('Tab')
  if (await isFocused(pickup)) await page.keyboard.press('ArrowUp')
  else await page.keyboard.press('Space')
  await expect(delivered).toBeFocused()
  await expect(delivered).toBeChecked()
  await expectVisibleFocus(delivered)
  await typeInto(page, page.getByLabel('Purchase Order Number'), po)
  await typeInto(page, page.getByLabel('Order Description'), 'Placed with the keyboard')

  const complete = page.getByRole('button', { name: 'Complete Order' })
  await tabTo(page, complete)
  await expectVisibleFocus(complete)
  await page.keyboard.press('Enter')
  await expect(page.getByText('Order Placed!')).toBeVisible()
  await expect(page).toHaveURL(/\/orders$/)
  await expect(page.getByRole('row', { name: new RegExp(po) })).toBeVisible()
})
