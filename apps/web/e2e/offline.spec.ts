import { expect as baseExpect, test, type BrowserContext, type Page } from '@playwright/test'
import { api, BACK_OFFICE_LOGINS, fillCheckout, signIn, signInToBackOffice, workerInControl } from './journey'

// The installable app with its service worker, as `npm start` serves it (docs/decisions/0031-offline-app.md):
// install criteria, browsing offline, the queue of cart changes, a checkout cut off mid-request, logout.
test.use({ serviceWorkers: 'allow' })
// Each journey waits for the worker to install (the whole app precached) before it goes offline.
test.describe.configure({ timeout: 120_000 })
// A screen's first load waits on the server, which shares the machine: longer than the suite's 10 s.
const expect = baseExpect.configure({ timeout: 30_000 })
test.skip(({ viewport }) => (viewport?.width ?? 0) < 990, 'the worker and the queue do not depend on the layout: the desktop project only')

type Product = { ProductID: number; ProductCode: string; Description: string; Category: string; Availability: { Available: number } }

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true)
  await expect(page.getByTestId('connection-status')).toContainText('You are offline')
}

/** What the device keeps: the installable app's saved answers ("cache address") and the cart changes waiting to send. */
async function leftOnDevice(page: Page): Promise<{ saved: string[]; queued: number }> {
  return page.evaluate(async () => {
    const saved: string[] = []
    for (const name of (await caches.keys()).filter((n) => n.startsWith('portal-')))
      for (const request of await (await caches.open(name)).keys()) saved.push(`${name} ${request.url}`)
    const queued = await new Promise<number>((resolve, reject) => {
      const open = indexedDB.open('portal-offline')
      open.onerror = () => reject(open.error)
      open.onsuccess = () => {
        const db = open.result
        if (!db.objectStoreNames.contains('changes')) return resolve(0)
        const count = db.transaction('changes').objectStore('changes').count()
        count.onsuccess = () => {
          db.close()
          resolve(count.result)
        }
        count.onerror = () => reject(count.error)
      }
    })
    return { saved, queued }
  })
}

/** Popular products of the branch with at least `min` in stock. */
async function popular(page: Page, warehouse: string, min: number, count: number): Promise<Product[]> {
  const products = await api<Product[]>(page, 'GET', `popular?warehouse=${warehouse}`)
  const chosen = products.filter((p) => p.Availability.Available >= min).slice(0, count)
  expect(chosen).toHaveLength(count)
  return chosen
}

test('meets the install criteria: a manifest with name, icons, theme and start URL, and a worker controlling the page', async ({ page, request }) => {
  await signIn(page, 'trade', 'Trade2026')
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest')
  const manifest = await (await request.get('/manifest.webmanifest')).json()
  // The server's manifest, in the distributor's name and colour (the demo's here).
  expect(manifest).toMatchObject({ name: 'Riverina Rural Supply', short_name: 'Riverina', start_url: '/', display: 'standalone', theme_color: '#1f5f3a' })
  const icons = manifest.icons as Array<{ src: string; sizes: string; type: string; purpose: string }>
  for (const size of ['192x192', '512x512']) expect(icons.some((i) => i.sizes === size && i.type === 'image/png' && i.purpose === 'any')).toBe(true)
  expect(icons.some((i) => i.purpose === 'maskable')).toBe(true)
  for (const icon of icons) {
    const res = await request.get(icon.src)
    expect(res.status(), icon.src).toBe(200)
    expect(res.headers()['content-type'], icon.src).toBe(icon.type)
  }
  await workerInControl(page)
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
  expect(scope).toBe(new URL('/', page.url()).href)
  const worker = await request.get('/sw.js')
  expect(worker.headers()['cache-control']).toBe('no-cache')
})

test('offline, a reload still opens the frame, and a category and a product seen before, prices as of when saved', async ({ page, context }) => {
  await signIn(page, 'trade', 'Trade2026')
  await workerInControl(page)
  const [product] = await popular(page, 'WAG', 1, 1)
  await page.goto(`/category/${encodeURIComponent(product!.Category)}`)
  await expect(page.getByRole('article').first()).toBeVisible()
  const firstCard = await page.getByRole('article').first().getAttribute('aria-label')
  await page.goto(`/product/${product!.ProductID}`)
  await expect(page.getByRole('heading', { level: 1, name: product!.Description })).toBeVisible()

  await goOffline(context, page)
  await page.reload()
  await expect(page.getByText(/^Hi, .+!$/)).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: product!.Description })).toBeVisible()
  await expect(page.getByTestId('connection-status')).toContainText(/prices and stock as of \d+ \w+/)

  await page.goto(`/category/${encodeURIComponent(product!.Category)}`)
  await expect(page.getByRole('article').first()).toBeVisible()
  if (firstCard) await expect(page.getByRole('article', { name: firstCard })).toBeVisible()
  await expect(page.getByTestId('connection-status')).toContainText('as of')
  // Placing an order needs the connection: the checkout's button says so.
  await page.goto('/')
  await expect(page.getByText(/^Hi, .+!$/)).toBeVisible()
})

