import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { RouterProvider, createMemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PlacedOrder } from '@portal/contract/checkout'
import type { CreatePaymentResponse, PaymentSettings, PendingOrder } from '@portal/contract/payments'
import { AppProviders, createQueryClient } from '../../../app/providers'
import { storeSession } from '../../../test/factories'
import { mockApi, sentTo } from '../../../test/fetch'
import { CardPaymentScreen } from './card-payment-screen'
import { PurchaseTracker } from './purchase-tracker'
import { CHECK_FAILED, NOT_SENT, SUBMIT_TIMEOUT_MS } from './securepay-card-form'

const ORDER_ID = '6a0f1c2e-1d7b-4c55-9f0a-2b8d7e5c4a10'

const securePay: PaymentSettings = {
  provider: 'securepay',
  cardEndpoint: 'https://test.api.securepay.com.au/directpost/authorise',
  checkoutScript: null,
  ipLookupUrl: 'https://ip.example/json',
  analyticsHook: 'dataLayer',
  sandbox: false,
  testCards: [],
}

const mpgs: PaymentSettings = {
  ...securePay,
  provider: 'mpgs',
  cardEndpoint: null,
  checkoutScript: 'https://gateway.example/static/checkout/checkout.min.js',
  ipLookupUrl: null,
}

const payment: CreatePaymentResponse = {
  orderId: ORDER_ID,
  fingerprint: 'f'.repeat(64),
  formData: {
    provider: 'securepay',
    action: 'https://test.api.securepay.com.au/directpost/authorise',
    method: 'POST',
    fields: {
      EPS_MERCHANT: 'ABC0010',
      EPS_TXNTYPE: '0',
      EPS_REFERENCEID: 'W1A2B3C4D5E6F',
      EPS_AMOUNT: '11.00',
      EPS_TIMESTAMP: '20261121101500',
      EPS_FINGERPRINT: 'f'.repeat(64),
      EPS_RESULTURL: 'https://portal.example/api/payments/callback',
      EPS_REDIRECT: 'TRUE',
      EPS_CURRENCY: 'AUD',
    },
  },
}

const placed: PlacedOrder = {
  OrderID: 9,
  SalesOrder: 'SO9000009',
  SalesOrderStatus: 'Entered',
  CustomerPurchaseOrder: 'CARD-1',
  Warehouse: 'MEL',
  ExtendedEx: 10,
  TaxTotal: 1,
  ExtendedInc: 11,
  items: [
    {
      LineNo: 1,
      ProductID: 5,
      ProductCode: 'LAY-20',
      Description: 'Layer pellets 20kg',
      QuantityOrdered: 1,
      QuantityBackOrdered: 0,
      QuantitySupplied: 0,
      UnitPrice: 10,
      ExtendedTotalEx: 10,
      TaxTotal: 1,
      ExtendedTotalInc: 11,
    },
  ],
  ConfirmationEmail: 'cash@example.com',
}

/** GET /api/payments/pending/{id} as the server answers it for the payment the form is for. */
const pendingAs = (status: PendingOrder['status'], more: Partial<PendingOrder> = {}): PendingOrder => ({
  orderId: ORDER_ID,
  status,
  amount: 11,
  orderDetails: {
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
    purchaseOrder: 'CARD-1',
    orderDesc: '',
    deliveryType: 2,
    warehouse: 'MEL',
  },
  error: null,
  SalesOrder: null,
  order: null,
  ...more,
})
const PENDING_PATH = `/api/payments/pending/${ORDER_ID}`
/** The server says the payment is still the cart's live one: the card may go. */
const LIVE = { [`GET ${PENDING_PATH}`]: { body: pendingAs('pending') } }

/** The screen at an address, with the navigation state the checkout hands over. */
function renderAt(ui: ReactElement, entry: { pathname: string; search?: string; state?: unknown }) {
  const client = createQueryClient()
  client.setDefaultOptions({ queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } })
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [entry] })
  const user = userEvent.setup()
  render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return { router, user }
}

const dataLayer = () => (window as unknown as { dataLayer?: unknown[] }).dataLayer

