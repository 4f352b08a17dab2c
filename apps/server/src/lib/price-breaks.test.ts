import { chargedParts, describeParts, partsExCents } from '@portal/contract/price-breaks'
import { describe, expect, it } from 'vitest'
import { partsTotals } from './money'

/** The rule the server charges by and the web app previews by (packages/contract pricing.ts, decision 0067). */
describe('chargedParts', () => {
  const anc = { unitCents: 4532, cartonCents: 4090, cartonQty: 4 }

  it('charges full cartons at the carton price and the rest at the unit price', () => {
    expect(chargedParts(3, anc)).toEqual([{ break: 'unit', quantity: 3, packQty: null, packs: null, priceCents: 4532 }])
    expect(chargedParts(9, anc)).toEqual([
      { break: 'carton', quantity: 8, packQty: 4, packs: 2, priceCents: 4090 },
      { break: 'unit', quantity: 1, packQty: null, packs: null, priceCents: 4532 },
    ])
    expect(partsExCents(chargedParts(5, anc))).toBe(20892)
    expect(partsTotals(chargedParts(5, anc))).toEqual({ exCents: 20892, taxCents: 2089, incCents: 22981 })
    expect(partsTotals(chargedParts(8, anc))).toEqual({ exCents: 32720, taxCents: 3272, incCents: 35992 })
  })

  it('takes full pallets first, then cartons of the rest, then units', () => {
    const prices = { unitCents: 1000, cartonCents: 900, cartonQty: 6, palletCents: 800, palletQty: 24 }
    expect(chargedParts(62, prices).map((p) => [p.break, p.quantity, p.packs])).toEqual([
      ['pallet', 48, 2],
      ['carton', 12, 2],
      ['unit', 2, null],
    ])
    expect(chargedParts(24, prices).map((p) => p.break)).toEqual(['pallet'])
  })

  it('leaves out a break without a price or a size, or whose price saves nothing', () => {
    expect(chargedParts(8, { unitCents: 1000, cartonCents: null, cartonQty: 4 })).toHaveLength(1)
    expect(chargedParts(8, { unitCents: 1000, cartonCents: 900, cartonQty: null })).toHaveLength(1)
    expect(chargedParts(8, { unitCents: 1000, cartonCents: 900, cartonQty: 0 })).toHaveLength(1)
    expect(chargedParts(8, { unitCents: 1000, cartonCents: 1000, cartonQty: 4 })).toEqual([
      { break: 'unit', quantity: 8, packQty: null, packs: null, priceCents: 1000 },
    ])
    expect(chargedParts(0, anc)).toEqual([])
  })

  it('words the breakdown as the screens and documents show it, and none for plain units', () => {
    expect(describeParts(chargedParts(9, anc))).toBe('2 cartons of 4 at $40.90, 1 at $45.32')
    expect(describeParts(chargedParts(4, anc))).toBe('1 carton of 4 at $40.90')
    expect(describeParts(chargedParts(3, anc))).toBeNull()
    const big = { unitCents: 250000, cartonCents: 240000, cartonQty: 2, palletCents: 230000, palletQty: 10 }
    expect(describeParts(chargedParts(13, big))).toBe('1 pallet of 10 at $2,300.00, 1 carton of 2 at $2,400.00, 1 at $2,500.00')
  })
})
