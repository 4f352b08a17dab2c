import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { api, BACK_OFFICE_LOGINS, fillCartWithPopular, fillCheckout, isPhone, noSidewaysScrolling, signIn, signInToBackOffice } from './journey'

// Quotes that become orders (decision 0102): trade asks for a quote from the cart, the back office prices it below
// the account's price and sends it, trade accepts it (its lines go into the cart at the quoted prices) and checks
// out: the order is placed at the quoted prices. Desktop prices as the demo's Administrator, the phone as KELLYFG's
// sales representative, so that the two widths never want the same user's one-time code at once.

const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100)

test('staff price and send a quote; the customer accepts it and checkout places the order at the quoted prices', async ({ page, browser }, testInfo) => {
  test.setTimeout(240_000)
  const phone = isPhone(page)
  await signIn(page, 'trade', 'Trade2026')
  await fillCartWithPopular(page, 'WAG', 1)
  expect(await api<{ message: string }>(page, 'POST', 'cart/quote')).toEqual({ message: 'A quote has been requested for the contents of the cart' })
  const { quotes } = await api<{ quotes: Array<{ id: number; reference: string }> }>(page, 'GET', 'quotes')
  const quote = quotes[0]!
  await api(page, 'DELETE', 'cart')

  // The back office, in a browser of its own: the Quotes inbox, the quote priced a dollar below the account's price.
  const staffContext = await browser.newContext({ ...testInfo.project.use, baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` })
  const staff = await staffContext.newPage()
  await signInToBackOffice(staff, phone ? BACK_OFFICE_LOGINS.rep : BACK_OFFICE_LOGINS.admin)
  await staff.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Quotes', exact: true }).click()
  await expect(staff.getByRole('heading', { name: 'Quotes', level: 1 })).toBeVisible()
  await staff.getByRole('link', { name: quote.reference, exact: true }).click()
  await expect(staff.getByRole('heading', { name: `Quote ${quote.reference}`, level: 1 })).toBeVisible()
  await expectNoSeriousA11yViolations(staff, 'back office quote')
  await noSidewaysScrolling(staff)
  const price = staff.getByRole('textbox', { name: 'Quoted price each, ex GST ($)' })
  const accountCents = cents(await price.inputValue())
  const quotedCents = accountCents - 100
  // Above the account's price: refused on the line.
  await price.fill(((accountCents + 100) / 100).toFixed(2))
  await staff.getByRole('button', { name: 'Send the quote' }).click()
  await expect(staff.getByText(/is above the account's price/).first()).toBeVisible()
  await price.fill((quotedCents / 100).toFixed(2))
  await staff.getByLabel('Note to the customer').fill('A dollar off for the season.')
  await staff.getByRole('button', { name: 'Send the quote' }).click()
  await expect(staff.getByText(/Sent, open until/)).toBeVisible()
  await staffContext.close()

  // The customer's Quotes: the quote open, accepted into the cart.
  await page.goto('/quotes')
  await expect(page.getByRole('heading', { name: 'Quotes', level: 1 })).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'quotes')
  await noSidewaysScrolling(page)
  await page.getByRole('link', { name: quote.reference, exact: true }).click()
  await expect(page.getByRole('heading', { name: `Quote ${quote.reference}`, level: 1 })).toBeVisible()
  await expect(page.getByText('A dollar off for the season.')).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'a quote')
  await noSidewaysScrolling(page)
  await page.getByRole('button', { name: 'Accept and add to cart' }).click()
  await expect(page).toHaveURL(/\/cart$/)
  const items = await api<Array<{ Price: number; Quantity: number; ExtendedEx: number }>>(page, 'GET', 'cart/items')
  expect(items.map((i) => Math.round(i.Price * 100))).toEqual([quotedCents])
  await expect(page.getByText(/quoted/).first()).toBeVisible()

  // Checkout places the order at the quoted price.
  await page.goto('/checkout')
  const po = `QUOTE-${phone ? 'P' : 'D'}-${Date.now() % 100000}`
  await fillCheckout(page, po)
  await page.getByRole('button', { name: 'Complete Order' }).click()
  await expect(page.getByText('Order Placed!')).toBeVisible()
  const row = page.getByRole('row', { name: new RegExp(po) })
  await expect(row).toBeVisible()
  const answer = await api<{ quotes: Array<{ id: number; state: string; order: { salesOrder: string } | null }> }>(page, 'GET', 'quotes')
  const ordered = answer.quotes.find((q) => q.id === quote.id)!
  expect(ordered.state).toBe('accepted')
  expect(ordered.order?.salesOrder).toMatch(/^SO9\d{6}$/)
  const order = await api<{ items: Array<{ UnitPrice: number }> }>(page, 'GET', `orders/${ordered.order!.salesOrder}`)
  expect(order.items.map((i) => Math.round(i.UnitPrice * 100))).toEqual([quotedCents])
})
