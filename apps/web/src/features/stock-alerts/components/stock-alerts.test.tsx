import type { StockAlert } from '@portal/contract/stock-alerts'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { aProduct, aProductDetail } from '../../../test/catalogue-factories'
import { aBrand, aCategory, aLogin, aSite, aUser, storeSession, warehouses } from '../../../test/factories'
import { mockApi, sentTo, type Reply } from '../../../test/fetch'
import { renderApp } from '../../../test/render'

/** The frame's own calls, answered; a test adds those it is about. */
const catalogueApi = (routes: Record<string, Reply | (() => Reply)>, user = aUser()) =>
  mockApi({
    'GET /api/site': { body: aSite() },
    'GET /api/me': { body: { user, settings: aLogin().settings } },
    'GET /api/warehouses': { body: warehouses },
    'GET /api/categories': { body: [aCategory({ name: 'animal-health', title: 'Animal Health' })] },
    'GET /api/brands': { body: [aBrand('Ivomec', 'IVOMEC')] },
    'GET /api/cart': { body: { Count: 0, Value: 0, warehouse: null } },
    ...routes,
  })

const signIn = () => storeSession(aLogin({ user: aUser() }), 'WAG')

const anAlert = (over: Partial<StockAlert> = {}): StockAlert => ({
  id: 7,
  ProductID: 42,
  ProductCode: 'IVO-5L',
  Description: 'Ivomec Pour-On for Cattle 5L',
  LocationID: 'WAG',
  BranchName: 'Wagga Wagga',
  quantity: null,
  status: 'waiting',
  createdAt: '2026-12-01',
  closedAt: null,
  lapsesAt: '2027-03-01',
  ...over,
})

const outOfStock = aProductDetail({
  ProductID: 42,
  Description: 'Ivomec Pour-On for Cattle 5L',
  Category: 'pour-ons-backliners',
  Availability: { Available: 0 },
})

