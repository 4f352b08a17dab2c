import { expect, test, type Page } from '@playwright/test'
import { signIn } from './journey'

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 990
const spelledDate = /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}(st|nd|rd|th) \d{4}$/
const dollars = /^-?\$\d{1,3}(,\d{3})*\.\d{2}$/

/** Follows an Account menu entry: a dropdown on a desktop, the menu drawer on a phone. */
async function openFromAccountMenu(page: Page, entry: string) {
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: entry, exact: true }).click()
  } else {
    await page.getByRole('button', { name: 'Account' }).click()
    await page.getByRole('menu').getByRole('menuitem', { name: entry, exact: true }).click()
  }
}

/** Empties the signed-in user's cart through the API, as each browser project shares one server. */
async function emptyCart(page: Page) {
  await page.evaluate(async () => {
    await fetch('/api/cart', { method: 'DELETE', headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } })
  })
}

/** The text of one column of the results table, by its header (cards on a phone keep the label in data-label). */
async function column(page: Page, label: string): Promise<string[]> {
  return page.locator(`table tbody td[data-label="${label}"]`).allInnerTexts()
}

test('trade follows an order to its invoice, e-mails the invoice and reorders it into the cart', async ({ page }) => {
  await signIn(page, 'trade', 'Trade2026')
  await emptyCart(page)
  // The header read the cart when the portal opened, before it was emptied here (an earlier journey may leave lines).
  await page.reload()
  await expect(page.getByRole('link', { name: /Empty/ })).toBeVisible()
  await openFromAccountMenu(page, 'Order History')
  await expect(page).toHaveURL(/\/orders$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Order History' })).toBeVisible()
  await expect(page.locator('table tbody tr').first()).toBeVisible()
  await expect(page.getByLabel('From', { exact: true })).not.toHaveValue('')
  await expect(page.getByLabel('To', { exact: true })).not.toHaveValue('')
  await expect(page.locator('main').getByRole('combobox', { name: 'Branch' })).toHaveCount(0)

  const dates = await column(page, 'Date')
  expect(dates.length).toBeGreaterThan(5)
  expect(dates.length).toBeLessThan(100)
  for (const date of dates) expect(date.trim()).toMatch(spelledDate)
  for (const total of await column(page, 'Total Inc GST')) expect(total.trim()).toMatch(dollars)
  await expect(page.getByRole('button', { name: 'Load more orders' })).toHaveCount(0)

  // Search by purchase order number, then clear the search to get the list back.
  const firstPo = (await column(page, 'Purchase Order'))[0]!.trim()
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(firstPo)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.locator('table tbody tr')).toHaveCount(1)
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('')
  await expect(page.locator('table tbody tr')).toHaveCount(dates.length)

  // A shipped order: its invoice, then back.
  const shipped = page.locator('table tbody tr', { hasText: 'Shipped' }).first()
  const orderNumber = (await shipped.locator('td[data-label="Order #"]').innerText()).trim()
  await shipped.getByRole('link', { name: orderNumber }).click()
  await expect(page).toHaveURL(new RegExp(`/orders/${orderNumber}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Order Details' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Items' })).toBeVisible()
  await expect(page.getByText('Total Inc GST').last()).toBeVisible()
  const invoiceLink = page.getByRole('link', { name: /^Invoice IN\d+$/ }).first()
  await expect(invoiceLink).toBeVisible()
  const invoiceNumber = (await invoiceLink.innerText()).replace('Invoice ', '').trim()
  await invoiceLink.click()
  await expect(page).toHaveURL(new RegExp(`/invoice/${invoiceNumber}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Tax Invoice' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Supplier' }).getByText(/ABN 53 004 085 616/)).toBeVisible()
  await expect(page.locator('main').getByRole('link', { name: orderNumber })).toBeVisible()

  const email = page.getByLabel('Email Address')
  const send = page.getByRole('button', { name: 'Email Invoice' })
  await email.fill('')
  await expect(send).toBeDisabled()
  await email.fill('books@kellysfarm.example')
  await send.click()
  await expect(page.getByText('This invoice has been emailed to the address provided.')).toBeVisible()

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download PDF' }).click()
  expect((await download).suggestedFilename()).toBe(`${invoiceNumber}.pdf`)

  // Reorder it: the cart of the current branch gets the items and the header counts them.
  await page.goBack()
  await expect(page.getByRole('heading', { level: 1, name: 'Order Details' })).toBeVisible()
  await expect(page.getByRole('link', { name: /Empty/ })).toBeVisible()
  await page.getByRole('button', { name: 'Reorder' }).click()
  await expect(page).toHaveURL(/\/cart$/)
  await expect(page.getByText(/from this order ha(s|ve) been added to your cart/)).toBeVisible()
  await expect(page.getByRole('link', { name: /\d+ items?.*Total: \$[\d,]+\.\d{2}/ })).toBeVisible()
  await emptyCart(page)
})

