import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { BACK_OFFICE_LOGINS, isPhone, noSidewaysScrolling, signInToBackOffice } from './journey'

// Applying for a trade account (decision 0103): a visitor applies from the login page, with a credit application
// PDF; the back office finds the application waiting, opens it and approves it. Desktop approves as customer
// service, the phone as the Administrator, so that the two widths never want the same user's one-time code at once.

/** An ABN that passes the check-digit rule, different for each width (one application per ABN is under way). */
function abnFor(seed: number): string {
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19]
  for (let n = seed; ; n++) {
    const digits = `${n}0000`
    if (weights.reduce((sum, w, i) => sum + w * (Number(digits[i]) - (i === 0 ? 1 : 0)), 0) % 89 === 0) return digits
  }
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1')

test('a visitor applies for a trade account from the login page, and customer service approves it', async ({ page }) => {
  test.setTimeout(180_000)
  const phone = isPhone(page)
  const business = phone ? 'Humula Hills Grazing' : 'Tarcutta Station Pty Ltd'
  const abn = abnFor(phone ? 6_300_000 : 6_200_000)

  await page.goto('/login')
  await page.getByRole('link', { name: 'Apply for a trade account' }).click()
  await expect(page.getByRole('heading', { name: 'Apply for a trade account', level: 1 })).toBeVisible()
  await expect(page.getByLabel('Nearest branch').locator('option', { hasText: 'Wagga Wagga' })).toHaveCount(1)
  await expectNoSeriousA11yViolations(page, 'trade account application form')
  await noSidewaysScrolling(page)

  // A wrong check digit is named at the field before anything is sent.
  await page.getByLabel('Business name').fill(business)
  await page.getByLabel('ABN').fill(`${abn.slice(0, 10)}${(Number(abn[10]) + 1) % 10}`)
  await page.getByLabel('Contact name').fill('Pat Owens')
  await page.getByLabel('E-mail').fill(phone ? 'pat@humulahills.example' : 'pat@tarcutta.example')
  await page.getByLabel('Phone').fill('0427 555 010')
  await page.getByLabel('Nearest branch').selectOption('WAG')
  await page.getByLabel('Kind of business').selectOption('farm')
  await page.getByLabel('Expected monthly spend ($, ex GST)').fill('2,500')
  await page.getByLabel('Credit application (PDF, optional)').setInputFiles({ name: 'credit-application.pdf', mimeType: 'application/pdf', buffer: PDF })
  await page.getByRole('button', { name: 'Send application' }).click()
  await expect(page.getByText('Not a valid ABN: check its 11 digits')).toBeVisible()
  await expect(page.getByLabel('ABN')).toHaveAttribute('aria-invalid', 'true')

  await page.getByLabel('ABN').fill(abn)
  await page.getByRole('button', { name: 'Send application' }).click()
  await expect(page.getByRole('status')).toContainText('your application has arrived')
  await expectNoSeriousA11yViolations(page, 'trade account application sent')

  // The back office: the application waits, whole, with its PDF; approving asks first.
  await signInToBackOffice(page, phone ? BACK_OFFICE_LOGINS.admin : BACK_OFFICE_LOGINS.service)
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Applications', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Trade account applications', level: 1 })).toBeVisible()
  await page.getByLabel('Status').selectOption('received')
  await expect(page).toHaveURL(/[?&]status=received/)
  const found = page.getByRole('region', { name: 'Applications' })
  await expect(found.getByRole('link', { name: business })).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'back office applications')
  await noSidewaysScrolling(page)

  await found.getByRole('link', { name: business }).click()
  await expect(page.getByRole('heading', { name: business, level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Open credit-application.pdf' })).toBeVisible()
  await expect(page.getByText(abn, { exact: true })).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'back office application')
  await noSidewaysScrolling(page)

  await page.getByRole('button', { name: 'Approve', exact: true }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('goes to the ERP')
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click()
  await expect(page.getByText('Approved: the application goes to the ERP.')).toBeVisible()
  await expect(page.getByText('Waiting for the ERP')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0)
})
