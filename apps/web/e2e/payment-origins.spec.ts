import { expect, test, type Page } from '@playwright/test'
import { spawn, type ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fillCheckout } from './journey'

// Card payments work whatever address the portal is opened at (decision 0026). The
// playwright config's portal has PUBLIC_URL http://127.0.0.1:PORT; these journeys open it at
// http://localhost:PORT instead, so the page's origin and PUBLIC_URL differ.
// (checkout.spec.ts pays at 127.0.0.1, where they are the same.)

const port = Number(process.env.E2E_PORT)

async function signIn(page: Page, base: string) {
  await page.goto(`${base}/login`)
  await page.getByLabel('Username').fill('cash')
  await page.getByLabel('Password', { exact: true }).fill('Cash2026')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.getByText(/^Hi, .+!$/)).toBeVisible()
}

/** One popular product with stock at MEL, alone in the cart, through the API with the page's session. */
async function fillCart(page: Page) {
  const added = await page.evaluate(async () => {
    const auth = { authorization: `Bearer ${localStorage.getItem('token')}` }
    await fetch('/api/cart', { method: 'DELETE', headers: auth })
    const products = (await (await fetch('/api/popular?warehouse=MEL', { headers: auth })).json()) as Array<{
      ProductID: number
      Availability: { Available: number }
    }>
    const chosen = products.find((p) => p.Availability.Available >= 5)
    if (!chosen) return 0
    const res = await fetch('/api/cart', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ productID: chosen.ProductID, qty: 1, warehouse: 'MEL' }),
    })
    return res.ok ? 1 : 0
  })
  expect(added).toBe(1)
}

async function toCardPayment(page: Page, base: string, po: string) {
  await page.goto(`${base}/checkout`)
  await fillCheckout(page, po)
  await page.getByRole('button', { name: 'Make Payment' }).click()
  await expect(page.getByRole('heading', { name: 'Card Payment' })).toBeVisible()
}

async function fillCard(page: Page) {
  await page.getByLabel('Name On Card').fill('Priya Sharma')
  await page.getByLabel('Card Number').fill('4444333322221111')
  await page.getByLabel('Card Expiry Month').selectOption('12')
  await page.getByLabel('Card Expiry Year').selectOption(String(new Date().getFullYear() + 2))
  await page.getByLabel('CVS').fill('123')
}

test.describe('with SecurePay, PUBLIC_URL at 127.0.0.1', () => {
  // Sign-in, cart and checkout before the payment: more than the default minute on a busy machine.
  test.slow()
  const base = `http://localhost:${port}`

  test('cash pays with the portal opened at localhost', async ({ page }, info) => {
    const po = `ORIGIN-SP-${info.project.name}-${info.repeatEachIndex}`
    const violations: string[] = []
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text())
    })
    await signIn(page, base)
    await fillCart(page)
    await toCardPayment(page, base, po)
    await fillCard(page)
    await page.getByRole('button', { name: 'Confirm Payment' }).click()
    await expect(page).toHaveURL(new RegExp(`^${base}/orders`))
    await expect(page.getByText('Payment Approved.')).toBeVisible()
    await expect(page.getByRole('row', { name: new RegExp(po) })).toBeVisible()
    expect(violations).toEqual([])
  })

  test('a card form the page’s policy refuses says why at once and can be sent again', async ({ page }, info) => {
    const po = `ORIGIN-CSP-${info.project.name}-${info.repeatEachIndex}`
    await signIn(page, base)
    await fillCart(page)
    // The report's defect, made on purpose: the form's action on another origin than the page's.
    const elsewhere = `http://127.0.0.1:${port}`
    await page.route('**/api/payments/create', async (route) => {
      const res = await route.fetch()
      const body = (await res.json()) as { formData: { action: string } }
      body.formData.action = `${elsewhere}/sandbox/securepay/directpost/authorise`
      await route.fulfill({ response: res, json: body })
    })
    const refusals: string[] = []
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) refusals.push(m.text())
    })
    await toCardPayment(page, base, po)
    await fillCard(page)
    // Playwright counts a refused form submission as a navigation that never ends, and its locators and clicks
    // wait for it ("waiting for navigation to finish..."). So the button is pressed and the page read with
    // evaluate, which does not wait: the page itself is what is checked, not Playwright's view of a navigation.
    const confirm = () => page.evaluate(() => [...document.querySelectorAll('button')].find((b) => b.textContent === 'Confirm Payment' && !b.disabled)!.click())
    const read = () =>
      page.evaluate(() => ({
        path: location.pathname,
        alerts: [...document.querySelectorAll('[role="alert"]')].map((e) => e.textContent ?? ''),
        spinning: (document.body.textContent ?? '').includes('Processing your payment'),
        confirmEnabled: [...document.querySelectorAll('button')].some((b) => b.textContent === 'Confirm Payment' && !b.disabled),
      }))
    const message = `An error occured while processing payment: this page is not allowed to send the card form to ${elsewhere}. Open the portal at its usual address, or contact us.`
    await confirm()
    await expect.poll(() => refusals.length).toBe(1)
    expect(refusals[0]).toContain("form-action 'self'")
    await expect.poll(async () => (await read()).alerts).toContain(message)
    expect(await read()).toEqual({ path: '/card-payment', alerts: [message], spinning: false, confirmEnabled: true })
    // Sent again: refused again, said again, never a spinner left turning.
    await confirm()
    await expect.poll(() => refusals.length).toBe(2)
    await expect.poll(async () => (await read()).confirmEnabled).toBe(true)
    expect(await read()).toEqual({ path: '/card-payment', alerts: [message], spinning: false, confirmEnabled: true })
  })
})

