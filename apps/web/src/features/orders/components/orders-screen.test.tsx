import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { OrderListRow } from '@portal/contract/orders'
import type { DeliverySite } from '@portal/contract/reference'
import { addMonths, toWireDate } from '../../../lib/format'
import { mockApi } from '../../../test/fetch'
import { aLogin, aUser, someSettings, storeSession } from '../../../test/factories'
import { renderWithProviders } from '../../../test/render'
import { OrdersScreen } from './orders-screen'

const anOrder = (n: number, overrides: Partial<OrderListRow> = {}): OrderListRow => ({
  OrderID: n,
  EnterDate: '2024-03-03',
  CustomerPurchaseOrder: `PO-${n}`,
  SalesOrder: `SO${1000 + n}`,
  PortalOrderId: null,
  SalesOrderStatus: 'Shipped',
  Description: '',
  NumLines: 2,
  ExtendedEx: 1234.5,
  TaxTotal: 123.45,
  ExtendedInc: 1357.95,
  SiteCode: 'MAIN',
  ...overrides,
})
const page = (from: number, count: number) => Array.from({ length: count }, (_, i) => anOrder(from + i))

const aSite = (SiteCode: string, Name: string): DeliverySite => ({
  SiteCode,
  Name,
  Address1: '',
  Address2: '',
  City: '',
  State: '',
  PostalCode: '',
  Contact: '',
  Email: '',
  Phone: '',
  Fax: '',
  LocationID: null,
})

beforeEach(() => storeSession(aLogin()))

