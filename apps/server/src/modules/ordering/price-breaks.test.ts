import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { bearer, checkoutForm, DEMO, signIn, startTestApp, TEST_ERP_KEY, type TestContext } from '../../../test/helpers'
import { pdfRows } from '../../../test/pdf-text'
import { arriveAt, fillCart, orderDetails, payWithSecurePay, setStock, visibleProducts } from '../../../test/payments'
import { discountedCents } from '../../lib/pricing'

/**
 * Lines are charged full pallets at the pallet price, then full cartons at the carton price, the rest at the unit
 * price (decision 0067): in the cart, its summary and PDF, the order, its confirmation, a card payment's amount
 * and the ERP's order feed.
 */

let t: TestContext
let trade: string
let cash: string
let elders: string
let ids: { trade: number; tradeAccount: number; cash: number; elders: number }
let discountBp: number
let anc: number
let pool: number[]

const erpKey = { authorization: `Bearer ${TEST_ERP_KEY}` }

beforeAll(async () => {
  t = await startTestApp()
  ;[trade, cash, elders] = await Promise.all([signIn(t.app, DEMO.trade), signIn(t.app, DEMO.cash), signIn(t.app, DEMO.elders)])
  const users = await t.db.selectFrom('users').select(['id', 'username', 'account_id']).where('username', 'in', ['trade', 'cash', 'elders']).execute()
  const user = (name: string) => users.find((u) => u.username === name)!
  ids = { trade: user('trade').id, tradeAccount: user('trade').account_id, cash: user('cash').id, elders: user('elders').id }
  discountBp = (await t.db.selectFrom('customer_accounts').select('price_discount_bp').where('id', '=', ids.tradeAccount).executeTakeFirstOrThrow())
    .price_discount_bp
  anc = (await t.db.selectFrom('products').select('id').where('product_code', '=', 'ANC-DB-20ML').executeTakeFirstOrThrow()).id
  pool = (await visibleProducts(t.db)).filter((id) => id !== anc)
})
afterAll(async () => t?.close())

// Each test starts with no portal order waiting for the ERP, so the feed holds only the test's own.
beforeEach(async () => {
  await t.db
    .updateTable('orders')
    .set({ erp_acknowledged_at: new Date() })
    .where('portal_order_id', 'is not', null)
    .where('erp_acknowledged_at', 'is', null)
    .execute()
})

const nextProduct = () => {
  const id = pool.shift()
  if (id === undefined) throw new Error('product pool exhausted')
  return id
}

const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) })
const items = async (token: string) => (await get(token, '/api/cart/items')).json() as Array<Record<string, any>>
const cartSummary = async (token: string) => (await get(token, '/api/cart')).json()

/** Sets a product's list prices (cents ex GST) and pack sizes; null: none. */
async function setPrices(
  productId: number,
  p: { unit: number; carton: number | null; cartonQty: number | null; pallet?: number | null; palletQty?: number | null },
) {
  await t.db
    .updateTable('products')
    .set({
      unit_price_cents: p.unit,
      carton_price_cents: p.carton,
      carton_qty: p.cartonQty,
      pallet_price_cents: p.pallet ?? null,
      pallet_qty: p.palletQty ?? null,
    })
    .where('id', '=', productId)
    .execute()
  await t.db.deleteFrom('contract_prices').where('product_id', '=', productId).execute()
}

async function placeOrder(po: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/orders', headers: bearer(trade), payload: checkoutForm({ PurchaseOrder: po }) })
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}

async function orderLineRow(salesOrder: string) {
  return t.db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select([
      'order_lines.unit_price_cents',
      'order_lines.extended_ex_cents',
      'order_lines.tax_cents',
      'order_lines.extended_inc_cents',
      'order_lines.price_breaks',
    ])
    .where('orders.sales_order', '=', salesOrder)
    .executeTakeFirstOrThrow()
}

