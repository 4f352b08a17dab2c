import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SENT_FOR_APPROVAL } from '@portal/contract/approvals'
import type { PlacedOrder } from '@portal/contract/checkout'
import type { PendingOrder } from '@portal/contract/payments'
import type { DeliverySite } from '@portal/contract/reference'
import { anApproval } from '../../../test/approval-factories'
import { storeSession } from '../../../test/factories'
import { mockApi, sentTo, type Reply } from '../../../test/fetch'
import { renderWithProviders } from '../../../test/render'
import { CheckoutScreen, type CheckoutScreenProps } from './checkout-screen'

const farm: DeliverySite = {
  SiteCode: 'KELLY-01',
  Name: 'Kelly’s Farm Supplies',
  Address1: '12 Sturt Highway',
  Address2: 'Gate 3',
  City: 'Wagga Wagga',
  State: 'NSW',
  PostalCode: '2650',
  Contact: 'Sam Kelly',
  Email: 'sam@kellysfarm.example',
  Phone: '02 6921 0000',
  Fax: '02 6921 0001',
  LocationID: 'WAG',
}

const placed: PlacedOrder = {
  OrderID: 77,
  SalesOrder: 'SO9000001',
  SalesOrderStatus: 'Entered',
  CustomerPurchaseOrder: 'PO-4411',
  Warehouse: 'WAG',
  ExtendedEx: 60,
  TaxTotal: 6,
  ExtendedInc: 66,
  items: [
    {
      LineNo: 1,
      ProductID: 42,
      ProductCode: 'IVO-PLUS-500',
      Description: 'Ivomec Plus Injection 500mL',
      QuantityOrdered: 3,
      QuantityBackOrdered: 0,
      QuantitySupplied: 0,
      UnitPrice: 20,
      ExtendedTotalEx: 60,
      TaxTotal: 6,
      ExtendedTotalInc: 66,
    },
  ],
  ConfirmationEmail: 'sam@kellysfarm.example',
}

const props = (overrides: Partial<CheckoutScreenProps> = {}): CheckoutScreenProps => ({
  isCash: false,
  accountName: 'Riverina Grain Co',
  warehouse: 'WAG',
  branchName: 'Wagga Wagga',
  cartCount: 2,
  cartTotal: 66,
  analyticsHook: 'dataLayer',
  ...overrides,
})

/** Saved checkout details with every required field: Complete Order sends them as they are. */
const completeDraft = {
  DeliveryName: 'Kelly’s',
  Contact: 'Sam',
  Email: 'sam@kellysfarm.example',
  Phone: '02',
  CarrierName: 'Toll',
  PurchaseOrder: 'PO-1',
  DeliveryType: 1,
}

function checkoutApi(routes: Record<string, Reply | ((r: { body: unknown }) => Reply)> = {}) {
  return mockApi({
    'GET /api/delivery-sites': { body: [farm] },
    'GET /api/cart/checkout-info': { body: { checkoutInfo: null } },
    'POST /api/cart/checkout-info': ({ body }) => ({ body: { checkoutInfo: body } }),
    ...routes,
  })
}

beforeEach(() => storeSession())
afterEach(() => {
  delete (window as unknown as Record<string, unknown>).dataLayer
  sessionStorage.clear()
})

