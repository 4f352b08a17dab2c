import type { StockAlert } from '@portal/contract/stock-alerts'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { aProductDetail } from '../../../test/catalogue-factories'
import { aBrand, aCategory, aLogin, aSite, aUser, storeSession, warehouses } from '../../../test/factories'
import { mockApi, sentTo, type Reply } from '../../../test/fetch'
import { renderApp } from '../../../test/render'

/** The frame's own calls, answered; a test adds those it is about. */
const catalogueApi = (routes: Record<string, Reply | (() => Reply)>) =>
  mockApi({
    'GET /api/site': { body: aSite() },
    'GET /api/me': { body: { user: aUser(), settings: aLogin().settings } },
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