describe('ANC-DB-20ML at WAG for trade: unit $45.32, carton of 4 $40.90', () => {
  beforeAll(async () => {
    await setStock(t.db, anc, 'WAG', 500)
  })

  const cases = [
    {
      qty: 3,
      breaks: [{ Break: 'unit', Quantity: 3, PackQty: null, Packs: null, Price: 45.32, ExtendedEx: 135.96 }],
      ex: 135.96,
      tax: 13.6,
      inc: 149.56,
      text: null,
    },
    {
      qty: 5,
      breaks: [
        { Break: 'carton', Quantity: 4, PackQty: 4, Packs: 1, Price: 40.9, ExtendedEx: 163.6 },
        { Break: 'unit', Quantity: 1, PackQty: null, Packs: null, Price: 45.32, ExtendedEx: 45.32 },
      ],
      ex: 208.92,
      tax: 20.89,
      inc: 229.81,
      text: '1 carton of 4 at $40.90, 1 at $45.32',
    },
    {
      qty: 8,
      breaks: [{ Break: 'carton', Quantity: 8, PackQty: 4, Packs: 2, Price: 40.9, ExtendedEx: 327.2 }],
      ex: 327.2,
      tax: 32.72,
      inc: 359.92,
      text: '2 cartons of 4 at $40.90',
    },
  ] as const

  for (const c of cases) {
    it(`charges ${c.qty} units ${c.text ?? 'at the unit price'}, in the cart and on the order`, async () => {
      await fillCart(t.db, ids.trade, 'WAG', [{ productId: anc, qty: c.qty }])
      const [line] = await items(trade)
      expect(line).toMatchObject({ Quantity: c.qty, Price: 45.32, PriceBreaks: c.breaks, ExtendedEx: c.ex, TaxTotal: c.tax, ExtendedInc: c.inc })
      expect(await cartSummary(trade)).toEqual({ Count: 1, Value: c.inc, warehouse: 'WAG' })

      const placed = await placeOrder(`PB-ANC-${c.qty}`)
      expect(placed).toMatchObject({ ExtendedEx: c.ex, TaxTotal: c.tax, ExtendedInc: c.inc })
      expect(await orderLineRow(placed.SalesOrder)).toMatchObject({
        unit_price_cents: 4532,
        extended_ex_cents: Math.round(c.ex * 100),
        tax_cents: Math.round(c.tax * 100),
        extended_inc_cents: Math.round(c.inc * 100),
      })
      const detail = (await get(trade, `/api/orders/${placed.SalesOrder}`)).json()
      expect(detail).toMatchObject({ ExtendedEx: c.ex, ExtendedInc: c.inc })
      const [item] = detail.items
      expect(item).toMatchObject({ QuantityOrdered: c.qty, UnitPrice: 45.32, ExtendedTotalEx: c.ex, TaxTotal: c.tax, ExtendedTotalInc: c.inc })
      // A line of plain units is stored and shown as it always was: no breaks.
      if (c.text === null) expect(item.PriceBreaks).toBeUndefined()
      else expect(item.PriceBreaks).toEqual(c.breaks)

      const mail = await t.db.selectFrom('email_outbox').select(['subject', 'text_body']).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()
      expect(mail.subject).toContain(placed.SalesOrder)
      if (c.text) expect(mail.text_body).toContain(`${c.text} (ex GST)`)
      else expect(mail.text_body).not.toContain(' at $')
    })
  }

  it('shows the breakdown on the line of the cart PDF, whose price column it replaces', async () => {
    await setStock(t.db, anc, 'WAG', 500)
    await fillCart(t.db, ids.trade, 'WAG', [{ productId: anc, qty: 9 }])
    const res = await get(trade, '/api/print-cart')
    expect(res.statusCode).toBe(200)
    const { rows } = await pdfRows(res.rawPayload)
    const text = rows.map((r) => r.join(' ')).join('\n')
    // 8 x 40.90 + 45.32 = 372.52 ex GST; GST 37.25; 409.77 inc GST. Quantity, stock, (no one price), GST, total.
    expect(text).toContain('2 cartons of 4 at $40.90, 1 at $45.32 = $372.52 ex GST')
    expect(rows.find((r) => r.at(-1) === '409.77')?.slice(-4)).toEqual(['9', '500', '37.25', '409.77'])
    expect(text).toContain('$372.52')
    expect(text).toContain('$409.77')
  })

  it('feeds the ERP one line per break, each with the price the portal charged per unit', async () => {
    await fillCart(t.db, ids.trade, 'WAG', [{ productId: anc, qty: 9 }])
    await setStock(t.db, anc, 'WAG', 7)
    const placed = await placeOrder('PB-ERP-9')
    const offered = (await t.app.inject({ method: 'GET', url: '/api/erp/orders', headers: erpKey })).json() as Array<Record<string, any>>
    const order = offered.find((o) => o.PortalOrderId === placed.SalesOrder)!
    expect(order).toMatchObject({ ExtendedEx: 372.52, TaxTotal: 37.25, ExtendedInc: 409.77 })
    // 7 in stock: 2 units back-ordered, the unit's and one of the cartons' (units go on back order last-break first).
    expect(order.lines).toEqual([
      {
        Line: 1,
        ProductCode: 'ANC-DB-20ML',
        Description: expect.any(String),
        QuantityOrdered: 8,
        QuantitySupplied: 0,
        QuantityBackOrdered: 1,
        Price: 40.9,
        ExtendedTotalEx: 327.2,
        TaxTotal: 32.72,
        ExtendedTotalInc: 359.92,
        DueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        PriceBreak: 'carton',
        PackQty: 4,
        Packs: 2,
        PortalLine: 1,
      },
      {
        Line: 2,
        ProductCode: 'ANC-DB-20ML',
        Description: expect.any(String),
        QuantityOrdered: 1,
        QuantitySupplied: 0,
        QuantityBackOrdered: 1,
        Price: 45.32,
        ExtendedTotalEx: 45.32,
        TaxTotal: 4.53,
        ExtendedTotalInc: 49.85,
        DueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        PriceBreak: 'unit',
        PackQty: null,
        Packs: null,
        PortalLine: 1,
      },
    ])
    // The feed lines add up to the order line: quantities, amounts and GST.
    const sum = (key: string) => Math.round(order.lines.reduce((s: number, l: Record<string, number>) => s + l[key]! * 100, 0))
    expect([sum('QuantityOrdered') / 100, sum('QuantityBackOrdered') / 100, sum('ExtendedTotalEx'), sum('TaxTotal'), sum('ExtendedTotalInc')]).toEqual([
      9, 2, 37252, 3725, 40977,
    ])
  })

  it('feeds a line of plain units as one line with its unit price, PriceBreak unit and its own line number', async () => {
    await setStock(t.db, anc, 'WAG', 500)
    await fillCart(t.db, ids.trade, 'WAG', [{ productId: anc, qty: 2 }])
    const placed = await placeOrder('PB-ERP-2')
    const offered = (await t.app.inject({ method: 'GET', url: '/api/erp/orders', headers: erpKey })).json() as Array<Record<string, any>>
    expect(offered.find((o) => o.PortalOrderId === placed.SalesOrder)!.lines).toEqual([
      expect.objectContaining({
        Line: 1,
        QuantityOrdered: 2,
        Price: 45.32,
        ExtendedTotalEx: 90.64,
        PriceBreak: 'unit',
        PackQty: null,
        Packs: null,
        PortalLine: 1,
      }),
    ])
  })
})

