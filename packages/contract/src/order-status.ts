/**
 * An order's status as the portal shows it. The ERP may send its status as one of these words or as one of its
 * codes (docs/erp-interchange.md, "Order status codes"); a code is shown as its word. A value that is neither is
 * shown as "In progress", the one word that is never wrong for an order the ERP holds, and the import reports it.
 */
export const ORDER_STATUS_WORDS = ['Entered', 'In progress', 'Back Order', 'Shipped', 'Cancelled'] as const
export type OrderStatusWord = (typeof ORDER_STATUS_WORDS)[number]

/** The ERP's codes and the words they are shown as. */
export const ORDER_STATUS_CODES: Readonly<Record<string, OrderStatusWord>> = {
  '1': 'Entered',
  '2': 'In progress',
  '3': 'In progress',
  '4': 'Back Order',
  '5': 'Shipped',
  '6': 'Shipped',
  '7': 'Shipped',
  '9': 'Cancelled',
}

export const UNMAPPED_STATUS: OrderStatusWord = 'In progress'

const WORDS = new Map<string, OrderStatusWord>(ORDER_STATUS_WORDS.map((w) => [w.toLowerCase(), w]))

/** The word a status is shown as, and whether the value was a documented word or code. */
export function orderStatusWord(value: string): { word: OrderStatusWord; known: boolean } {
  const text = value.trim()
  const word = WORDS.get(text.toLowerCase().replace(/\s+/g, ' ')) ?? ORDER_STATUS_CODES[text.replace(/^0+(?=\d)/, '')]
  return word ? { word, known: true } : { word: UNMAPPED_STATUS, known: false }
}

/** The word only, for a screen or an answer. */
export const statusShown = (value: string): OrderStatusWord => orderStatusWord(value).word