// Typing whole forms takes a while on a busy machine.
describe('the checkout', { timeout: 20_000 }, () => {
  it('shows the three steps, marks the required fields and offers the eight states', async () => {
    checkoutApi()
    renderWithProviders(<CheckoutScreen {...props()} />, '/checkout')
    expect(await screen.findByRole('heading', { name: 'Delivery Site' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Shipping' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Order Detail' })).toBeInTheDocument()
    for (const label of ['Business Name', 'Contact Person', 'Email', 'Phone', 'Carrier Name', 'Purchase Order Number']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-required', 'true')
    }
    expect(screen.getByRole('group', { name: 'Delivery Type' })).toBeInTheDocument()
    const states = within(screen.getByLabelText('State'))
      .getAllByRole('option')
      .map((o) => o.textContent)
    expect(states).toEqual(['Choose', 'VIC', 'NSW', 'ACT', 'QLD', 'WA', 'NT', 'SA', 'TAS'])
    expect(screen.getByLabelText('Warehouse')).toHaveValue('Wagga Wagga (WAG)')
    expect(screen.getByRole('button', { name: 'Complete Order' })).toBeEnabled()
  })

  it('fills the address and contact from the delivery site chosen', async () => {
    checkoutApi()
    const { user } = renderWithProviders(<CheckoutScreen {...props()} />, '/checkout')
    await screen.findByRole('option', { name: 'Kelly’s Farm Supplies (KELLY-01)' })
    await user.selectOptions(screen.getByLabelText('Delivery Site'), 'KELLY-01')
    expect(screen.getByLabelText('Business Name')).toHaveValue('Kelly’s Farm Supplies')
    expect(screen.getByLabelText('Address Line 1')).toHaveValue('12 Sturt Highway')
    expect(screen.getByLabelText('Suburb / Town')).toHaveValue('Wagga Wagga')
    expect(screen.getByLabelText('State')).toHaveValue('NSW')
    expect(screen.getByLabelText('Postcode')).toHaveValue('2650')
    expect(screen.getByLabelText('Contact Person')).toHaveValue('Sam Kelly')
    expect(screen.getByLabelText('Email')).toHaveValue('sam@kellysfarm.example')
    expect(screen.getByLabelText('Phone')).toHaveValue('02 6921 0000')
    expect(screen.getByLabelText('Fax')).toHaveValue('02 6921 0001')
  })

  it('says what each missing required field needs and sends nothing', async () => {
    const api = checkoutApi()
    const { user } = renderWithProviders(<CheckoutScreen {...props()} />, '/checkout')
    await user.click(await screen.findByRole('button', { name: 'Complete Order' }))
    for (const message of [
      'Enter the business name',
      'Enter the contact person',
      'Enter a valid email address',
      'Enter a phone number',
      'Enter the carrier name',
      'Choose a delivery type',
      'Enter your purchase order number',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument()
    }
    expect(sentTo(api, 'POST', '/api/orders')).toHaveLength(0)
  })

  it('places the order on account with the contract’s field names, says Order Placed!, reports the purchase and goes to the orders', async () => {
    const api = checkoutApi({ 'POST /api/orders': { status: 201, body: placed } })
    const { user, router } = renderWithProviders(<CheckoutScreen {...props()} />, '/checkout')
    await screen.findByRole('option', { name: 'Kelly’s Farm Supplies (KELLY-01)' })
    await user.selectOptions(screen.getByLabelText('Delivery Site'), 'KELLY-01')
    await user.type(screen.getByLabelText('Carrier Name'), 'Toll')
    await user.type(screen.getByLabelText('Carrier Instructions'), 'Leave at the shed')
    await user.click(screen.getByRole('radio', { name: 'Pickup' }))
    await user.type(screen.getByLabelText('Purchase Order Number'), 'PO-4411')
    await user.type(screen.getByLabelText('Order Description'), 'Spring drench')
    await user.click(screen.getByRole('button', { name: 'Complete Order' }))

    expect(await screen.findByText('Order Placed!')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'))
    // The history is handed the order, to show it at the top, marked new, with where its confirmation went.
    expect(router.state.location.state).toEqual({
      justPlaced: expect.objectContaining({
        OrderID: 77,
        SalesOrder: 'SO9000001',
        CustomerPurchaseOrder: 'PO-4411',
        ConfirmationEmail: 'sam@kellysfarm.example',
      }),
    })
    expect(sentTo(api, 'POST', '/api/orders')).toEqual([
      {
        SiteCode: 'KELLY-01',
        DeliveryName: 'Kelly’s Farm Supplies',
        Address1: '12 Sturt Highway',
        Address2: 'Gate 3',
        City: 'Wagga Wagga',
        State: 'NSW',
        PostalCode: '2650',
        Contact: 'Sam Kelly',
        Email: 'sam@kellysfarm.example',
        Phone: '02 6921 0000',
        Fax: '02 6921 0001',
        CarrierName: 'Toll',
        CarrierInstructions: 'Leave at the shed',
        PurchaseOrder: 'PO-4411',
        OrderDesc: 'Spring drench',
        DeliveryType: 2,
        warehouse: 'WAG',
      },
    ])
    const call = api.mock.calls.find(([url, init]) => String(url).startsWith('/api/orders') && init?.method === 'POST')!
    expect((call[1]!.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{32,36}$/)
    expect((window as unknown as { dataLayer: unknown[] }).dataLayer).toEqual([
      { ecommerce: null },
      {
        event: 'purchase',
        ecommerce: {
          transaction_id: 'SO9000001',
          value: 66,
          tax: 6,
          currency: 'AUD',
          items: [{ item_id: 'IVO-PLUS-500', item_name: 'Ivomec Plus Injection 500mL', price: 20, quantity: 3 }],
        },
      },
    ])
  })

  it('over the buyer’s spending limit (202), places no order: says so, refreshes the cart and opens the approval', async () => {
    const api = checkoutApi({
      'GET /api/cart/checkout-info': { body: { checkoutInfo: completeDraft } },
      'GET /api/cart/items': { body: [] },
      'POST /api/orders': { status: 202, body: { message: SENT_FOR_APPROVAL, approval: anApproval({ id: 12, CanWithdraw: true }) } },
    })
    const { user, router } = renderWithProviders(<CheckoutScreen {...props()} />, '/checkout')
    await user.click(await screen.findByRole('button', { name: 'Complete Order' }))
    expect(await screen.findByText(SENT_FOR_APPROVAL)).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/approvals/12'))
    expect(router.state.location.state).toEqual({ sentForApproval: SENT_FOR_APPROVAL })
    // The cart, emptied into the approval, is read again, as after an order.
    await waitFor(() => expect(sentTo(api, 'GET', '/api/cart/items')).toHaveLength(2))
    expect(sentTo(api, 'POST', '/api/orders')).toEqual([expect.objectContaining({ PurchaseOrder: 'PO-1' })])
    expect(screen.queryByText('Order Placed!')).not.toBeInTheDocument()
    // Not a purchase: nothing is reported.
    expect((window as unknown as { dataLayer?: unknown[] }).dataLayer).toBeUndefined()
  })

  it('says An error occurred creating your order, with the server’s reason, when the order is refused', async () => {
    checkoutApi({
      'GET /api/cart/checkout-info': {
        body: {
          checkoutInfo: completeDraft,
        },
      },
      'POST /api/orders': {
        status: 409,
        body: { error: 'cart_branch_mismatch', message: 'Your cart holds items for Melbourne. Switch to that branch to check out.' },
      },
    })
    const { user } = renderWithProviders(<CheckoutScreen {...props()} />, '/checkout')
    await user.click(await screen.findByRole('button', { name: 'Complete Order' }))
    expect(await screen.findByText('An error occurred creating your order')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('Your cart holds items for Melbourne. Switch to that branch to check out.')
  })

  it('past the credit limit of a warn account, places the order only once the buyer confirms it', async () => {
    const credit = {
      CreditLimit: 5000,
      Balance: 4900,
      NotYetInvoiced: 60,
      AvailableCredit: 40,
      CreditMode: 'warn',
      OnHold: false,
      AccountsPhone: '02 6921 4455',
    }
    const api = checkoutApi({
      'GET /api/cart/credit': { body: { credit } },
      'GET /api/cart/checkout-info': { body: { checkoutInfo: completeDraft } },
      'POST /api/orders': { status: 201, body: placed },
    })
    const { user } = renderWithProviders(<CheckoutScreen {...props()} />, '/checkout')
    const panel = await screen.findByRole('region', { name: 'Your credit' }, { timeout: 5_000 })
    expect(within(panel).getByText('Available credit').nextElementSibling).toHaveTextContent('$40.00')
    expect(within(panel).getByRole('status')).toHaveTextContent('This order takes your account past its credit limit. Confirm below to place it anyway.')
    const complete = screen.getByRole('button', { name: 'Complete Order' })
    expect(complete).toBeDisabled()
    await user.click(screen.getByRole('checkbox', { name: 'Place this order even though it takes my account past its credit limit' }))
    expect(complete).toBeEnabled()
    await user.click(complete)
    expect(await screen.findByText('Order Placed!')).toBeInTheDocument()
    expect(sentTo(api, 'POST', '/api/orders')).toEqual([expect.objectContaining({ PurchaseOrder: 'PO-1', creditConfirmed: true })])
  })

  it('asks for the confirmation when the server says the order now takes the account past its limit', async () => {
    const credit = { CreditLimit: 5000, Balance: 0, NotYetInvoiced: 0, AvailableCredit: 5000, CreditMode: 'warn', OnHold: false, AccountsPhone: '02 6921 4455' }
    const api = checkoutApi({
      'GET /api/cart/credit': { body: { credit } },
      'GET /api/cart/checkout-info': { body: { checkoutInfo: completeDraft } },
      'POST /api/orders': ({ body }) =>
        (body as { creditConfirmed?: boolean }).creditConfirmed
          ? { status: 201, body: placed }
          : { status: 409, body: { error: 'credit_limit_confirm', message: 'This order of $66.00 is more than your available credit of $10.00: confirm.' } },
    })
    const { user } = renderWithProviders(<CheckoutScreen {...props()} />, '/checkout')
    await user.click(await screen.findByRole('button', { name: 'Complete Order' }))
    expect(await screen.findByText('This order of $66.00 is more than your available credit of $10.00: confirm.')).toBeInTheDocument()
    await user.click(await screen.findByRole('checkbox', { name: 'Place this order even though it takes my account past its credit limit' }))
    await user.click(screen.getByRole('button', { name: 'Complete Order' }))
    expect(await screen.findByText('Order Placed!')).toBeInTheDocument()
    expect(sentTo(api, 'POST', '/api/orders')).toHaveLength(2)
  })

  it('on hold, or past the limit of a block account, says why and whom to call, and offers no order', async () => {
    for (const [credit, text] of [
      [
        { OnHold: true, CreditMode: null, AvailableCredit: 1000 },
        'Your account is on hold, so orders cannot be placed on account. Please call our accounts team on 02 6921 4455',
      ],
      [
        { OnHold: false, CreditMode: 'block', AvailableCredit: 10 },
        'This order is more than your available credit, so it cannot be placed on account. Please call our accounts team on 02 6921 4455',
      ],
    ] as const) {
      checkoutApi({
        'GET /api/cart/credit': { body: { credit: { CreditLimit: 1000, Balance: 0, NotYetInvoiced: 0, AccountsPhone: '02 6921 4455', ...credit } } },
        'GET /api/cart/checkout-info': { body: { checkoutInfo: completeDraft } },
      })
      const { unmount } = renderWithProviders(<CheckoutScreen {...props()} />, '/checkout')
      const panel = await screen.findByRole('region', { name: 'Your credit' }, { timeout: 5_000 })
      expect(within(panel).getByRole('alert')).toHaveTextContent(text)
      expect(screen.getByRole('button', { name: 'Complete Order' })).toBeDisabled()
      unmount()
    }
  })

  it('places the order only once the draft on its way is saved, and saves no draft after it', async () => {
    const api = checkoutApi({ 'GET /api/cart/checkout-info': { body: { checkoutInfo: completeDraft } }, 'POST /api/orders': { status: 201, body: placed } })
    // The draft's save is held until the test lets it go: the order must wait for it, so that it cannot land after
    // the order and bring this purchase order back into the next checkout.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const order: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const key = `${init.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`
        if (key === 'POST /api/cart/checkout-info') {
          order.push('draft sent')
          await held
          order.push('draft saved')
        }
        if (key === 'POST /api/orders') order.push('order sent')
        return api(input, init)
      }),
    )
    const { user } = renderWithProviders(<CheckoutScreen {...props()} />, '/checkout')
    await user.type(await screen.findByLabelText('Order Description'), 'Spring')
    await waitFor(() => expect(order).toEqual(['draft sent']), { timeout: 3000 })
    await user.type(screen.getByLabelText('Order Description'), ' drench')
    await user.click(screen.getByRole('button', { name: 'Complete Order' }))
    expect(order).toEqual(['draft sent'])
    release()
    expect(await screen.findByText('Order Placed!')).toBeInTheDocument()
    expect(order).toEqual(['draft sent', 'draft saved', 'order sent'])
    expect(sentTo(api, 'POST', '/api/orders')).toEqual([expect.objectContaining({ OrderDesc: 'Spring drench', PurchaseOrder: 'PO-1' })])
  })

  it('starts, with nothing saved, at the default delivery site and delivery type and the carrier last used', async () => {
    checkoutApi({
      'GET /api/cart/checkout-info': {
        body: {
          checkoutInfo: null,
          defaults: {
            SiteCode: 'KELLY-01',
            DeliveryName: 'Kelly’s Farm Supplies',
            City: 'Wagga Wagga',
            State: 'NSW',
            CarrierName: 'Border Express',
            DeliveryType: 2,
          },
        },
      },
    })
    renderWithProviders(<CheckoutScreen {...props()} />, '/checkout')
    expect(await screen.findByLabelText('Carrier Name')).toHaveValue('Border Express')
    expect(screen.getByLabelText('Business Name')).toHaveValue('Kelly’s Farm Supplies')
    expect(screen.getByRole('radio', { name: 'Pickup' })).toBeChecked()
    expect(screen.getByLabelText('Purchase Order Number')).toHaveValue('')
    await waitFor(() => expect(screen.getByLabelText('Delivery Site')).toHaveValue('KELLY-01'))
  })

  it('prefers the details saved with the cart to the defaults', async () => {
    checkoutApi({
      'GET /api/cart/checkout-info': {
        body: { checkoutInfo: { CarrierName: 'Toll', DeliveryType: 1 }, defaults: { CarrierName: 'Border Express', DeliveryType: 2 } },
      },
    })
    renderWithProviders(<CheckoutScreen {...props()} />, '/checkout')
    expect(await screen.findByLabelText('Carrier Name')).toHaveValue('Toll')
    expect(screen.getByRole('radio', { name: 'Delivered' })).toBeChecked()
  })

  it('lists the cart’s lines with the GST and the total in the summary', async () => {
    checkoutApi({
      'GET /api/cart/items': {
        body: [
          {
            ShopCartLineID: 1,
            ProductID: 42,
            ProductCode: 'IVO-PLUS-500',
            Description: 'Ivomec Plus Injection 500mL',
            Quantity: 3,
            Price: 20,
            PriceBreaks: [],
            ExtendedEx: 60,
            TaxTotal: 6,
            ExtendedInc: 66,
            Product: { Weight: 1, Category: 'Drench', Availability: { Available: 9 } },
          },
          {
            ShopCartLineID: 2,
            ProductID: 43,
            ProductCode: 'EAR-TAG',
            Description: 'Ear tags',
            Quantity: 1,
            Price: 0.05,
            PriceBreaks: [],
            ExtendedEx: 0.05,
            TaxTotal: 0.01,
            ExtendedInc: 0.06,
            Product: { Weight: 0, Category: 'Tags', Availability: { Available: 9 } },
          },
        ],
      },
    })
    renderWithProviders(<CheckoutScreen {...props({ cartTotal: 66.06 })} />, '/checkout')
    const summary = within(await screen.findByRole('complementary', { name: 'Order Summary' }))
    const lines = within(await summary.findByRole('list', { name: 'Lines' }))
    expect(lines.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '3 × Ivomec Plus Injection 500mLIVO-PLUS-500$66.00',
      '1 × Ear tagsEAR-TAG$0.06',
    ])
    expect(summary.getByText('GST').nextElementSibling).toHaveTextContent('$6.01')
    expect(summary.getByText('Total (inc GST)').nextElementSibling).toHaveTextContent('$66.06')
  })

  it('keeps what is typed with the cart, and starts from it next time', async () => {
    const api = checkoutApi({ 'GET /api/cart/checkout-info': { body: { checkoutInfo: { PurchaseOrder: 'PO-DRAFT', DeliveryType: 2 } } } })
    const { user } = renderWithProviders(<CheckoutScreen {...props()} />, '/checkout')
    expect(await screen.findByLabelText('Purchase Order Number')).toHaveValue('PO-DRAFT')
    expect(screen.getByRole('radio', { name: 'Pickup' })).toBeChecked()
    await user.type(screen.getByLabelText('Carrier Name'), 'Toll')
    await waitFor(
      () =>
        expect(sentTo(api, 'POST', '/api/cart/checkout-info').at(-1)).toEqual({
          warehouse: 'WAG',
          CarrierName: 'Toll',
          PurchaseOrder: 'PO-DRAFT',
          DeliveryType: 2,
        }),
      {
        timeout: 3000,
      },
    )
  })

  it('for a cash-sale account, stores the pending order with the cart total and goes to the card payment', async () => {
    const payment = {
      orderId: '6a0f1c2e-1d7b-4c55-9f0a-2b8d7e5c4a10',
      fingerprint: 'abc',
      formData: { provider: 'securepay', action: 'https://pay.example/authorise', method: 'POST', fields: {} },
    }
    const api = checkoutApi({
      'GET /api/cart/checkout-info': {
        body: {
          checkoutInfo: {
            DeliveryName: 'Bellbrae',
            Contact: 'Priya',
            Email: 'priya@bellbrae.example',
            Phone: '03',
            CarrierName: 'Pickup',
            PurchaseOrder: 'CARD-1',
            DeliveryType: 2,
            State: 'VIC',
          },
        },
      },
      'POST /api/payments/create': { body: payment },
    })
    const { user, router } = renderWithProviders(
      <CheckoutScreen {...props({ isCash: true, warehouse: 'MEL', branchName: 'Melbourne', cartTotal: 11, accountName: 'Bellbrae Hobby Farm' })} />,
      '/checkout',
    )
    await user.click(await screen.findByRole('button', { name: 'Make Payment' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/card-payment'))
    expect(router.state.location.state).toEqual(payment)
    expect(sentTo(api, 'POST', '/api/payments/create')).toEqual([
      {
        orderDetails: {
          deliveryName: 'Bellbrae',
          address1: '',
          address2: '',
          city: '',
          state: 'VIC',
          postalCode: '',
          contact: 'Priya',
          email: 'priya@bellbrae.example',
          phone: '03',
          fax: '',
          carrierName: 'Pickup',
          carrierInstructions: '',
          purchaseOrder: 'CARD-1',
          orderDesc: '',
          deliveryType: 2,
          warehouse: 'MEL',
        },
        amount: 11,
        accountName: 'Bellbrae Hobby Farm',
      },
    ])
  })

  it('back from a declined payment, says why and refills the form from the pending order', async () => {
    const pending: PendingOrder = {
      orderId: '6a0f1c2e-1d7b-4c55-9f0a-2b8d7e5c4a10',
      status: 'failed',
      amount: 11,
      error: 'Insufficient Funds',
      SalesOrder: null,
      order: null,
      orderDetails: {
        siteCode: 'KELLY-01',
        deliveryName: 'Bellbrae Hobby Farm',
        address1: '4 Bellbrae Road',
        address2: '',
        city: 'Bellbrae',
        state: 'VIC',
        postalCode: '3228',
        contact: 'Priya Sharma',
        email: 'priya@bellbrae.example',
        phone: '03 5261 0000',
        fax: '',
        carrierName: 'Customer pickup',
        carrierInstructions: '',
        purchaseOrder: 'CARD-9',
        orderDesc: 'Chook feed',
        deliveryType: 2,
        warehouse: 'MEL',
      },
    }
    checkoutApi({ [`GET /api/payments/pending/${pending.orderId}`]: { body: pending } })
    renderWithProviders(<CheckoutScreen {...props({ isCash: true, warehouse: 'MEL' })} />, `/checkout?error=Insufficient%20Funds&id=${pending.orderId}`)
    expect(await screen.findByText('An error occured while processing payment: Insufficient Funds')).toBeInTheDocument()
    expect(await screen.findByLabelText('Business Name')).toHaveValue('Bellbrae Hobby Farm')
    expect(screen.getByLabelText('Postcode')).toHaveValue('3228')
    expect(screen.getByLabelText('Purchase Order Number')).toHaveValue('CARD-9')
    expect(screen.getByRole('radio', { name: 'Pickup' })).toBeChecked()
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Delivery Site' })).toHaveValue('KELLY-01'))
  })

  it('ends the payment’s reason with one full stop, whether or not the reason has its own', async () => {
    const message = 'This payment was replaced by a newer one for the same cart, so no order was made. It will be refunded.'
    checkoutApi()
    renderWithProviders(<CheckoutScreen {...props({ isCash: true, warehouse: 'MEL' })} />, `/checkout?${new URLSearchParams({ error: message }).toString()}`)
    const said = await screen.findByRole('status')
    expect(said).toHaveTextContent(`Your payment did not go through: ${message} Check the details below and try again.`)
    expect(said.textContent).not.toContain('..')
  })

  it('adds the full stop a provider’s reason lacks', async () => {
    checkoutApi()
    renderWithProviders(<CheckoutScreen {...props({ isCash: true, warehouse: 'MEL' })} />, '/checkout?error=Insufficient%20Funds')
    expect(await screen.findByRole('status')).toHaveTextContent('Your payment did not go through: Insufficient Funds. Check the details below and try again.')
  })

  it('says when the delivery sites cannot be loaded, and the address can still be typed', async () => {
    checkoutApi({ 'GET /api/delivery-sites': { status: 500, body: { error: 'internal', message: 'x' } } })
    renderWithProviders(<CheckoutScreen {...props()} />, '/checkout')
    expect(await screen.findByText('An error occured retrieving your delivery sites')).toBeInTheDocument()
    expect(screen.getByLabelText('Business Name')).toBeEnabled()
  })

  it('has nothing to check out with an empty cart', async () => {
    checkoutApi()
    renderWithProviders(<CheckoutScreen {...props({ cartCount: 0, cartTotal: 0 })} />, '/checkout')
    expect(await screen.findByText('You currently have no items in your cart')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Complete Order' })).not.toBeInTheDocument()
  })
})