let submit: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  storeSession()
  submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined)
})
afterEach(() => {
  submit.mockRestore()
  sessionStorage.clear()
  delete (window as unknown as Record<string, unknown>).dataLayer
  delete (window as unknown as Record<string, unknown>).Checkout
  document.head.querySelectorAll('script[data-portal-checkout]').forEach((s) => s.remove())
})

async function fillCard(user: ReturnType<typeof userEvent.setup>, card: { name?: string; number?: string; month?: string; year?: string; cvv?: string } = {}) {
  const next = String(new Date().getFullYear() + 1)
  if (card.name !== '') await user.type(screen.getByLabelText('Name On Card'), card.name ?? 'Priya Sharma')
  if (card.number !== '') await user.type(screen.getByLabelText('Card Number'), card.number ?? '4444 3333 2222 1111')
  if (card.month !== '') await user.selectOptions(screen.getByLabelText('Card Expiry Month'), card.month ?? '12')
  if (card.year !== '') await user.selectOptions(screen.getByLabelText('Card Expiry Year'), card.year ?? next)
  if (card.cvv !== '') await user.type(screen.getByLabelText('CVS'), card.cvv ?? '123')
}

// Typing whole forms takes a while on a busy machine.
describe('the card payment with SecurePay', { timeout: 20_000 }, () => {
  it('shows the total, and posts the card form straight to the provider with the signed fields and the user’s IP', async () => {
    const api = mockApi({ 'GET /json': { body: { ip: '203.0.113.7' } }, ...LIVE })
    const { user } = renderAt(<CardPaymentScreen payments={securePay} total={11} />, { pathname: '/card-payment', state: payment })
    expect(screen.getByRole('heading', { name: 'Card Payment' })).toBeInTheDocument()
    expect(screen.getByText('Total (inc GST)').nextElementSibling).toHaveTextContent('$11.00')
    await waitFor(() => expect(document.querySelector('input[name="EPS_IP"]')).toHaveValue('203.0.113.7'))
    await fillCard(user)
    expect(screen.getByLabelText('Card Number')).toHaveValue('4444333322221111')
    await user.dblClick(screen.getByRole('button', { name: 'Confirm Payment' }))

    // The server is asked whether the payment is still live just before the card goes, once for the double click.
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1))
    expect(sentTo(api, 'GET', PENDING_PATH)).toHaveLength(1)
    const form = submit.mock.contexts[0] as HTMLFormElement
    expect(form.getAttribute('action')).toBe('https://test.api.securepay.com.au/directpost/authorise')
    expect(form.getAttribute('method')).toBe('post')
    const sent = Object.fromEntries(new FormData(form))
    expect(sent).toEqual({
      ...(payment.formData.provider === 'securepay' ? payment.formData.fields : {}),
      EPS_IP: '203.0.113.7',
      EPS_CARDNUMBER: '4444333322221111',
      EPS_EXPIRYMONTH: '12',
      EPS_EXPIRYYEAR: String(new Date().getFullYear() + 1),
      EPS_CCV: '123',
    })
    expect(screen.getByText('Processing your payment')).toBeInTheDocument()
    expect(JSON.parse(sessionStorage.getItem('pending-purchase')!)).toMatchObject({ orderId: ORDER_ID })
  })

  it.each([
    ['a card number that fails the Luhn check', { number: '4444333322221112' }, 'Invalid Card Number. Please check and try again'],
    ['a card that is not Visa or Mastercard', { number: '3714496353984310' }, 'Invalid Card Number. Please check and try again'],
    ['a short card number', { number: '444433332222' }, 'Invalid Card Number. Please check and try again'],
    ['no expiry month', { month: '' }, 'Invalid expiry. Please check and try again'],
    ['a CVS of two digits', { cvv: '12' }, 'Invalid CVV, please try again.'],
    ['no CVS', { cvv: '' }, 'Invalid CVV, please try again.'],
  ])('refuses %s with the card form’s words and sends nothing', async (_, card, message) => {
    mockApi(LIVE)
    const { user } = renderAt(<CardPaymentScreen payments={{ ...securePay, ipLookupUrl: null }} total={11} />, { pathname: '/card-payment', state: payment })
    await fillCard(user, card)
    await user.click(screen.getByRole('button', { name: 'Confirm Payment' }))
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(submit).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Confirm Payment' })).toBeEnabled()
  })

  it('refuses an expiry earlier this year', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(2026, 10, 21))
    mockApi(LIVE)
    const { user } = renderAt(<CardPaymentScreen payments={{ ...securePay, ipLookupUrl: null }} total={11} />, { pathname: '/card-payment', state: payment })
    await fillCard(user, { month: '10', year: '2026' })
    await user.click(screen.getByRole('button', { name: 'Confirm Payment' }))
    expect(await screen.findByText('Invalid expiry. Please check and try again')).toBeInTheDocument()
    expect(submit).not.toHaveBeenCalled()
    await user.selectOptions(screen.getByLabelText('Card Expiry Month'), '11')
    await user.click(screen.getByRole('button', { name: 'Confirm Payment' }))
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1))
  })

  it('offers the months 01 to 12 and this year and the nine after it', () => {
    mockApi(LIVE)
    renderAt(<CardPaymentScreen payments={{ ...securePay, ipLookupUrl: null }} total={11} />, { pathname: '/card-payment', state: payment })
    const months = within(screen.getByLabelText('Card Expiry Month'))
      .getAllByRole('option')
      .map((o) => o.getAttribute('value'))
    expect(months).toEqual(['', '01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'])
    const thisYear = new Date().getFullYear()
    const years = within(screen.getByLabelText('Card Expiry Year'))
      .getAllByRole('option')
      .map((o) => o.getAttribute('value'))
    expect(years).toEqual(['', ...Array.from({ length: 10 }, (_, i) => String(thisYear + i))])
  })

  it('still pays when the IP lookup cannot be reached', async () => {
    const api = mockApi(LIVE)
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        String(input).startsWith('https://ip.example/') ? Promise.reject(new TypeError('Failed to fetch')) : api(input, init),
      ),
    )
    const { user } = renderAt(<CardPaymentScreen payments={securePay} total={11} />, { pathname: '/card-payment', state: payment })
    await fillCard(user)
    await user.click(screen.getByRole('button', { name: 'Confirm Payment' }))
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1))
    expect(new FormData(submit.mock.contexts[0] as HTMLFormElement).has('EPS_IP')).toBe(false)
  })

  it('lists the sandbox’s test cards in demo mode, and one click fills the number', async () => {
    mockApi(LIVE)
    const cards = [
      { number: '4444333322221111', expiry: null, result: 'Approved' },
      { number: '4000000000000515', expiry: null, result: 'Declined: Insufficient Funds (51)' },
    ]
    const { user } = renderAt(<CardPaymentScreen payments={{ ...securePay, ipLookupUrl: null, sandbox: true, testCards: cards }} total={11} />, {
      pathname: '/card-payment',
      state: payment,
    })
    const list = screen.getByRole('complementary', { name: 'Test cards' })
    expect(within(list).getByText('Declined: Insufficient Funds (51)')).toBeInTheDocument()
    await user.click(within(list).getByRole('button', { name: 'Use test card 4000000000000515' }))
    expect(screen.getByLabelText('Card Number')).toHaveValue('4000000000000515')
  })

  it('says so when there is no payment in progress', () => {
    mockApi(LIVE)
    renderAt(<CardPaymentScreen payments={securePay} total={11} />, { pathname: '/card-payment' })
    expect(screen.getByText('There is no card payment in progress.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to checkout' })).toHaveAttribute('href', '/checkout')
  })
})

