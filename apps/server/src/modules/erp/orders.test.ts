import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { bearer, DEMO, signIn, startTestApp, TEST_ERP_KEY, type TestContext } from '../../../test/helpers'
import { arriveAt, fillCart, orderDetails, payWithSecurePay, setListPrice, setStock, visibleProducts } from '../../../test/payments'
import { checkoutForm } from '../../../test/security/fixtures'
import { acknowledgeOrder } from './service'

const erpKey = { authorization: `Bearer ${TEST_ERP_KEY}` }

let t: TestContext
let trade: string
let cash: string
let ids: { trade: number; cash: number }
let pool: number[]

beforeAll(async () => {
  t = await startTestApp({ ERP_ORDER_LEASE_SECONDS: '60' })
  ;[trade, cash] = await Promise.all([signIn(t.app, DEMO.trade), signIn(t.app, DEMO.cash)])
  const users = await t.db.selectFrom('users').select(['id', 'username']).where('username', 'in', ['trade', 'cash']).execute()
  ids = { trade: users.find((u) => u.username === 'trade')!.id, cash: users.find((u) => u.username === 'cash')!.id }
  pool = await visibleProducts(t.db)
})
afterAll(async () => t?.close())

// Each test starts with no order waiting for the ERP.
beforeEach(async () => {
  await t.db
    .updateTable('orders')
    .set({ erp_acknowledged_at: new Date() })
    .where('portal_order_id', 'is not', null)
    .where('erp_acknowledged_at', 'is', null)
    .execute()
})

const collect = (limit = 100) => t.app.inject({ method: 'GET', url: `/api/erp/orders?status=new&limit=${limit}`, headers: erpKey })
const ack = (id: string, SalesOrder: string) => t.app.inject({ method: 'POST', url: `/api/erp/orders/${id}/ack`, headers: erpKey, payload: { SalesOrder } })
const portalIds = (orders: Array<{ PortalOrderId: string }>) => orders.map((o) => o.PortalOrderId)

/** An order on account placed by trade at WAG: one line of a product at $10.00 ex GST. */
async function placeOnAccount(po: string, qty = 2): Promise<string> {
  const product = pool.shift()!
  await setListPrice(t.db, product, 1000)
  await setStock(t.db, product, 'WAG', 100)
  await fillCart(t.db, ids.trade, 'WAG', [{ productId: product, qty }])
  const res = await t.app.inject({ method: 'POST', url: '/api/orders', headers: bearer(trade), payload: checkoutForm('WAG', { PurchaseOrder: po }) })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().SalesOrder as string
}

describe('GET /api/erp/orders', () => {
  it('offers an order on account at once, oldest first, with its lines, delivery, purchase order, account and branch', async () => {
    const first = await placeOnAccount('ERP-FEED-1', 3)
    const second = await placeOnAccount('ERP-FEED-2')
    const res = await collect()
    expect(res.statusCode).toBe(200)
    expect(portalIds(res.json())).toEqual([first, second])
    const account = await t.db
      .selectFrom('customer_accounts')
      .innerJoin('users', 'users.account_id', 'customer_accounts.id')
      .select('customer_accounts.code')
      .where('users.username', '=', 'trade')
      .executeTakeFirstOrThrow()
    const [order] = res.json()
    expect(order).toMatchObject({
      PortalOrderId: first,
      AccountCode: account.code,
      LocationID: 'WAG',
      CustomerPurchaseOrder: 'ERP-FEED-1',
      DeliveryName: 'Security Suite Pty Ltd',
      DeliveryAddress1: '1 Test Street',
      DeliveryCity: 'Wagga Wagga',
      DeliveryState: 'NSW',
      DeliveryPostalCode: '2650',
      Contact: 'Sam Tester',
      Email: 'sam@example.com',
      CarrierName: 'Own truck',
      DeliveryType: 1,
      PaymentReference: null,
      QuoteRef: null,
    })
    expect(order.EnterDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(order.lines).toHaveLength(1)
    expect(order.lines[0]).toMatchObject({ Line: 1, QuantityOrdered: 3, ProductCode: expect.any(String) })
    expect(order.ExtendedInc).toBeCloseTo(order.ExtendedEx + order.TaxTotal, 2)
  })

  it('offers a collected order to no one else until its lease runs out, then again', async () => {
    const id = await placeOnAccount('ERP-LEASE')
    expect(portalIds((await collect()).json())).toEqual([id])
    expect((await collect()).json()).toEqual([])
    // ERP_ORDER_LEASE_SECONDS=60: collected 61 seconds ago, it comes back.
    await t.db
      .updateTable('orders')
      .set({ erp_collected_at: sql<Date>`now() - interval '61 seconds'` })
      .where('portal_order_id', '=', id)
      .execute()
    expect(portalIds((await collect()).json())).toEqual([id])
    // Acknowledged, it never comes back, lease or not.
    expect((await ack(id, 'ERP-L1')).statusCode).toBe(200)
    await t.db
      .updateTable('orders')
      .set({ erp_collected_at: sql<Date>`now() - interval '1 hour'` })
      .where('portal_order_id', '=', id)
      .execute()
    expect((await collect()).json()).toEqual([])
  })

  it('never gives two collectors calling at once the same order', async () => {
    const placed: string[] = []
    for (let i = 0; i < 8; i++) placed.push(await placeOnAccount(`ERP-RACE-${i}`, 1))
    for (const limit of [3, 100]) {
      const answers = await Promise.all([collect(limit), collect(limit), collect(limit)])
      const got = answers.flatMap((a) => portalIds(a.json()))
      expect(new Set(got).size, `limit ${limit}`).toBe(got.length)
      if (limit === 100) expect(got.sort()).toEqual([...placed].sort())
      // Let the lease run out for the next round.
      await t.db.updateTable('orders').set({ erp_collected_at: null }).where('portal_order_id', 'in', placed).execute()
    }
  })

  it('offers a card order only once it is paid, with its payment reference', async () => {
    const product = pool.shift()!
    await setListPrice(t.db, product, 1000)
    await setStock(t.db, product, 'MEL', 20)
    await fillCart(t.db, ids.cash, 'MEL', [{ productId: product, qty: 1 }])
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/payments/create',
      headers: bearer(cash),
      payload: { orderDetails: orderDetails({ purchaseOrder: 'ERP-CARD' }), amount: 11, accountName: 'Bellbrae Hobby Farm' },
    })
    expect(created.statusCode, created.body).toBe(200)
    expect((await collect()).json()).toEqual([])
    await arriveAt(t.app, await payWithSecurePay(t.app, created.json().formData.fields, { number: '4444333322221111' }))
    const [order] = (await collect()).json()
    expect(order).toMatchObject({ CustomerPurchaseOrder: 'ERP-CARD', LocationID: 'MEL', PaymentReference: expect.any(String) })
    expect(order.PaymentReference).not.toBe('')
  })

  it('refuses a status other than new and a limit out of range', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/erp/orders?status=acknowledged', headers: erpKey })).statusCode).toBe(400)
    expect((await collect(0)).statusCode).toBe(400)
    expect((await collect(1001)).statusCode).toBe(400)
  })
})

