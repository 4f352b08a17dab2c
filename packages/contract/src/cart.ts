import { z } from 'zod'
import { Money } from './common'

/** The header's cart summary: the number of lines and the total inc GST. */
export const CartSummary = z
  .object({ Count: z.number().int(), Value: Money.describe('Total inc GST'), warehouse: z.string().nullable() })
  .meta({ id: 'CartSummary' })
export type CartSummary = z.infer<typeof CartSummary>