// Typing whole forms takes a while on a busy machine.
describe('the card payment with the Mastercard Gateway', { timeout: 20_000 }, () => {
  const mpgsPayment: CreatePaymentResponse = { orderId: ORDER_ID, fingerprint: '', formData: { provider: 'mpgs', checkoutScript: mpgs.checkoutScript! } }

  it('opens a session, loads the gateway’s script with its callbacks and shows its payment page', async () => {
    const api = mockApi({ 'POST /api/payments/session': { body: { sessionId: 'SESSION0002ABC', checkoutScript: mpgs.checkoutScript } } })
    const { user } = renderAt(<CardPaymentScreen payments={mpgs} total={55} />, { pathname: '/card-payment', state: mpgsPayment })
    await user.click(screen.getByRole('button', { name: 'Confirm Payment' }))
    const script = await waitFor(() => {
      const found = document.head.querySelector<HTMLScriptElement>('script[data-portal-checkout]')
      expect(found).not.toBeNull()
      return found!
    })
    expect(script.src).toBe(mpgs.checkoutScript)
    expect(sentTo(api, 'POST', '/api/payments/session')).toEqual([{ orderId: ORDER_ID }])
    const checkout = { configure: vi.fn(), showPaymentPage: vi.fn() }
    ;(window as unknown as Record<string, unknown>).Checkout = checkout
    act(() => {
      script.dispatchEvent(new Event('load'))
    })
    await waitFor(() => expect(checkout.showPaymentPage).toHaveBeenCalled())
    expect(checkout.configure).toHaveBeenCalledWith({ session: { id: 'SESSION0002ABC' } })
    expect(sessionStorage.getItem(`mpgs-session:${ORDER_ID}`)).toBe('SESSION0002ABC')

    // The gateway's callbacks, by the names the script tag gives it: an error is reported, a cancel changes nothing.
    const callbacks = window as unknown as Record<string, (...args: unknown[]) => void>
    act(() => callbacks[script.dataset.error!]!({ cause: 'INVALID_REQUEST', explanation: 'Card type not supported' }))
    expect(await screen.findByText('An error occured while processing payment: Card type not supported')).toBeInTheDocument()
    act(() => callbacks[script.dataset.cancel!]!())
    expect(screen.getByRole('button', { name: 'Confirm Payment' })).toBeEnabled()
  })

  it('completes the payment when the gateway sends the payer back, reports the purchase and goes to the orders', async () => {
    sessionStorage.setItem(`mpgs-session:${ORDER_ID}`, 'SESSION0002ABC')
    const api = mockApi({ 'POST /api/payments/complete': { body: { approved: true, orderId: ORDER_ID, order: placed } } })
    const { router } = renderAt(<CardPaymentScreen payments={mpgs} total={11} />, {
      pathname: '/card-payment',
      search: `?id=${ORDER_ID}&resultIndicator=abc123`,
    })
    await waitFor(() => expect(router.state.location.search).toBe('?approved=SO9000009'))
    expect(router.state.location.pathname).toBe('/orders')
    expect(sentTo(api, 'POST', '/api/payments/complete')).toEqual([{ sessionID: 'SESSION0002ABC', resultIndicator: 'abc123' }])
    expect(dataLayer()).toContainEqual(
      expect.objectContaining({ event: 'purchase', ecommerce: expect.objectContaining({ transaction_id: 'SO9000009', value: 11, currency: 'AUD' }) }),
    )
  })

  it('goes back to the checkout with the gateway’s reason when the payment is declined', async () => {
    sessionStorage.setItem(`mpgs-session:${ORDER_ID}`, 'SESSION0002ABC')
    mockApi({ 'POST /api/payments/complete': { status: 422, body: { error: 'payment_not_approved', message: 'Declined' } } })
    const { router } = renderAt(<CardPaymentScreen payments={mpgs} total={11} />, { pathname: '/card-payment', search: `?id=${ORDER_ID}&resultIndicator=zzz` })
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'))
    expect(router.state.location.search).toBe(`?error=Declined&id=${ORDER_ID}`)
  })
})

