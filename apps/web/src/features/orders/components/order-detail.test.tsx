import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { OrderDetail as Order, ReorderResult } from '@portal/contract/orders'
import { mockApi, sentTo } from '../../../test/fetch'
import { aLogin, storeSession } from '../../../test/factories'
import { renderWithProviders } from '../../../test/render'
import { OrderDetail } from './order-detail'
import { priceChangeMessage, reorderMessage } from './reorder-message'

const anOrder = (overrides: Partial<Order> = {}): Order => ({
  OrderID: 7,
  SalesOrder: 'SO1208051',
  PortalOrderId: null,
  SalesOrderStatus: 'Shipped',
  Description: 'Spring drench program',
  CustomerPurchaseOrder: 'PO-26462',
  EnterDate: '2024-03-03',
  ShipDate: '2024-03-04',
  Warehouse: 'WAG',
  WarehouseName: 'Wagga Wagga',
  SiteCode: 'FARM',
  DeliveryType: 1,
  DeliveryName: 'Kelly Family Farm',
  DeliveryAddress1: '3178 Hammond Lane',
  DeliveryAddress2: '',
  DeliveryCity: 'Narrandera',
  DeliveryPostalCode: '2700',
  DeliveryState: 'NSW',
  Contact: 'Sam Kelly',
  Email: 'sam@kellysfarm.example',
  Phone: '02 5550 9590',
  Fax: '',
  CarrierName: 'Toll IPEC',
  CarrierInstructions: '',
  ExtendedEx: 2000,
  TaxTotal: 200,
  ExtendedInc: 2200,
  items: [
    {
      LineNo: 1,
      ProductID: 413,
      ProductCode: 'AGM-247',
      Description: 'Agrimin 24/7 Lick 20kg',
      QuantityOrdered: 4,
      QuantityBackOrdered: 1,
      QuantitySupplied: 3,
      UnitPrice: 500,
      ExtendedTotalEx: 2000,
      TaxTotal: 200,
      ExtendedTotalInc: 2200,
    },
  ],
  ...overrides,
})

const allAdded: ReorderResult = {
  warehouse: 'MEL',
  added: [{ ProductID: 413, ProductCode: 'AGM-247', Description: 'Agrimin 24/7 Lick 20kg', Quantity: 4, Requested: 4 }],
  notAdded: [],
}

beforeEach(() => storeSession(aLogin(), 'MEL'))

