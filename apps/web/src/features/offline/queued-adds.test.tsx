import { act, screen, waitFor, within } from '@testing-library/react'
import 'fake-indexeddb/auto'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AddToCartBody, CartSummary } from '@portal/contract/cart'
import type { BuyAgainItem, ListDetail } from '@portal/contract/lists'
import type { BulkAddBody, BulkAddResult } from '@portal/contract/quick-order'
import { aProduct } from '../../test/catalogue-factories'
import { aLogin, aSite, aUser, storeSession, warehouses } from '../../test/factories'
import { mockApi, sentTo } from '../../test/fetch'
import { renderApp } from '../../test/render'
import { forgetQueue } from './cart-changes'

// Saved lists' "Add all to cart" and buy-again's adds, made offline, wait in the device's queue (IndexedDB, here
// fake-indexeddb's in-memory one) and go out with their Idempotency-Key when the browser is online again, like a
// quick order's lines (docs/decisions/0031-offline-app.md, 0041).

const drench = aProduct({ ProductID: 11, ProductCode: 'IVO-PLUS-500', Description: 'Ivomec Plus Injection 500mL', Availability: { Available: 37 } })
const hose = aProduct({ ProductID: 12, ProductCode: 'FMH-SH-18M', Description: 'Farmhand Stock Hose 18mm x 15m', Availability: { Available: 3 } })

const fencing: ListDetail = {
  id: 7,
  name: 'Fencing run',
  lineCount: 2,
  createdBy: 'Trade Buyer',
  canChange: true,
  updatedAt: '2026-11-20',
  warehouse: 'WAG',
  lines: [
    { ProductID: 11, ProductCode: 'IVO-PLUS-500', Description: drench.Description, Product: drench, Quantity: 4 },
    { ProductID: 12, ProductCode: 'FMH-SH-18M', Description: hose.Description, Product: hose, Quantity: 2 },
  ],
}

const buyAgain: BuyAgainItem[] = [
  {
    ProductID: 11,
    ProductCode: 'IVO-PLUS-500',
    Description: drench.Description,
    Product: drench,
    Orders: 5,
    TotalQuantity: 20,
    LastOrderDate: '2026-10-02',
    LastQuantity: 4,
  },
]

const summary: CartSummary = { Count: 2, Value: 12_000, warehouse: 'WAG' }

/** The API the two screens see; the cart's adds report what they were sent. */
function portalApi(bulk: (body: BulkAddBody) => BulkAddResult = addedAll) {
  storeSession(aLogin({ user: aUser() }), 'WAG')
  return mockApi({
    'GET /api/site': { body: aSite() },
    'GET /api/me': { body: { user: aUser(), settings: aLogin().settings } },
    'GET /api/warehouses': { body: warehouses },
    'GET /api/categories': { body: [] },
    'GET /api/brands': { body: [] },
    'GET /api/cart': { body: { Count: 0, Value: 0, warehouse: null } },
    'GET /api/lists/7': { body: fencing },
    'GET /api/buy-again': { body: buyAgain },
    'POST /api/cart/bulk': ({ body }) => ({ body: bulk(body as BulkAddBody) }),
    'POST /api/cart': ({ body }) => ({ body: { ...summary, Count: (body as AddToCartBody).qty } }),
  })
}

function addedAll(body: BulkAddBody): BulkAddResult {
  return {
    warehouse: body.warehouse,
    added: body.lines.map((line, index) => {
      const product = [drench, hose].find((p) => p.ProductCode === line.code)!
      return { index, ProductID: product.ProductID, ProductCode: product.ProductCode, Description: product.Description, Quantity: Number(line.qty) }
    }),
    notAdded: [],
    summary,
  }
}

/** The Idempotency-Key of each call to one endpoint, in order. */
const keysSentTo = (api: ReturnType<typeof mockApi>, method: string, path: string) =>
  api.mock.calls
    .filter(([input, init]) => (init?.method ?? 'GET') === method && new URL(String(input), 'http://localhost').pathname === path)
    .map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key'])

let online = true

function goOnline() {
  online = true
  act(() => {
    window.dispatchEvent(new Event('online'))
  })
}