// Typing whole forms takes a while on a busy machine.
describe('reporting a card purchase', { timeout: 20_000 }, () => {
  it('pushes the purchase once the provider’s answer has made the pending order an order', async () => {
    sessionStorage.setItem('pending-purchase', JSON.stringify({ orderId: ORDER_ID, at: Date.now() }))
    mockApi({
      [`GET /api/payments/pending/${ORDER_ID}`]: {
        body: { orderId: ORDER_ID, status: 'completed', amount: 11, orderDetails: {}, error: null, SalesOrder: 'SO9000009', order: placed },
      },
    })
    renderAt(<PurchaseTracker analyticsHook="shopEvents" />, { pathname: '/orders', search: '?approved=SO9000009' })
    await waitFor(() => expect((window as unknown as { shopEvents?: unknown[] }).shopEvents).toHaveLength(2))
    expect((window as unknown as { shopEvents: unknown[] }).shopEvents[1]).toMatchObject({
      event: 'purchase',
      ecommerce: { transaction_id: 'SO9000009', currency: 'AUD', value: 11 },
    })
    expect(sessionStorage.getItem('pending-purchase')).toBeNull()
    delete (window as unknown as Record<string, unknown>).shopEvents
  })
})

// A card form that does not leave the page does not spin forever (decision 0026).
describe('a card form whose submission does not leave the page', { timeout: 20_000 }, () => {
  const reference = () => new FormData(submit.mock.contexts.at(-1) as HTMLFormElement).get('EPS_REFERENCEID')

  it('says the page’s policy refused it at once, and lets the user send the same payment again', async () => {
    mockApi(LIVE)
    const { user } = renderAt(<CardPaymentScreen payments={{ ...securePay, ipLookupUrl: null }} total={11} />, { pathname: '/card-payment', state: payment })
    await fillCard(user)
    await user.click(screen.getByRole('button', { name: 'Confirm Payment' }))
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1))
    expect(screen.getByText('Processing your payment')).toBeInTheDocument()
    act(() => {
      const violation = Object.assign(new Event('securitypolicyviolation'), {
        effectiveDirective: 'form-action',
        violatedDirective: 'form-action',
        blockedURI: 'http://localhost:3000/sandbox/securepay/directpost/authorise',
      })
      document.dispatchEvent(violation)
    })
    expect(
      await screen.findByText(
        'An error occured while processing payment: this page is not allowed to send the card form to http://localhost:3000. Open the portal at its usual address, or contact us.',
      ),
    ).toBeInTheDocument()
    expect(screen.queryByText('Processing your payment')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Confirm Payment' }))
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(2))
    expect(reference()).toBe('W1A2B3C4D5E6F')
  })

  it('ignores other directives’ violations', async () => {
    mockApi(LIVE)
    const { user } = renderAt(<CardPaymentScreen payments={{ ...securePay, ipLookupUrl: null }} total={11} />, { pathname: '/card-payment', state: payment })
    await fillCard(user)
    await user.click(screen.getByRole('button', { name: 'Confirm Payment' }))
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1))
    act(() => {
      document.dispatchEvent(
        Object.assign(new Event('securitypolicyviolation'), {
          effectiveDirective: 'img-src',
          violatedDirective: 'img-src',
          blockedURI: 'https://x.example/a.png',
        }),
      )
    })
    expect(screen.getByText('Processing your payment')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Confirm Payment' })).toBeDisabled()
  })

  it('gives up after a few seconds with a useful error, and lets the user try again', async () => {
    mockApi(LIVE)
    const { user } = renderAt(<CardPaymentScreen payments={{ ...securePay, ipLookupUrl: null }} total={11} />, { pathname: '/card-payment', state: payment })
    await fillCard(user)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      // The liveness check answers through promises and streams, not timers: real turns of the event loop
      // (setImmediate is not faked) let it through, and the clock the form's timeout runs on stays still.
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Confirm Payment' }))
        for (let i = 0; i < 500 && submit.mock.calls.length === 0; i++) await new Promise((resolve) => setImmediate(resolve))
      })
      expect(submit).toHaveBeenCalledTimes(1)
      act(() => vi.advanceTimersByTime(SUBMIT_TIMEOUT_MS - 1))
      expect(screen.getByText('Processing your payment')).toBeInTheDocument()
      act(() => vi.advanceTimersByTime(1))
    } finally {
      vi.useRealTimers()
    }
    expect(await screen.findByText(`An error occured while processing payment: ${NOT_SENT}`)).toBeInTheDocument()
    expect(screen.queryByText('Processing your payment')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Confirm Payment' }))
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(2))
    expect(reference()).toBe('W1A2B3C4D5E6F')
  })
})