test('offline, a page never opened says it is not saved; back online, fresh data is not called saved', async ({ page, context }) => {
  await signIn(page, 'trade', 'Trade2026')
  await workerInControl(page)
  const [product] = await popular(page, 'WAG', 1, 1)
  await page.goto(`/product/${product!.ProductID}`)
  await expect(page.getByRole('heading', { level: 1, name: product!.Description })).toBeVisible()

  await goOffline(context, page)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: product!.Description })).toBeVisible()
  await expect(page.getByTestId('connection-status')).toContainText('as of')

  // A category never opened: the device has nothing saved for it, and says so rather than that loading failed.
  await page.goto(`/category/${encodeURIComponent(product!.Category)}`)
  await expect(page.getByText('This page is not saved for offline use. It opens when you are back online.')).toBeVisible()
  await expect(page.getByText('The products could not be loaded.')).toHaveCount(0)

  // Back online, the screen is read again and the banner does not call it saved. A first read slower than the
  // worker's 3 s wait (a busy test machine) is shown as saved, as a slow connection's should be; the next read,
  // once the server has caught up, is fresh and not called saved.
  await context.setOffline(false)
  await expect(page.getByRole('article').first()).toBeVisible()
  const banner = page.getByTestId('connection-status')
  if (await banner.count()) {
    await expect(banner).toContainText('Slow connection')
    await page.reload()
    await expect(page.getByRole('article').first()).toBeVisible()
  }
  await expect(banner).toHaveCount(0)
})

test('two products added offline wait on the device, then go into the cart and the header when the connection is back', async ({ page, context }) => {
  await signIn(page, 'trade', 'Trade2026')
  await workerInControl(page)
  await api(page, 'DELETE', 'cart')
  const products = await popular(page, 'WAG', 5, 2)
  for (const p of products) {
    await page.goto(`/product/${p.ProductID}`)
    await expect(page.getByRole('heading', { level: 1, name: p.Description })).toBeVisible()
  }

  await goOffline(context, page)
  for (const p of products) {
    await page.goto(`/product/${p.ProductID}`)
    await expect(page.getByRole('heading', { level: 1, name: p.Description })).toBeVisible()
    await page.getByRole('main').getByRole('button', { name: 'Add to cart' }).first().click()
    await expect(page.getByRole('list', { name: 'Waiting to send' }).getByText(p.Description, { exact: false })).toBeVisible()
  }
  await expect(page.getByTestId('connection-status')).toContainText('Waiting to send (2)')
  // Stored on the device: still there after a reload.
  await page.reload()
  await expect(page.getByRole('list', { name: 'Waiting to send' }).getByRole('listitem')).toHaveCount(2)

  await context.setOffline(false)
  const sent = page.getByRole('list', { name: 'Sent from this device' })
  for (const p of products) await expect(sent.getByText(`${p.Description}: added to your cart`)).toBeVisible()
  await expect(page.getByRole('banner').getByRole('link', { name: /2 items/ })).toBeVisible()
  await page.goto('/cart')
  for (const p of products) await expect(page.getByRole('link', { name: p.Description })).toBeVisible()
})

test('quick-order lines added offline wait on the device as one order of lines, then go into the cart when the connection is back', async ({
  page,
  context,
}) => {
  await signIn(page, 'trade', 'Trade2026')
  await workerInControl(page)
  await api(page, 'DELETE', 'cart')
  const products = await popular(page, 'WAG', 5, 2)
  await page.goto('/quick-order')
  await expect(page.getByRole('heading', { level: 1, name: 'Quick Order' })).toBeVisible()

  await goOffline(context, page)
  for (const [i, p] of products.entries()) {
    await page.getByRole('combobox', { name: `Product code, row ${i + 1}`, exact: true }).fill(p.ProductCode)
    await page.keyboard.press('Enter')
  }
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Waiting to send: 2 lines go into your cart when you are back online.' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Waiting to send' }).getByRole('listitem')).toHaveText(['Quick order of 2 lines'])
  // The grid starts afresh: the lines are on the device, a second click must not queue them again.
  await expect(page.getByRole('combobox', { name: 'Product code, row 1', exact: true })).toHaveValue('')

  await context.setOffline(false)
  await expect(page.getByRole('list', { name: 'Sent from this device' }).getByText('Quick order of 2 lines: 2 lines added to your cart')).toBeVisible()
  await page.goto('/cart')
  for (const p of products) await expect(page.getByRole('link', { name: p.Description })).toBeVisible()
  // The journeys after this one expect trade's cart empty.
  await api(page, 'DELETE', 'cart')
})

