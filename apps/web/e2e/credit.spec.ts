import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { api, fillCheckout, signIn } from './journey'

// The credit limit kept (decision 0086), with the demo's two credit accounts: nearlimit ($300 short of its limit,
// credit mode warn) and onhold (on credit hold).

type Product = { ProductID: number; Availability: { Available: number } }

/** The cart emptied, then `qty` of the branch's most popular product in stock (a trade account back-orders the rest). */
async function cartOfPopular(page: Page, qty: number) {
  const { settings } = await api<{ settings: { DefaultWareHouse: string } }>(page, 'GET', 'me')
  const warehouse = settings.DefaultWareHouse
  await api(page, 'DELETE', 'cart')
  const popular = await api<Product[]>(page, 'GET', `popular?warehouse=${warehouse}`)
  const product = popular.find((p) => p.Availability.Available > 0)
  expect(product).toBeDefined()
  await api(page, 'POST', 'cart', { productID: product!.ProductID, qty, warehouse })
}

test('an order past the credit limit of a warn account is placed once the buyer confirms it', async ({ page }, info) => {
  await signIn(page, 'nearlimit', 'Nearlimit2026')
  await cartOfPopular(page, 400)
  await page.goto('/cart')
  const credit = page.getByRole('region', { name: 'Your credit' })
  await expect(credit.getByText('Available credit')).toBeVisible()
  await expect(credit.getByRole('status')).toHaveText('This order takes your account past its credit limit. You will be asked to confirm it at checkout.')
  await expectNoSeriousA11yViolations(page, 'cart past the credit limit')

  await page.getByRole('link', { name: 'Proceed to Checkout' }).click()
  await fillCheckout(page, `PO-CREDIT-${info.project.name}`)
  const complete = page.getByRole('button', { name: 'Complete Order' })
  await expect(page.getByRole('region', { name: 'Your credit' }).getByRole('status')).toHaveText(
    'This order takes your account past its credit limit. Confirm below to place it anyway.',
  )
  await expect(complete).toBeDisabled()
  await expectNoSeriousA11yViolations(page, 'checkout past the credit limit')
  await page.getByRole('checkbox', { name: 'Place this order even though it takes my account past its credit limit' }).check()
  await complete.click()
  await expect(page.getByText('Order Placed!')).toBeVisible()
  await expect(page).toHaveURL(/\/orders$/)
})

test('an account on hold is told why and whom to call, and offered no order on account', async ({ page }) => {
  await signIn(page, 'onhold', 'Onhold2026')
  await cartOfPopular(page, 1)
  await page.goto('/cart')
  const onHold = 'Your account is on hold, so orders cannot be placed on account. Please call our accounts team on 02 6921 4455 to sort it out.'
  await expect(page.getByRole('region', { name: 'Your credit' }).getByRole('alert')).toHaveText(onHold)

  await page.getByRole('link', { name: 'Proceed to Checkout' }).click()
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Your credit' }).getByRole('alert')).toHaveText(onHold)
  await expect(page.getByRole('button', { name: 'Complete Order' })).toBeDisabled()
  await expectNoSeriousA11yViolations(page, 'checkout on hold')
})