/** The field named by its label, its aria-describedby message and whether it is marked invalid. */
function fieldState(label: string) {
  const field = screen.getByLabelText(label)
  const describedBy = field.getAttribute('aria-describedby')
  const description = describedBy
    ? describedBy
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
    : null
  return { invalid: field.getAttribute('aria-invalid') === 'true', description }
}

const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent)

// Typing whole forms takes a while on a busy machine.
describe('the card form’s errors at the field', { timeout: 20_000 }, () => {
  it('marks the first field at fault and says why beside it, one message at a time, sending nothing', async () => {
    const api = mockApi(LIVE)
    const { user } = renderAt(<CardPaymentScreen payments={{ ...securePay, ipLookupUrl: null }} total={11} />, { pathname: '/card-payment', state: payment })
    const confirm = () => user.click(screen.getByRole('button', { name: 'Confirm Payment' }))

    await confirm()
    expect(fieldState('Name On Card')).toEqual({ invalid: true, description: 'Please enter the name on the card' })
    expect(screen.getByLabelText('Name On Card')).toHaveFocus()
    expect(alerts()).toEqual(['Please enter the name on the card'])

    // Typed right, the message goes; the next field at fault is named only at the next Confirm.
    await user.type(screen.getByLabelText('Name On Card'), 'Priya Sharma')
    expect(fieldState('Name On Card')).toEqual({ invalid: false, description: null })
    expect(alerts()).toEqual([])
    await user.type(screen.getByLabelText('Card Number'), '4444333322221112')
    await confirm()
    expect(fieldState('Card Number')).toEqual({ invalid: true, description: 'Invalid Card Number. Please check and try again' })
    expect(screen.getByLabelText('Card Number')).toHaveFocus()
    await confirm()
    expect(alerts()).toEqual(['Invalid Card Number. Please check and try again'])

    await user.clear(screen.getByLabelText('Card Number'))
    await user.type(screen.getByLabelText('Card Number'), '4444333322221111')
    expect(fieldState('Card Number').invalid).toBe(false)
    await confirm()
    expect(fieldState('Card Expiry Month')).toEqual({ invalid: true, description: 'Invalid expiry. Please check and try again' })
    await user.selectOptions(screen.getByLabelText('Card Expiry Month'), '12')
    await confirm()
    expect(fieldState('Card Expiry Month').invalid).toBe(false)
    expect(fieldState('Card Expiry Year')).toEqual({ invalid: true, description: 'Invalid expiry. Please check and try again' })
    await user.selectOptions(screen.getByLabelText('Card Expiry Year'), String(new Date().getFullYear() + 1))
    await user.type(screen.getByLabelText('CVS'), '12')
    await confirm()
    expect(fieldState('CVS')).toEqual({ invalid: true, description: 'Invalid CVV, please try again.' })
    expect(alerts()).toEqual(['Invalid CVV, please try again.'])

    // Nothing was asked of the server, nothing sent, until every field was right.
    expect(sentTo(api, 'GET', PENDING_PATH)).toHaveLength(0)
    expect(submit).not.toHaveBeenCalled()
    await user.type(screen.getByLabelText('CVS'), '3')
    await confirm()
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1))
    expect(alerts()).toEqual([])
  })

  it('starts the years at this year and, with this year chosen, offers no month that has gone', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(2026, 10, 21))
    mockApi(LIVE)
    const { user } = renderAt(<CardPaymentScreen payments={{ ...securePay, ipLookupUrl: null }} total={11} />, { pathname: '/card-payment', state: payment })
    const options = (label: string) => within(screen.getByLabelText(label)).getAllByRole<HTMLOptionElement>('option')
    const enabledMonths = () =>
      options('Card Expiry Month')
        .filter((o) => o.value && !o.disabled)
        .map((o) => o.value)
    expect(options('Card Expiry Year')[1]).toHaveValue('2026')
    expect(enabledMonths()).toHaveLength(12)

    await user.selectOptions(screen.getByLabelText('Card Expiry Year'), '2026')
    expect(enabledMonths()).toEqual(['11', '12'])
    await user.selectOptions(screen.getByLabelText('Card Expiry Year'), '2027')
    expect(enabledMonths()).toHaveLength(12)

    // A month chosen first and then this year: refused at the month at once.
    await user.selectOptions(screen.getByLabelText('Card Expiry Month'), '05')
    expect(fieldState('Card Expiry Month').invalid).toBe(false)
    await user.selectOptions(screen.getByLabelText('Card Expiry Year'), '2026')
    expect(fieldState('Card Expiry Month')).toEqual({ invalid: true, description: 'Invalid expiry. Please check and try again' })
    await user.selectOptions(screen.getByLabelText('Card Expiry Month'), '11')
    expect(fieldState('Card Expiry Month')).toEqual({ invalid: false, description: null })
    vi.useRealTimers()
  })
})