describe('Order History', () => {
  it('loads six months to today, 100 at a time, until a page comes back shorter', async () => {
    const requests: URLSearchParams[] = []
    mockApi({
      'GET /api/orders': ({ url }) => {
        requests.push(url.searchParams)
        return { body: url.searchParams.get('page') === '2' ? page(101, 3) : page(1, 100) }
      },
    })
    const { user } = renderWithProviders(<OrdersScreen />)
    expect(screen.getByRole('heading', { level: 1, name: 'Order History' })).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'SO1001' })).toHaveAttribute('href', '/orders/SO1001')
    expect(requests[0]!.get('startDate')).toBe(toWireDate(addMonths(new Date(), -6)))
    expect(requests[0]!.get('endDate')).toBe(toWireDate(new Date()))
    expect(screen.getAllByText('March 3rd 2024')).toHaveLength(100)
    expect(screen.getAllByText('$1,234.50')).toHaveLength(100)

    await user.click(screen.getByRole('button', { name: 'Load more orders' }))
    expect(await screen.findByRole('link', { name: 'SO1103' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load more orders' })).not.toBeInTheDocument()
    expect(requests.map((r) => r.get('page'))).toEqual(['1', '2'])
  }, 20_000)

  it('shows each status with its colour: cancelled red, shipped green, anything else orange', async () => {
    mockApi({
      'GET /api/orders': {
        body: [anOrder(1, { SalesOrderStatus: 'Cancelled' }), anOrder(2, { SalesOrderStatus: 'Shipped' }), anOrder(3, { SalesOrderStatus: 'Back Order' })],
      },
    })
    renderWithProviders(<OrdersScreen />)
    const rows = await screen.findAllByRole('row')
    const colour = (text: string) => screen.getByText(text).closest('[data-status-colour]')!.getAttribute('data-status-colour')
    expect(rows).toHaveLength(4)
    expect(colour('Cancelled')).toBe('red')
    expect(colour('Shipped')).toBe('green')
    expect(colour('Back Order')).toBe('orange')
  })

  it('disables Search only when the search text and both dates are empty, and searches on click', async () => {
    const searches: string[] = []
    mockApi({
      'GET /api/orders': ({ url }) => {
        searches.push(url.search)
        return { body: [] }
      },
    })
    const { user } = renderWithProviders(<OrdersScreen />)
    expect(await screen.findByText('No results')).toBeInTheDocument()
    const search = screen.getByRole('button', { name: 'Search' })
    expect(search).toBeEnabled()
    await user.clear(screen.getByLabelText('From'))
    await user.clear(screen.getByLabelText('To'))
    expect(search).toBeDisabled()
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'PO-77')
    expect(search).toBeEnabled()
    await user.click(search)
    await waitFor(() => expect(searches.at(-1)).toBe('?page=1&search=PO-77&branch=0'))

    // Clearing the search text searches again at once, from page 1.
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }))
    await waitFor(() => expect(searches.at(-1)).toBe('?page=1&branch=0'))
  })

  it('offers branch-group users All Branches then their delivery sites by name, and filters by site', async () => {
    storeSession(aLogin({ user: aUser({ isElders: true }), settings: someSettings({ BranchGroup: ['WAG', 'MEL'] }) }))
    const branches: Array<string | null> = []
    mockApi({
      'GET /api/delivery-sites': { body: [aSite('WAGGA', 'Elders Wagga Wagga'), aSite('BALL', 'Elders Ballarat'), aSite('KYA', 'Elders Kyabram')] },
      'GET /api/orders': ({ url }) => {
        branches.push(url.searchParams.get('branch'))
        return { body: [anOrder(1, { SiteCode: 'BALL' })] }
      },
    })
    const { user } = renderWithProviders(<OrdersScreen />)
    const branch = await screen.findByRole('combobox', { name: 'Branch' })
    await waitFor(() =>
      expect(
        within(branch)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All Branches', 'Elders Ballarat', 'Elders Kyabram', 'Elders Wagga Wagga']),
    )
    expect(within(branch).getAllByRole('option')[0]).toHaveValue('0')
    expect(await screen.findByRole('cell', { name: 'Elders Ballarat' })).toBeInTheDocument()
    await user.selectOptions(branch, 'KYA')
    await waitFor(() => expect(branches.at(-1)).toBe('KYA'))
  })

  it('has no branch filter for other users', async () => {
    mockApi({ 'GET /api/orders': { body: [anOrder(1)] } })
    renderWithProviders(<OrdersScreen />)
    await screen.findByRole('link', { name: 'SO1001' })
    expect(screen.queryByRole('combobox', { name: 'Branch' })).not.toBeInTheDocument()
  })

  it('says when the orders cannot be loaded', async () => {
    mockApi({ 'GET /api/orders': { status: 500, body: { error: 'internal', message: 'x' } } })
    renderWithProviders(<OrdersScreen />)
    expect(await screen.findByText('An error occured loading your orders.')).toBeInTheDocument()
  })

  it('empties the list when loading more fails, with its own message', async () => {
    mockApi({
      'GET /api/orders': ({ url }) =>
        url.searchParams.get('page') === '2' ? { status: 500, body: { error: 'internal', message: 'x' } } : { body: page(1, 100) },
    })
    const { user } = renderWithProviders(<OrdersScreen />)
    await user.click(await screen.findByRole('button', { name: 'Load more orders' }))
    expect(await screen.findByText('An error occured loading more orders.')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'SO1001' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load more orders' })).not.toBeInTheDocument()
  }, 20_000)

  it('puts the order a card payment made at the top, marked new, with its number', async () => {
    mockApi({
      'GET /api/orders': {
        body: [anOrder(1, { SalesOrder: 'SO1001' }), anOrder(2, { SalesOrder: 'SO1234' })],
      },
    })
    renderWithProviders(<OrdersScreen />, '/orders?approved=SO1234')
    expect(await screen.findByText((_, el) => el?.tagName === 'P' && /^Order SO1234 is placed\./.test(el.textContent ?? ''))).toHaveTextContent(/e-mailed to /)
    const rows = screen.getAllByRole('row').slice(1)
    expect(rows[0]).toHaveTextContent('SO1234')
    expect(rows[0]).toHaveTextContent('New')
    expect(rows[1]).not.toHaveTextContent('New')
  })

  it('says Payment Approved. when a card payment comes back approved', async () => {
    mockApi({ 'GET /api/orders': { body: [] } })
    const { router } = renderWithProviders(<OrdersScreen />, '/orders?approved=SO1234')
    expect(await screen.findByText('Payment Approved.')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.search).toBe(''))
  })

  it('keeps a search in the address: a reload keeps it and Back returns to the search before', async () => {
    const searches: Array<string | null> = []
    mockApi({
      'GET /api/orders': ({ url }) => {
        searches.push(url.searchParams.get('search'))
        return { body: [] }
      },
    })
    const { user, router } = renderWithProviders(<OrdersScreen />, '/orders?search=PO-12')
    expect(await screen.findByRole('searchbox', { name: 'Search' })).toHaveValue('PO-12')
    await waitFor(() => expect(searches.at(-1)).toBe('PO-12'))

    await user.tripleClick(screen.getByRole('searchbox', { name: 'Search' }))
    await user.keyboard('drench')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(router.state.location.search).toBe('?search=drench'))
    await waitFor(() => expect(searches.at(-1)).toBe('drench'))

    await router.navigate(-1)
    await waitFor(() => expect(router.state.location.search).toBe('?search=PO-12'))
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('PO-12'))
    expect(searches.at(-1)).toBe('PO-12')
  })

  it('opened by the checkout, shows the order just placed at the top, marked new, with where its confirmation went', async () => {
    mockApi({ 'GET /api/orders': { body: [anOrder(1), anOrder(2)] } })
    const { router } = renderWithProviders(<OrdersScreen />, '/')
    await router.navigate('/orders', {
      state: { justPlaced: { ...anOrder(9, { SalesOrder: 'SO9000123', SalesOrderStatus: 'Entered' }), ConfirmationEmail: 'sam@kellysfarm.example' } },
    })
    expect((await screen.findByText(/is placed/)).closest('p')).toHaveTextContent(
      'Order SO9000123 is placed. Its confirmation was e-mailed to sam@kellysfarm.example.',
    )
    await screen.findByRole('link', { name: 'SO1001' })
    const rows = screen.getAllByRole('row').slice(1)
    expect(rows).toHaveLength(3)
    expect(within(rows[0]!).getByRole('link', { name: 'SO9000123' })).toBeInTheDocument()
    expect(within(rows[0]!).getByText('New')).toBeInTheDocument()
    expect(within(rows[1]!).queryByText('New')).not.toBeInTheDocument()
  })
})
