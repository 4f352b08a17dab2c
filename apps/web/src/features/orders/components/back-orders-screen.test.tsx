import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { BackOrderItem } from '@portal/contract/orders'
import { mockApi } from '../../../test/fetch'
import { aLogin, aUser, someSettings, storeSession } from '../../../test/factories'
import { renderWithProviders } from '../../../test/render'
import { BackOrdersScreen } from './back-orders-screen'

const anItem = (n: number, overrides: Partial<BackOrderItem> = {}): BackOrderItem => ({
  OrderID: n,
  SalesOrder: `SO${2000 + n}`,
  EnterDate: '2024-03-03',
  ProductID: 10 + n,
  ProductCode: `P-${n}`,
  Description: `Product ${n}`,
  QtyOrdered: 10,
  QtyOnorder: 4,
  dueDate: '2024-04-22',
  siteCode: 'MAIN',
  ...overrides,
})

beforeEach(() => storeSession(aLogin()))

describe('Items on Back Order', () => {
  it('loads at once and shows its columns, with dates like March 3rd 2024', async () => {
    mockApi({ 'GET /api/back-orders': { body: [anItem(1), anItem(2, { dueDate: null })] } })
    renderWithProviders(<BackOrdersScreen />)
    expect(screen.getByRole('heading', { level: 1, name: 'Items on Back Order' })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Loading your back orders')
    const table = await screen.findByRole('table')
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Product Name', 'Order #', 'Date Ordered', 'Qty Ordered', 'Qty on BackOrder', 'Expected Shipment Date'])
    expect(within(table).getByRole('link', { name: 'SO2001' })).toHaveAttribute('href', '/orders/SO2001')
    expect(within(table).getAllByText('March 3rd 2024')).toHaveLength(2)
    expect(within(table).getByText('April 22nd 2024')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load more orders' })).not.toBeInTheDocument()
  })

  it('says No results when nothing is on back order', async () => {
    mockApi({ 'GET /api/back-orders': { body: [] } })
    renderWithProviders(<BackOrdersScreen />)
    expect(await screen.findByText('No results')).toBeInTheDocument()
  })

  it('offers Load more orders while pages come back full', async () => {
    mockApi({
      'GET /api/back-orders': ({ url }) => ({
        body: url.searchParams.get('page') === '2' ? [anItem(500)] : Array.from({ length: 100 }, (_, i) => anItem(i + 1)),
      }),
    })
    const { user } = renderWithProviders(<BackOrdersScreen />)
    await user.click(await screen.findByRole('button', { name: 'Load more orders' }))
    expect(await screen.findByText('Product 500')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load more orders' })).not.toBeInTheDocument()
  }, 20_000)

  it('shows the Branch dropdown only to branch-group users, All Branches (0) first', async () => {
    mockApi({ 'GET /api/back-orders': { body: [] } })
    const plain = renderWithProviders(<BackOrdersScreen />)
    await screen.findByText('No results')
    expect(screen.queryByRole('combobox', { name: 'Branch' })).not.toBeInTheDocument()
    plain.unmount()

    storeSession(aLogin({ user: aUser({ isElders: true }), settings: someSettings({ BranchGroup: ['WAG'] }) }))
    mockApi({
      'GET /api/back-orders': { body: [] },
      'GET /api/delivery-sites': {
        body: [
          {
            SiteCode: 'Z',
            Name: 'Zeehan Store',
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
          },
          {
            SiteCode: 'A',
            Name: 'Ararat Store',
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
          },
        ],
      },
    })
    renderWithProviders(<BackOrdersScreen />)
    const branch = await screen.findByRole('combobox', { name: 'Branch' })
    await waitFor(() =>
      expect(
        within(branch)
          .getAllByRole('option')
          .map((o) => [o.getAttribute('value'), o.textContent]),
      ).toEqual([
        ['0', 'All Branches'],
        ['A', 'Ararat Store'],
        ['Z', 'Zeehan Store'],
      ]),
    )
  })
})