test.describe('with the Mastercard Gateway, PUBLIC_URL at 127.0.0.1', () => {
  test.slow()
  // A portal configured for the gateway and its sandbox, on its own port and database (the provider is a
  // server setting, PAYMENT_PROVIDER), opened at localhost while its PUBLIC_URL names 127.0.0.1.
  const mpgsPort = port + 1100
  const publicUrl = `http://127.0.0.1:${mpgsPort}`
  const base = `http://localhost:${mpgsPort}`
  const dataDir = join(tmpdir(), `portal-e2e-origin-${mpgsPort}`)
  let server: ChildProcess | undefined

  test.beforeAll(async () => {
    test.setTimeout(180_000)
    rmSync(dataDir, { recursive: true, force: true })
    server = spawn('node', ['apps/server/dist/main.js'], {
      cwd: new URL('../../..', import.meta.url).pathname,
      env: { ...process.env, PORT: String(mpgsPort), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: publicUrl, PAYMENT_PROVIDER: 'mpgs' },
      stdio: 'ignore',
    })
    const exited = new Promise<never>((_, reject) => server!.once('exit', (code) => reject(new Error(`the gateway portal stopped (exit ${code})`))))
    const up = (async () => {
      for (;;) {
        if (
          await fetch(`${publicUrl}/api/site`).then(
            (r) => r.ok,
            () => false,
          )
        )
          return
        await new Promise((r) => setTimeout(r, 500))
      }
    })()
    await Promise.race([up, exited])
  })

  test.afterAll(async () => {
    server?.kill('SIGTERM')
    rmSync(dataDir, { recursive: true, force: true })
  })

  test('cash pays on the gateway’s page with the portal opened at localhost', async ({ page }, info) => {
    const po = `ORIGIN-MPGS-${info.project.name}-${info.repeatEachIndex}`
    await signIn(page, base)
    await fillCart(page)
    await toCardPayment(page, base, po)
    await page.getByRole('button', { name: 'Confirm Payment' }).click()
    await expect(page).toHaveURL(new RegExp(`^${base}/sandbox/mpgs/checkout/pay/`))
    await page.getByLabel('Card number').fill('5123450000000008')
    await page.getByLabel('Expiry month (MM)').fill('01')
    await page.getByLabel('Expiry year (YY)').fill('39')
    await page.getByLabel('Security code').fill('100')
    await page.getByRole('button', { name: /^Pay AUD/ }).click()
    await expect(page).toHaveURL(new RegExp(`^${base}/orders`))
    await expect(page.getByText('Payment Approved.')).toBeVisible()
    await expect(page.getByRole('row', { name: new RegExp(po) })).toBeVisible()
  })
})
