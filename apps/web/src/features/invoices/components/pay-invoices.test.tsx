import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { InvoicePayment, OpenInvoice } from '@portal/contract/invoice-payments'
import type { PaymentSettings } from '@portal/contract/payments'
import { mockApi, sentTo } from '../../../test/fetch'
import { aLogin, aUser, storeSession } from '../../../test/factories'
import { renderWithProviders } from '../../../test/render'
import { InvoicesScreen } from './invoices-screen'

const PAYMENT_ID = '0b8f3d7e-2c4a-4f1e-9a6b-5d3c2e1f0a9b'

const securePay: PaymentSettings = {
  provider: 'securepay',
  cardEndpoint: 'http://localhost/sandbox/securepay/directpost/authorise',
  checkoutScript: null,
  ipLookupUrl: null,
  analyticsHook: 'dataLayer',
  sandbox: true,
  testCards: [{ number: '4444333322221111', expiry: null, result: 'Approved' }],
}

const anOpen = (n: number, overrides: Partial<OpenInvoice> = {}): OpenInvoice => ({
  InvoiceID: n,
  Invoice: `IN${3000 + n}`,
  InvoiceDate: '2026-10-03',
  DueDate: '2026-11-25',
  CustomerPurchaseOrder: `PO-${n}`,
  Amount: 1100,
  Open: 1100,
  ...overrides,
})

const created = {
  paymentId: PAYMENT_ID,
  reference: 'P1A2B3C4D5E6F',
  amount: 1350.5,
  formData: {
    provider: 'securepay' as const,
    action: 'http://localhost/sandbox/securepay/directpost/authorise',
    method: 'POST' as const,
    fields: { EPS_MERCHANT: 'ABC0010', EPS_REFERENCEID: 'P1A2B3C4D5E6F', EPS_AMOUNT: '1350.50', EPS_FINGERPRINT: 'f'.repeat(64) },
  },
}

const aPayment = (overrides: Partial<InvoicePayment> = {}): InvoicePayment => ({
  paymentId: PAYMENT_ID,
  reference: 'P1A2B3C4D5E6F',
  status: 'completed',
  amount: 1350.5,
  error: null,
  paidAt: '2026-12-07',
  paidBy: 'Jo Grower',
  invoices: [
    { InvoiceID: 1, Invoice: 'IN3001', Amount: 1100 },
    { InvoiceID: 2, Invoice: 'IN3002', Amount: 250.5 },
  ],
  ...overrides,
})

const routes = (open: OpenInvoice[], canPay = true, more: Parameters<typeof mockApi>[0] = {}) => ({
  'GET /api/invoices': { body: [] },
  'GET /api/invoice-payments/open': { body: { canPay, invoices: open } },
  ...more,
})

let submit: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  storeSession(aLogin({ user: aUser({ Role: 'Administrator' }) }))
  submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined)
})
afterEach(() => submit.mockRestore())

const amountOf = (invoice: string) => screen.getByRole('textbox', { name: `Amount to pay for ${invoice}` })
const total = () => screen.getByText('Total to pay').nextElementSibling