describe('adds from saved lists and buy-again without a connection', () => {
  // The signed-in frame and the screens load lazily: load them once, as a browser's cache would have them.
  beforeAll(async () => {
    await Promise.all([import('../../app/layout/signed-in-frame'), import('../../app/routes/list-route'), import('../../app/routes/buy-again-route')])
  })
  beforeEach(() => {
    online = true
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online)
  })
  afterEach(async () => {
    await forgetQueue()
    vi.restoreAllMocks()
  })

  it('online, "Add all to cart" sends the list’s lines in one bulk add with an Idempotency-Key', async () => {
    const api = portalApi()
    const { user } = renderApp('/lists/7')
    await user.click(await screen.findByRole('button', { name: 'Add all to cart' }))
    expect(await screen.findByText('2 products were added to your cart.')).toBeInTheDocument()
    expect(sentTo(api, 'POST', '/api/cart/bulk')).toEqual([
      {
        warehouse: 'WAG',
        lines: [
          { code: 'IVO-PLUS-500', qty: '4' },
          { code: 'FMH-SH-18M', qty: '2' },
        ],
      },
    ])
    expect(keysSentTo(api, 'POST', '/api/cart/bulk')[0]).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('offline, "Add all to cart" waits on the device, then goes once, with the same key every time, when the connection is back', async () => {
    const api = portalApi()
    const { user } = renderApp('/lists/7')
    const addAll = await screen.findByRole('button', { name: 'Add all to cart' })
    online = false
    act(() => {
      window.dispatchEvent(new Event('offline'))
    })
    await user.clear(screen.getByRole('textbox', { name: 'Quantity of FMH-SH-18M' }))
    await user.type(screen.getByRole('textbox', { name: 'Quantity of FMH-SH-18M' }), '3')
    await user.click(addAll)

    expect(await screen.findByText(/Waiting to send: 2 lines go into your cart when you are back online\./)).toBeInTheDocument()
    const status = screen.getByTestId('connection-status')
    expect(await within(status).findByRole('list', { name: 'Waiting to send' })).toHaveTextContent('Saved list “Fencing run” (2 lines)')
    expect(sentTo(api, 'POST', '/api/cart/bulk')).toEqual([])

    goOnline()
    const sent = await within(status).findByRole('list', { name: 'Sent from this device' })
    expect(await within(sent).findByText('Saved list “Fencing run” (2 lines): 2 lines added to your cart')).toBeInTheDocument()
    expect(sentTo(api, 'POST', '/api/cart/bulk')).toEqual([
      {
        warehouse: 'WAG',
        lines: [
          { code: 'IVO-PLUS-500', qty: '4' },
          { code: 'FMH-SH-18M', qty: '3' },
        ],
      },
    ])
    expect(keysSentTo(api, 'POST', '/api/cart/bulk')[0]).toMatch(/^[0-9a-f-]{36}$/)
    // Sent and answered: nothing is left to send again.
    expect(within(status).queryByRole('list', { name: 'Waiting to send' })).not.toBeInTheDocument()
  })

  it('a queued list whose lines the server refuses in part is listed as not all added, with the server’s reasons', async () => {
    portalApi((body) => ({
      ...addedAll({ ...body, lines: body.lines.slice(0, 1) }),
      notAdded: [{ index: 1, code: 'FMH-SH-18M', reason: 'quantity_not_available', message: 'Quantity not available' }],
    }))
    const { user } = renderApp('/lists/7')
    const addAll = await screen.findByRole('button', { name: 'Add all to cart' })
    online = false
    await user.click(addAll)
    expect(await screen.findByText(/Waiting to send: 2 lines go/)).toBeInTheDocument()

    goOnline()
    const refused = await screen.findByText(
      'Saved list “Fencing run” (2 lines): 1 line added to your cart, 1 line not added (FMH-SH-18M: Quantity not available)',
    )
    expect(refused.closest('li')?.className).toMatch(/refused/)
  })

  it('a network failure under "Add all to cart" queues the call, and it goes again later with the same Idempotency-Key', async () => {
    const api = portalApi()
    const answering = api.getMockImplementation()!
    let cutOff = true
    api.mockImplementation(async (input, init) => {
      if (cutOff && init?.method === 'POST' && String(input).endsWith('/api/cart/bulk')) throw new TypeError('Failed to fetch')
      return answering(input, init)
    })
    const { user } = renderApp('/lists/7')
    await user.click(await screen.findByRole('button', { name: 'Add all to cart' }))
    expect(await screen.findByText(/Waiting to send: 2 lines go/)).toBeInTheDocument()

    cutOff = false
    goOnline()
    expect(await screen.findByText('Saved list “Fencing run” (2 lines): 2 lines added to your cart')).toBeInTheDocument()
    const [first, again] = keysSentTo(api, 'POST', '/api/cart/bulk')
    expect(again).toBe(first)
  })

  it('offline, buy-again’s add waits on the device and goes into the cart once when the connection is back', async () => {
    const api = portalApi()
    const { user } = renderApp('/buy-again')
    const row = (await screen.findByRole('link', { name: drench.Description })).closest('tr')!
    online = false
    act(() => {
      window.dispatchEvent(new Event('offline'))
    })
    const quantity = within(row).getByRole('spinbutton', { name: /Quantity/ })
    await user.clear(quantity)
    await user.type(quantity, '4')
    await user.click(within(row).getByRole('button', { name: 'Add to cart' }))

    expect(await screen.findByText(`Waiting to send: ${drench.Description} goes into the cart when you are back online`)).toBeInTheDocument()
    const status = screen.getByTestId('connection-status')
    expect(await within(status).findByRole('list', { name: 'Waiting to send' })).toHaveTextContent(`${drench.Description}: add 4`)
    expect(sentTo(api, 'POST', '/api/cart')).toEqual([])

    goOnline()
    expect(await within(status).findByText(`${drench.Description}: added to your cart`)).toBeInTheDocument()
    expect(sentTo(api, 'POST', '/api/cart')).toEqual([{ productID: 11, qty: 4, warehouse: 'WAG' }])
    expect(keysSentTo(api, 'POST', '/api/cart')[0]).toMatch(/^[0-9a-f-]{36}$/)
    await waitFor(() => expect(within(status).queryByRole('list', { name: 'Waiting to send' })).not.toBeInTheDocument())
  })
})
