import { z } from 'zod'
import { emailAddress, IsoDate, Money, Page } from './common'
import { CalendarDate, DocumentItem } from './orders'

/** Invoices 20 per page. */
export const INVOICES_PAGE_SIZE = 20

/**
 * Filters as for orders: without `search`, the dates default to six months ago and today; with it,
 * a missing bound is open (the order screen finds an order's invoices by passing its number).
 */
export const InvoicesQuery = z.object({
  page: Page,
  size: z.coerce.number().int().min(1).max(100).default(INVOICES_PAGE_SIZE),
  search: z.string().trim().max(100).optional().describe('Words looked for in the invoice number, sales order, purchase order and description'),
  startDate: CalendarDate.optional().describe('First invoice date, inclusive'),
  endDate: CalendarDate.optional().describe('Last invoice date, inclusive'),
})
export type InvoicesQuery = z.output<typeof InvoicesQuery>

/** An invoice is addressed by its number (Invoice, e.g. IN3118403) or its numeric InvoiceID. */
export const InvoiceIdParams = z.object({ id: z.string().trim().min(1).max(40).describe('Invoice (e.g. IN3118403) or the numeric InvoiceID') })

export const TransactionType = z.string().describe('INV for an invoice, CRN for a credit (adjustment) note')

export const InvoiceListRow = z
  .object({
    InvoiceID: z.number().int(),
    Invoice: z.string(),
    TransactionType,
    TransactionDate: IsoDate,
    InvoiceDate: IsoDate,
    DueDate: IsoDate,
    Description: z.string(),
    Reference: z.string(),
    SalesOrder: z.string(),
    CustomerPurchaseOrder: z.string(),
    Amount: Money.describe('Total inc GST; negative for a credit note'),
    Paid: z
      .enum(['paid', 'part paid'])
      .nullable()
      .describe("Paid in full or in part, by the ERP's Outstanding and the portal's card payments not yet processed; null when unpaid or not known"),
    Open: Money.nullable().describe('What is still owing on it (inc GST); null for a credit note, or when the ERP has not said'),
  })
  .meta({ id: 'InvoiceListRow' })
export type InvoiceListRow = z.infer<typeof InvoiceListRow>

export const InvoiceDetail = z
  .object({
    InvoiceID: z.number().int(),
    Invoice: z.string(),
    TransactionType,
    TransactionDate: IsoDate,
    InvoiceDate: IsoDate,
    DueDate: IsoDate,
    Description: z.string(),
    Reference: z.string(),
    Amount: Money,
    BRN: z.string(),
    SalesLocation: z.string(),
    SalesLocationName: z.string(),
    SalesOrder: z.string(),
    SalesOrderStatus: z.string().nullable().describe('Status of the order this invoice is for'),
    CustomerPurchaseOrder: z.string(),
    Carrier: z.string(),
    ConsignmentNote: z.string(),
    AccountCode: z.string(),
    AccountName: z.string(),
    CustomerABN: z.string().nullable(),
    DeliveryName: z.string(),
    DeliveryAddress1: z.string(),
    DeliveryAddress2: z.string(),
    DeliveryCity: z.string(),
    DeliveryState: z.string(),
    DeliveryPostalCode: z.string(),
    ExtendedTotalEx: Money,
    TaxTotal: Money,
    ExtendedTotalInc: Money,
    items: z.array(DocumentItem),
  })
  .meta({ id: 'InvoiceDetail' })
export type InvoiceDetail = z.infer<typeof InvoiceDetail>

export const SendInvoiceBody = z.object({ email: emailAddress })
export type SendInvoiceBody = z.infer<typeof SendInvoiceBody>
