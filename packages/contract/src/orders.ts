import { z } from 'zod'
import { IsoDate, Money, Page, WarehouseCode } from './common'
import { PriceBreakPart } from './pricing'

/** Orders 100 per page on the main list, back orders 100. */
export const ORDERS_PAGE_SIZE = 100
export const BACK_ORDERS_PAGE_SIZE = 100

/** A real calendar date as YYYY-MM-DD (2024-02-30 is refused, not passed on to the database). */
export const CalendarDate = IsoDate.refine((value) => {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number]
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}, 'Expected a real date as YYYY-MM-DD')

const size = (max: number, fallback: number) => z.coerce.number().int().min(1).max(max).default(fallback)

/**
 * The history lists' filters. Without `search`, a missing `startDate` is six months ago and a missing
 * `endDate` today; with `search`, a missing bound is open, so an old order is still found by its number.
 * Both bounds are inclusive.
 */
const HistoryFilters = {
  page: Page,
  search: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe("Words looked for in the document number (an order's portal number too), purchase order and description"),
  startDate: CalendarDate.optional().describe('First day, inclusive'),
  endDate: CalendarDate.optional().describe('Last day, inclusive'),
}

/** Delivery site (SiteCode) to filter by; 0 or absent means all of the account's sites. */
export const BranchFilter = z.string().trim().max(20).optional().describe('A delivery site code (SiteCode) of the account, or 0 for all branches')

export const OrdersQuery = z.object({ ...HistoryFilters, size: size(ORDERS_PAGE_SIZE, ORDERS_PAGE_SIZE), branch: BranchFilter })
export type OrdersQuery = z.output<typeof OrdersQuery>

export const BackOrdersQuery = z.object({ ...HistoryFilters, size: size(BACK_ORDERS_PAGE_SIZE, BACK_ORDERS_PAGE_SIZE), branch: BranchFilter })
export type BackOrdersQuery = z.output<typeof BackOrdersQuery>

/**
 * An order is addressed by its number (SalesOrder, e.g. SO1204118), as the screens link to it;
 * its numeric OrderID is accepted too.
 */
export const OrderIdParams = z.object({ id: z.string().trim().min(1).max(40).describe('SalesOrder (e.g. SO1204118) or the numeric OrderID') })

/** An order placed in the portal keeps the number it was placed under beside the ERP's (SalesOrder); either finds it. */
const PortalOrderId = z
  .string()
  .nullable()
  .describe('The number the order was placed under in the portal (as in its confirmation e-mail); null for an order the ERP took another way')

export const OrderListRow = z
  .object({
    OrderID: z.number().int(),
    EnterDate: IsoDate,
    CustomerPurchaseOrder: z.string(),
    SalesOrder: z.string(),
    PortalOrderId: PortalOrderId,
    SalesOrderStatus: z.string(),
    Description: z.string(),
    NumLines: z.number().int(),
    ExtendedEx: Money,
    TaxTotal: Money,
    ExtendedInc: Money,
    SiteCode: z.string().nullable(),
  })
  .meta({ id: 'OrderListRow' })
export type OrderListRow = z.infer<typeof OrderListRow>

/** A line of an order or an invoice. */
export const DocumentItem = z
  .object({
    LineNo: z.number().int(),
    ProductID: z.number().int().nullable(),
    ProductCode: z.string(),
    Description: z.string(),
    QuantityOrdered: z.number().int(),
    QuantityBackOrdered: z.number().int(),
    QuantitySupplied: z.number().int(),
    UnitPrice: Money.describe('Ex GST, for a single unit'),
    PriceBreaks: z
      .array(PriceBreakPart)
      .optional()
      .describe(
        'Only on a portal order line charged at carton or pallet prices: its parts, the largest break first (pallets, cartons, then units); ExtendedTotalEx is their sum',
      ),
    ExtendedTotalEx: Money,
    TaxTotal: Money,
    ExtendedTotalInc: Money,
  })
  .meta({ id: 'DocumentItem' })
export type DocumentItem = z.infer<typeof DocumentItem>

export const OrderDetail = z
  .object({
    OrderID: z.number().int(),
    SalesOrder: z.string(),
    PortalOrderId: PortalOrderId,
    SalesOrderStatus: z.string(),
    Description: z.string(),
    CustomerPurchaseOrder: z.string(),
    EnterDate: IsoDate,
    ShipDate: IsoDate.nullable(),
    Warehouse: z.string().describe('LocationID of the branch the order is supplied from'),
    WarehouseName: z.string(),
    SiteCode: z.string().nullable(),
    DeliveryType: z.number().int().describe('1 Delivered, 2 Pickup'),
    DeliveryName: z.string(),
    DeliveryAddress1: z.string(),
    DeliveryAddress2: z.string(),
    DeliveryCity: z.string(),
    DeliveryPostalCode: z.string(),
    DeliveryState: z.string(),
    Contact: z.string(),
    Email: z.string(),
    Phone: z.string(),
    Fax: z.string(),
    CarrierName: z.string(),
    CarrierInstructions: z.string(),
    ExtendedEx: Money,
    TaxTotal: Money,
    ExtendedInc: Money,
    items: z.array(DocumentItem),
  })
  .meta({ id: 'OrderDetail' })
export type OrderDetail = z.infer<typeof OrderDetail>

export const BackOrderItem = z
  .object({
    OrderID: z.number().int(),
    SalesOrder: z.string(),
    EnterDate: IsoDate,
    ProductID: z.number().int().nullable(),
    ProductCode: z.string(),
    Description: z.string(),
    QtyOrdered: z.number().int(),
    QtyOnorder: z.number().int().describe('Quantity still on back order'),
    dueDate: IsoDate.nullable().describe('Expected shipment date'),
    siteCode: z.string().nullable(),
  })
  .meta({ id: 'BackOrderItem' })
export type BackOrderItem = z.infer<typeof BackOrderItem>

/** The branch whose cart receives the items: the screen's current branch. Older API clients send no body at all (Fastify reads it as null). */
export const ReorderBody = z.object({ warehouse: WarehouseCode.optional() }).nullish()
export const ReorderQuery = z.object({ warehouse: WarehouseCode.optional() })

export const ReorderReason = z.enum(['not_available', 'discontinued', 'no_stock', 'quantity_limit'])
export type ReorderReason = z.infer<typeof ReorderReason>

export const ReorderResult = z
  .object({
    warehouse: z.string().describe('The branch whose cart the items went into'),
    added: z.array(
      z.object({
        ProductID: z.number().int(),
        ProductCode: z.string(),
        Description: z.string(),
        Quantity: z.number().int().describe('Added to the cart now'),
        Requested: z.number().int().describe('Ordered on the original order'),
      }),
    ),
    notAdded: z.array(
      z.object({
        ProductCode: z.string(),
        Description: z.string(),
        reason: ReorderReason.describe(
          'not_available: not offered to this account; discontinued: no longer sold; no_stock: nothing more in stock at the branch (cash-sale accounts); quantity_limit: the cart line is already at its largest quantity',
        ),
        message: z.string(),
      }),
    ),
    priceChanges: z
      .array(
        z.object({
          ProductID: z.number().int(),
          ProductCode: z.string(),
          Description: z.string(),
          OrderedPrice: z.number().describe('Unit price ex GST on the original order'),
          Price: z.number().describe('Unit price ex GST today, as the cart charges it'),
        }),
      )
      .optional()
      .describe('Lines added at another unit price than the order had; empty when no price changed (always sent by this server)'),
  })
  .meta({ id: 'ReorderResult' })
export type ReorderResult = z.infer<typeof ReorderResult>