describe('paying invoices by card', { timeout: 30_000 }, () => {
  it('chooses invoices, all of one and part of another, never more than is owing, and opens the card form for the total', async () => {
    const api = mockApi(routes([anOpen(1), anOpen(2, { Amount: 880, Open: 330.25 })], true, { 'POST /api/invoice-payments': { body: created } }))
    const { user } = renderWithProviders(<InvoicesScreen payments={securePay} />, '/invoices')
    // What is owing on each; one partly paid already.
    const second = (await screen.findByRole('link', { name: 'IN3002' })).closest('tr')!
    expect(within(second).getByText('Partly paid')).toBeInTheDocument()
    expect(within(second).getByText('$330.25')).toBeInTheDocument()
    expect(amountOf('IN3001')).toBeDisabled()
    expect(total()).toHaveTextContent('$0.00')

    await user.click(screen.getByRole('button', { name: 'Pay by card' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose at least one invoice to pay')

    await user.click(screen.getByRole('checkbox', { name: 'Pay IN3001' }))
    await user.click(screen.getByRole('checkbox', { name: 'Pay IN3002' }))
    expect(amountOf('IN3001')).toHaveValue('1100.00')
    expect(amountOf('IN3002')).toHaveValue('330.25')
    expect(total()).toHaveTextContent('$1,430.25')

    // More than is owing: said at the field, nothing sent.
    await user.clear(amountOf('IN3002'))
    await user.type(amountOf('IN3002'), '330.26')
    await user.tab()
    expect(amountOf('IN3002')).toHaveAttribute('aria-invalid', 'true')
    expect(amountOf('IN3002')).toHaveAccessibleDescription('That is more than is owing. Pay at most $330.25')
    await user.click(screen.getByRole('button', { name: 'Pay by card' }))
    expect(amountOf('IN3002')).toHaveFocus()
    expect(sentTo(api, 'POST', '/api/invoice-payments')).toHaveLength(0)

    await user.clear(amountOf('IN3002'))
    await user.type(amountOf('IN3002'), '250.5')
    expect(amountOf('IN3002')).not.toHaveAttribute('aria-invalid')
    expect(total()).toHaveTextContent('$1,350.50')
    await user.click(screen.getByRole('button', { name: 'Pay by card' }))

    expect(await screen.findByRole('heading', { name: 'Pay $1,350.50 by card' })).toBeInTheDocument()
    expect(sentTo(api, 'POST', '/api/invoice-payments')).toEqual([
      {
        invoices: [
          { InvoiceID: 1, Amount: 1100 },
          { InvoiceID: 2, Amount: 250.5 },
        ],
        amount: 1350.5,
      },
    ])
    const key = api.mock.calls.find(([, init]) => init?.method === 'POST')![1]!.headers as Record<string, string>
    expect(key['Idempotency-Key']).toMatch(/^[0-9a-f-]{32,36}$/)
    // The card orders' own form, with the sandbox's test cards.
    expect(screen.getByLabelText('Card Number')).toBeInTheDocument()
    expect(screen.getByRole('complementary', { name: 'Test cards' })).toBeInTheDocument()
  })

  it('asks the server whether the payment is still live before the card goes, and sends it straight to the provider', async () => {
    let status: InvoicePayment['status'] = 'failed'
    const api = mockApi(
      routes([anOpen(1)], true, {
        'POST /api/invoice-payments': { body: { ...created, amount: 1100 } },
        [`GET /api/invoice-payments/${PAYMENT_ID}`]: () => ({
          body: aPayment({
            status,
            error: status === 'failed' ? 'This payment was replaced by a newer payment of your invoices, so it was not applied.' : null,
          }),
        }),
      }),
    )
    const { user } = renderWithProviders(<InvoicesScreen payments={securePay} />, '/invoices')
    await user.click(await screen.findByRole('checkbox', { name: 'Pay IN3001' }))
    await user.click(screen.getByRole('button', { name: 'Pay by card' }))
    await user.type(await screen.findByLabelText('Name On Card'), 'Jo Grower')
    await user.type(screen.getByLabelText('Card Number'), '4444333322221111')
    await user.selectOptions(screen.getByLabelText('Card Expiry Month'), '12')
    await user.selectOptions(screen.getByLabelText('Card Expiry Year'), String(new Date().getFullYear() + 1))
    await user.type(screen.getByLabelText('CVS'), '123')
    await user.click(screen.getByRole('button', { name: 'Confirm Payment' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This payment can no longer be made: This payment was replaced by a newer payment of your invoices, so it was not applied. Your card details were not sent, so you have not been charged.',
    )
    expect(submit).not.toHaveBeenCalled()

    // A new payment, live this time: the card form goes to the provider with the signed fields.
    status = 'pending'
    await user.click(screen.getByRole('button', { name: 'Change what to pay' }))
    await user.click(screen.getByRole('button', { name: 'Pay by card' }))
    await user.type(await screen.findByLabelText('Name On Card'), 'Jo Grower')
    await user.type(screen.getByLabelText('Card Number'), '4444333322221111')
    await user.selectOptions(screen.getByLabelText('Card Expiry Month'), '12')
    await user.selectOptions(screen.getByLabelText('Card Expiry Year'), String(new Date().getFullYear() + 1))
    await user.type(screen.getByLabelText('CVS'), '123')
    await user.click(screen.getByRole('button', { name: 'Confirm Payment' }))
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1))
    const form = submit.mock.contexts[0] as HTMLFormElement
    expect(form.getAttribute('action')).toBe(created.formData.action)
    expect(Object.fromEntries(new FormData(form))).toMatchObject({ EPS_REFERENCEID: 'P1A2B3C4D5E6F', EPS_CARDNUMBER: '4444333322221111' })
    expect(sentTo(api, 'GET', `/api/invoice-payments/${PAYMENT_ID}`)).toHaveLength(2)
  })

  it('says an amount the server refuses at its field', async () => {
    mockApi(
      routes([anOpen(1), anOpen(2)], true, {
        'POST /api/invoice-payments': {
          status: 400,
          body: {
            error: 'more_than_owing',
            message: 'Invoice IN3002 has $100.00 owing. Pay at most that.',
            fields: [{ field: 'invoices.1.Amount', message: 'Invoice IN3002 has $100.00 owing. Pay at most that.' }],
          },
        },
      }),
    )
    const { user } = renderWithProviders(<InvoicesScreen payments={securePay} />, '/invoices')
    await user.click(await screen.findByRole('checkbox', { name: 'Choose all open invoices' }))
    await user.click(screen.getByRole('button', { name: 'Pay by card' }))
    await waitFor(() => expect(amountOf('IN3002')).toHaveAccessibleDescription('Invoice IN3002 has $100.00 owing. Pay at most that.'))
    expect(amountOf('IN3001')).not.toHaveAttribute('aria-invalid')
  })

  it('shows a User who may not pay what is owing, without a choice, and whom to ask', async () => {
    storeSession(aLogin({ user: aUser({ username: 'staff', Role: 'User' }) }))
    mockApi(routes([anOpen(1)], false))
    renderWithProviders(<InvoicesScreen payments={securePay} />, '/invoices')
    expect(
      await screen.findByText("What is owing on your invoices. To pay invoices online, ask your account's Administrator to allow you."),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'IN3001' })).toBeInTheDocument()
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Pay by card' })).not.toBeInTheDocument()
  })

  it('after a payment (?paid=), says how much was paid, what is paid and partly paid, and offers the receipt PDF', async () => {
    const api = mockApi(
      routes([anOpen(2, { Amount: 880, Open: 79.5 })], true, {
        [`GET /api/invoice-payments/${PAYMENT_ID}`]: { body: aPayment() },
        [`GET /api/invoice-payments/${PAYMENT_ID}/receipt`]: {
          body: '%PDF-',
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="Receipt P1A2B3C4D5E6F.pdf"' },
        },
      }),
    )
    // jsdom has no object URLs: saving the file is seen by the one it makes.
    const createObjectURL = vi.fn(() => 'blob:receipt')
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
    const { user } = renderWithProviders(<InvoicesScreen payments={securePay} />, `/invoices?paid=${PAYMENT_ID}`)
    const status = await screen.findByRole('status')
    expect(status).toHaveTextContent('Thank you. Your payment of $1,350.50 was made.')
    expect(status).toHaveTextContent('Reference P1A2B3C4D5E6F')
    expect(within(status).getByText('IN3001: $1,100.00 paid, paid in full')).toBeInTheDocument()
    expect(within(status).getByText('IN3002: $250.50 paid, partly paid, $79.50 still owing')).toBeInTheDocument()
    await user.click(within(status).getByRole('button', { name: 'Download receipt (PDF)' }))
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled())
    expect(sentTo(api, 'GET', `/api/invoice-payments/${PAYMENT_ID}/receipt`)).toHaveLength(1)
  })

  it('after a refused payment (?error=), says why at the form with the same invoices and amounts chosen again', async () => {
    mockApi(
      routes([anOpen(1), anOpen(2)], true, {
        [`GET /api/invoice-payments/${PAYMENT_ID}`]: {
          body: aPayment({ status: 'failed', error: 'Insufficient Funds', invoices: [{ InvoiceID: 2, Invoice: 'IN3002', Amount: 400 }], amount: 400 }),
        },
      }),
    )
    renderWithProviders(<InvoicesScreen payments={securePay} />, `/invoices?error=Insufficient+Funds&payment=${PAYMENT_ID}`)
    expect(await screen.findByRole('alert')).toHaveTextContent('Your payment did not go through: Insufficient Funds.')
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Pay IN3002' })).toBeChecked())
    expect(screen.getByRole('checkbox', { name: 'Pay IN3001' })).not.toBeChecked()
    expect(amountOf('IN3002')).toHaveValue('400.00')
    expect(total()).toHaveTextContent('$400.00')
  })

  it('completes a Mastercard Gateway payment when the gateway sends the payer back (?payment=)', async () => {
    sessionStorage.setItem(`mpgs-session:${PAYMENT_ID}`, 'SESSION0002ABC')
    const api = mockApi(routes([anOpen(2, { Open: 849.5 })], true, { 'POST /api/invoice-payments/complete': { body: aPayment() } }))
    const { router } = renderWithProviders(
      <InvoicesScreen payments={{ ...securePay, provider: 'mpgs', testCards: [] }} />,
      `/invoices?payment=${PAYMENT_ID}&resultIndicator=abc123`,
    )
    await waitFor(() => expect(router.state.location.search).toBe(`?paid=${PAYMENT_ID}`))
    expect(sentTo(api, 'POST', '/api/invoice-payments/complete')).toEqual([{ sessionID: 'SESSION0002ABC', resultIndicator: 'abc123' }])
    sessionStorage.clear()
  })

  it('goes back to the form with the reason when the gateway payment is refused', async () => {
    sessionStorage.setItem(`mpgs-session:${PAYMENT_ID}`, 'SESSION0002ABC')
    mockApi(routes([anOpen(1)], true, { 'POST /api/invoice-payments/complete': { status: 422, body: { error: 'payment_not_approved', message: 'Declined' } } }))
    const { router } = renderWithProviders(
      <InvoicesScreen payments={{ ...securePay, provider: 'mpgs', testCards: [] }} />,
      `/invoices?payment=${PAYMENT_ID}&resultIndicator=zzz`,
    )
    await waitFor(() => expect(router.state.location.search).toBe(`?error=Declined&payment=${PAYMENT_ID}`))
    sessionStorage.clear()
  })
})
