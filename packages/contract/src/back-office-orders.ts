import { z } from 'zod'
import { IsoDate, WarehouseCode } from './common'
import { ORDER_STATUS_WORDS } from './order-status'

/**
 * The back office's Orders desk (decision 0094): every order of the accounts a back office user may see, filtered,
 * newest first, and one order whole. Money is in integer cents.
 */

/**
 * web: placed on account in the portal; card: paid by card in the portal; rep: entered in the portal by a back office
 * user ordering for the customer (decision 0101); erp: known only from the ERP's history.
 */
export const ORDER_CHANNELS = ['web', 'card', 'rep', 'erp'] as const
export const OrderChannel = z.enum(ORDER_CHANNELS)
export type OrderChannel = z.infer<typeof OrderChannel>

/**
 * Where a portal order stands with the ERP: waiting for its acknowledgement, late (waiting longer than
 * ERP_ORDER_ALERT_MINUTES), or acknowledged with the ERP's own number. An order of the ERP's history has none.
 */
export const ERP_STATES = ['waiting', 'late', 'acknowledged'] as const
export const ErpState = z.enum(ERP_STATES)
export type ErpState = z.infer<typeof ErpState>

/** The most pages the desk turns: past them, a narrower filter finds the order sooner. */
export const ORDERS_PAGE_SIZE = 50
export const ORDERS_MAX_PAGE = 200

export const StaffOrdersQuery = z.object({
  branch: WarehouseCode.optional(),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  status: z.enum(ORDER_STATUS_WORDS).optional(),
  channel: OrderChannel.optional(),
  erp: ErpState.optional(),
  /** An account code, or either of an order's numbers (the portal's or the ERP's), in part. */
  q: z.string().trim().max(40, 'At most 40 characters').optional(),
  page: z.coerce.number().int().min(1).max(ORDERS_MAX_PAGE, `At most page ${ORDERS_MAX_PAGE}: narrow the filters`).default(1),
})
export type StaffOrdersQuery = z.infer<typeof StaffOrdersQuery>

export const StaffOrderRow = z
  .object({
    id: z.number().int(),
    /** The order's number as the customer's screens show it: the ERP's once it has acknowledged the order. */
    salesOrder: z.string(),
    /** The number the order was placed under in the portal; null for the ERP's history. */
    portalOrderId: z.string().nullable(),
    accountCode: z.string(),
    accountName: z.string(),
    branch: z.string(),
    enterDate: IsoDate,
    status: z.enum(ORDER_STATUS_WORDS),
    channel: OrderChannel,
    erpState: ErpState.nullable(),
    purchaseOrder: z.string(),
    totalIncCents: z.number().int(),
  })
  .meta({ id: 'StaffOrderRow' })
export type StaffOrderRow = z.infer<typeof StaffOrderRow>

export const StaffOrdersPage = z
  .object({
    orders: z.array(StaffOrderRow),
    page: z.number().int(),
    hasMore: z.boolean(),
    /** The branches there are to filter by. */
    branches: z.array(z.object({ code: z.string(), name: z.string() })),
    /** ERP_ORDER_ALERT_MINUTES: how long a portal order may wait for the ERP before it is late; 0: never late. */
    erpAlertMinutes: z.number().int(),
  })
  .meta({ id: 'StaffOrdersPage' })
export type StaffOrdersPage = z.infer<typeof StaffOrdersPage>

export const StaffOrderParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) })

export const StaffOrder = z
  .object({
    id: z.number().int(),
    salesOrder: z.string(),
    portalOrderId: z.string().nullable(),
    account: z.object({ code: z.string(), name: z.string(), salesCategory: z.string() }),
    branch: z.string(),
    branchName: z.string().nullable(),
    enterDate: IsoDate,
    shipDate: IsoDate.nullable(),
    status: z.enum(ORDER_STATUS_WORDS),
    channel: OrderChannel,
    purchaseOrder: z.string(),
    description: z.string(),
    delivery: z.object({ name: z.string(), address: z.string(), siteCode: z.string().nullable(), carrier: z.string(), instructions: z.string() }),
    contact: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
    /** The portal user who placed it; null for the ERP's history or a user since removed. */
    placedBy: z.object({ username: z.string(), name: z.string(), email: z.string() }).nullable(),
    /** The back office user who entered it for the customer (decision 0101); null when the customer placed it. */
    enteredBy: z.string().nullable(),
    placedAt: z.string(),
    erp: z
      .object({
        state: ErpState,
        /** When the ERP's orders feed last took it, when it was written to files, and when the ERP acknowledged it. */
        collectedAt: z.string().nullable(),
        exportedAt: z.string().nullable(),
        acknowledgedAt: z.string().nullable(),
      })
      .nullable(),
    lines: z.array(
      z.object({
        lineNo: z.number().int(),
        productCode: z.string(),
        description: z.string(),
        quantity: z.number().int(),
        backOrdered: z.number().int(),
        supplied: z.number().int(),
        unitPriceCents: z.number().int(),
        totalExCents: z.number().int(),
        gstCents: z.number().int(),
        totalIncCents: z.number().int(),
      }),
    ),
    totalExCents: z.number().int(),
    gstCents: z.number().int(),
    totalIncCents: z.number().int(),
    /** The card payment that made the order, when it was paid by card in the portal. */
    payment: z
      .object({
        reference: z.string(),
        provider: z.string(),
        amountCents: z.number().int(),
        state: z.enum(['pending', 'capturing', 'completed', 'failed', 'superseded']),
        transactionId: z.string().nullable(),
        completedAt: z.string().nullable(),
      })
      .nullable(),
    /** The e-mails the outbox holds about the order (its confirmation, approval, copies sent again), newest first. */
    emails: z.array(
      z.object({
        id: z.number().int(),
        subject: z.string(),
        to: z.string(),
        status: z.enum(['pending', 'sent', 'failed', 'kept']),
        createdAt: z.string(),
        sentAt: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'StaffOrder' })
export type StaffOrder = z.infer<typeof StaffOrder>