test('a saved list’s "Add all to cart" and a buy-again add made offline wait on the device, then go into the cart once when the connection is back', async ({
  page,
  context,
}) => {
  await signIn(page, 'trade', 'Trade2026')
  await workerInControl(page)
  await api(page, 'DELETE', 'cart')
  const onList = await popular(page, 'WAG', 5, 2)
  const again = (
    await api<Array<{ ProductID: number; Description: string; Product: Pick<Product, 'Availability'> | null }>>(page, 'GET', 'buy-again?warehouse=WAG')
  ).find((i) => i.Product !== null && i.Product.Availability.Available >= 5 && !onList.some((p) => p.ProductID === i.ProductID))!
  expect(again).toBeDefined()
  const name = `Offline list ${Date.now()}`
  const list = await api<{ id: number }>(page, 'POST', 'lists', {
    name,
    lines: onList.map((p, i) => ({ ProductID: p.ProductID, Quantity: i + 2 })),
  })
  // Seen online first: the device keeps what was read.
  await page.goto(`/lists/${list.id}`)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await page.goto('/buy-again')
  await expect(page.getByRole('link', { name: again.Description, exact: true })).toBeVisible()

  await goOffline(context, page)
  await page.goto(`/lists/${list.id}`)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await page.getByRole('button', { name: 'Add all to cart' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Waiting to send: 2 lines go into your cart when you are back online.' })).toBeVisible()
  await page.goto('/buy-again')
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: again.Description, exact: true }) })
  await row.getByRole('spinbutton', { name: /Quantity/ }).fill('3')
  await row.getByRole('button', { name: 'Add to cart' }).click()
  const waiting = page.getByRole('list', { name: 'Waiting to send' }).getByRole('listitem')
  await expect(waiting).toHaveText([`Saved list “${name}” (2 lines)`, `${again.Description}: add 3`])

  await context.setOffline(false)
  const sent = page.getByRole('list', { name: 'Sent from this device' })
  await expect(sent.getByText(`Saved list “${name}” (2 lines): 2 lines added to your cart`)).toBeVisible()
  await expect(sent.getByText(`${again.Description}: added to your cart`)).toBeVisible()
  await expect(page.getByRole('banner').getByRole('link', { name: /3 items/ })).toBeVisible()
  // Once, not twice: a reload starts the queue again, and nothing in it is sent a second time.
  await page.reload()
  await expect(page.getByText(/^Hi, .+!$/)).toBeVisible()
  await expect(page.getByRole('banner').getByRole('link', { name: /3 items/ })).toBeVisible()
  const lines = await api<Array<{ ProductID: number; Quantity: number }>>(page, 'GET', 'cart/items?warehouse=WAG')
  expect(Object.fromEntries(lines.map((l) => [l.ProductID, l.Quantity]))).toEqual({
    [onList[0]!.ProductID]: 2,
    [onList[1]!.ProductID]: 3,
    [again.ProductID]: 3,
  })
  await page.goto('/cart')
  for (const description of [...onList.map((p) => p.Description), again.Description]) await expect(page.getByRole('link', { name: description })).toHaveCount(1)
  // The journeys after this one expect trade's cart empty and its lists as they were.
  await api(page, 'DELETE', 'cart')
  await api(page, 'DELETE', `lists/${list.id}`)
})

