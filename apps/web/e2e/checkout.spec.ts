import { expect, test, type Page } from '@playwright/test'
import { startPortal, type Portal } from './portal'
import { fillCheckout } from './journey'

async function signIn(page: Page, username: string, password: string, base = '') {
  await page.goto(`${base}/login`)
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.getByText(/^Hi, .+!$/)).toBeVisible()
}

/**
 * Fills the cart the way the product screens do, through POST /api/cart with the session's token:
 * `count` popular products of the branch with at least `minStock` in stock, one of each.
 */
async function fillCart(page: Page, warehouse: string, count = 2, minStock = 5) {
  const added = await page.evaluate(
    async ({ warehouse, count, minStock }) => {
      const auth = { authorization: `Bearer ${localStorage.getItem('token')}` }
      await fetch('/api/cart', { method: 'DELETE', headers: auth })
      const products = (await (await fetch(`/api/popular?warehouse=${warehouse}`, { headers: auth })).json()) as Array<{
        ProductID: number
        Availability: { Available: number }
      }>
      const chosen = products.filter((p) => p.Availability.Available >= minStock).slice(0, count)
      for (const p of chosen) {
        await fetch('/api/cart', {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ productID: p.ProductID, qty: 1, warehouse }),
        })
      }
      return chosen.length
    },
    { warehouse, count, minStock },
  )
  expect(added).toBe(count)
  await page.reload()
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Name On Card').fill('Priya Sharma')
  await page.getByLabel('Card Number').fill(number)
  await page.getByLabel('Card Expiry Month').selectOption('12')
  await page.getByLabel('Card Expiry Year').selectOption(String(new Date().getFullYear() + 2))
  await page.getByLabel('CVS').fill('123')
}

test('trade places an order on account and sees it in the order history', async ({ page }, info) => {
  const po = `PO-E2E-${info.project.name}`
  await signIn(page, 'trade', 'Trade2026')
  await fillCart(page, 'WAG')
  await page.goto('/cart')
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click()
  await expect(page).toHaveURL(/\/checkout$/)

  // Nothing is sent while a required field is missing.
  await page.getByRole('button', { name: 'Complete Order' }).click()
  await expect(page.getByText('Enter your purchase order number')).toBeVisible()

  await fillCheckout(page, po)
  await page.getByRole('button', { name: 'Complete Order' }).click()
  await expect(page.getByText('Order Placed!')).toBeVisible()
  await expect(page).toHaveURL(/\/orders$/)
  const row = page.getByRole('row', { name: new RegExp(po) })
  await expect(row).toBeVisible()
  await expect(row).toContainText(/SO9\d{6}/)
  await expect(page.getByRole('link', { name: /Empty/ })).toBeVisible()

  const purchase = await page.evaluate(() =>
    (window as unknown as { dataLayer?: Array<{ event?: string; ecommerce?: { currency?: string } }> }).dataLayer?.find((e) => e.event === 'purchase'),
  )
  expect(purchase?.ecommerce?.currency).toBe('AUD')
})

