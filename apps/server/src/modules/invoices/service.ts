import { statusShown } from '@portal/contract/order-status'
import type { InvoiceDetail, InvoiceListRow, InvoicesQuery } from '@portal/contract/invoices'
import type { Message } from '@portal/contract/common'
import type { Deps, Session } from '../../lib/context'
import { historyRange } from '../../lib/date-range'
import { notFound } from '../../lib/errors'
import { dollars } from '../../lib/money'
import { enqueueMail } from '../mail/outbox'
import { documentItem } from '../orders/service'
import { invoicePdf, invoiceTitle } from './pdf'
import * as repo from './repo'

type Db = Deps['db']

export async function list({ db }: Deps, session: Session, query: InvoicesQuery): Promise<InvoiceListRow[]> {
  const range = historyRange(query)
  const rows = await repo.listInvoices(db, session.accountId, { range, search: query.search }, query.size, (query.page - 1) * query.size)
  return rows.map((r) => ({
    InvoiceID: r.id,
    Invoice: r.invoice,
    TransactionType: r.transaction_type,
    TransactionDate: r.transaction_date,
    InvoiceDate: r.invoice_date,
    DueDate: r.due_date,
    Description: r.description,
    Reference: r.reference,
    SalesOrder: r.sales_order,
    CustomerPurchaseOrder: r.customer_purchase_order,
    Amount: dollars(r.extended_inc_cents),
    ...paymentOf(r),
  }))
}

/**
 * How much of an invoice is paid, for its history row: what is owing is the ERP's Outstanding less the portal's
 * card payments the ERP has not taken in yet (as the open invoices count it, decision 0090). Said only of an invoice
 * for money whose Outstanding the ERP has given or that was paid in the portal: until then a 0 outstanding is the
 * ERP not telling, not a payment (decision 0095).
 */
export function paymentOf(r: {
  extended_inc_cents: number | string
  outstanding_cents: number
  outstanding_known: boolean
  unprocessed_cents: number
}): Pick<InvoiceListRow, 'Paid' | 'Open'> {
  const amount = Number(r.extended_inc_cents)
  const unprocessed = Number(r.unprocessed_cents)
  if (amount <= 0 || (!r.outstanding_known && unprocessed === 0)) return { Paid: null, Open: null }
  const open = Math.max(r.outstanding_cents - unprocessed, 0)
  return { Paid: open === 0 ? 'paid' : open < amount ? 'part paid' : null, Open: dollars(open) }
}

/** The screens link by invoice number (IN…, CN…); an all-digits id is the numeric InvoiceID. */
function invoiceKey(id: string): { id: number } | { invoice: string } {
  if (/^\d{1,9}$/.test(id)) return { id: Number(id) }
  return { invoice: id.toUpperCase() }
}

async function load(db: Db, session: Session, id: string) {
  const invoice = await repo.findInvoice(db, session.accountId, invoiceKey(id))
  if (!invoice) throw notFound('invoice')
  const lines = await repo.invoiceLines(db, invoice.id)
  return { invoice, lines }
}

export async function detail({ db }: Deps, session: Session, id: string): Promise<InvoiceDetail> {
  const { invoice: i, lines } = await load(db, session, id)
  return {
    InvoiceID: i.id,
    Invoice: i.invoice,
    TransactionType: i.transaction_type,
    TransactionDate: i.transaction_date,
    InvoiceDate: i.invoice_date,
    DueDate: i.due_date,
    Description: i.description,
    Reference: i.reference,
    Amount: dollars(i.extended_inc_cents),
    BRN: i.brn,
    SalesLocation: i.sales_location,
    SalesLocationName: i.branch_name,
    SalesOrder: i.sales_order,
    SalesOrderStatus: i.order_status === null ? i.order_status : statusShown(i.order_status),
    CustomerPurchaseOrder: i.customer_purchase_order,
    Carrier: i.carrier,
    ConsignmentNote: i.consignment_note,
    AccountCode: i.account_code,
    AccountName: i.account_name,
    CustomerABN: i.account_abn,
    DeliveryName: i.delivery_name,
    DeliveryAddress1: i.delivery_address1,
    DeliveryAddress2: i.delivery_address2,
    DeliveryCity: i.delivery_city,
    DeliveryState: i.delivery_state,
    DeliveryPostalCode: i.delivery_postal_code,
    ExtendedTotalEx: dollars(i.extended_ex_cents),
    TaxTotal: dollars(i.tax_cents),
    ExtendedTotalInc: dollars(i.extended_inc_cents),
    items: lines.map(documentItem),
  }
}

/** The invoice as a PDF tax invoice; its totals are the sums of the lines it prints. */
export async function renderInvoice(deps: Deps, session: Session, id: string): Promise<{ invoice: string; title: string; pdf: Uint8Array }> {
  const { invoice: i, lines } = await load(deps.db, session, id)
  const printed = lines.map((l) => ({
    productCode: l.product_code,
    description: l.description,
    quantity: l.qty_supplied,
    unitPriceCents: l.unit_price_cents,
    exCents: l.extended_ex_cents,
    taxCents: l.tax_cents,
    incCents: l.extended_inc_cents,
  }))
  const totals = printed.reduce((t, l) => ({ exCents: t.exCents + l.exCents, taxCents: t.taxCents + l.taxCents, incCents: t.incCents + l.incCents }), {
    exCents: 0,
    taxCents: 0,
    incCents: 0,
  })
  const pdf = await invoicePdf(deps.config, {
    invoice: i.invoice,
    transactionType: i.transaction_type,
    invoiceDate: i.invoice_date,
    dueDate: i.due_date,
    salesOrder: i.sales_order,
    customerPurchaseOrder: i.customer_purchase_order,
    description: i.description,
    branchName: i.branch_name,
    brn: i.brn,
    carrier: i.carrier,
    consignmentNote: i.consignment_note,
    account: { code: i.account_code, name: i.account_name, abn: i.account_abn },
    delivery: {
      name: i.delivery_name,
      address1: i.delivery_address1,
      address2: i.delivery_address2,
      city: i.delivery_city,
      state: i.delivery_state,
      postalCode: i.delivery_postal_code,
    },
    lines: printed,
    totals,
  })
  return { invoice: i.invoice, title: invoiceTitle(i.transaction_type), pdf }
}

/** E-mails a copy of the invoice as a PDF attachment, through the outbox. */
export async function send(deps: Deps, session: Session, id: string, email: string): Promise<Message> {
  const { invoice, title, pdf } = await renderInvoice(deps, session, id)
  const { distributor } = deps.config
  await enqueueMail(deps.db, {
    to: email,
    subject: `${title} ${invoice} from ${distributor.name}`,
    text: [
      'Hello,',
      '',
      `${session.name} of ${session.accountName} asked us to send you a copy of ${title.toLowerCase()} ${invoice}. It is attached as a PDF.`,
      '',
      `Questions about this invoice: call ${distributor.accountsPhone}.`,
      '',
      distributor.name,
      `ABN ${distributor.abn}`,
      distributor.postalAddress,
    ].join('\n'),
    attachments: [{ filename: `${invoice}.pdf`, contentType: 'application/pdf', content: Buffer.from(pdf).toString('base64') }],
  })
  return { message: 'This invoice has been emailed to the address provided.' }
}