describe('pallets, cartons and units', () => {
  it('charges full pallets at the pallet price, then full cartons, then units, at the account’s discount', async () => {
    const product = nextProduct()
    // List: unit $10.00, carton of 6 $9.00, pallet of 24 $8.00; the trade account's discount applies to each.
    await setPrices(product, { unit: 1000, carton: 900, cartonQty: 6, pallet: 800, palletQty: 24 })
    await setStock(t.db, product, 'WAG', 1000)
    const [unit, carton, pallet] = [1000, 900, 800].map((c) => discountedCents(c, discountBp)) as [number, number, number]
    // 62 = 2 pallets (48) + 2 cartons (12) + 2 units.
    await fillCart(t.db, ids.trade, 'WAG', [{ productId: product, qty: 62 }])
    const [line] = await items(trade)
    const ex = 48 * pallet + 12 * carton + 2 * unit
    expect(line!.PriceBreaks).toEqual([
      { Break: 'pallet', Quantity: 48, PackQty: 24, Packs: 2, Price: pallet / 100, ExtendedEx: (48 * pallet) / 100 },
      { Break: 'carton', Quantity: 12, PackQty: 6, Packs: 2, Price: carton / 100, ExtendedEx: (12 * carton) / 100 },
      { Break: 'unit', Quantity: 2, PackQty: null, Packs: null, Price: unit / 100, ExtendedEx: (2 * unit) / 100 },
    ])
    expect(line).toMatchObject({ Price: unit / 100, ExtendedEx: ex / 100, TaxTotal: Math.round(ex / 10) / 100 })

    const placed = await placeOrder('PB-PALLET')
    expect(placed.ExtendedEx).toBe(ex / 100)
    const row = await orderLineRow(placed.SalesOrder)
    expect(row.extended_ex_cents).toBe(ex)
    expect(row.price_breaks).toEqual([
      { break: 'pallet', quantity: 48, packQty: 24, packs: 2, priceCents: pallet },
      { break: 'carton', quantity: 12, packQty: 6, packs: 2, priceCents: carton },
      { break: 'unit', quantity: 2, packQty: null, packs: null, priceCents: unit },
    ])
  })

  it('takes a contract price as the unit price, and never charges a carton above it', async () => {
    const [dearCarton, cheapCarton] = [nextProduct(), nextProduct()]
    await setPrices(dearCarton, { unit: 5000, carton: 4000, cartonQty: 4 })
    await setPrices(cheapCarton, { unit: 5000, carton: 3000, cartonQty: 4 })
    for (const productId of [dearCarton, cheapCarton]) {
      await t.db.insertInto('contract_prices').values({ account_id: ids.tradeAccount, product_id: productId, price_cents: 3500 }).execute()
      await setStock(t.db, productId, 'WAG', 100)
    }
    await fillCart(t.db, ids.trade, 'WAG', [
      { productId: dearCarton, qty: 5 },
      { productId: cheapCarton, qty: 5 },
    ])
    const [dear, cheap] = await items(trade)
    // The carton's discounted list price is above the contract price: every unit at the contract price.
    expect(dear).toMatchObject({
      Price: 35,
      PriceBreaks: [{ Break: 'unit', Quantity: 5, PackQty: null, Packs: null, Price: 35, ExtendedEx: 175 }],
      ExtendedEx: 175,
    })
    const carton = Math.min(discountedCents(3000, discountBp), 3500)
    expect(cheap).toMatchObject({
      Price: 35,
      PriceBreaks: [
        { Break: 'carton', Quantity: 4, PackQty: 4, Packs: 1, Price: carton / 100, ExtendedEx: (4 * carton) / 100 },
        { Break: 'unit', Quantity: 1, PackQty: null, Packs: null, Price: 35, ExtendedEx: 35 },
      ],
      ExtendedEx: (4 * carton + 3500) / 100,
    })
    const placed = await placeOrder('PB-CONTRACT')
    expect(placed.ExtendedEx).toBe((175_00 + 4 * carton + 3500) / 100)
  })
})