test('a cash-sale quantity queued offline above the stock comes back refused with the cart’s stock message', async ({ page, context }) => {
  await signIn(page, 'cash', 'Cash2026')
  await workerInControl(page)
  await api(page, 'DELETE', 'cart')
  const [product] = await popular(page, 'MEL', 2, 1)
  const stock = product!.Availability.Available
  await page.goto(`/product/${product!.ProductID}`)
  await expect(page.getByRole('heading', { level: 1, name: product!.Description })).toBeVisible()

  await goOffline(context, page)
  // Each add alone is within the stock the page showed; together they are above it.
  const quantity = page
    .getByRole('main')
    .getByLabel(/^Quantity/)
    .first()
  for (let i = 0; i < 2; i += 1) {
    await quantity.fill(String(stock))
    await page.getByRole('main').getByRole('button', { name: 'Add to cart' }).first().click()
    await expect(page.getByRole('list', { name: 'Waiting to send' }).getByRole('listitem')).toHaveCount(i + 1)
  }

  await context.setOffline(false)
  const sent = page.getByRole('list', { name: 'Sent from this device' })
  await expect(sent.getByText(`${product!.Description}: added to your cart`)).toBeVisible()
  await expect(sent.getByText(`${product!.Description}: not sent. Unfortunately the requested quantity is not available for purchase`)).toBeVisible()
  const lines = await api<Array<{ ProductID: number; Quantity: number }>>(page, 'GET', 'cart/items?warehouse=MEL')
  expect(lines).toEqual([expect.objectContaining({ ProductID: product!.ProductID, Quantity: stock })])
})

test('a checkout cut off by the connection mid-request is sent again when it is back and places one order', async ({ page, context }) => {
  const po = `PO-OFFLINE-${Date.now()}`
  await signIn(page, 'trade', 'Trade2026')
  await workerInControl(page)
  await api(page, 'DELETE', 'cart')
  const [product] = await popular(page, 'WAG', 5, 1)
  await api(page, 'POST', 'cart', { productID: product!.ProductID, qty: 1, warehouse: 'WAG' })
  await page.goto('/checkout')
  await fillCheckout(page, po)

  // The server places the order, and the answer is lost as the connection drops.
  const keys: string[] = []
  let cutOff = false
  await context.route('**/api/orders', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback()
    keys.push(route.request().headers()['idempotency-key'] ?? '')
    if (cutOff) return route.fallback()
    cutOff = true
    await route.fetch()
    await context.setOffline(true)
    await route.abort('internetdisconnected')
  })
  await page.getByRole('button', { name: 'Complete Order' }).click()
  await expect(page.getByTestId('connection-status')).toContainText('You are offline')
  expect(keys).toHaveLength(1)

  await context.setOffline(false)
  await expect(page).toHaveURL(/\/orders$/)
  expect(keys).toHaveLength(2)
  expect(keys[1]).toBe(keys[0])
  const orders = await api<Array<{ PurchaseOrder?: string }>>(page, 'GET', `orders?search=${encodeURIComponent(po)}`)
  expect(orders).toHaveLength(1)
})

test('logout empties the saved pages and the waiting changes from the device', async ({ page, context }) => {
  await signIn(page, 'trade', 'Trade2026')
  await workerInControl(page)
  const [product] = await popular(page, 'WAG', 5, 1)
  await page.goto(`/product/${product!.ProductID}`)
  await expect(page.getByRole('heading', { level: 1, name: product!.Description })).toBeVisible()
  await goOffline(context, page)
  await page.getByRole('main').getByRole('button', { name: 'Add to cart' }).first().click()
  await expect(page.getByRole('list', { name: 'Waiting to send' }).getByRole('listitem')).toHaveCount(1)

  const before = await leftOnDevice(page)
  expect(before.saved.length).toBeGreaterThan(0)
  expect(before.queued).toBe(1)

  await page.goto('/logout')
  await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible()
  expect(await leftOnDevice(page)).toEqual({ saved: [], queued: 0 })
})

