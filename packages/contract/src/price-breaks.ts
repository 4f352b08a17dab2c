/**
 * No schema here: the add-to-cart form of the first screens works out a line's price without bringing the schema
 * library along (docs/decisions/0020-first-screen-budget.md); the wire's shape of a part is in pricing.ts.
 *
 * The price breaks a line is charged at, the largest first: full pallets at the pallet price, then full cartons
 * at the carton price, the rest at the unit price. The one rule of the server (which charges) and the web app
 * (which shows what a quantity will cost before it is added), in integer cents ex GST. `quote`: units charged the price
 * a quote gave them (decision 0102), up to the quoted quantity; chargedParts never answers it (ordering/cart.ts lineParts does).
 */
export const PRICE_BREAKS = ['pallet', 'carton', 'unit', 'quote'] as const
export type PriceBreakKind = (typeof PRICE_BREAKS)[number]

/** What an account pays per unit for a product, by break (cents ex GST); a break without a price or size does not apply. */
export interface BreakPrices {
  unitCents: number
  cartonCents?: number | null
  cartonQty?: number | null
  palletCents?: number | null
  palletQty?: number | null
}

/** A part of a line charged at one break: `quantity` units at `priceCents` each, `packs` packs of `packQty` (units: null). */
export interface ChargedPart {
  break: PriceBreakKind
  quantity: number
  packQty: number | null
  packs: number | null
  priceCents: number
}

const packSize = (qty: number | null | undefined, cents: number | null | undefined): number | null =>
  cents !== null && cents !== undefined && qty !== null && qty !== undefined && Number.isInteger(qty) && qty >= 1 ? qty : null

/**
 * The parts a quantity is charged as (greedy): pallets = floor(q / pallet size); of the rest, cartons =
 * floor(rest / carton size); the rest units. A break applies where it has a price below the unit price and a
 * size of at least 1, and none for `onePrice`. Only parts with units are answered, the largest break first; a quantity of
 * 0 or less has none.
 */
export function chargedParts(quantity: number, prices: BreakPrices, { onePrice = false }: { onePrice?: boolean } = {}): ChargedPart[] {
  const parts: ChargedPart[] = []
  let rest = Math.max(0, Math.trunc(quantity))
  // A reseller is shown one price only, the unit price, and pays that for every unit (decision 0067).
  const packs: Array<[PriceBreakKind, number | null, number | null | undefined]> = onePrice
    ? []
    : [
        ['pallet', packSize(prices.palletQty, prices.palletCents), prices.palletCents],
        ['carton', packSize(prices.cartonQty, prices.cartonCents), prices.cartonCents],
      ]
  for (const [kind, size, cents] of packs) {
    // A pack price no lower than the unit price saves nothing: those units are plain units.
    if (size === null || cents === null || cents === undefined || cents >= prices.unitCents) continue
    const count = Math.floor(rest / size)
    if (count === 0) continue
    parts.push({ break: kind, quantity: count * size, packQty: size, packs: count, priceCents: cents })
    rest -= count * size
  }
  if (rest > 0) parts.push({ break: 'unit', quantity: rest, packQty: null, packs: null, priceCents: prices.unitCents })
  return parts
}

/** The line's amount ex GST: the sum of its parts. */
export const partsExCents = (parts: readonly ChargedPart[]): number => parts.reduce((sum, p) => sum + p.quantity * p.priceCents, 0)

/** Whether any part is charged at a carton or pallet price (a line of plain units shows as a unit price times a quantity). */
export const hasPackBreak = (parts: readonly Pick<ChargedPart, 'break'>[]): boolean => parts.some((p) => p.break !== 'unit')

const dollarFormat = new Intl.NumberFormat('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** Cents as the screens and documents show money: '$1,234.50'. */
export const formatCents = (cents: number): string => `${cents < 0 ? '-' : ''}$${dollarFormat.format(Math.abs(cents) / 100)}`

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/**
 * The breakdown of a line as the cart, the order, the PDF and the e-mail word it: "2 cartons of 4 at $40.90,
 * 1 at $45.32". Null for a line of plain units, which shows as its unit price times its quantity.
 */
export function describeParts(parts: readonly ChargedPart[]): string | null {
  if (!hasPackBreak(parts)) return null
  return parts
    .map((p) =>
      p.break === 'unit'
        ? `${p.quantity} at ${formatCents(p.priceCents)}`
        : p.break === 'quote'
          ? `${p.quantity} at ${formatCents(p.priceCents)} quoted`
          : `${plural(p.packs ?? 0, p.break)} of ${p.packQty} at ${formatCents(p.priceCents)}`,
    )
    .join(', ')
}
