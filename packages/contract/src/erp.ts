import { z } from 'zod'
import { PRICE_BREAKS } from './price-breaks'

/** One thing wrong with an ERP file or request row (docs/erp-interchange.md): where it is, and what is wrong. */
export const ErpProblem = z
  .object({
    file: z.string().describe('The file (e.g. products.csv) or, for a JSON request, the route (e.g. stock)'),
    line: z.number().int().describe('The line as an editor counts it (the header is line 1); for a JSON array, the element number from 1'),
    field: z.string(),
    value: z.string().describe('The value as sent'),
    message: z.string(),
  })
  .meta({ id: 'ErpProblem' })
export type ErpProblem = z.infer<typeof ErpProblem>

/** 422 from the ERP routes: every problem found; nothing was written. */
export const ErpProblems = z
  .object({
    error: z.literal('erp_problems'),
    message: z.string(),
    total: z.number().int().optional().describe('Every problem found; `problems` lists the first 1,000'),
    problems: z.array(ErpProblem),
  })
  .meta({ id: 'ErpProblems' })
export type ErpProblems = z.infer<typeof ErpProblems>

export const ErpRunKind = z.enum(['import', 'stock', 'export'])
export const ErpRunMode = z.enum(['delta', 'full', 'dry-run'])

/** A run as GET /api/erp/runs lists it. */
export const ErpRun = z
  .object({
    id: z.number().int(),
    startedAt: z.string().describe('ISO 8601 timestamp'),
    finishedAt: z.string().nullable(),
    who: z.string().describe("'cli', or 'api' and the caller's address"),
    kind: ErpRunKind,
    mode: ErpRunMode,
    added: z.number().int(),
    changed: z.number().int(),
    withdrawn: z.number().int(),
    failed: z.number().int(),
    problems: z.array(ErpProblem).describe('The first problems of the run (at most 100)'),
    status: z.enum(['running', 'succeeded', 'failed']),
  })
  .meta({ id: 'ErpRun' })
export type ErpRun = z.infer<typeof ErpRun>

export const ErpRunsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(50),
})
export type ErpRunsQuery = z.infer<typeof ErpRunsQuery>

/** GET /api/erp/orders: the portal's orders the ERP has not acknowledged. */
export const ErpOrdersQuery = z.object({
  status: z.literal('new').default('new').describe('Only new (not yet acknowledged) orders are offered'),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
})
export type ErpOrdersQuery = z.infer<typeof ErpOrdersQuery>

/** The number an order was placed under in the portal (SO9…), its key until and after the ERP acknowledges it. */
export const PortalOrderId = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, 'Expected a portal order number such as SO9000001')

export const ErpOrderLine = z
  .object({
    Line: z.number().int().describe('The feed line, 1, 2, … within the order'),
    ProductCode: z.string(),
    Description: z.string(),
    QuantityOrdered: z.number().int(),
    QuantitySupplied: z.number().int(),
    QuantityBackOrdered: z.number().int().describe('What the branch did not have when the order was placed'),
    Price: z.number().describe('What the portal charged per unit of this feed line, dollars ex GST (the price of its PriceBreak)'),
    ExtendedTotalEx: z.number(),
    TaxTotal: z.number(),
    ExtendedTotalInc: z.number(),
    DueDate: z.string().nullable(),
    PriceBreak: z
      .enum(PRICE_BREAKS)
      .describe(
        'The break Price is: pallet, carton, unit, or quote (the quoted price of the order’s QuoteRef). An order line charged at several breaks is one feed line per break',
      ),
    PackQty: z.number().int().nullable().describe('Units per pallet or carton of the break; null for unit'),
    Packs: z.number().int().nullable().describe('Full pallets or cartons (QuantityOrdered / PackQty); null for unit'),
    PortalLine: z.number().int().describe('The line of the portal order this feed line is part of (its LineNo in the portal)'),
  })
  .meta({ id: 'ErpOrderLine' })
export type ErpOrderLine = z.infer<typeof ErpOrderLine>

