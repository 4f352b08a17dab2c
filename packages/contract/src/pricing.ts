import { z } from 'zod'
import { Money } from './common'
import { PRICE_BREAKS, type ChargedPart } from './price-breaks'

/** A part of a line on the wire (cart lines, order lines): one break, its units and its price per unit. */
export const PriceBreakPart = z
  .object({
    Break: z.enum(PRICE_BREAKS).describe('pallet, carton, unit, or quote (the price a quote gave, decision 0102): which price these units are charged at'),
    Quantity: z.number().int().describe('units charged at this break'),
    PackQty: z.number().int().nullable().describe('units per carton or pallet; null for units'),
    Packs: z.number().int().nullable().describe('full cartons or pallets; null for units'),
    Price: Money.describe('price per unit ex GST at this break, as the account pays it'),
    ExtendedEx: Money.describe('Quantity x Price, ex GST'),
  })
  .meta({ id: 'PriceBreakPart' })
export type PriceBreakPart = z.infer<typeof PriceBreakPart>

/** A wire part from its cents (the server writes them). */
export const toWirePart = (p: ChargedPart): PriceBreakPart => ({
  Break: p.break,
  Quantity: p.quantity,
  PackQty: p.packQty,
  Packs: p.packs,
  Price: Math.round(p.priceCents) / 100,
  ExtendedEx: Math.round(p.quantity * p.priceCents) / 100,
})

/** A part in cents from the wire (the web app reads them). */
export const fromWirePart = (p: PriceBreakPart): ChargedPart => ({
  break: p.Break,
  quantity: p.Quantity,
  packQty: p.PackQty,
  packs: p.Packs,
  priceCents: Math.round(p.Price * 100),
})