describe('Order Details', () => {
  it('shows the header, delivery and contact, lines and totals', async () => {
    mockApi({ 'GET /api/orders/SO1208051': { body: anOrder() } })
    renderWithProviders(<OrderDetail id="SO1208051" />)
    expect(await screen.findByText('Kelly Family Farm')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Order Details' })).toBeInTheDocument()
    expect(screen.getByText('PO-26462')).toBeInTheDocument()
    expect(screen.getByText('Narrandera NSW 2700')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'sam@kellysfarm.example' })).toBeInTheDocument()
    expect(screen.getByText('March 3rd 2024')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Agrimin 24/7 Lick 20kg' })).toHaveAttribute('href', '/product/413')
    expect(screen.getAllByText('$2,200.00')).toHaveLength(2)
  })

  it("shows the number the order was placed under beside the ERP's own", async () => {
    mockApi({ 'GET /api/orders/SO9000001': { body: anOrder({ SalesOrder: 'ERP5550001', PortalOrderId: 'SO9000001' }) } })
    renderWithProviders(<OrderDetail id="SO9000001" />)
    expect(await screen.findByText('Placed as')).toBeInTheDocument()
    expect(screen.getByText('Placed as').nextElementSibling).toHaveTextContent('SO9000001')
    expect(screen.getByText('Order #').nextElementSibling).toHaveTextContent('ERP5550001')
  })

  it('shows one number when the ERP has not given its own', async () => {
    mockApi({ 'GET /api/orders/SO9000002': { body: anOrder({ SalesOrder: 'SO9000002', PortalOrderId: 'SO9000002' }) } })
    renderWithProviders(<OrderDetail id="SO9000002" />)
    expect(await screen.findByText('Order #')).toBeInTheDocument()
    expect(screen.queryByText('Placed as')).not.toBeInTheDocument()
  })

  it('says how a line charged at carton prices is made up', async () => {
    const cartons = {
      LineNo: 1,
      ProductID: 88,
      ProductCode: 'ANC-DB-20ML',
      Description: 'Ancare Drench 20mL',
      QuantityOrdered: 9,
      QuantityBackOrdered: 0,
      QuantitySupplied: 0,
      UnitPrice: 45.32,
      PriceBreaks: [
        { Break: 'carton' as const, Quantity: 8, PackQty: 4, Packs: 2, Price: 40.9, ExtendedEx: 327.2 },
        { Break: 'unit' as const, Quantity: 1, PackQty: null, Packs: null, Price: 45.32, ExtendedEx: 45.32 },
      ],
      ExtendedTotalEx: 372.52,
      TaxTotal: 37.25,
      ExtendedTotalInc: 409.77,
    }
    mockApi({ 'GET /api/orders/SO9': { body: anOrder({ SalesOrder: 'SO9', items: [cartons], ExtendedEx: 372.52, TaxTotal: 37.25, ExtendedInc: 409.77 }) } })
    renderWithProviders(<OrderDetail id="SO9" />)
    const link = await screen.findByRole('link', { name: 'Ancare Drench 20mL' })
    expect(link.closest('tr')).toHaveTextContent('2 cartons of 4 at $40.90, 1 at $45.32 ex GST')
    expect(screen.getAllByText('$409.77')).toHaveLength(2)
  })

  it('offers Reorder only for an order with items that is not cancelled', async () => {
    mockApi({
      'GET /api/orders/SO1': { body: anOrder({ SalesOrder: 'SO1', SalesOrderStatus: 'Cancelled' }) },
      'GET /api/orders/SO2': { body: anOrder({ SalesOrder: 'SO2', items: [] }) },
      'GET /api/orders/SO3': { body: anOrder({ SalesOrder: 'SO3', SalesOrderStatus: 'Back Order' }) },
    })
    const cancelled = renderWithProviders(<OrderDetail id="SO1" />)
    await screen.findByText('SO1', { exact: false, selector: 'p' })
    expect(screen.queryByRole('button', { name: 'Reorder' })).not.toBeInTheDocument()
    cancelled.unmount()
    const empty = renderWithProviders(<OrderDetail id="SO2" />)
    await screen.findByText('This order has no items.')
    expect(screen.queryByRole('button', { name: 'Reorder' })).not.toBeInTheDocument()
    empty.unmount()
    renderWithProviders(<OrderDetail id="SO3" />)
    expect(await screen.findByRole('button', { name: 'Reorder' })).toBeEnabled()
  })

  it('reorders into the current branch, says so and goes to the cart', async () => {
    const api = mockApi({
      'GET /api/orders/SO1208051': { body: anOrder() },
      'POST /api/orders/SO1208051/reorder': { body: allAdded },
      'GET /api/cart': { body: { Count: 1, Value: 2200, warehouse: 'MEL' } },
    })
    const { user, router } = renderWithProviders(<OrderDetail id="SO1208051" />, '/orders/SO1208051')
    await user.click(await screen.findByRole('button', { name: 'Reorder' }))
    expect(await screen.findByText('All of the items from this order has been added to your cart for reordering')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'))
    expect(sentTo(api, 'POST', '/api/orders/SO1208051/reorder')).toEqual([{ warehouse: 'MEL' }])
  })

  // Today's prices go into the cart; the lines whose price changed are named (decision 0026).
  it('says which prices have changed since the order', async () => {
    mockApi({
      'GET /api/orders/SO1208051': { body: anOrder() },
      'POST /api/orders/SO1208051/reorder': {
        body: {
          ...allAdded,
          priceChanges: [{ ProductID: 413, ProductCode: 'AGM-247', Description: 'Agrimin 24/7 Lick 20kg', OrderedPrice: 500, Price: 502.25 }],
        },
      },
      'GET /api/cart': { body: { Count: 1, Value: 2209, warehouse: 'MEL' } },
    })
    const { user, router } = renderWithProviders(<OrderDetail id="SO1208051" />, '/orders/SO1208051')
    await user.click(await screen.findByRole('button', { name: 'Reorder' }))
    expect(await screen.findByText('Some prices have changed since this order: AGM-247 $500.00 → $502.25.')).toBeInTheDocument()
    expect(screen.getByText('All of the items from this order has been added to your cart for reordering')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'))
  })

  it('says nothing about prices when none changed, or the server does not say', () => {
    expect(priceChangeMessage({ ...allAdded, priceChanges: [] })).toBeNull()
    expect(priceChangeMessage(allAdded)).toBeNull()
  })

  it('says what was left out, and stays when nothing could be added', async () => {
    mockApi({
      'GET /api/orders/SO1208051': { body: anOrder() },
      'POST /api/orders/SO1208051/reorder': {
        body: { ...allAdded, added: [], notAdded: [{ ProductCode: 'AGM-247', Description: 'x', reason: 'no_stock', message: 'x' }] },
      },
    })
    const { user, router } = renderWithProviders(<OrderDetail id="SO1208051" />, '/orders/SO1208051')
    await user.click(await screen.findByRole('button', { name: 'Reorder' }))
    expect(await screen.findByText('None of the items from this order could be added to your cart: AGM-247 (no stock at this branch).')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/orders/SO1208051')
  })

  it('says when the reorder fails', async () => {
    mockApi({
      'GET /api/orders/SO1208051': { body: anOrder() },
      'POST /api/orders/SO1208051/reorder': { status: 409, body: { error: 'cart_branch_mismatch', message: 'x' } },
    })
    const { user } = renderWithProviders(<OrderDetail id="SO1208051" />)
    await user.click(await screen.findByRole('button', { name: 'Reorder' }))
    expect(await screen.findByText('An error occured reordering this order')).toBeInTheDocument()
  })

  it('says when the order cannot be loaded', async () => {
    mockApi({ 'GET /api/orders/SO9': { status: 404, body: { error: 'not_found', message: 'No such order.' } } })
    renderWithProviders(<OrderDetail id="SO9" />)
    expect(await screen.findByText('An error occured loading this order')).toBeInTheDocument()
    expect(screen.getByText(/There is no order SO9 on your account/)).toBeInTheDocument()
  })
})

describe('the reorder message', () => {
  it('names what was left out and what was cut back to the stock', () => {
    expect(
      reorderMessage({
        warehouse: 'MEL',
        added: [
          { ProductID: 1, ProductCode: 'A', Description: '', Quantity: 2, Requested: 5 },
          { ProductID: 2, ProductCode: 'B', Description: '', Quantity: 1, Requested: 1 },
        ],
        notAdded: [{ ProductCode: 'C', Description: '', reason: 'not_available', message: '' }],
      }),
    ).toEqual({
      kind: 'some',
      text: 'Some of the items from this order have been added to your cart. Not added: C (not available to your account). Reduced to the stock available: A (2 of 5).',
    })
  })
})
