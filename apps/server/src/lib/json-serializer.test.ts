import { Product, ProductDetail } from '@portal/contract/catalogue'
import { CheckoutInfo } from '@portal/contract/checkout'
import { BuyAgainItem, ListDetail } from '@portal/contract/lists'
import { OrderListRow } from '@portal/contract/orders'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { compilableSchema, compileSerializer, ResponseContractError } from './json-serializer'

const product: Product = {
  ProductID: 7,
  ProductCode: 'COOMD20L',
  Description: 'Cooper "Magnum" pour-on\n20 L',
  FullDescription1: 'Line one',
  FullDescription2: '',
  FullDescription3: '',
  brandcode: 'COOPERS',
  Category: 'Drenches',
  CategoryTitle: 'Drenches & wormers',
  SinglePricing: { Price: 123.45, RetailPrice: 150 },
  CartonPricing: { Price: 110.1 },
  CartonQty: 12,
  PalletQty: null,
  Availability: { Available: 5 },
  UserDefinedField4: '',
  Barcode: null,
  Weight: 20.5,
}

const { SinglePricing, CartonPricing, CartonQty, PalletQty, Availability } = product
const offer = { SinglePricing, CartonPricing, CartonQty, PalletQty, Availability }

const writer = (schema: z.ZodType, checked = true) => compileSerializer(schema, { checked, describe: () => 'GET /test' })
const viaZod = (schema: z.ZodType, data: unknown) => JSON.parse(JSON.stringify(schema.encode(data)))

describe('the compiled writers of answers', () => {
  it('write what the zod check and JSON.stringify write, for the catalogue and ordering answers', () => {
    const items = [
      { ProductID: 7, ProductCode: 'COOMD20L', Description: 'x', Product: offer, Orders: 3, TotalQuantity: 9, LastOrderDate: '2026-10-01', LastQuantity: 2 },
      { ProductID: 8, ProductCode: 'GONE', Description: 'withdrawn', Product: null, Orders: 1, TotalQuantity: 1, LastOrderDate: '2026-01-31', LastQuantity: 1 },
    ]
    for (const [schema, data] of [
      [z.array(Product), [product, { ...product, ProductID: 8, CartonPricing: undefined, Barcode: '9300000000000' }]],
      [z.array(BuyAgainItem), items],
      [
        ProductDetail,
        {
          ...product,
          QtyAvailableOther: 3,
          AvailabilityOther: [{ LocationID: 'WAG', DESCRIPTION: 'Wagga', QtyAvail: 3 }],
          Attachments: [],
          CodeSetupRequested: false,
        },
      ],
    ] as Array<[z.ZodType, unknown]>) {
      expect(compilableSchema(schema)).not.toBeNull()
      expect(JSON.parse(writer(schema, false)(data))).toEqual(viaZod(schema, data))
    }
  })

  it('leave out what the contract does not name: nothing of a row leaks into an answer', () => {
    const written = JSON.parse(writer(z.array(Product))([{ ...product, cost_cents: 4200, password_hash: 'secret' }]))
    expect(written[0]).not.toHaveProperty('cost_cents')
    expect(written[0]).not.toHaveProperty('password_hash')
    expect(written[0].ProductCode).toBe('COOMD20L')
  })

  it('refuse an answer without a required property, checked or not', () => {
    const { Description: _gone, ...partial } = product
    expect(() => writer(Product, true)(partial)).toThrow(ResponseContractError)
    expect(() => writer(Product, false)(partial)).toThrow(/Description/)
  })

  it('checked, refuse an answer off the contract as the zod check did', () => {
    expect(() => writer(Product, true)({ ...product, Weight: 'heavy' })).toThrow(ResponseContractError)
  })

  it('compile "or null" of objects, strings and numbers, and unions of constants', () => {
    const schema = z.object({
      when: z.string().nullable(),
      n: z.number().int().nullable(),
      kind: z.union([z.literal(1), z.literal(2)]),
      inner: z.object({ a: z.string() }).nullable(),
    })
    expect(compilableSchema(schema)).toMatchObject({
      properties: {
        when: { type: ['string', 'null'] },
        n: { type: ['integer', 'null'] },
        kind: { type: 'number', enum: [1, 2] },
        inner: { type: ['object', 'null'] },
      },
    })
    const write = writer(schema)
    expect(JSON.parse(write({ when: null, n: 3, kind: 2, inner: null }))).toEqual({ when: null, n: 3, kind: 2, inner: null })
    expect(JSON.parse(write({ when: '2026-11-27', n: null, kind: 1, inner: { a: 'b' } }))).toEqual({ when: '2026-11-27', n: null, kind: 1, inner: { a: 'b' } })
  })

  it('leave other unions and transforms to the zod writer, which writes them as before', () => {
    const union = z.union([z.object({ a: z.string() }), z.object({ b: z.number() })])
    expect(compilableSchema(union)).toBeNull()
    expect(JSON.parse(writer(union)({ b: 2 }))).toEqual({ b: 2 })
    expect(compilableSchema(z.string().transform((s) => s.length))).toBeNull()
  })

  it('compile the answers the busy screens get: lists, orders, checkout details', () => {
    for (const schema of [ListDetail, z.array(OrderListRow), CheckoutInfo]) expect(compilableSchema(schema)).not.toBeNull()
  })

  it('write text that needs escaping exactly as JSON.stringify does', () => {
    const text = 'quote " backslash \\ tab \t newline \n nul-free \u2028 emoji 🐄 lone \ud800 end'
    const schema = z.object({ text: z.string() })
    expect(JSON.parse(writer(schema)({ text }))).toEqual({ text: JSON.parse(JSON.stringify(text)) })
  })
})
