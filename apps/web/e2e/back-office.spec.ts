import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { giveBackOfficeCode } from './journey'

test('an Administrator signs in with the demo TOTP, invites a back office user and sees it in the audit', async ({ page }, info) => {
  test.setTimeout(150_000)
  const email = `invitee.${info.project.name}.${Date.now()}@riverinarural.example`
  await page.goto('/login')
  await page.getByLabel('Username').fill('admin@riverinarural.example')
  await page.getByLabel('Password', { exact: true }).fill('Admin2026')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Second factor' })).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'back office second factor')
  await giveBackOfficeCode(page)

  await expect(page.getByRole('heading', { name: 'Welcome, Alex Admin' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Administrator' })).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'back office home')

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Back office users' }).click()
  await expect(page.getByRole('heading', { name: 'Back office users', level: 1 })).toBeVisible()
  await page.getByLabel('Name').fill('Jamie Invitee')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Customer service').check()
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) })).toContainText('Invited')
  await expectNoSeriousA11yViolations(page, 'back office users')
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width, 'no sideways scrolling').toBeLessThanOrEqual(page.viewportSize()!.width)

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit' }).click()
  await expect(page.getByRole('heading', { name: 'Audit', level: 1 })).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) })).toContainText('user invited')
  await expectNoSeriousA11yViolations(page, 'back office audit')

  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await page.goto('/staff/users')
  await expect(page).toHaveURL(/\/login$/)
})
