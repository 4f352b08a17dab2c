import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { BACK_OFFICE_LOGINS, isPhone, noSidewaysScrolling, signInToBackOffice } from './journey'

// The back office's Accounts (decision 0092): customer service finds any account, a sales representative only the
// accounts they look after; either opens the account whole and sends one of its users a password reset link.
// Desktop signs in as the demo's customer service, the phone as its rep, so that the two widths never want the
// same user's one-time code at once.

test('back office staff find an account, see it whole and send one of its users a password reset', async ({ page }) => {
  test.setTimeout(150_000)
  const rep = isPhone(page)
  await signInToBackOffice(page, rep ? BACK_OFFICE_LOGINS.rep : BACK_OFFICE_LOGINS.service)

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Accounts', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible()
  // A typo still finds the account.
  await page.getByLabel("Name, account code, ABN or a user's e-mail").fill('kely')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  const found = page.getByRole('region', { name: 'Accounts found' })
  await expect(found.getByRole('row').filter({ hasText: 'KELLYFG' })).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'back office accounts search')
  await noSidewaysScrolling(page)

  await found.getByRole('row').filter({ hasText: 'KELLYFG' }).getByRole('link').click()
  await expect(page.getByRole('heading', { name: /\(KELLYFG\)/, level: 1 })).toBeVisible()
  for (const section of ['Account', 'Delivery sites', 'Portal users', 'Current carts', 'Saved lists', 'Back orders']) {
    await expect(page.getByRole('heading', { name: section, level: 2, exact: true })).toBeVisible()
  }
  await expectNoSeriousA11yViolations(page, 'back office account')
  await noSidewaysScrolling(page)

  const users = page.getByRole('region', { name: 'Portal users' })
  const reset = users.getByRole('button', { name: /^Send password reset: / }).first()
  await reset.click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('a link to choose a new password')
  await dialog.getByRole('button', { name: 'Send password reset', exact: true }).click()
  await expect(page.getByText('Password reset link sent')).toBeVisible()

  if (rep) {
    // An account the rep does not look after is not there for them, by search or by its address.
    await page.goto('/staff/accounts')
    await page.getByLabel("Name, account code, ABN or a user's e-mail").fill('ELDSTH')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(page.getByText('No account matches.', { exact: false })).toBeVisible()
    await page.goto('/staff/accounts/ELDSTH')
    await expect(page.getByRole('alert')).toBeVisible()
    await expect(page.getByRole('heading', { name: /\(ELDSTH\)/ })).toHaveCount(0)
  }
})
