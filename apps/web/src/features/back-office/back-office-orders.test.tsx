import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mockApi } from '../../test/fetch'
import { renderApp } from '../../test/render'

const service = { id: 2, name: 'Casey Service', email: 'service@riverinarural.example', roles: ['Customer service'], secondFactor: 'done' }
const marketing = { ...service, id: 4, roles: ['Marketing'] }

const row = {
  id: 41,
  salesOrder: 'ERP7700001',
  portalOrderId: 'SO9000041',
  accountCode: 'KELLYFG',
  accountName: "Kelly's Farm & Garden Supplies",
  branch: 'WAG',
  enterDate: '2026-12-06',
  status: 'Entered',
  channel: 'web',
  erpState: 'acknowledged',
  purchaseOrder: 'PO-41',
  totalIncCents: 2_200,
}
const late = { ...row, id: 42, salesOrder: 'SO9000042', portalOrderId: 'SO9000042', channel: 'card', erpState: 'late', accountCode: 'BELLBRAE' }
const page = (orders: unknown[], hasMore = false) => ({
  orders,
  page: 1,
  hasMore,
  branches: [
    { code: 'WAG', name: 'Wagga Wagga' },
    { code: 'MEL', name: 'Melbourne' },
  ],
  erpAlertMinutes: 30,
})

const order = {
  id: 42,
  salesOrder: 'SO9000042',
  portalOrderId: 'SO9000042',
  account: { code: 'BELLBRAE', name: 'Bellbrae Hobby Farm', salesCategory: 'CAS' },
  branch: 'MEL',
  branchName: 'Melbourne',
  enterDate: '2026-12-06',
  shipDate: null,
  status: 'Entered',
  channel: 'card',
  purchaseOrder: 'CARD-42',
  description: 'Chook feed',
  delivery: { name: 'Bellbrae Hobby Farm', address: '4 Bellbrae Road, Bellbrae VIC 3228', siteCode: null, carrier: 'Customer pickup', instructions: '' },
  contact: { name: 'Priya Sharma', email: 'priya@bellbraehobbyfarm.example', phone: '03 5261 0000' },
  placedBy: { username: 'cash', name: 'Priya Sharma', email: 'priya@bellbraehobbyfarm.example' },
  placedAt: '2026-12-06T01:00:00Z',
  erp: { state: 'late', collectedAt: null, exportedAt: null, acknowledgedAt: null },
  lines: [
    {
      lineNo: 1,
      productCode: 'LAY-20',
      description: 'Layer pellets 20kg',
      quantity: 1,
      backOrdered: 0,
      supplied: 0,
      unitPriceCents: 1_000,
      totalExCents: 1_000,
      gstCents: 100,
      totalIncCents: 1_100,
    },
  ],
  totalExCents: 1_000,
  gstCents: 100,
  totalIncCents: 1_100,
  payment: { reference: 'PO42ABC', provider: 'securepay', amountCents: 1_100, state: 'completed', transactionId: 'TX-9', completedAt: '2026-12-06T01:00:00Z' },
  emails: [
    {
      id: 5,
      subject: 'Order SO9000042 received (your PO CARD-42)',
      to: 'priya@bellbraehobbyfarm.example',
      status: 'sent',
      createdAt: '2026-12-06T01:00:00Z',
      sentAt: '2026-12-06T01:00:05Z',
    },
  ],
}

beforeEach(() => localStorage.setItem('backOfficeToken', 'bo-token'))
afterEach(() => localStorage.clear())

const asked = (spy: ReturnType<typeof mockApi>) =>
  spy.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((u) => u.pathname === '/api/staff/orders')

