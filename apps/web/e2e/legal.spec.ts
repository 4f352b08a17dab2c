import { expect, test } from '@playwright/test'
import { follow } from './journey'

test('a visitor opens the privacy notice and the terms from the login screen footer', async ({ page }) => {
  await page.goto('/login')
  const footer = page.getByRole('contentinfo')
  await follow(footer.getByRole('link', { name: 'Privacy Notification' }))
  await expect(page).toHaveURL(/\/privacy$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Notification' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'What we collect' })).toBeVisible()
  await expect(page.getByText(/^Last updated \w+ \d{1,2}(st|nd|rd|th) \d{4}$/)).toBeVisible()
  await expect(page.getByRole('link', { name: 'www.oaic.gov.au' })).toHaveAttribute('href', 'https://www.oaic.gov.au')
  await expect(page).toHaveTitle('Privacy Notification')

  await follow(page.getByRole('contentinfo').getByRole('link', { name: 'Terms & Conditions' }))
  await expect(page).toHaveURL(/\/terms$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeVisible()
  await expect(page.getByText('invoices are due on the 25th of the month after the invoice date', { exact: false })).toBeVisible()
  // The terms link to the privacy notice inside the portal.
  await follow(page.getByRole('main').getByRole('link', { name: 'Privacy Notification' }))
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Notification' })).toBeVisible()
})

test("a signed-in user opens the terms from the portal's footer and stays in the portal", async ({ page }) => {
  await page.goto('/login')
  await page.getByLabel('Username').fill('trade')
  await page.getByLabel('Password', { exact: true }).fill('Trade2026')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.getByText(/^Hi, .+!$/)).toBeVisible()

  await follow(page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Terms & Conditions' }))
  await expect(page).toHaveURL(/\/terms$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: '4. Payment' })).toBeVisible()
  await expect(page.getByText(/^Hi, .+!$/)).toBeVisible()
})
