import { z } from 'zod'
import { MAX_LINE_QUANTITY } from './constants'
import { IsoDate, WarehouseCode } from './common'

/** How long a back-in-stock request waits for stock before it lapses, unsent. */
export const STOCK_ALERT_DAYS = 90

const wholeNumber = 'Quantity must be a whole number'

/** "Notify me": a product at a branch (the account's default when left out), and how many the buyer wants (one when left out). */
export const CreateStockAlertBody = z.object({
  productId: z.number().int().positive().max(2_147_483_647),
  warehouse: WarehouseCode.optional().describe("the branch whose stock is awaited; the account's default branch when left out"),
  quantity: z
    .number({ error: wholeNumber })
    .int(wholeNumber)
    .min(1, 'Quantity must be at least 1')
    .max(MAX_LINE_QUANTITY, `Quantity can be at most ${MAX_LINE_QUANTITY.toLocaleString('en-AU')}`)
    .optional()
    .describe('tell me when at least this many are in stock; one when left out'),
})
export type CreateStockAlertBody = z.infer<typeof CreateStockAlertBody>

export const StockAlertParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })

export const StockAlertStatus = z.enum(['waiting', 'notified', 'cancelled', 'lapsed'])
export type StockAlertStatus = z.infer<typeof StockAlertStatus>

export const StockAlert = z
  .object({
    id: z.number().int(),
    ProductID: z.number().int(),
    ProductCode: z.string(),
    Description: z.string(),
    LocationID: z.string(),
    BranchName: z.string(),
    quantity: z.number().int().nullable().describe('the quantity asked for; null: any stock'),
    status: StockAlertStatus,
    createdAt: IsoDate,
    closedAt: IsoDate.nullable().describe('when it was sent, cancelled or lapsed'),
    lapsesAt: IsoDate.describe(`the day a waiting request lapses, ${STOCK_ALERT_DAYS} days after it was made`),
  })
  .meta({ id: 'StockAlert' })
export type StockAlert = z.infer<typeof StockAlert>