export const ErpOrder = z
  .object({
    PortalOrderId: z.string(),
    AccountCode: z.string(),
    LocationID: z.string(),
    EnterDate: z.string().describe('YYYY-MM-DD'),
    PlacedAt: z.string().describe('ISO 8601 timestamp'),
    SalesOrderStatus: z.string(),
    CustomerPurchaseOrder: z.string(),
    Description: z.string(),
    ShipDate: z.string().nullable(),
    SiteCode: z.string().nullable(),
    DeliveryName: z.string(),
    DeliveryAddress1: z.string(),
    DeliveryAddress2: z.string(),
    DeliveryCity: z.string(),
    DeliveryState: z.string(),
    DeliveryPostalCode: z.string(),
    Contact: z.string(),
    Email: z.string(),
    Phone: z.string(),
    Fax: z.string(),
    CarrierName: z.string(),
    CarrierInstructions: z.string(),
    DeliveryType: z.number().int().describe('1 delivery, 2 pick-up'),
    PaymentReference: z.string().nullable().describe('The card payment reference; null for orders on account'),
    AvailableCredit: z
      .number()
      .nullable()
      .describe('The account’s available credit when the order was placed on account, before this order (negative past the limit); null for a card-paid order'),
    EnteredBy: z
      .string()
      .describe('The e-mail of the back office user who entered the order for the customer (decision 0101); empty when the customer placed it'),
    QuoteRef: z
      .string()
      .nullable()
      .describe('The quote the order was placed from (Q and six digits); its quoted lines are priced at the break `quote`. Null for any other order'),
    ExtendedEx: z.number(),
    TaxTotal: z.number(),
    ExtendedInc: z.number(),
    lines: z.array(ErpOrderLine),
  })
  .meta({ id: 'ErpOrder' })
export type ErpOrder = z.infer<typeof ErpOrder>

export const ErpOrderParams = z.object({ PortalOrderId })

export const ErpAckBody = z.object({
  SalesOrder: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[\x21-\x7e]+$/, 'Expected the ERP sales order number (printable characters, no spaces)'),
})
export type ErpAckBody = z.infer<typeof ErpAckBody>

export const ErpAck = z.object({ PortalOrderId: z.string(), SalesOrder: z.string(), acknowledged: z.enum(['now', 'already']) }).meta({ id: 'ErpAck' })
export type ErpAck = z.infer<typeof ErpAck>

/** POST /api/erp/stock: at most this many rows a call. */
export const ERP_STOCK_MAX_ROWS = 20_000

/** A row of the stock delta, checked row by row by the service (every problem is reported, not the first). */
export const ErpStockRow = z.object({ ProductCode: z.unknown(), LocationID: z.unknown(), QtyAvailable: z.unknown() }).loose()
export const ErpStockBody = z.array(z.unknown()).describe(`[{ProductCode, LocationID, QtyAvailable}], at most ${ERP_STOCK_MAX_ROWS} rows`)

export const ErpStockResult = z
  .object({ run: z.number().int(), rows: z.number().int(), changed: z.number().int(), unchanged: z.number().int() })
  .meta({ id: 'ErpStockResult' })
export type ErpStockResult = z.infer<typeof ErpStockResult>

/** GET /api/erp/payments: card payments of invoices the ERP has not acknowledged (decision 0090). */
export const ErpPaymentsQuery = z.object({
  status: z.literal('new').default('new').describe('Only new (not yet acknowledged) payments are offered'),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
})
export type ErpPaymentsQuery = z.infer<typeof ErpPaymentsQuery>

/** The portal's reference of a card payment of invoices (P and 12 hexadecimal digits), its key for the ERP. */
export const PortalPaymentId = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, 'Expected a portal payment reference such as P3F9A0C21B7D4')

export const ErpPayment = z
  .object({
    PortalPaymentId: z.string().describe('The payment reference the payer and the card provider know'),
    AccountCode: z.string(),
    PaymentDate: z.string().describe('YYYY-MM-DD, the day the card payment was approved'),
    Amount: z.number().describe('Dollars inc GST, two decimals; the sum of the allocations'),
    Provider: z.enum(['securepay', 'mpgs']),
    TransactionId: z.string().describe("The provider's transaction"),
    PaidBy: z.string().describe('The name of the user who paid'),
    PaidByEmail: z.string(),
    allocations: z.array(z.object({ Invoice: z.string(), Amount: z.number().describe('Dollars applied to the invoice') })),
  })
  .meta({ id: 'ErpPayment' })
export type ErpPayment = z.infer<typeof ErpPayment>

export const ErpPaymentParams = z.object({ PortalPaymentId })

export const ErpPaymentAckBody = z.object({
  Receipt: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[\x21-\x7e]+$/, 'Expected the ERP receipt number (printable characters, no spaces)'),
})
export type ErpPaymentAckBody = z.infer<typeof ErpPaymentAckBody>

export const ErpPaymentAck = z
  .object({ PortalPaymentId: z.string(), Receipt: z.string(), acknowledged: z.enum(['now', 'already']) })
  .meta({ id: 'ErpPaymentAck' })
export type ErpPaymentAck = z.infer<typeof ErpPaymentAck>