test('the latest orders and invoices are read ahead, so that ones never opened still open offline', async ({ page, context }) => {
  await signIn(page, 'trade', 'Trade2026')
  await workerInControl(page)
  // Read ahead in the background once the first screen is up: the history's lists, then each record.
  await page.waitForFunction(() => localStorage.getItem('portal-history-saved') !== null, null, { timeout: 180_000 })
  const orders = await api<Array<{ SalesOrder: string }>>(page, 'GET', 'orders?page=1')
  const invoices = await api<Array<{ Invoice: string }>>(page, 'GET', 'invoices?page=1')
  expect(orders.length).toBeGreaterThan(2)
  expect(invoices.length).toBeGreaterThan(2)
  const order = orders[Math.min(orders.length, 100) - 1]!.SalesOrder
  const invoice = invoices.at(-1)!.Invoice

  await goOffline(context, page)
  await page.goto('/orders')
  await expect(page.getByRole('heading', { level: 1, name: 'Order History' })).toBeVisible()
  await expect(page.getByRole('link', { name: orders[0]!.SalesOrder, exact: true })).toBeVisible()
  await page.goto(`/orders/${encodeURIComponent(order)}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Order Details' })).toBeVisible()
  await expect(page.getByRole('main')).toContainText(order)
  await page.goto(`/invoice/${encodeURIComponent(invoice)}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Tax Invoice' })).toBeVisible()
  await expect(page.getByRole('main')).toContainText(invoice)
  await expect(page.getByTestId('connection-status')).toContainText('as of')
})

test('a rep ordering for a customer queues offline as the customer would; Stop asks before discarding what waits, and leaves nothing of the customer on the device', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000)
  // The rep looks after Kelly's (KELLYFG) and orders as its user trade (decision 0101).
  await signInToBackOffice(page, BACK_OFFICE_LOGINS.rep)
  await page.goto('/staff/accounts/KELLYFG')
  const section = page.getByRole('region', { name: 'Order for this account' })
  const picker = section.getByLabel('Order as')
  await picker.selectOption(await picker.locator('option', { hasText: '(trade,' }).getAttribute('value'))
  await section.getByRole('button', { name: 'Order for this account' }).click()
  const banner = page.getByRole('region', { name: 'Ordering for a customer' })
  await expect(banner).toBeVisible()
  await workerInControl(page)
  await api(page, 'DELETE', 'cart')
  const [kept, dropped] = await popular(page, 'WAG', 5, 2)
  for (const p of [kept!, dropped!]) {
    await page.goto(`/product/${p.ProductID}`)
    await expect(page.getByRole('heading', { level: 1, name: p.Description })).toBeVisible()
  }

  // Offline, the rep's add waits on the device, and goes into the customer's cart when the connection is back.
  await goOffline(context, page)
  await page.goto(`/product/${kept!.ProductID}`)
  await expect(banner).toBeVisible()
  await page.getByRole('main').getByRole('button', { name: 'Add to cart' }).first().click()
  await expect(page.getByRole('list', { name: 'Waiting to send' }).getByText(kept!.Description, { exact: false })).toBeVisible()
  await context.setOffline(false)
  await expect(page.getByRole('list', { name: 'Sent from this device' }).getByText(`${kept!.Description}: added to your cart`)).toBeVisible()

  // Offline again, one more waits; Stop asks first, and Keep ordering keeps it.
  await goOffline(context, page)
  await page.goto(`/product/${dropped!.ProductID}`)
  await page.getByRole('main').getByRole('button', { name: 'Add to cart' }).first().click()
  await expect(page.getByTestId('connection-status')).toContainText('Waiting to send (1)')
  await banner.getByRole('button', { name: 'Stop' }).click()
  const question = page.getByRole('dialog', { name: 'Stop ordering for this account?' })
  await expect(question).toContainText('1 cart change is still waiting to send on this device.')
  await question.getByRole('button', { name: 'Keep ordering' }).click()
  await expect(banner).toBeVisible()
  await expect(page.getByTestId('connection-status')).toContainText('Waiting to send (1)')
  await banner.getByRole('button', { name: 'Stop' }).click()
  await question.getByRole('button', { name: 'Stop and discard' }).click()
  await expect(page).toHaveURL(/\/staff\/accounts\/KELLYFG$/)
  // The device is cleared as Stop finishes, before anything reloads the page (the public /api/site aside).
  await expect
    .poll(async () => {
      const left = await leftOnDevice(page)
      return { ...left, saved: left.saved.filter((entry) => !entry.endsWith('/api/site')) }
    })
    .toEqual({ saved: [], queued: 0 })

  // Back online: the back office, no banner, and nothing the session read or queued stays on the device.
  await context.setOffline(false)
  await page.reload()
  await expect(page.getByRole('heading', { name: /\(KELLYFG\)/, level: 1 })).toBeVisible()
  await expect(banner).toHaveCount(0)
  const left = { ...(await leftOnDevice(page)), customerToken: await page.evaluate(() => localStorage.getItem('token')) }
  // The site's public facts (name, branches' hours), read again by the back office's reload, are nobody's data.
  expect({ ...left, saved: left.saved.filter((entry) => !entry.endsWith('/api/site')) }).toEqual({ saved: [], queued: 0, customerToken: null })

  // The customer's cart holds what was sent, not what was discarded.
  const login = await (await request.post('/api/login', { data: { username: 'trade', password: 'Trade2026' } })).json()
  const lines = (await (await request.get('/api/cart/items?warehouse=WAG', { headers: { Authorization: `Bearer ${login.token}` } })).json()) as Array<{
    ProductID: number
  }>
  expect(lines.map((l) => l.ProductID)).toEqual([kept!.ProductID])
})