describe('the back office’s orders desk', () => {
  it('lists the orders with both numbers, channel and ERP state, each linking to its page', async () => {
    mockApi({ 'GET /api/staff/me': { body: service }, 'GET /api/staff/orders': { body: page([row, late]) } })
    renderApp('/staff/orders')
    const table = await screen.findByRole('table')
    expect(within(table).getByRole('link', { name: 'ERP7700001' })).toHaveAttribute('href', '/staff/orders/41')
    expect(within(table).getByText('(placed as SO9000041)')).toBeInTheDocument()
    expect(within(table).getByText('Portal, paid by card')).toBeInTheDocument()
    expect(within(table).getByText('Late: not yet taken by the ERP')).toBeInTheDocument()
    expect(within(table).getAllByText('$22.00')).toHaveLength(2)
    expect(screen.getByText(/late when the ERP has not taken it 30 minutes/)).toBeInTheDocument()
  })

  it('reads its filters from the address and puts the ones chosen back in it', async () => {
    const spy = mockApi({ 'GET /api/staff/me': { body: service }, 'GET /api/staff/orders': { body: page([row], true) } })
    const { router } = renderApp('/staff/orders?q=kellyfg&channel=web')
    expect(await screen.findByRole('searchbox', { name: 'Account code or order number' })).toHaveValue('kellyfg')
    await waitFor(() => expect(asked(spy).at(-1)?.searchParams.get('channel')).toBe('web'))
    expect(asked(spy).at(-1)?.searchParams.get('q')).toBe('kellyfg')

    await screen.findByRole('table')
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'ERP' }), 'late')
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Branch' }), 'WAG')
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }))
    await waitFor(() => expect(router.state.location.search).toBe('?q=kellyfg&branch=WAG&channel=web&erp=late'))
    await waitFor(() => expect(asked(spy).at(-1)?.searchParams.get('erp')).toBe('late'))

    await userEvent.click(screen.getByRole('button', { name: 'Older' }))
    await waitFor(() => expect(router.state.location.search).toContain('page=2'))
    await waitFor(() => expect(asked(spy).at(-1)?.searchParams.get('page')).toBe('2'))
  })

  it('says what is wrong with a filter the server refuses', async () => {
    mockApi({
      'GET /api/staff/me': { body: service },
      'GET /api/staff/orders': {
        status: 400,
        body: {
          error: 'invalid_range',
          message: 'to: The end of the range comes before its start.',
          fields: [{ field: 'querystring.to', message: 'to: The end of the range comes before its start.' }],
        },
      },
    })
    renderApp('/staff/orders?from=2026-03-01&to=2026-02-01')
    expect(await screen.findByText('The end of the range comes before its start.')).toBeInTheDocument()
    expect(screen.getByLabelText('Entered to')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Entered to')).toHaveValue('2026-02-01')
    expect(screen.getByText('Check the filter marked above.')).toBeInTheDocument()
  })

  it('says in words a refusal that names no filter', async () => {
    mockApi({ 'GET /api/staff/me': { body: service }, 'GET /api/staff/orders': { status: 503, body: { error: 'unavailable', message: 'Try again shortly.' } } })
    renderApp('/staff/orders')
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again shortly.')
  })

  it('shows an order whole: account, lines, card payment, e-mails and the ERP state', async () => {
    mockApi({ 'GET /api/staff/me': { body: service }, 'GET /api/staff/orders/42': { body: order } })
    renderApp('/staff/orders/42')
    expect(await screen.findByRole('heading', { name: 'Order SO9000042' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Bellbrae Hobby Farm (BELLBRAE)' })).toHaveAttribute('href', '/staff/accounts/BELLBRAE')
    expect(screen.getByText('Late: not yet taken by the ERP')).toBeInTheDocument()
    expect(screen.getByText('Priya Sharma (cash, priya@bellbraehobbyfarm.example)')).toBeInTheDocument()
    expect(screen.getByText('PO42ABC')).toBeInTheDocument()
    expect(screen.getByText('securepay, transaction TX-9')).toBeInTheDocument()
    expect(screen.getAllByText('$11.00').length).toBeGreaterThan(0)
    expect(screen.getByText('Order SO9000042 received (your PO CARD-42)')).toBeInTheDocument()
    expect(screen.queryByText('Placed as')).not.toBeInTheDocument()
  })

  it('shows the number an acknowledged order was placed under beside the ERP’s', async () => {
    mockApi({
      'GET /api/staff/me': { body: service },
      'GET /api/staff/orders/41': {
        body: {
          ...order,
          id: 41,
          salesOrder: 'ERP7700001',
          portalOrderId: 'SO9000041',
          channel: 'web',
          payment: null,
          emails: [],
          erp: { ...order.erp, state: 'acknowledged', acknowledgedAt: '2026-12-06T02:00:00Z' },
        },
      },
    })
    renderApp('/staff/orders/41')
    expect(await screen.findByRole('heading', { name: 'Order ERP7700001' })).toBeInTheDocument()
    expect(screen.getByText('Placed as').nextElementSibling).toHaveTextContent('SO9000041')
    expect(screen.queryByRole('heading', { name: 'Card payment' })).not.toBeInTheDocument()
    expect(screen.getByText('The outbox holds no e-mail about this order.')).toBeInTheDocument()
  })

  it('is in the navigation for Customer service, not for Marketing', async () => {
    mockApi({ 'GET /api/staff/me': { body: service } })
    const first = renderApp('/staff')
    expect(await screen.findByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/staff/orders')
    first.unmount()
    mockApi({ 'GET /api/staff/me': { body: marketing } })
    renderApp('/staff')
    await screen.findByRole('navigation', { name: 'Back office' })
    expect(screen.queryByRole('link', { name: 'Orders' })).not.toBeInTheDocument()
  })
})
