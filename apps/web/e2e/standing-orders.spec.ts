import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { api, isPhone, signIn } from './journey'

// Standing orders (decision 0093): a saved list made a standing order on its screen, then skipped, paused, resumed
// and deleted; the demo's own standing order listed; and a cash-sale account's run paid by card from the link its
// e-mail carries. The runs themselves are the server's scheduler's (its API and reliability tests).

type Product = { ProductID: number; Availability: { Available: number } }

async function openFromAccountMenu(page: Page, entry: string) {
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: entry, exact: true }).click()
  } else {
    await page.getByRole('button', { name: 'Account', exact: true }).click()
    await page.getByRole('menu').getByRole('menuitem', { name: entry, exact: true }).click()
  }
}

/** A saved list of the signed-in user's, of two popular products in stock at the branch. */
async function listOfPopular(page: Page, warehouse: string, name: string): Promise<number> {
  const popular = await api<Product[]>(page, 'GET', `popular?warehouse=${warehouse}`)
  const chosen = popular.filter((p) => p.Availability.Available >= 5).slice(0, 2)
  expect(chosen).toHaveLength(2)
  const list = await api<{ id: number }>(page, 'POST', 'lists', { name, lines: chosen.map((p) => ({ ProductID: p.ProductID, Quantity: 2 })) })
  return list.id
}

/** "December 24th 2026", as the screens write a day. */
const longDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const month = new Date(Date.UTC(y, m - 1, 1)).toLocaleString('en-AU', { month: 'long', timeZone: 'UTC' })
  const suffix = d % 100 >= 11 && d % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][d % 10] ?? 'th')
  return `${month} ${d}${suffix} ${y}`
}

const dayAfter = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

test('trade makes a saved list a standing order, skips its next order, pauses, resumes and deletes it', async ({ page }, info) => {
  const name = `Fortnightly feed ${info.project.name}`
  await signIn(page, 'trade', 'Trade2026')
  const { settings } = await api<{ settings: { DefaultWareHouse: string } }>(page, 'GET', 'me')
  const listId = await listOfPopular(page, settings.DefaultWareHouse, name)

  await page.goto(`/lists/${listId}`)
  await page
    .getByRole('link', { name: 'Make a standing order' })
    .or(page.getByRole('button', { name: 'Make a standing order' }))
    .click()
  await expect(page.getByLabel('Supplying branch')).toBeVisible()
  await page.getByLabel('First order on').fill(dayAfter(3))
  await page.getByRole('radio', { name: 'Every few weeks' }).check()
  await page.getByLabel('Weeks between orders').fill('2')
  const sites = page.getByRole('combobox', { name: 'Delivery Site' })
  await expect(sites.locator('option')).not.toHaveCount(1)
  await sites.selectOption({ index: 1 })
  await expect(page.getByLabel('Business Name')).not.toHaveValue('')
  await page.getByLabel('Carrier Name').fill('Branch truck')
  await page.getByRole('radio', { name: 'Delivered' }).check()
  await page.getByLabel('Purchase order prefix').fill('FEED-')
  await expectNoSeriousA11yViolations(page, 'new standing order form')
  await page.getByRole('button', { name: 'Make standing order' }).click()

  await expect(page.getByRole('heading', { name: `Standing order: ${name}`, level: 1 })).toBeVisible()
  await expect(page.getByText(/Every 2 weeks on \w+day/).first()).toBeVisible()
  await expect(page.getByRole('region', { name: 'Lines' }).getByRole('row')).toHaveCount(3)
  await expectNoSeriousA11yViolations(page, 'standing order page')

  // Skip the first order: it is recorded, and the next one is two weeks later.
  await page.getByRole('button', { name: 'Skip next order' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Skip this order' }).click()
  await expect(page.getByRole('region', { name: 'Orders so far' })).toContainText('Skipped')

  await page.getByRole('button', { name: 'Pause' }).click()
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible()
  await expect(page.getByText('Paused').first()).toBeVisible()
  await page.getByRole('button', { name: 'Resume' }).click()
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible()
  // Resumed, the skipped order stays skipped: the next one is still two weeks after it.
  await expect(page.getByText(`Next order ${longDay(dayAfter(17))}`).first()).toBeVisible()

  // Listed under Standing Orders in the Account menu, beside the demo's own.
  await openFromAccountMenu(page, 'Standing Orders')
  await expect(page.getByRole('heading', { name: 'Standing Orders', level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name, exact: true }).first()).toBeVisible()
  await expect(page.getByText('Fortnightly calf rearing').first()).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'standing orders list')

  // The list cannot go while the standing order orders it; deleting the standing order frees it.
  await page.getByRole('link', { name, exact: true }).first().click()
  await page.getByRole('main').getByRole('button', { name: 'Delete', exact: true }).click()
  await page.getByRole('dialog', { name: 'Delete this standing order?' }).getByRole('button', { name: 'Delete standing order' }).click()
  await expect(page).toHaveURL(/\/standing-orders$/)
  await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0)
  expect((await api<unknown>(page, 'DELETE', `lists/${listId}`)) ?? 'deleted').toBe('deleted')
})

test('a cash-sale account’s run is paid by card from its link: the lines go to the cart and on to the checkout', async ({ page }) => {
  await signIn(page, 'cash', 'Cash2026')
  const { settings } = await api<{ settings: { DefaultWareHouse: string } }>(page, 'GET', 'me')
  const warehouse = settings.DefaultWareHouse
  await api(page, 'DELETE', 'cart')
  const listId = await listOfPopular(page, warehouse, `Cash run ${Date.now()}`)
  const made = await api<{ id: number }>(page, 'POST', 'standing-orders', {
    listId,
    warehouse,
    firstRun: dayAfter(1),
    schedule: { kind: 'monthDays', days: [1, 15] },
    purchaseOrderPrefix: 'CASH-',
    delivery: {
      DeliveryName: 'Bellbrae Hobby Farm',
      Address1: '4 Bellbrae Road',
      Address2: '',
      City: 'Bellbrae',
      State: 'VIC',
      PostalCode: '3228',
      Contact: 'Alex',
      Email: 'alex@bellbrae.example',
      Phone: '0400 000 000',
      Fax: '',
      CarrierName: 'Pickup',
      CarrierInstructions: '',
      OrderDesc: '',
      DeliveryType: 2,
    },
  })
  expect(made, JSON.stringify(made)).toHaveProperty('id')

  await page.goto(`/standing-orders/${made.id}?pay=${dayAfter(1)}`)
  await expect(page.getByRole('heading', { name: 'This run is ready to pay by card' })).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'pay a standing order run')
  await page.getByRole('button', { name: 'Put these lines in my cart and pay' }).click()
  await expect(page).toHaveURL(/\/checkout$/)
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible()
  const cart = await api<{ Count: number }>(page, 'GET', 'cart')
  expect(cart.Count).toBe(2)

  await api(page, 'DELETE', 'cart')
  await api(page, 'DELETE', `standing-orders/${made.id}`)
  await api(page, 'DELETE', `lists/${listId}`)
})