test('the checkout starts from the last order, and the new order opens the history at the top, marked new, with its e-mail', async ({ page }, info) => {
  const po = `PO-NEW-${info.project.name}`
  await signIn(page, 'trade', 'Trade2026')
  await fillCart(page, 'WAG')
  await page.goto('/checkout')
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible()
  // The site, the delivery type and the carrier of the last order are chosen; the purchase order is this order's own.
  await expect(page.getByRole('combobox', { name: 'Delivery Site' })).not.toHaveValue('')
  await expect(page.getByLabel('Business Name')).not.toHaveValue('')
  await expect(page.getByLabel('Carrier Name')).not.toHaveValue('')
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(1)
  await expect(page.getByLabel('Purchase Order Number')).toHaveValue('')
  // The summary lists the lines, the GST and the total.
  const summary = page.getByRole('complementary', { name: 'Order Summary' })
  await expect(summary.getByRole('list', { name: 'Lines' }).getByRole('listitem')).toHaveCount(2)
  await expect(summary.getByText('GST', { exact: true })).toBeVisible()
  await expect(summary.getByText('Total (inc GST)')).toBeVisible()

  await page.getByLabel('Purchase Order Number').fill(po)
  await page.getByRole('button', { name: 'Complete Order' }).click()
  await expect(page.getByText('Order Placed!')).toBeVisible()
  await expect(page).toHaveURL(/\/orders$/)
  const note = page.getByText(/^Order SO9\d{6} is placed\./)
  await expect(note).toContainText('Its confirmation was e-mailed to sam@kellysfarm.example.')
  const number = /SO9\d{6}/.exec((await note.textContent()) ?? '')![0]
  const first = page.getByRole('row').nth(1)
  await expect(first).toContainText(number)
  await expect(first).toContainText(po)
  await expect(first.getByText('New', { exact: true })).toBeVisible()
  await expect(note).toBeInViewport()
  await page.screenshot({ path: info.outputPath('order-placed.png') })

  // A search keeps its terms in the address: a reload shows the same search.
  await page.getByRole('searchbox', { name: 'Search' }).fill(po)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(new RegExp(`[?&]search=${po}`))
  await page.reload()
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(po)
  await expect(page.getByRole('row', { name: new RegExp(po) })).toBeVisible()
})

test('cash pays by card through the SecurePay sandbox and the order is placed', async ({ page }, info) => {
  const po = `CARD-E2E-${info.project.name}`
  await signIn(page, 'cash', 'Cash2026')
  await fillCart(page, 'MEL')
  await page.goto('/checkout')
  await fillCheckout(page, po)
  await page.getByRole('button', { name: 'Make Payment' }).click()

  await expect(page.getByRole('heading', { name: 'Card Payment' })).toBeVisible()
  await expect(page.getByText('Total (inc GST)')).toBeVisible()
  await expect(page.getByRole('complementary', { name: 'Test cards' })).toBeVisible()
  // The card form's checks come before anything leaves the browser.
  await fillCard(page, '4444 3333 2222 1112')
  await expect(page.getByLabel('Card Number')).toHaveValue('4444333322221112')
  await page.getByRole('button', { name: 'Confirm Payment' }).click()
  await expect(page.getByText('Invalid Card Number. Please check and try again')).toBeVisible()
  await expect(page).toHaveURL(/\/card-payment$/)

  await page.getByLabel('Card Number').fill('4444333322221111')
  await page.getByRole('button', { name: 'Confirm Payment' }).click()
  await expect(page).toHaveURL(/\/orders/)
  await expect(page.getByText('Payment Approved.')).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(po) })).toBeVisible()
  await expect(page.getByRole('link', { name: /Empty/ })).toBeVisible()
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { dataLayer?: Array<{ event?: string }> }).dataLayer?.some((e) => e.event === 'purchase') ?? false))
    .toBe(true)
})

test('cash’s declined card comes back to the checkout with the bank’s reason and the form filled in', async ({ page }, info) => {
  const po = `DECLINE-E2E-${info.project.name}`
  await signIn(page, 'cash', 'Cash2026')
  await fillCart(page, 'MEL', 1)
  await page.goto('/checkout')
  await fillCheckout(page, po)
  await page.getByRole('button', { name: 'Make Payment' }).click()
  await expect(page.getByRole('heading', { name: 'Card Payment' })).toBeVisible()
  await fillCard(page, '4000000000000515')
  await page.getByRole('button', { name: 'Confirm Payment' }).click()

  await expect(page).toHaveURL(/\/checkout\?error=Insufficient\+Funds&id=/)
  await expect(page.getByText('An error occured while processing payment: Insufficient Funds')).toBeVisible()
  await expect(page.getByLabel('Purchase Order Number')).toHaveValue(po)
  await expect(page.getByLabel('Carrier Name')).toHaveValue('Toll')
  await expect(page.getByRole('radio', { name: 'Delivered' })).toBeChecked()
  await expect(page.getByRole('link', { name: /1 item/ })).toBeVisible()
})

