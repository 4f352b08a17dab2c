import { MAX_LINE_QUANTITY } from '@portal/contract/constants'

/**
 * What a quantity field says when its text is not a quantity (decision 0068). A field takes the text as typed,
 * never rewrites it ("2.5" is not 25, "-2" is not 2, "abc" is not 1), and says what is wrong next to itself.
 */
export const QUANTITY_ERRORS = {
  blank: 'Enter a quantity',
  notWhole: 'Quantity must be a whole number of at least 1',
  /** A cart line's field, where 0 removes the line. */
  notWholeOrZero: 'Quantity must be a whole number (0 removes the line)',
  tooLarge: `Quantity can be at most ${MAX_LINE_QUANTITY.toLocaleString('en-AU')}`,
} as const

export type QuantityCheck = { quantity: number; error?: undefined } | { quantity?: undefined; error: string }

/**
 * The whole number a quantity field holds, or what is wrong with it. Only digits count (spaces around them
 * aside): no sign, no decimal point, no exponent. `zero` lets 0 through, for a cart line (0 removes it).
 */
export function checkQuantity(text: string, { zero = false }: { zero?: boolean } = {}): QuantityCheck {
  const trimmed = text.trim()
  if (trimmed === '') return { error: QUANTITY_ERRORS.blank }
  const notWhole = zero ? QUANTITY_ERRORS.notWholeOrZero : QUANTITY_ERRORS.notWhole
  if (!/^\d+$/.test(trimmed)) return { error: notWhole }
  const quantity = Number(trimmed)
  if (quantity === 0 && !zero) return { error: notWhole }
  if (quantity > MAX_LINE_QUANTITY) return { error: QUANTITY_ERRORS.tooLarge }
  return { quantity }
}

/** The message to show while a field is being typed in: none for a blank field (that is said on submit). */
export const typingError = (text: string, options?: { zero?: boolean }) => (text.trim() === '' ? undefined : checkQuantity(text, options).error)