describe('POST /api/erp/orders/{PortalOrderId}/ack', () => {
  it("records the ERP's number, which the customer then sees; the same again is answered again", async () => {
    const id = await placeOnAccount('ERP-ACK')
    const res = await ack(id, 'SO-ERP-000123')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ PortalOrderId: id, SalesOrder: 'SO-ERP-000123', acknowledged: 'now' })
    const again = await ack(id, 'SO-ERP-000123')
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual({ PortalOrderId: id, SalesOrder: 'SO-ERP-000123', acknowledged: 'already' })

    // The customer's order history shows the ERP's number; the portal's number still finds the order.
    const list = (await t.app.inject({ method: 'GET', url: '/api/orders?search=ERP-ACK', headers: bearer(trade) })).json()
    expect(list.map((o: { SalesOrder: string }) => o.SalesOrder)).toContain('SO-ERP-000123')
    const detail = await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(trade) })
    expect(detail.statusCode).toBe(200)
    expect(detail.json().SalesOrder).toBe('SO-ERP-000123')
  })

  it('answers 409 with the number it has for another number, and for a number another order has', async () => {
    const id = await placeOnAccount('ERP-409')
    expect((await ack(id, 'ERP-409-A')).statusCode).toBe(200)
    const other = await ack(id, 'ERP-409-B')
    expect(other.statusCode).toBe(409)
    expect(other.json()).toEqual({
      error: 'already_acknowledged',
      message: `Portal order ${id} was already acknowledged as sales order ERP-409-A; it cannot become ERP-409-B.`,
    })
    const second = await placeOnAccount('ERP-409-2')
    const taken = await ack(second, 'ERP-409-A')
    expect(taken.statusCode).toBe(409)
    expect(taken.json()).toMatchObject({ error: 'sales_order_taken' })
  })

  it('answers 404 for an order the portal never placed, and 400 without a SalesOrder', async () => {
    const unknown = await ack('SO8999999', 'X1')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe('No such portal order SO8999999.')
    const id = await placeOnAccount('ERP-400')
    const missing = await t.app.inject({ method: 'POST', url: `/api/erp/orders/${id}/ack`, headers: erpKey, payload: {} })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().fields[0].field).toContain('SalesOrder')
  })

  it('is the same service the importer calls, and two acknowledgements at once agree', async () => {
    const id = await placeOnAccount('ERP-SVC')
    const answers = await Promise.allSettled([acknowledgeOrder(t.db, id, 'ERP-SVC-1'), acknowledgeOrder(t.db, id, 'ERP-SVC-1')])
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'fulfilled'])
    const kinds = answers.map((a) => (a as PromiseFulfilledResult<{ acknowledged: string }>).value.acknowledged).sort()
    expect(kinds).toEqual(['already', 'now'])
  })
})

describe('orders the ERP is late with', () => {
  it('show in /api/ready (reported, the instance stays ready) and in /metrics', async () => {
    const id = await placeOnAccount('ERP-LATE')
    const fresh = (await t.app.inject({ method: 'GET', url: '/api/ready' })).json()
    expect(fresh.checks.erpOrders).toEqual({ ok: true, message: '1 waiting, oldest 0 min old' })

    await t.db
      .updateTable('orders')
      .set({ created_at: sql<Date>`now() - interval '31 minutes'` })
      .where('portal_order_id', '=', id)
      .execute()
    const late = await t.app.inject({ method: 'GET', url: '/api/ready' })
    expect(late.statusCode).toBe(200)
    expect(late.json().checks.erpOrders).toEqual({ ok: false, message: 'late: 1 of 1 unacknowledged older than 30 min, oldest 31 min old' })
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body
    expect(metrics).toMatch(/^portal_erp_orders_late 1$/m)
    expect(metrics).toMatch(/^portal_erp_orders_unacknowledged 1$/m)
    expect(metrics).toMatch(/^portal_erp_orders_oldest_unacknowledged_seconds 18\d\d$/m)

    await ack(id, 'ERP-LATE-1')
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).json().checks.erpOrders).toEqual({ ok: true, message: 'all acknowledged' })
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).body).toMatch(/^portal_erp_orders_late 0$/m)
  })
})