test('elders has no way to check out', async ({ page }) => {
  await signIn(page, 'elders', 'Elders2026')
  await fillCart(page, 'WAG', 1, 0)
  await page.goto('/cart')
  await expect(page.getByRole('button', { name: 'Download These Items as PDF' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Proceed to Checkout' })).toHaveCount(0)
  await page.goto('/checkout')
  await expect(page.getByText('Online checkout is not available for your account.')).toBeVisible()
  await expect(page.getByRole('button', { name: /Complete Order|Make Payment/ })).toHaveCount(0)
  const status = await page.evaluate(async () => {
    const res = await fetch('/api/orders', {
      method: 'POST',
      headers: { authorization: `Bearer ${localStorage.getItem('token')}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        DeliveryName: 'x',
        Contact: 'x',
        Email: 'x@example.com',
        Phone: '1',
        CarrierName: 'x',
        PurchaseOrder: 'x',
        DeliveryType: 1,
        warehouse: 'WAG',
        Address1: '',
        Address2: '',
        City: '',
        State: '',
        PostalCode: '',
        Fax: '',
        CarrierInstructions: '',
        OrderDesc: '',
      }),
    })
    return res.status
  })
  expect(status).toBe(403)
})

test.describe('with the Mastercard Gateway', () => {
  // A second portal, configured for the Mastercard Gateway and its sandbox, on its own port and database.
  let portal: Portal | undefined
  let base = ''

  test.beforeAll(async () => {
    test.setTimeout(300_000)
    portal = await startPortal({ PAYMENT_PROVIDER: 'mpgs' })
    base = portal.base
  })

  test.afterAll(async () => {
    await portal?.stop()
  })

  test('cash pays on the gateway’s page and comes back to an approved order', async ({ page }, info) => {
    const po = `MPGS-E2E-${info.project.name}`
    await signIn(page, 'cash', 'Cash2026', base)
    await fillCart(page, 'MEL')
    await page.goto(`${base}/checkout`)
    await fillCheckout(page, po)
    await page.getByRole('button', { name: 'Make Payment' }).click()
    await expect(page.getByRole('heading', { name: 'Card Payment' })).toBeVisible()
    await expect(page.getByRole('complementary', { name: 'Test cards' })).toContainText('01/39')
    await page.getByRole('button', { name: 'Confirm Payment' }).click()

    // The gateway's hosted payment page (its local sandbox).
    await expect(page).toHaveURL(/\/sandbox\/mpgs\/checkout\/pay\//)
    await page.getByLabel('Card number').fill('5123450000000008')
    await page.getByLabel('Expiry month (MM)').fill('01')
    await page.getByLabel('Expiry year (YY)').fill('39')
    await page.getByLabel('Security code').fill('100')
    await page.getByRole('button', { name: /^Pay AUD/ }).click()

    await expect(page).toHaveURL(/\/orders/)
    await expect(page.getByText('Payment Approved.')).toBeVisible()
    await expect(page.getByRole('row', { name: new RegExp(po) })).toBeVisible()
  })

  test('a declined card on the gateway’s page comes back to the checkout with the reason', async ({ page }, info) => {
    const po = `MPGS-DECLINE-${info.project.name}`
    await signIn(page, 'cash', 'Cash2026', base)
    await fillCart(page, 'MEL', 1)
    await page.goto(`${base}/checkout`)
    await fillCheckout(page, po)
    await page.getByRole('button', { name: 'Make Payment' }).click()
    await page.getByRole('button', { name: 'Confirm Payment' }).click()
    await expect(page).toHaveURL(/\/sandbox\/mpgs\/checkout\/pay\//)
    await page.getByLabel('Card number').fill('5123450000000008')
    await page.getByLabel('Expiry month (MM)').fill('05')
    await page.getByLabel('Expiry year (YY)').fill('39')
    await page.getByLabel('Security code').fill('100')
    await page.getByRole('button', { name: /^Pay AUD/ }).click()

    await expect(page).toHaveURL(/\/checkout\?error=Declined&id=/)
    await expect(page.getByText('An error occured while processing payment: Declined')).toBeVisible()
    await expect(page.getByLabel('Purchase Order Number')).toHaveValue(po)
  })
})
