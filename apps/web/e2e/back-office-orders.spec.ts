import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { BACK_OFFICE_LOGINS, isPhone, noSidewaysScrolling, signInToBackOffice } from './journey'

// The back office's Orders desk (decision 0094): an Administrator filters every account's orders and opens one
// whole; a sales representative sees only the orders of the accounts they look after. Desktop signs in as the
// demo's Administrator, the phone as its rep, so that the two widths never want the same user's one-time code at
// once (back-office-accounts.spec.ts signs in customer service and the rep).

test('back office staff filter the orders desk, open an order whole and come back to the same filters', async ({ page }) => {
  test.setTimeout(150_000)
  const rep = isPhone(page)
  await signInToBackOffice(page, rep ? BACK_OFFICE_LOGINS.rep : BACK_OFFICE_LOGINS.admin)

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Orders', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible()
  const found = page.getByRole('region', { name: 'Orders found' })
  await expect(found.getByRole('row').nth(1)).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'back office orders desk')
  await noSidewaysScrolling(page)

  // The ERP's history of one account: the filters go into the page's address.
  await page.getByRole('searchbox', { name: 'Account code or order number' }).fill('KELLYFG')
  await page.getByLabel('Placed', { exact: true }).selectOption('erp')
  await page.getByRole('button', { name: 'Filter', exact: true }).click()
  await expect(page).toHaveURL(/[?&]q=KELLYFG/)
  await expect(page).toHaveURL(/[?&]channel=erp/)
  const rows = found.getByRole('row').filter({ hasText: 'KELLYFG' })
  await expect(rows.first()).toBeVisible()
  await expect(found.getByRole('row').filter({ hasNotText: 'KELLYFG' })).toHaveCount(rep ? 0 : 1) // the header row (hidden on a phone)
  await expect(found.getByText('Portal, on account')).toHaveCount(0)

  const link = rows.first().getByRole('link')
  const number = (await link.textContent())!.trim()
  await link.click()
  await expect(page.getByRole('heading', { name: `Order ${number}`, level: 1 })).toBeVisible()
  for (const section of ['Order', 'Delivery', 'Lines', 'E-mails about this order']) {
    await expect(page.getByRole('heading', { name: section, level: 2, exact: true })).toBeVisible()
  }
  await expect(page.getByRole('link', { name: /\(KELLYFG\)$/ })).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'back office order')
  await noSidewaysScrolling(page)

  // Back on the desk, the same filters.
  await page.goBack()
  await expect(page.getByRole('searchbox', { name: 'Account code or order number' })).toHaveValue('KELLYFG')
  await expect(page.getByLabel('Placed', { exact: true })).toHaveValue('erp')

  if (rep) {
    // An account the rep does not look after has no orders for them.
    await page.goto('/staff/orders?q=ELDSTH')
    await expect(page.getByText('No order matches these filters.')).toBeVisible()
  } else {
    // A range that ends before it starts is refused in words.
    await page.goto('/staff/orders?from=2026-03-01&to=2026-02-01')
    await expect(page.getByText('The end of the range comes before its start.')).toBeVisible()
    await expect(page.getByLabel('Entered to')).toHaveAttribute('aria-invalid', 'true')
    // The account's last orders open on the desk's order page.
    await page.goto('/staff/accounts/KELLYFG')
    const last = page.getByRole('region', { name: 'Last orders' }).getByRole('row').nth(1).getByRole('link')
    const lastNumber = (await last.textContent())!.trim()
    await last.click()
    await expect(page.getByRole('heading', { name: `Order ${lastNumber}`, level: 1 })).toBeVisible()
  }
})