test('trade sees a cancelled order without Reorder', async ({ page }) => {
  await signIn(page, 'trade', 'Trade2026')
  await page.goto('/orders')
  await expect(page.getByRole('heading', { level: 1, name: 'Order History' })).toBeVisible()
  await expect(page.locator('table tbody tr').first()).toBeVisible()
  await page.getByLabel('From', { exact: true }).fill('2020-01-01')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  const cancelled = page.locator('table tbody tr', { hasText: 'Cancelled' }).first()
  await cancelled.locator('td[data-label="Order #"] a').click()
  await expect(page.getByRole('heading', { level: 1, name: 'Order Details' })).toBeVisible()
  await expect(page.getByText('Cancelled').first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Reorder' })).toHaveCount(0)
})

test('trade checks back orders, invoices, the balance and requests a statement', async ({ page }) => {
  await signIn(page, 'trade', 'Trade2026')
  await openFromAccountMenu(page, 'Backordered Items')
  await expect(page.getByRole('heading', { level: 1, name: 'Items on Back Order' })).toBeVisible()
  await expect(page.locator('table tbody tr').first()).toBeVisible()
  await expect(page.locator('main').getByRole('combobox', { name: 'Branch' })).toHaveCount(0)
  const dates = await column(page, 'Date Ordered')
  expect(dates.length).toBeGreaterThan(0)
  for (const date of [...dates, ...(await column(page, 'Expected Shipment Date'))]) expect(date.trim()).toMatch(spelledDate)
  await expect(page.getByRole('button', { name: 'Load more orders' })).toHaveCount(0)
  // Nothing before the data begins.
  await page.getByLabel('From', { exact: true }).fill('2001-01-01')
  await page.getByLabel('To', { exact: true }).fill('2001-12-31')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByText('No results')).toBeVisible()

  await openFromAccountMenu(page, 'Invoice History')
  await expect(page.getByRole('heading', { level: 1, name: 'Invoice History' })).toBeVisible()
  // The history is the page's last table: the open invoices to pay come above it.
  const history = page.locator('table').last()
  await expect(history.locator('tbody tr').first()).toBeVisible()
  await page.getByLabel('From', { exact: true }).fill('2020-01-01')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(history.locator('tbody tr')).toHaveCount(20)
  await page.getByRole('button', { name: 'Load more invoices' }).click()
  await expect(history.locator('tbody tr')).toHaveCount(40)
  const first = history.locator('tbody td[data-label="Invoice #"] a').first()
  const number = (await first.innerText()).trim()
  await first.click()
  await expect(page).toHaveURL(new RegExp(`/invoice/${number}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Tax Invoice' })).toBeVisible()

  await openFromAccountMenu(page, 'Balance & Statements')
  await expect(page.getByRole('heading', { level: 1, name: 'Balance' })).toBeVisible()
  for (const label of ['Total Account Balance', 'Credit Limit']) {
    await expect(page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd')).toHaveText(dollars)
  }
  await expect(page.locator('dt', { hasText: 'Trading Terms' }).locator('xpath=following-sibling::dd')).toHaveText('30 days')
  await expect(page.getByText(/due on the 25th of the month following/)).toBeVisible()
  const period = page.getByRole('combobox', { name: 'Period' })
  await expect.poll(() => period.locator('option').count()).toBeGreaterThan(12)
  const options = await period.locator('option').allTextContents()
  expect(options.length).toBeGreaterThan(12)
  const latestFirst = options.map((o) => new Date(`1 ${o}`).getTime())
  expect(latestFirst).toEqual([...latestFirst].sort((a, b) => b - a))
  await period.selectOption({ index: 1 })
  await page.getByLabel('Email Address').fill('accounts@kellysfarm.example')
  await page.getByRole('button', { name: 'Get Statement' }).click()
  await expect(page.getByText('Statement request submitted! Please check your emails.')).toBeVisible()
})

test('elders filters orders and back orders by branch', async ({ page }) => {
  await signIn(page, 'elders', 'Elders2026')
  await openFromAccountMenu(page, 'Order History')
  const branch = page.locator('main').getByRole('combobox', { name: 'Branch' })
  await expect(branch).toBeVisible()
  await expect.poll(() => branch.locator('option').count()).toBeGreaterThan(2)
  await expect(page.locator('table tbody tr').first()).toBeVisible()
  const options = await branch.locator('option').allTextContents()
  expect(options[0]).toBe('All Branches')
  expect(await branch.locator('option').first().getAttribute('value')).toBe('0')
  const sites = options.slice(1)
  expect(sites.length).toBeGreaterThan(1)
  expect(sites).toEqual([...sites].sort((a, b) => a.localeCompare(b, 'en-AU')))

  const all = await column(page, 'Delivery Site')
  expect(new Set(all).size).toBeGreaterThan(1)
  const site = all[0]!.trim()
  await branch.selectOption({ label: site })
  await expect
    .poll(async () => {
      const shown = await column(page, 'Delivery Site')
      return shown.length > 0 && shown.every((s) => s.trim() === site)
    })
    .toBe(true)
  await branch.selectOption({ value: '0' })
  await expect.poll(async () => new Set(await column(page, 'Delivery Site')).size).toBeGreaterThan(1)

  await openFromAccountMenu(page, 'Backordered Items')
  // The order history stays on show until the back orders' screen has loaded: wait for the new screen.
  await expect(page.getByRole('heading', { level: 1, name: 'Items on Back Order' })).toBeVisible()
  const boBranch = page.locator('main').getByRole('combobox', { name: 'Branch' })
  await expect(boBranch.locator('option').first()).toHaveText('All Branches')
  await expect.poll(() => boBranch.locator('option').count()).toBeGreaterThan(2)
  await expect(page.locator('table tbody tr').first()).toBeVisible()
  const before = (await column(page, 'Order #')).length
  expect(before).toBeGreaterThan(0)
  // A site with no back orders shows No results; All Branches brings them back.
  const lastSite = (await boBranch.locator('option').allTextContents()).at(-1)!
  await boBranch.selectOption({ label: lastSite })
  await expect.poll(async () => (await column(page, 'Order #')).length + (await page.getByText('No results').count())).toBeGreaterThan(0)
  await boBranch.selectOption({ value: '0' })
  await expect.poll(async () => (await column(page, 'Order #')).length).toBe(before)
})
