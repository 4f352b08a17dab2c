import { z } from 'zod'
import { CART_ERRORS, CartSummary } from './cart'
import { MAX_LINE_QUANTITY } from './constants'
import { WarehouseCode } from './common'

/** The most lines one bulk add may carry; a longer list is sent in parts. */
export const MAX_BULK_LINES = 500

/**
 * One line of a bulk add. The quantity is checked line by line (a bad one is reported, the others still go
 * in), so it travels as the client has it: a number, or the text typed or pasted.
 */
export const BulkLine = z.object({
  code: z
    .string()
    .max(100)
    .optional()
    .describe('A product code; when no product has it, it is also tried as a barcode, then both without dashes, spaces and case ("PHIRJ40MM" for PHI-RJ-40MM)'),
  barcode: z.string().max(100).optional().describe('A barcode (EAN-13, EAN-8, UPC-A, Code 128), when no code is given'),
  qty: z
    .union([z.number(), z.string().max(40)])
    .nullish()
    .describe('A whole number of at least 1; anything else comes back as invalid_quantity'),
})
export type BulkLine = z.infer<typeof BulkLine>

export const BulkAddBody = z.object({
  warehouse: WarehouseCode.describe('The branch the customer is shopping at, as for POST /api/cart'),
  lines: z.array(BulkLine).min(1, 'Add at least one line').max(MAX_BULK_LINES, `At most ${MAX_BULK_LINES} lines can be added in one go`),
})
export type BulkAddBody = z.infer<typeof BulkAddBody>

export const BulkReason = z.enum(['unknown_code', 'ambiguous_code', 'not_sold', 'invalid_quantity', 'quantity_not_available', 'quantity_limit'])
export type BulkReason = z.infer<typeof BulkReason>

/** What each reason says, on the wire and on screen; the CAS one is the cart's stock message. */
export const BULK_REASONS: Record<BulkReason, string> = {
  unknown_code: 'Unknown product code',
  ambiguous_code: 'More than one product has this code without its dashes or spaces: type it in full',
  not_sold: 'This product is not sold to your account',
  invalid_quantity: 'Quantity must be a whole number of at least 1',
  quantity_not_available: CART_ERRORS.quantityNotAvailable,
  quantity_limit: `A cart line can hold at most ${MAX_LINE_QUANTITY.toLocaleString('en-AU')}`,
}

export const BulkAddResult = z
  .object({
    warehouse: z.string().describe('The branch of the cart the lines went into'),
    added: z.array(
      z.object({
        index: z.number().int().describe('The line’s position in the request, from 0'),
        ProductID: z.number().int(),
        ProductCode: z.string(),
        Description: z.string(),
        Quantity: z.number().int().describe('Added now: always the quantity asked for'),
      }),
    ),
    notAdded: z.array(
      z.object({
        index: z.number().int().describe('The line’s position in the request, from 0'),
        code: z.string().describe('The code or barcode as sent'),
        reason: BulkReason.describe(
          'unknown_code: no product has this code or barcode, as written or without its dashes and spaces; ambiguous_code: without its dashes and spaces the code names several products; not_sold: withdrawn, or not offered to this account; invalid_quantity: not a whole number from 1; quantity_not_available: more than the branch has in stock (cash-sale accounts); quantity_limit: the cart line would pass 99,999',
        ),
        message: z.string(),
      }),
    ),
    summary: CartSummary,
  })
  .meta({ id: 'BulkAddResult' })
export type BulkAddResult = z.infer<typeof BulkAddResult>

export const ProductByCodeQuery = z.object({
  code: z.string().trim().min(1, 'Enter a product code or barcode').max(100),
  warehouse: WarehouseCode.optional().describe('The branch whose stock is shown; the account default without it'),
})
