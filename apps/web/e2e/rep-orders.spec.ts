import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { BACK_OFFICE_LOGINS, fillCartWithPopular, fillCheckout, isPhone, noSidewaysScrolling, signInToBackOffice } from './journey'

// Ordering for a customer (decision 0101): from a back office account's page the staff member orders as one of its
// users in the customer's own storefront, under the banner that says so, places the order on account, and stops;
// for a cash-sale account the checkout sends the customer a payment link instead of taking a card. The desktop signs
// in as the demo's customer service, the phone as its rep (who looks after KELLYFG and BELLBRAE), so that the two
// widths never want the same user's one-time code at once.

async function startOrderingFor(page: Page, code: string, username: string) {
  await page.goto(`/staff/accounts/${code}`)
  await expect(page.getByRole('heading', { name: new RegExp(`\\(${code}\\)`), level: 1 })).toBeVisible()
  const section = page.getByRole('region', { name: 'Order for this account' })
  const picker = section.getByLabel('Order as')
  const option = picker.locator('option', { hasText: `(${username},` })
  await picker.selectOption(await option.getAttribute('value'))
  await expectNoSeriousA11yViolations(page, `order for ${code}`)
  await noSidewaysScrolling(page)
  await section.getByRole('button', { name: 'Order for this account' }).click()
  const banner = page.getByRole('region', { name: 'Ordering for a customer' })
  await expect(banner).toBeVisible()
  return banner
}

async function stop(page: Page, code: string) {
  await page.getByRole('region', { name: 'Ordering for a customer' }).getByRole('button', { name: 'Stop' }).click()
  await expect(page).toHaveURL(new RegExp(`/staff/accounts/${code}$`))
  await expect(page.getByRole('region', { name: 'Ordering for a customer' })).toHaveCount(0)
}

test('staff order for a customer on account, then send a cash-sale customer a payment link', async ({ page }, info) => {
  test.setTimeout(240_000)
  const phone = isPhone(page)
  const who = phone ? BACK_OFFICE_LOGINS.rep : BACK_OFFICE_LOGINS.service
  await signInToBackOffice(page, who)

  // On account: Kelly's, as its user trade.
  const banner = await startOrderingFor(page, 'KELLYFG', 'trade')
  await expect(banner).toContainText(/^Ordering for Kelly.+ as .+, by .+Stop$/)
  await expectNoSeriousA11yViolations(page, 'storefront while ordering for a customer')
  await noSidewaysScrolling(page)
  // What only the customer may do is not offered.
  if (phone) await page.getByRole('button', { name: /menu/i }).first().click()
  else await page.getByRole('button', { name: 'Account', exact: true }).click()
  await expect(
    page
      .getByRole('link', { name: 'Quick Order' })
      .or(page.getByRole('menuitem', { name: 'Quick Order' }))
      .first(),
  ).toBeVisible()
  await expect(page.getByRole('menuitem', { name: 'Change Password' }).or(page.getByRole('link', { name: 'Change Password' }))).toHaveCount(0)
  await page.keyboard.press('Escape')

  await fillCartWithPopular(page, 'WAG', 2)
  await page.goto('/cart')
  await expect(page.getByRole('region', { name: 'Ordering for a customer' })).toBeVisible()
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click()
  const po = `REP-E2E-${info.project.name}`
  await fillCheckout(page, po)
  await noSidewaysScrolling(page)
  await page.getByRole('button', { name: 'Complete Order' }).click()
  await expect(page.getByText('Order Placed!')).toBeVisible()
  await expect(page).toHaveURL(/\/orders$/)
  await expect(page.getByRole('row', { name: new RegExp(po) })).toBeVisible()
  await stop(page, 'KELLYFG')

  // The order is on the Orders desk as entered by staff.
  await page.goto('/staff/orders?channel=rep')
  await expect(page.getByText(po).first()).toBeVisible()

  // Cash sale: Bellbrae, as its user cash. Staff never take the card: a payment link goes to the customer.
  await startOrderingFor(page, 'BELLBRAE', 'cash')
  await fillCartWithPopular(page, 'MEL', 1)
  await page.goto('/checkout')
  await fillCheckout(page, `REP-LINK-${info.project.name}`)
  await expect(page.getByText('Staff never take a card payment')).toBeVisible()
  await page.getByRole('button', { name: 'Send payment link' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'A payment link was e-mailed to' })).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'payment link sent')
  await noSidewaysScrolling(page)
  await stop(page, 'BELLBRAE')
})