describe('Notify me on the product page', () => {
  it('is offered only when the branch has none, and asks with the quantity typed', async () => {
    signIn()
    let alerts: StockAlert[] = []
    const spy = catalogueApi({
      'GET /api/product/42': { body: outOfStock },
      'GET /api/categories/pour-ons-backliners/random-products': { body: [] },
      'GET /api/stock-alerts': () => ({ body: alerts }),
      'POST /api/stock-alerts': () => {
        alerts = [anAlert({ quantity: 12 })]
        return { status: 201, body: alerts[0] }
      },
    })
    const { user } = renderApp('/product/42')
    await user.click(await screen.findByRole('button', { name: 'Notify me' }, { timeout: 20_000 }))
    const form = screen.getByRole('form', { name: 'Notify me when back in stock' })
    await user.type(within(form).getByLabelText('Quantity wanted (optional)'), '1.5')
    await user.click(within(form).getByRole('button', { name: 'Notify me' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent('Enter a whole number from 1 to 99,999, or leave it empty')
    await user.clear(within(form).getByLabelText('Quantity wanted (optional)'))
    await user.type(within(form).getByLabelText('Quantity wanted (optional)'), '12')
    await user.click(within(form).getByRole('button', { name: 'Notify me' }))
    expect(await screen.findByText(/We will e-mail you when 12 are back in stock here/)).toBeInTheDocument()
    expect(sentTo(spy, 'POST', '/api/stock-alerts')).toEqual([{ productId: 42, warehouse: 'WAG', quantity: 12 }])
    expect(screen.getByRole('button', { name: 'Cancel alert' })).toBeInTheDocument()
  })

  it('is not offered when the branch has stock', async () => {
    signIn()
    catalogueApi({
      'GET /api/product/42': { body: { ...outOfStock, Availability: { Available: 3 } } },
      'GET /api/categories/pour-ons-backliners/random-products': { body: [] },
      'GET /api/stock-alerts': { body: [] },
    })
    renderApp('/product/42')
    expect(await screen.findByRole('heading', { level: 1, name: 'Ivomec Pour-On for Cattle 5L' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Notify me' })).not.toBeInTheDocument()
  })
})

describe('Notify me on a product card', () => {
  const card = (name: string) => screen.findByRole('article', { name }, { timeout: 20_000 })
  const list = (products: ReturnType<typeof aProduct>[]) => ({ 'GET /api/categories/animal-health/products': { body: products } })
  const cash = aUser({ Name: 'Pat Bell', username: 'cash', SalesCategory: 'CAS' })

  it('is offered on the cards the branch has none of, with one request for the whole list, and asks with the quantity typed', async () => {
    signIn()
    let alerts: StockAlert[] = []
    const spy = catalogueApi({
      ...list([
        aProduct({ ProductID: 41, Description: 'Coopers Magnum Drench 20L', Availability: { Available: 6 } }),
        aProduct({ ProductID: 42, Description: 'Ivomec Pour-On for Cattle 5L', Availability: { Available: 0 } }),
        aProduct({ ProductID: 43, Description: 'Vet gloves', Availability: { Available: 0 } }),
        aProduct({ ProductID: 44, Description: 'Ear tags', Availability: { Available: -2 } }),
      ]),
      'GET /api/stock-alerts': () => ({ body: alerts }),
      'POST /api/stock-alerts': () => {
        alerts = [anAlert({ quantity: 12 })]
        return { status: 201, body: alerts[0] }
      },
    })
    const { user } = renderApp('/category/animal-health')
    const ivomec = await card('Ivomec Pour-On for Cattle 5L')
    const notify = await within(ivomec).findByRole('button', { name: 'Notify me when Ivomec Pour-On for Cattle 5L is back in stock' })
    await waitFor(() => expect(notify).toBeEnabled())
    expect(within(await card('Vet gloves')).getByRole('button', { name: /^Notify me/ })).toBeInTheDocument()
    expect(within(await card('Ear tags')).getByRole('button', { name: /^Notify me/ })).toBeInTheDocument()
    expect(within(await card('Coopers Magnum Drench 20L')).queryByRole('button', { name: /^Notify me/ })).not.toBeInTheDocument()
    // The add button stays: a trade account may order it on back order, as on the product page.
    expect(within(ivomec).getByRole('button', { name: 'Add to cart' })).toBeEnabled()

    await user.click(notify)
    const form = within(ivomec).getByRole('form', { name: 'Notify me when Ivomec Pour-On for Cattle 5L is back in stock' })
    const quantity = within(form).getByLabelText('Quantity wanted (optional)')
    expect(quantity).toHaveFocus()
    await user.type(quantity, '0')
    await user.click(within(form).getByRole('button', { name: 'Notify me' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent('Enter a whole number from 1 to 99,999, or leave it empty')
    expect(sentTo(spy, 'POST', '/api/stock-alerts')).toEqual([])
    await user.clear(quantity)
    await user.type(quantity, '12')
    await user.click(within(form).getByRole('button', { name: 'Notify me' }))
    expect(await within(ivomec).findByText(/We will e-mail you when 12 are back in stock here/)).toBeInTheDocument()
    expect(await screen.findByText('We will e-mail you when it is back in stock.')).toBeInTheDocument()
    expect(sentTo(spy, 'POST', '/api/stock-alerts')).toEqual([{ productId: 42, warehouse: 'WAG', quantity: 12 }])
    expect(within(ivomec).getByRole('button', { name: 'Cancel alert for Ivomec Pour-On for Cattle 5L' })).toBeInTheDocument()
    // A card has no room for the link to the list: the account menu has it.
    expect(within(ivomec).queryByRole('link', { name: 'Stock alerts' })).not.toBeInTheDocument()
    // The other cards still offer it: the request is of this product only.
    expect(within(await card('Vet gloves')).getByRole('button', { name: /^Notify me/ })).toBeInTheDocument()
    // Three cards without stock, one list of requests; read again once after the request was made.
    expect(sentTo(spy, 'GET', '/api/stock-alerts')).toHaveLength(2)
  })

  it('shows a product already requested at this branch as requested, and cancels it', async () => {
    signIn()
    let alerts = [anAlert(), anAlert({ id: 8, ProductID: 43, LocationID: 'MEL', BranchName: 'Melbourne' })]
    const spy = catalogueApi({
      ...list([
        aProduct({ ProductID: 42, Description: 'Ivomec Pour-On for Cattle 5L', Availability: { Available: 0 } }),
        aProduct({ ProductID: 43, Description: 'Vet gloves', Availability: { Available: 0 } }),
      ]),
      'GET /api/stock-alerts': () => ({ body: alerts }),
      'DELETE /api/stock-alerts/7': () => {
        alerts = alerts.map((a) => (a.id === 7 ? { ...a, status: 'cancelled' as const, closedAt: '2026-12-07' } : a))
        return { status: 204 }
      },
    })
    const { user } = renderApp('/category/animal-health')
    const ivomec = await card('Ivomec Pour-On for Cattle 5L')
    expect(await within(ivomec).findByRole('status')).toHaveTextContent('We will e-mail you when it is back in stock here.')
    expect(within(ivomec).queryByRole('button', { name: /^Notify me/ })).not.toBeInTheDocument()
    // Asked at Melbourne: at Wagga Wagga it is still to ask.
    expect(within(await card('Vet gloves')).getByRole('button', { name: 'Notify me when Vet gloves is back in stock' })).toBeInTheDocument()

    await user.click(within(ivomec).getByRole('button', { name: 'Cancel alert for Ivomec Pour-On for Cattle 5L' }))
    expect(await within(ivomec).findByRole('button', { name: 'Notify me when Ivomec Pour-On for Cattle 5L is back in stock' })).toBeInTheDocument()
    expect(await screen.findByText('Stock alert cancelled.')).toBeInTheDocument()
    expect(sentTo(spy, 'DELETE', '/api/stock-alerts/7')).toHaveLength(1)
  })

  it("says the server's reason when it refuses, and keeps the form", async () => {
    signIn()
    catalogueApi({
      ...list([aProduct({ ProductID: 42, Description: 'Ivomec Pour-On for Cattle 5L', Availability: { Available: 0 } })]),
      'GET /api/stock-alerts': { body: [] },
      'POST /api/stock-alerts': {
        status: 400,
        body: {
          error: 'in_stock',
          message: 'There are 3 in stock at this branch: add them to your cart.',
          fields: [{ field: 'body.quantity', message: 'in stock' }],
        },
      },
    })
    const { user } = renderApp('/category/animal-health')
    const ivomec = await card('Ivomec Pour-On for Cattle 5L')
    const notify = within(ivomec).getByRole('button', { name: /^Notify me/ })
    await waitFor(() => expect(notify).toBeEnabled())
    await user.click(notify)
    const form = within(ivomec).getByRole('form')
    await user.type(within(form).getByLabelText('Quantity wanted (optional)'), '2')
    await user.click(within(form).getByRole('button', { name: 'Notify me' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent('There are 3 in stock at this branch: add them to your cart.')
    await user.click(within(form).getByRole('button', { name: 'Close' }))
    expect(within(ivomec).getByRole('button', { name: /^Notify me/ })).toBeInTheDocument()
  })

  it('asks nothing of the requests while every card is in stock', async () => {
    signIn()
    const spy = catalogueApi({ ...list([aProduct({ Description: 'Coopers Magnum Drench 20L' }), aProduct({ Description: 'Vet gloves' })]) })
    renderApp('/category/animal-health')
    expect(await card('Vet gloves')).toBeInTheDocument()
    expect(await card('Coopers Magnum Drench 20L')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Notify me/ })).not.toBeInTheDocument()
    expect(sentTo(spy, 'GET', '/api/stock-alerts')).toEqual([])
  })

  it('is offered to a cash-sale account beside its disabled add button, as on the product page', async () => {
    storeSession(aLogin({ user: cash, settings: { DefaultWareHouse: 'MEL', BranchGroup: [] } }), 'MEL')
    const spy = catalogueApi(
      {
        ...list([aProduct({ ProductID: 42, Description: 'Ivomec Pour-On for Cattle 5L', Availability: { Available: 0 } })]),
        'GET /api/stock-alerts': { body: [] },
        'POST /api/stock-alerts': { status: 201, body: anAlert({ LocationID: 'MEL', BranchName: 'Melbourne' }) },
      },
      cash,
    )
    const { user } = renderApp('/category/animal-health')
    const ivomec = await card('Ivomec Pour-On for Cattle 5L')
    expect(within(ivomec).getByRole('button', { name: 'Check other WH' })).toBeDisabled()
    const notify = within(ivomec).getByRole('button', { name: /^Notify me/ })
    await waitFor(() => expect(notify).toBeEnabled())
    await user.click(notify)
    await user.click(within(within(ivomec).getByRole('form')).getByRole('button', { name: 'Notify me' }))
    await waitFor(() => expect(sentTo(spy, 'POST', '/api/stock-alerts')).toEqual([{ productId: 42, warehouse: 'MEL' }]))
  })
})

describe('the Stock alerts screen', () => {
  it('lists the requests and cancels a waiting one', async () => {
    signIn()
    let alerts = [anAlert({ quantity: 20 }), anAlert({ id: 3, ProductID: 9, Description: 'Vet gloves', status: 'notified', closedAt: '2026-11-20' })]
    const spy = catalogueApi({
      'GET /api/stock-alerts': () => ({ body: alerts }),
      'DELETE /api/stock-alerts/7': () => {
        alerts = alerts.map((a) => (a.id === 7 ? { ...a, status: 'cancelled' as const, closedAt: '2026-12-06' } : a))
        return { status: 204 }
      },
    })
    const { user } = renderApp('/stock-alerts')
    expect(await screen.findByRole('heading', { level: 1, name: 'Stock alerts' }, { timeout: 5000 })).toBeInTheDocument()
    const rows = await screen.findAllByRole('row')
    expect(rows).toHaveLength(3)
    expect(rows[1]).toHaveTextContent('Ivomec Pour-On for Cattle 5L')
    expect(rows[1]).toHaveTextContent('20')
    expect(rows[2]).toHaveTextContent('E-mailed')
    expect(within(rows[2]!).queryByRole('button')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Cancel the alert for Ivomec Pour-On for Cattle 5L at Wagga Wagga' }))
    await waitFor(() => expect(screen.queryByRole('button', { name: /Cancel the alert/ })).not.toBeInTheDocument())
    expect(sentTo(spy, 'DELETE', '/api/stock-alerts/7')).toHaveLength(1)
  })

  it('says when there are none', async () => {
    signIn()
    catalogueApi({ 'GET /api/stock-alerts': { body: [] } })
    renderApp('/stock-alerts')
    expect(await screen.findByText('You have no stock alerts.')).toBeInTheDocument()
  })
})
