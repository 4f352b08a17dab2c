import { z } from 'zod'
import { Money, TokenQuery, WarehouseCode } from './common'
import { MAX_LINE_QUANTITY } from './constants'
import { PriceBreakPart } from './pricing'

/** The header's cart summary: the number of lines and the total inc GST. */
export const CartSummary = z
  .object({
    Count: z.number().int(),
    Value: Money.describe('Total inc GST'),
    warehouse: z.string().nullable().describe('The branch the cart belongs to; null while it is empty'),
  })
  .meta({ id: 'CartSummary' })
export type CartSummary = z.infer<typeof CartSummary>

const wholeNumber = 'Quantity must be a whole number'
const tooLarge = `Quantity can be at most ${MAX_LINE_QUANTITY.toLocaleString('en-AU')}`

/** Adds a product to the cart: to its line when it is already there. */
export const AddToCartBody = z.object({
  productID: z.number({ error: 'Choose a product' }).int().positive().max(2_147_483_647, 'Choose a product'),
  qty: z.number({ error: wholeNumber }).int(wholeNumber).min(1, 'Quantity must be at least 1').max(MAX_LINE_QUANTITY, tooLarge),
  warehouse: WarehouseCode.optional().describe(
    'The branch the customer is shopping at. An empty cart takes this branch; a cart with lines for another branch answers 409 cart_branch_mismatch. Without it, the cart keeps its branch (or the account default when empty).',
  ),
})
export type AddToCartBody = z.infer<typeof AddToCartBody>

/** Sets a line's quantity; 0 removes the line. */
export const UpdateCartBody = z.object({
  item: z.number({ error: 'Choose a cart line' }).int().positive().max(2_147_483_647, 'Choose a cart line').describe('ShopCartLineID'),
  qty: z.number({ error: wholeNumber }).int(wholeNumber).min(0, 'Quantity cannot be negative').max(MAX_LINE_QUANTITY, tooLarge),
})
export type UpdateCartBody = z.infer<typeof UpdateCartBody>

export const CartItemsQuery = z.object({
  warehouse: WarehouseCode.optional().describe(
    'The branch the client shows; the lines are always those of the cart, priced and stocked at the cart’s own branch',
  ),
})

/**
 * A line of the cart screen. Price is the account's price for a single unit ex GST; PriceBreaks what the line is
 * charged: full pallets at the pallet price, then full cartons at the carton price, the rest at Price; ExtendedEx
 * their sum; TaxTotal the line's GST; ExtendedInc the line total inc GST.
 */
export const CartLine = z
  .object({
    ShopCartLineID: z.number().int(),
    ProductID: z.number().int(),
    ProductCode: z.string(),
    Description: z.string(),
    Quantity: z.number().int(),
    Price: Money.describe('Unit price ex GST (one unit, no carton or pallet)'),
    PriceBreaks: z
      .array(PriceBreakPart)
      .describe('What the line is charged, the largest break first: pallets, cartons, then units; a line of plain units has one unit part'),
    ExtendedEx: Money.describe('Line total ex GST: the sum of its PriceBreaks'),
    TaxTotal: Money.describe('GST on the line, rounded to the cent'),
    ExtendedInc: Money.describe('Line total inc GST'),
    Product: z.object({
      Weight: z.number().describe('kg per unit'),
      Category: z.string().describe('category name, as in /category/{name}'),
      Availability: z.object({ Available: z.number().int().describe('in stock at the cart’s branch') }),
    }),
  })
  .meta({ id: 'CartLine' })
export type CartLine = z.infer<typeof CartLine>

export const PrintCartQuery = TokenQuery.extend({
  warehouse: WarehouseCode.optional(),
  logosrc: z.string().max(2000).optional().describe('Accepted for older clients and not fetched: the PDF carries the distributor’s own logo'),
})

/** The cash-sale stock rule's one message, from the cart, the checkout and card payments alike; the web app shows it word for word. */
export const CART_ERRORS = {
  quantityNotAvailable: 'Unfortunately the requested quantity is not available for purchase',
} as const