// Typing whole forms takes a while on a busy machine.
describe('the card form asks whether its payment can still become the order', { timeout: 20_000 }, () => {
  const confirmFilled = async (user: ReturnType<typeof userEvent.setup>) => {
    await fillCard(user)
    await user.click(screen.getByRole('button', { name: 'Confirm Payment' }))
  }

  it.each([
    [
      'replaced by a newer payment for the cart (another tab)',
      'Replaced by a newer payment for the same cart.',
      'Replaced by a newer payment for the same cart.',
    ],
    ['declined by the bank', 'Insufficient Funds', 'Insufficient Funds.'],
  ])('sends nothing for a payment %s, says why and leads back to the checkout', async (_, error, said) => {
    const api = mockApi({ [`GET ${PENDING_PATH}`]: { body: pendingAs('failed', { error }) } })
    const { user } = renderAt(<CardPaymentScreen payments={{ ...securePay, ipLookupUrl: null }} total={11} />, { pathname: '/card-payment', state: payment })
    await confirmFilled(user)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `This payment can no longer be made: ${said} Your card details were not sent, so you have not been charged.`,
    )
    expect(submit).not.toHaveBeenCalled()
    expect(sentTo(api, 'GET', PENDING_PATH)).toHaveLength(1)
    expect(sessionStorage.getItem('pending-purchase')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Confirm Payment' })).not.toBeInTheDocument()
    expect(screen.queryByText('Processing your payment')).not.toBeInTheDocument()
    // One way back: to the checkout as the cart is now, not to the replaced payment's form.
    expect(screen.getAllByRole('link', { name: 'Back to checkout' }).map((l) => l.getAttribute('href'))).toEqual(['/checkout'])
  })

  it('sends nothing for a payment already made, and links to its order', async () => {
    mockApi({ [`GET ${PENDING_PATH}`]: { body: pendingAs('completed', { SalesOrder: 'SO9000009', order: placed }) } })
    const { user } = renderAt(<CardPaymentScreen payments={{ ...securePay, ipLookupUrl: null }} total={11} />, { pathname: '/card-payment', state: payment })
    await confirmFilled(user)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This payment has already been made and your order is SO9000009. Your card details were not sent again, so you have not been charged twice.',
    )
    expect(submit).not.toHaveBeenCalled()
    expect(screen.getByRole('link', { name: 'View order SO9000009' })).toHaveAttribute('href', '/orders/SO9000009')
    expect(screen.queryByRole('link', { name: 'Back to checkout' })).not.toBeInTheDocument()
  })

  it('sends nothing when the check fails (a server error, no network), and sends once the server says the payment is live', async () => {
    let answer: 'error' | 'offline' | 'live' = 'error'
    const api = mockApi({
      [`GET ${PENDING_PATH}`]: () => (answer === 'live' ? { body: pendingAs('pending') } : { status: 503, body: { error: 'unavailable', message: 'x' } }),
    })
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        answer === 'offline' ? Promise.reject(new TypeError('Failed to fetch')) : api(input, init),
      ),
    )
    const { user } = renderAt(<CardPaymentScreen payments={{ ...securePay, ipLookupUrl: null }} total={11} />, { pathname: '/card-payment', state: payment })
    await confirmFilled(user)
    expect(await screen.findByRole('alert')).toHaveTextContent(CHECK_FAILED)
    expect(submit).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Confirm Payment' })).toBeEnabled()

    answer = 'offline'
    await user.click(screen.getByRole('button', { name: 'Confirm Payment' }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm Payment' })).toBeEnabled())
    expect(alerts()).toEqual([CHECK_FAILED])
    expect(submit).not.toHaveBeenCalled()

    answer = 'live'
    await user.click(screen.getByRole('button', { name: 'Confirm Payment' }))
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1))
    expect(alerts()).toEqual([])
  })
})
