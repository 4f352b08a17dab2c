/** GST is 10% of the ex-GST amount, rounded per line to the cent, half away from zero. */
export const GST_RATE_PERCENT = 10

export function gstCents(exCents: number): number {
  return Math.sign(exCents) * Math.round((Math.abs(exCents) * GST_RATE_PERCENT) / 100)
}

export interface LineTotals {
  exCents: number
  taxCents: number
  incCents: number
}

export function lineTotals(unitPriceCents: number, quantity: number): LineTotals {
  const exCents = unitPriceCents * quantity
  const taxCents = gstCents(exCents)
  return { exCents, taxCents, incCents: exCents + taxCents }
}

/** A line charged in parts (price breaks, packages/contract pricing.ts): their sum ex GST, GST on that sum rounded once for the line. */
export function partsTotals(parts: ReadonlyArray<{ quantity: number; priceCents: number }>): LineTotals {
  const exCents = parts.reduce((sum, p) => sum + p.quantity * p.priceCents, 0)
  const taxCents = gstCents(exCents)
  return { exCents, taxCents, incCents: exCents + taxCents }
}

export function sumTotals(lines: LineTotals[]): LineTotals {
  return lines.reduce((t, l) => ({ exCents: t.exCents + l.exCents, taxCents: t.taxCents + l.taxCents, incCents: t.incCents + l.incCents }), {
    exCents: 0,
    taxCents: 0,
    incCents: 0,
  })
}

/** Cents to the wire's dollars. Integer cents divided by 100 is exact to two decimals in a double. */
export function dollars(cents: number): number {
  return Math.round(cents) / 100
}