describe('a reseller', () => {
  it('is charged the one price it is shown, the unit price, for every unit, carton or not', async () => {
    await t.db.deleteFrom('contract_prices').where('product_id', '=', anc).execute()
    const product = (await get(elders, `/api/product/${anc}`)).json()
    expect(product.CartonPricing).toBeUndefined()
    const price = product.SinglePricing.Price as number
    await t.app.inject({ method: 'DELETE', url: '/api/cart', headers: bearer(elders) })
    const added = await t.app.inject({ method: 'POST', url: '/api/cart', headers: bearer(elders), payload: { productID: anc, qty: 8 } })
    expect(added.statusCode, added.body).toBe(200)
    const ex = Math.round(price * 100) * 8
    const inc = ex + Math.round(ex / 10)
    expect(added.json()).toMatchObject({ Count: 1, Value: inc / 100 })
    const [line] = await items(elders)
    expect(line).toMatchObject({
      Quantity: 8,
      Price: price,
      PriceBreaks: [{ Break: 'unit', Quantity: 8, PackQty: null, Packs: null, Price: price, ExtendedEx: ex / 100 }],
      ExtendedEx: ex / 100,
      ExtendedInc: inc / 100,
    })
  })
})

describe('a card payment', () => {
  it('must be for the cart total with its breaks, and the order keeps what was paid for', async () => {
    const product = nextProduct()
    // The cash-sale account pays list prices: unit $10.00, carton of 4 $9.00. 5 units = 4 x 9.00 + 10.00 = 46.00 + GST 4.60.
    await setPrices(product, { unit: 1000, carton: 900, cartonQty: 4 })
    await setStock(t.db, product, 'MEL', 20)
    await fillCart(t.db, ids.cash, 'MEL', [{ productId: product, qty: 5 }])
    expect(await cartSummary(cash)).toMatchObject({ Count: 1, Value: 50.6 })
    const create = (amount: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/create',
        headers: bearer(cash),
        payload: { orderDetails: orderDetails({ purchaseOrder: 'PB-CARD' }), amount, accountName: 'Bellbrae Hobby Farm' },
      })
    // Every unit at the unit price is not the cart's total.
    const unitsOnly = await create(55)
    expect(unitsOnly.statusCode).toBe(409)
    expect(unitsOnly.json()).toMatchObject({ error: 'amount_mismatch', message: expect.stringContaining('$50.60') })

    const res = await create(50.6)
    expect(res.statusCode, res.body).toBe(200)
    const { orderId, formData } = res.json()
    expect(formData.fields.EPS_AMOUNT).toBe('50.60')
    const pending = await t.db.selectFrom('pending_orders').select(['amount_cents']).where('id', '=', orderId).executeTakeFirstOrThrow()
    expect(pending.amount_cents).toBe(5060)

    const result = await payWithSecurePay(t.app, formData.fields, { number: '4444333322221111' })
    await arriveAt(t.app, result)
    const order = await t.db
      .selectFrom('orders')
      .select(['sales_order', 'extended_ex_cents', 'extended_inc_cents'])
      .where('customer_purchase_order', '=', 'PB-CARD')
      .executeTakeFirstOrThrow()
    expect(order).toMatchObject({ extended_ex_cents: 4600, extended_inc_cents: 5060 })
    expect((await orderLineRow(order.sales_order)).price_breaks).toEqual([
      { break: 'carton', quantity: 4, packQty: 4, packs: 1, priceCents: 900 },
      { break: 'unit', quantity: 1, packQty: null, packs: null, priceCents: 1000 },
    ])
  })
})
