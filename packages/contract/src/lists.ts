import { z } from 'zod'
import { MAX_LINE_QUANTITY } from './constants'
import { ProductOffer } from './catalogue'
import { IsoDate, TokenQuery, WarehouseCode } from './common'
import { MAX_BULK_LINES } from './quick-order'

/** A list holds at most as many products as one bulk add takes, so "Add all to cart" is one call. */
export const MAX_LIST_LINES = MAX_BULK_LINES

const wholeNumber = 'Quantity must be a whole number'

export const ListLineInput = z.object({
  ProductID: z.number().int().positive().max(2_147_483_647),
  Quantity: z
    .number({ error: wholeNumber })
    .int(wholeNumber)
    .min(1, 'Quantity must be at least 1')
    .max(MAX_LINE_QUANTITY, `Quantity can be at most ${MAX_LINE_QUANTITY.toLocaleString('en-AU')}`),
})
export type ListLineInput = z.infer<typeof ListLineInput>

const ListName = z.string().trim().min(1, 'Give the list a name').max(80, 'A list name can be at most 80 characters')
const ListLines = z.array(ListLineInput).max(MAX_LIST_LINES, `A list can hold at most ${MAX_LIST_LINES} products`)

/** A new list: empty, or with the lines of the cart, an order or the quick order grid (the client sends them). */
export const CreateListBody = z.object({ name: ListName, lines: ListLines.default([]) })
export type CreateListBody = z.input<typeof CreateListBody>

/** Renames a list and/or replaces its lines (quantities edited, lines removed), in the order given. */
export const UpdateListBody = z
  .object({ name: ListName.optional(), lines: ListLines.optional() })
  .refine((b) => b.name !== undefined || b.lines !== undefined, { message: 'Send a name or lines', path: ['name'] })
export type UpdateListBody = z.infer<typeof UpdateListBody>

export const ListIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })
export const ListLineParams = ListIdParams.extend({ productId: z.coerce.number().int().positive().max(2_147_483_647) })
export const ListQuery = TokenQuery.extend({
  warehouse: WarehouseCode.optional().describe("The branch whose prices and stock are shown; the account's default branch when left out"),
})

export const ListSummary = z
  .object({
    id: z.number().int(),
    name: z.string(),
    lineCount: z.number().int(),
    createdBy: z.string().nullable().describe('the name of the user who made it; null when that user is gone'),
    canChange: z.boolean().describe('this user made the list or is an Administrator'),
    updatedAt: IsoDate,
  })
  .meta({ id: 'ListSummary' })
export type ListSummary = z.infer<typeof ListSummary>

/**
 * A product on a list or in buy-again: `Product` is the product's offer at the branch (current prices for the
 * account, stock), or null when it is no longer sold to this account (withdrawn, or hidden from resellers):
 * shown as not available, not addable.
 */
export const ListProduct = z.object({
  ProductID: z.number().int(),
  ProductCode: z.string(),
  Description: z.string(),
  Product: ProductOffer.nullable(),
})

export const ListLine = ListProduct.extend({ Quantity: z.number().int() }).meta({ id: 'ListLine' })
export type ListLine = z.infer<typeof ListLine>

export const ListDetail = ListSummary.extend({ warehouse: z.string(), lines: z.array(ListLine) }).meta({ id: 'ListDetail' })
export type ListDetail = z.infer<typeof ListDetail>

export const BuyAgainQuery = ListQuery
export const BuyAgainItem = ListProduct.extend({
  Orders: z.number().int().describe('orders in the last 12 months that held the product'),
  TotalQuantity: z.number().int(),
  LastOrderDate: IsoDate,
  LastQuantity: z.number().int().describe('the quantity on the last of those orders'),
}).meta({ id: 'BuyAgainItem' })
export type BuyAgainItem = z.infer<typeof BuyAgainItem>

/** How many products buy-again shows: the most ordered first. */
export const BUY_AGAIN_SIZE = 100
