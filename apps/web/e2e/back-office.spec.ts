import { expect, test, type Page } from '@playwright/test'
import * as OTPAuth from 'otpauth'
import { expectNoSeriousA11yViolations } from './axe'

/** The demo's one back office TOTP secret (lib/demo-logins.ts), as an authenticator app holding it would show. */
const DEMO_TOTP_SECRET = 'RIVERINADEMOBACKOFFICETOTPSECRET'
const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(DEMO_TOTP_SECRET), digits: 6, period: 30, algorithm: 'SHA1' })

/**
 * Gives the current code. A code is taken once (the other screen width's journey may have just used it): when
 * it is refused, the next 30-second step's code is given, as a person would wait for the app's next code.
 */
async function giveCode(page: Page) {
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.getByLabel('Code').fill(totp.generate())
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    const outcome = await Promise.race([
      page.waitForURL(/\/staff$/).then(() => 'in' as const),
      page
        .getByText('That code is not right.', { exact: false })
        .waitFor()
        .then(() => 'refused' as const),
    ])
    if (outcome === 'in') return
    await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500)
  }
  throw new Error('no code of the demo secret was accepted')
}

test('an Administrator signs in with the demo TOTP, invites a back office user and sees it in the audit', async ({ page }, info) => {
  test.setTimeout(150_000)
  const email = `invitee.${info.project.name}.${Date.now()}@riverinarural.example`
  await page.goto('/login')
  await page.getByLabel('Username').fill('admin@riverinarural.example')
  await page.getByLabel('Password', { exact: true }).fill('Admin2026')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Second factor' })).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'back office second factor')
  await giveCode(page)

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
