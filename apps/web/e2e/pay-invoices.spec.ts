import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { signIn } from './journey'

// Paying invoices by card (decision 0090): the demo's `trade` Administrator pays all of one open invoice and part of
// another at the SecurePay sandbox, gets the receipt PDF, and sees the payment on the balance as not yet processed.
// The desktop and phone runs share the portal: each pays invoices that are open when it starts.

test('an Administrator pays all of one open invoice and part of another by card', async ({ page }) => {
  await signIn(page, 'trade', 'Trade2026')
  await page.goto('/invoices')
  await expect(page.getByRole('heading', { name: 'Open invoices' })).toBeVisible()
  const picks = page.getByRole('checkbox', { name: /^Pay IN/ })
  await expect(picks.first()).toBeVisible()
  expect(await picks.count()).toBeGreaterThanOrEqual(2)
  await expectNoSeriousA11yViolations(page, 'the open invoices')

  const names = [await picks.nth(0).getAttribute('aria-label'), await picks.nth(1).getAttribute('aria-label')].map((n) => n!.replace(/^Pay /, ''))
  await picks.nth(0).check()
  await picks.nth(1).check()
  const whole = page.getByRole('textbox', { name: `Amount to pay for ${names[0]}` })
  const part = page.getByRole('textbox', { name: `Amount to pay for ${names[1]}` })
  const wholeAmount = Number(await whole.inputValue())
  const owing = Number(await part.inputValue())
  expect(owing).toBeGreaterThan(10)

  // More than is owing is refused at the field; part of it is fine.
  await part.fill((owing + 1).toFixed(2))
  await part.blur()
  await expect(part).toHaveAttribute('aria-invalid', 'true')
  await part.fill('10.00')
  await expect(part).not.toHaveAttribute('aria-invalid')
  const total = (wholeAmount + 10).toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  await expect(page.getByText('Total to pay').locator('xpath=following-sibling::dd')).toHaveText(`$${total}`)

  await page.getByRole('button', { name: 'Pay by card' }).click()
  await expect(page.getByRole('heading', { name: `Pay $${total} by card` })).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'the card form for invoices')
  await page.getByLabel('Name On Card').fill('Jo Kelly')
  await page.getByLabel('Card Number').fill('4444333322221111')
  await page.getByLabel('Card Expiry Month').selectOption('12')
  await page.getByLabel('Card Expiry Year').selectOption(String(new Date().getFullYear() + 2))
  await page.getByLabel('CVS').fill('123')
  await page.getByRole('button', { name: 'Confirm Payment' }).click()

  // The sandbox approves and sends the browser back to /invoices?paid={id}.
  await page.waitForURL(/\/invoices\?paid=/)
  const paid = page.getByRole('status').filter({ hasText: 'Thank you' })
  await expect(paid).toContainText(`Your payment of $${total} was made.`)
  await expect(paid).toContainText(`${names[0]}: $${wholeAmount.toLocaleString('en-AU', { minimumFractionDigits: 2 })} paid, paid in full`)
  await expect(paid).toContainText(`${names[1]}: $10.00 paid, partly paid`)
  const reference = /Reference (P[0-9A-F]{12})/.exec((await paid.textContent()) ?? '')![1]!
  await expectNoSeriousA11yViolations(page, 'the paid invoices')

  const download = page.waitForEvent('download')
  await paid.getByRole('button', { name: 'Download receipt (PDF)' }).click()
  const receipt = await download
  expect(receipt.suggestedFilename()).toBe(`Receipt ${reference}.pdf`)
  const chunks: Buffer[] = []
  for await (const chunk of await receipt.createReadStream()) chunks.push(chunk as Buffer)
  expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-')

  // The partly paid invoice is still open, marked so, for the rest.
  await expect(page.getByRole('link', { name: names[1] }).first().locator('xpath=..')).toContainText('Partly paid')
  // The invoice history says so beside each amount at once, before the ERP has processed the payment.
  const historyRow = (invoice: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name: invoice, exact: true }) })
  await expect(historyRow(names[0]!)).toContainText('Paid')
  const rest = (owing - 10).toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  await expect(historyRow(names[1]!).filter({ hasText: `Partly paid, $${rest} owing` })).toHaveCount(1)

  await page.goto('/balance')
  const unprocessed = page.getByRole('region', { name: 'Payments not yet processed' })
  await expect(unprocessed).toBeVisible()
  await expect(unprocessed.getByRole('row').filter({ hasText: reference })).toContainText(`$${total}`)
  await expectNoSeriousA11yViolations(page, 'the balance with a payment not yet processed')
})
