import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { InvoiceDetail as Invoice, InvoiceListRow } from '@portal/contract/invoices'
import { mockApi, sentTo } from '../../../test/fetch'
import { aLogin, aUser, storeSession } from '../../../test/factories'
import { renderWithProviders } from '../../../test/render'
import { InvoiceDetail } from './invoice-detail'
import { InvoicesScreen } from './invoices-screen'
import { RelatedInvoices } from './related-invoices'

const aRow = (n: number, overrides: Partial<InvoiceListRow> = {}): InvoiceListRow => ({
  InvoiceID: n,
  Invoice: `IN${3000 + n}`,
  TransactionType: 'INV',
  TransactionDate: '2024-03-03',
  InvoiceDate: '2024-03-03',
  DueDate: '2024-04-25',
  Description: '',
  Reference: 'PO-1',
  SalesOrder: `SO${1000 + n}`,
  CustomerPurchaseOrder: 'PO-1',
  Amount: 1100,
  Paid: null,
  Open: null,
  ...overrides,
})

const anInvoice = (overrides: Partial<Invoice> = {}): Invoice => ({
  InvoiceID: 42,
  Invoice: 'IN3121339',
  TransactionType: 'INV',
  TransactionDate: '2026-11-09',
  InvoiceDate: '2026-11-09',
  DueDate: '2026-12-25',
  Description: 'Urgent: customer waiting',
  Reference: 'PO-79633',
  Amount: 110,
  BRN: 'WAG261109',
  SalesLocation: 'WAG',
  SalesLocationName: 'Wagga Wagga',
  SalesOrder: 'SO1208092',
  SalesOrderStatus: 'Shipped',
  CustomerPurchaseOrder: 'PO-79633',
  Carrier: 'Customer Pickup',
  ConsignmentNote: '',
  AccountCode: 'KELLYFG',
  AccountName: "Kelly's Farm & Garden Supplies",
  CustomerABN: '76 937 996 458',
  DeliveryName: "Kelly's Farm & Garden Supplies",
  DeliveryAddress1: '42 Fitzmaurice Street',
  DeliveryAddress2: '',
  DeliveryCity: 'Wagga Wagga',
  DeliveryState: 'NSW',
  DeliveryPostalCode: '2650',
  ExtendedTotalEx: 100,
  TaxTotal: 10,
  ExtendedTotalInc: 110,
  items: [
    {
      LineNo: 1,
      ProductID: 1,
      ProductCode: 'HOL-FV',
      Description: 'Holman Float Valve',
      QuantityOrdered: 1,
      QuantityBackOrdered: 0,
      QuantitySupplied: 1,
      UnitPrice: 100,
      ExtendedTotalEx: 100,
      TaxTotal: 10,
      ExtendedTotalInc: 110,
    },
  ],
  ...overrides,
})

beforeEach(() => storeSession(aLogin({ user: aUser({ Email: 'jo@farm.example' }) })))

