import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, DEMO, signIn, startTestApp, TEST_ERP_KEY, type TestContext } from '../../../test/helpers'
import { fillCart, setListPrice, setStock, visibleProducts } from '../../../test/payments'
import { checkoutForm } from '../../../test/security/fixtures'

const erpKey = { authorization: `Bearer ${TEST_ERP_KEY}` }

let t: TestContext
let trade: string
let tradeId: number
let accountCode: string
let pool: number[]

beforeAll(async () => {
  t = await startTestApp()
  trade = await signIn(t.app, DEMO.trade)
  const user = await t.db
    .selectFrom('users')
    .innerJoin('customer_accounts as a', 'a.id', 'users.account_id')
    .select(['users.id', 'a.code'])
    .where('username', '=', 'trade')
    .executeTakeFirstOrThrow()
  tradeId = user.id
  accountCode = user.code
  pool = await visibleProducts(t.db)
})
afterAll(async () => t?.close())

async function placeOnAccount(po: string): Promise<string> {
  const product = pool.shift()!
  await setListPrice(t.db, product, 1000)
  await setStock(t.db, product, 'WAG', 100)
  await fillCart(t.db, tradeId, 'WAG', [{ productId: product, qty: 2 }])
  const res = await t.app.inject({ method: 'POST', url: '/api/orders', headers: bearer(trade), payload: checkoutForm('WAG', { PurchaseOrder: po }) })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().SalesOrder as string
}

const history = (query: string) => t.app.inject({ method: 'GET', url: `/api/orders?${query}`, headers: bearer(trade) })

async function importOrders(csv: string) {
  const form = new FormData()
  form.append('orders.csv', new Blob([csv]), 'orders.csv')
  const body = new Response(form)
  return t.app.inject({
    method: 'POST',
    url: '/api/erp/import',
    headers: { ...erpKey, 'content-type': body.headers.get('content-type')! },
    payload: Buffer.from(await body.arrayBuffer()),
  })
}

describe('an order acknowledged with the ERP number', () => {
  it('keeps the number it was placed under: history search and the order page find it by either, and show both', async () => {
    const portal = await placeOnAccount('BOTH-NUMBERS')
    const ack = await t.app.inject({ method: 'POST', url: `/api/erp/orders/${portal}/ack`, headers: erpKey, payload: { SalesOrder: 'ERP5550001' } })
    expect(ack.statusCode, ack.body).toBeLessThan(300)

    for (const search of [portal, portal.toLowerCase(), 'ERP5550001', 'erp555']) {
      const res = await history(`search=${encodeURIComponent(search)}`)
      expect(res.statusCode).toBe(200)
      expect(res.json(), search).toEqual([expect.objectContaining({ SalesOrder: 'ERP5550001', PortalOrderId: portal, CustomerPurchaseOrder: 'BOTH-NUMBERS' })])
    }
    for (const id of [portal, 'ERP5550001']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(trade) })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ SalesOrder: 'ERP5550001', PortalOrderId: portal })
    }
    // Another account's number finds nothing.
    const cash = await signIn(t.app, DEMO.cash)
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${portal}`, headers: bearer(cash) })).statusCode).toBe(404)
  })

  it('acknowledged through orders.csv too', async () => {
    const portal = await placeOnAccount('BOTH-BY-FILE')
    const res = await importOrders(
      `AccountCode,SalesOrder,EnterDate,SalesOrderStatus,LocationID,PortalOrderId\r\n${accountCode},ERP5550002,2026-12-01,5,WAG,${portal}\r\n`,
    )
    expect(res.statusCode, res.body).toBe(200)
    const [row] = (await history(`search=${portal}`)).json()
    expect(row).toMatchObject({ SalesOrder: 'ERP5550002', PortalOrderId: portal, SalesOrderStatus: 'Shipped' })
  })
})

describe('status codes from the ERP', () => {
  it('are shown as the words of the reference; an unmapped code shows "In progress" and is a warning, not a problem', async () => {
    const rows = [
      ['STC-9', '9'],
      ['STC-4', '4'],
      ['STC-1', '01'],
      ['STC-WORD', 'shipped'],
      ['STC-8', '8'],
      ['STC-X', 'Awaiting stock'],
    ]
    const csv =
      'AccountCode,SalesOrder,EnterDate,SalesOrderStatus,LocationID,CustomerPurchaseOrder\r\n' +
      rows.map(([number, status]) => `${accountCode},${number},2026-11-30,${status},WAG,STATUS-CODES`).join('\r\n') +
      '\r\n'
    const res = await importOrders(csv)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ ok: true, problems: [] })
    expect(res.json().warnings).toEqual([
      expect.objectContaining({ file: 'orders.csv', line: 6, field: 'SalesOrderStatus', value: '8', message: expect.stringContaining('"In progress"') }),
      expect.objectContaining({ file: 'orders.csv', line: 7, field: 'SalesOrderStatus', value: 'Awaiting stock' }),
    ])
    const shown = Object.fromEntries(
      ((await history('search=STATUS-CODES')).json() as Array<{ SalesOrder: string; SalesOrderStatus: string }>).map((o) => [o.SalesOrder, o.SalesOrderStatus]),
    )
    expect(shown).toEqual({
      'STC-9': 'Cancelled',
      'STC-4': 'Back Order',
      'STC-1': 'Entered',
      'STC-WORD': 'Shipped',
      'STC-8': 'In progress',
      'STC-X': 'In progress',
    })
    const detail = await t.app.inject({ method: 'GET', url: '/api/orders/STC-9', headers: bearer(trade) })
    expect(detail.json().SalesOrderStatus).toBe('Cancelled')
  })

  it('a code kept from before is shown as its word too', async () => {
    await t.db.updateTable('orders').set({ status: '4' }).where('sales_order', '=', 'STC-1').execute()
    const [row] = (await history('search=STC-1')).json()
    expect(row.SalesOrderStatus).toBe('Back Order')
  })
})