describe('Invoice History', () => {
  it('loads 20 at a time; a shorter page ends the list', async () => {
    mockApi({
      'GET /api/invoices': ({ url }) => ({ body: url.searchParams.get('page') === '2' ? [aRow(21)] : Array.from({ length: 20 }, (_, i) => aRow(i + 1)) }),
    })
    const { user } = renderWithProviders(<InvoicesScreen />)
    expect(await screen.findByRole('link', { name: 'IN3001' })).toHaveAttribute('href', '/invoice/IN3001')
    await user.click(screen.getByRole('button', { name: 'Load more invoices' }))
    expect(await screen.findByRole('link', { name: 'IN3021' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load more invoices' })).not.toBeInTheDocument()
  })

  it('ends the list on an empty page too', async () => {
    mockApi({ 'GET /api/invoices': ({ url }) => ({ body: url.searchParams.get('page') === '2' ? [] : Array.from({ length: 20 }, (_, i) => aRow(i + 1)) }) })
    const { user } = renderWithProviders(<InvoicesScreen />)
    await user.click(await screen.findByRole('button', { name: 'Load more invoices' }))
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more invoices' })).not.toBeInTheDocument())
    expect(screen.getAllByRole('link', { name: /^IN30/ })).toHaveLength(20)
  })

  it('says before the amount which invoices are paid, or partly paid with what is still owing, and nothing of the others', async () => {
    mockApi({
      'GET /api/invoices': {
        body: [
          aRow(1, { Paid: 'paid', Open: 0 }),
          aRow(2, { Paid: 'part paid', Open: 260.5 }),
          aRow(3, { Paid: null, Open: 1100 }),
          aRow(4, { TransactionType: 'CRN', Amount: -55 }),
        ],
      },
    })
    renderWithProviders(<InvoicesScreen />)
    const row = async (invoice: string) => (await screen.findByRole('link', { name: invoice })).closest('tr')!
    expect(await row('IN3001')).toHaveTextContent('Paid$1,100.00')
    expect(await row('IN3002')).toHaveTextContent('Partly paid, $260.50 owing$1,100.00')
    expect(await row('IN3003')).not.toHaveTextContent(/paid/i)
    expect(await row('IN3004')).not.toHaveTextContent(/paid/i)
  })

  it('gives each failure its own message', async () => {
    mockApi({ 'GET /api/invoices': { status: 500, body: { error: 'internal', message: 'x' } } })
    renderWithProviders(<InvoicesScreen />)
    expect(await screen.findByText('An error occured loading your invoices.')).toBeInTheDocument()
  })

  it('disables Search when the search text and both dates are empty', async () => {
    mockApi({ 'GET /api/invoices': { body: [] } })
    const { user } = renderWithProviders(<InvoicesScreen />)
    await screen.findByText('No results')
    await user.clear(screen.getByLabelText('From'))
    await user.clear(screen.getByLabelText('To'))
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled()
  })
})

describe('Tax Invoice', () => {
  it('shows the supplier and its ABN, the customer, lines and GST', async () => {
    mockApi({ 'GET /api/invoices/IN3121339': { body: anInvoice() } })
    renderWithProviders(<InvoiceDetail id="IN3121339" supplier={{ name: 'Riverina Rural Supply', abn: '53 004 085 616' }} />)
    expect(await screen.findByText('Riverina Rural Supply')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Tax Invoice' })).toBeInTheDocument()
    expect(screen.getByText(/ABN 53 004 085 616/)).toBeInTheDocument()
    expect(screen.getByText(/ABN 76 937 996 458/)).toBeInTheDocument()
    expect(screen.getByText('Holman Float Valve')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'SO1208092' })).toHaveAttribute('href', '/orders/SO1208092')
  })

  it('e-mails a copy: the button is disabled while the address is blank or a send is under way', async () => {
    const api = mockApi({
      'GET /api/invoices/IN3121339': { body: anInvoice() },
      'POST /api/invoices/IN3121339/send': { body: { message: 'This invoice has been emailed to the address provided.' } },
    })
    const { user } = renderWithProviders(<InvoiceDetail id="IN3121339" />)
    const email = await screen.findByLabelText('Email Address')
    const button = screen.getByRole('button', { name: 'Email Invoice' })
    expect(email).toHaveValue('jo@farm.example')
    await user.clear(email)
    expect(button).toBeDisabled()
    await user.type(email, 'books@farm.example')
    expect(button).toBeEnabled()
    await user.click(button)
    expect(await screen.findByText('This invoice has been emailed to the address provided.')).toBeInTheDocument()
    expect(sentTo(api, 'POST', '/api/invoices/IN3121339/send')).toEqual([{ email: 'books@farm.example' }])
  })

  it('keeps the button disabled while sending', async () => {
    let finish: (value: Response) => void = () => {}
    const api = mockApi({ 'GET /api/invoices/IN3121339': { body: anInvoice() } })
    const fetchMock = api.getMockImplementation()!
    api.mockImplementation(async (input, init) => {
      if ((init?.method ?? 'GET') === 'POST') return new Promise<Response>((resolve) => (finish = resolve))
      return fetchMock(input, init)
    })
    const { user } = renderWithProviders(<InvoiceDetail id="IN3121339" />)
    await user.click(await screen.findByRole('button', { name: 'Email Invoice' }))
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled()
    finish(new Response(JSON.stringify({ message: 'ok' }), { status: 200, headers: { 'Content-Type': 'application/json' } }))
    expect(await screen.findByRole('button', { name: 'Email Invoice' })).toBeEnabled()
  })

  it('says when the invoice cannot be sent or loaded', async () => {
    mockApi({
      'GET /api/invoices/IN3121339': { body: anInvoice() },
      'POST /api/invoices/IN3121339/send': { status: 500, body: { error: 'internal', message: 'x' } },
      'GET /api/invoices/IN404': { status: 404, body: { error: 'not_found', message: 'No such invoice.' } },
    })
    const { user } = renderWithProviders(<InvoiceDetail id="IN3121339" />)
    await user.click(await screen.findByRole('button', { name: 'Email Invoice' }))
    expect(await screen.findByText('An error occured sending this invoice')).toBeInTheDocument()
    renderWithProviders(<InvoiceDetail id="IN404" />)
    expect(await screen.findByText('An error occured loading this invoice')).toBeInTheDocument()
  })
})

describe("an order's invoices", () => {
  it('finds them by the order number and links each to /invoice/{Invoice}', async () => {
    const api = mockApi({
      'GET /api/invoices': {
        body: [
          aRow(1, { SalesOrder: 'SO1001' }),
          aRow(2, { SalesOrder: 'SO10011' }),
          aRow(3, { SalesOrder: 'SO1001', TransactionType: 'CRN', Invoice: 'CN0402114' }),
        ],
      },
    })
    renderWithProviders(<RelatedInvoices salesOrder="SO1001" />)
    expect(await screen.findByRole('link', { name: 'Invoice IN3001' })).toHaveAttribute('href', '/invoice/IN3001')
    expect(screen.getByRole('link', { name: 'Credit Note CN0402114' })).toHaveAttribute('href', '/invoice/CN0402114')
    expect(screen.queryByRole('link', { name: 'Invoice IN3002' })).not.toBeInTheDocument()
    const [url] = api.mock.calls[0]!
    expect(new URL(String(url), 'http://x').searchParams.get('search')).toBe('SO1001')
  })

  it('says when they cannot be loaded', async () => {
    mockApi({ 'GET /api/invoices': { status: 500, body: { error: 'internal', message: 'x' } } })
    renderWithProviders(<RelatedInvoices salesOrder="SO1001" />)
    expect(await screen.findByText('An error occured loading the related invoices')).toBeInTheDocument()
  })
})
