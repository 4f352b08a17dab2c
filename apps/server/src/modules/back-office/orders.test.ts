import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACK_OFFICE, signInBackOffice } from '../../../test/back-office'
import { bearer, DEMO, signIn, startTestApp, TEST_ERP_KEY, type TestContext } from '../../../test/helpers'
import { arriveAt, fillCart, orderDetails, payWithSecurePay, setListPrice, setStock, visibleProducts } from '../../../test/payments'
import { checkoutForm } from '../../../test/security/fixtures'

let t: TestContext
const staffOf = {} as Record<'admin' | 'service' | 'rep' | 'marketing', string>
/** Portal orders this file places: on account by trade (KELLYFG), by card by cash (BELLBRAE). */
const placed = {} as Record<'web' | 'card' | 'acknowledged' | 'late', { id: number; salesOrder: string }>

type Row = {
  id: number
  salesOrder: string
  portalOrderId: string | null
  accountCode: string
  branch: string
  enterDate: string
  status: string
  channel: string
  erpState: string | null
}

const call = (token: string | null, url: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {}, remoteAddress: '203.0.113.8' })
const list = async (token: string, query = '') => {
  const res = await call(token, `/api/staff/orders${query ? `?${query}` : ''}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { orders: Row[]; page: number; hasMore: boolean; branches: Array<{ code: string }>; erpAlertMinutes: number }
}
const fieldsOf = (res: { json(): { fields?: Array<{ field: string }> } }) => (res.json().fields ?? []).map((f) => f.field)

async function placeOnAccount(token: string, userId: number, product: number, po: string) {
  await setListPrice(t.db, product, 1000)
  await setStock(t.db, product, 'WAG', 100)
  await fillCart(t.db, userId, 'WAG', [{ productId: product, qty: 2 }])
  const res = await t.app.inject({ method: 'POST', url: '/api/orders', headers: bearer(token), payload: checkoutForm('WAG', { PurchaseOrder: po }) })
  expect(res.statusCode, res.body).toBe(201)
  return { id: res.json().OrderID as number, salesOrder: res.json().SalesOrder as string }
}

beforeAll(async () => {
  t = await startTestApp()
  for (const who of ['admin', 'service', 'rep', 'marketing'] as const) staffOf[who] = await signInBackOffice(t.app, t.db, BACK_OFFICE[who])
  const [trade, cash] = await Promise.all([signIn(t.app, DEMO.trade), signIn(t.app, DEMO.cash)])
  const users = await t.db.selectFrom('users').select(['id', 'username']).where('username', 'in', ['trade', 'cash']).execute()
  const idOf = (name: string) => users.find((u) => u.username === name)!.id
  const [a, b, c, d] = await visibleProducts(t.db, 4)
  placed.web = await placeOnAccount(trade, idOf('trade'), a!, 'DESK-WEB')
  placed.acknowledged = await placeOnAccount(trade, idOf('trade'), b!, 'DESK-ACK')
  placed.late = await placeOnAccount(trade, idOf('trade'), c!, 'DESK-LATE')
  // The ERP acknowledges one with its own number; another has waited two hours (ERP_ORDER_ALERT_MINUTES is 30).
  const ack = await t.app.inject({
    method: 'POST',
    url: `/api/erp/orders/${placed.acknowledged.salesOrder}/ack`,
    headers: { authorization: `Bearer ${TEST_ERP_KEY}` },
    payload: { SalesOrder: 'ERP7700001' },
  })
  expect(ack.statusCode, ack.body).toBe(200)
  await t.db
    .updateTable('orders')
    .set({ created_at: sql<Date>`now() - interval '2 hours'` })
    .where('id', '=', placed.late.id)
    .execute()
  // A card order of BELLBRAE, paid through the SecurePay sandbox.
  await setListPrice(t.db, d!, 1000)
  await setStock(t.db, d!, 'MEL', 20)
  await fillCart(t.db, idOf('cash'), 'MEL', [{ productId: d!, qty: 1 }])
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/payments/create',
    headers: bearer(cash),
    payload: { orderDetails: orderDetails({ purchaseOrder: 'DESK-CARD' }), amount: 11, accountName: 'Bellbrae Hobby Farm' },
  })
  expect(created.statusCode, created.body).toBe(200)
  await arriveAt(t.app, await payWithSecurePay(t.app, created.json().formData.fields, { number: '4444333322221111' }))
  const card = await t.db.selectFrom('orders').select(['id', 'sales_order']).where('customer_purchase_order', '=', 'DESK-CARD').executeTakeFirstOrThrow()
  placed.card = { id: card.id, salesOrder: card.sales_order }
}, 120_000)
afterAll(async () => t?.close())

describe('the orders desk', () => {
  it('lists every account’s orders newest first, each with its channel and ERP state', async () => {
    const { orders, page, hasMore, branches, erpAlertMinutes } = await list(staffOf.service)
    expect(page).toBe(1)
    expect(hasMore).toBe(true)
    expect(orders).toHaveLength(50)
    expect(branches.map((b) => b.code)).toContain('WAG')
    expect(erpAlertMinutes).toBe(30)
    const keys = orders.map((o) => `${o.enterDate}|${String(o.id).padStart(10, '0')}`)
    expect(keys).toEqual([...keys].sort().reverse())
    const byId = new Map(orders.map((o) => [o.id, o]))
    expect(byId.get(placed.web.id)).toMatchObject({ accountCode: 'KELLYFG', channel: 'web', erpState: 'waiting', portalOrderId: placed.web.salesOrder })
    expect(byId.get(placed.card.id)).toMatchObject({ accountCode: 'BELLBRAE', channel: 'card', erpState: 'waiting', branch: 'MEL' })
    expect(byId.get(placed.acknowledged.id)).toMatchObject({
      salesOrder: 'ERP7700001',
      portalOrderId: placed.acknowledged.salesOrder,
      erpState: 'acknowledged',
    })
    expect(byId.get(placed.late.id)).toMatchObject({ erpState: 'late' })
    const second = await list(staffOf.service, 'page=2')
    expect(second.orders.map((o) => o.id)).not.toContain(orders[0]!.id)
  })

  it('filters by channel, ERP state, status, branch, dates and an account code or either order number', async () => {
    const erp = (await list(staffOf.service, 'channel=erp')).orders
    expect(erp.length).toBeGreaterThan(0)
    expect(erp.every((o) => o.channel === 'erp' && o.portalOrderId === null && o.erpState === null)).toBe(true)
    expect((await list(staffOf.service, 'channel=card')).orders.map((o) => o.id)).toEqual([placed.card.id])
    const web = (await list(staffOf.service, 'channel=web')).orders.map((o) => o.id)
    expect(web).toEqual(expect.arrayContaining([placed.web.id, placed.acknowledged.id, placed.late.id]))
    expect(web).not.toContain(placed.card.id)

    expect((await list(staffOf.service, 'erp=late')).orders.map((o) => o.id)).toEqual([placed.late.id])
    expect((await list(staffOf.service, 'erp=acknowledged')).orders.map((o) => o.id)).toEqual([placed.acknowledged.id])
    expect((await list(staffOf.service, 'erp=waiting')).orders.map((o) => o.id).sort()).toEqual([placed.web.id, placed.card.id].sort())

    const shipped = (await list(staffOf.service, 'status=Shipped')).orders
    expect(shipped.length).toBeGreaterThan(0)
    expect(shipped.every((o) => o.status === 'Shipped')).toBe(true)
    const atMel = (await list(staffOf.service, 'branch=mel')).orders
    expect(atMel.length).toBeGreaterThan(0)
    expect(atMel.every((o) => o.branch === 'MEL')).toBe(true)

    const day = erp[0]!.enterDate
    const onDay = (await list(staffOf.service, `from=${day}&to=${day}`)).orders
    expect(onDay.length).toBeGreaterThan(0)
    expect(onDay.every((o) => o.enterDate === day)).toBe(true)

    const kelly = (await list(staffOf.service, 'q=kellyfg')).orders
    expect(kelly.length).toBeGreaterThan(0)
    expect(kelly.every((o) => o.accountCode === 'KELLYFG')).toBe(true)
    // An acknowledged order is found by the ERP's number and by the one it was placed under.
    expect((await list(staffOf.service, 'q=erp7700001')).orders.map((o) => o.id)).toEqual([placed.acknowledged.id])
    expect((await list(staffOf.service, `q=${placed.acknowledged.salesOrder}`)).orders.map((o) => o.id)).toEqual([placed.acknowledged.id])
    expect((await list(staffOf.service, 'q=zz%25_nothing')).orders).toEqual([])
  })

  it('refuses a bad or inverted date range, an unknown branch, status or channel and a page past the cap, naming the field', async () => {
    const bad = async (query: string, field: string) => {
      const res = await call(staffOf.service, `/api/staff/orders?${query}`)
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400)
      expect(fieldsOf(res).join(' '), query).toContain(field)
    }
    await bad('from=2026-02-30', 'from')
    await bad('to=26-01-01', 'to')
    await bad('from=2026-03-01&to=2026-02-01', 'to')
    await bad('branch=NOPE', 'branch')
    await bad('branch=%3Cscript%3E', 'branch')
    await bad('status=Lost', 'status')
    await bad('channel=fax', 'channel')
    await bad('erp=maybe', 'erp')
    await bad(`q=${'x'.repeat(41)}`, 'q')
    await bad('page=201', 'page')
  })

  it('shows a Sales representative only their accounts’ orders; Marketing none', async () => {
    const mine = (await list(staffOf.rep)).orders
    expect(mine.length).toBeGreaterThan(0)
    expect(new Set(mine.map((o) => o.accountCode))).toEqual(new Set(['KELLYFG', 'BELLBRAE']))
    expect((await list(staffOf.rep, 'q=eldsth')).orders).toEqual([])
    expect((await list(staffOf.admin, 'q=eldsth')).orders.length).toBeGreaterThan(0)
    expect((await call(staffOf.marketing, '/api/staff/orders')).statusCode).toBe(403)
    expect((await call(null, '/api/staff/orders')).statusCode).toBe(401)
  })

  it('records each search with its filters', async () => {
    await list(staffOf.service, 'channel=card&q=bellbrae')
    const row = await t.db.selectFrom('back_office_audit').selectAll().where('action', '=', 'orders searched').orderBy('id', 'desc').executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      user_email: BACK_OFFICE.service.email,
      address: '203.0.113.8',
      detail: { channel: 'card', q: 'bellbrae', page: 1, results: 1 },
    })
  })
})

describe('an order’s page', () => {
  const open = (token: string, id: number) => call(token, `/api/staff/orders/${id}`)

  it('shows a card order whole: account, lines in cents, its payment, its confirmation e-mail, who placed it and the ERP state', async () => {
    const res = await open(staffOf.rep, placed.card.id)
    expect(res.statusCode, res.body).toBe(200)
    const o = res.json()
    expect(o).toMatchObject({
      salesOrder: placed.card.salesOrder,
      portalOrderId: placed.card.salesOrder,
      account: { code: 'BELLBRAE' },
      branch: 'MEL',
      channel: 'card',
      purchaseOrder: 'DESK-CARD',
      placedBy: { username: 'cash' },
      erp: { state: 'waiting', acknowledgedAt: null },
      totalExCents: 1000,
      gstCents: 100,
      totalIncCents: 1100,
    })
    expect(o.lines).toEqual([expect.objectContaining({ quantity: 1, unitPriceCents: 1000, totalExCents: 1000, gstCents: 100, totalIncCents: 1100 })])
    expect(o.payment).toMatchObject({ provider: 'securepay', amountCents: 1100, state: 'completed', transactionId: expect.any(String) })
    expect(o.emails).toEqual([expect.objectContaining({ subject: expect.stringContaining(`Order ${placed.card.salesOrder} received`), status: 'pending' })])
  })

  it('shows both numbers of an acknowledged order, and the e-mails naming either', async () => {
    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/staff/accounts/KELLYFG/orders/${placed.acknowledged.id}/confirmation`,
      headers: bearer(staffOf.service),
      payload: { to: 'orders@kellysfarm.example' },
    })
    expect(resent.statusCode, resent.body).toBe(200)
    const o = (await open(staffOf.service, placed.acknowledged.id)).json()
    expect(o).toMatchObject({ salesOrder: 'ERP7700001', portalOrderId: placed.acknowledged.salesOrder, channel: 'web', payment: null })
    expect(o.erp).toMatchObject({ state: 'acknowledged', acknowledgedAt: expect.any(String) })
    expect(o.emails.map((m: { subject: string }) => m.subject)).toEqual([
      expect.stringContaining('Order ERP7700001 (your PO DESK-ACK)'),
      expect.stringContaining(`Order ${placed.acknowledged.salesOrder} received`),
    ])
    // Another order's e-mails are not this one's, though its number starts the same way.
    const web = (await open(staffOf.service, placed.web.id)).json()
    expect(web.emails).toHaveLength(1)
    expect(web.emails[0].subject).toContain(placed.web.salesOrder)
  })

  it('shows an order of the ERP’s history without an ERP state or a payment, and records every read', async () => {
    const history = (await list(staffOf.admin, 'channel=erp&q=kellyfg')).orders[0]!
    const res = await open(staffOf.admin, history.id)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ channel: 'erp', portalOrderId: null, erp: null, payment: null })
    expect(res.json().lines.length).toBeGreaterThan(0)
    const row = await t.db.selectFrom('back_office_audit').selectAll().where('action', '=', 'order viewed').orderBy('id', 'desc').executeTakeFirstOrThrow()
    expect(row).toMatchObject({ account_code: 'KELLYFG', subject: history.salesOrder, user_email: BACK_OFFICE.admin.email, detail: { orderId: history.id } })
  })

  it('answers 404 for an order out of a rep’s scope, as for no order; 400 for an id that is not one', async () => {
    const elders = (await list(staffOf.service, 'q=eldsth')).orders[0]!
    expect((await open(staffOf.service, elders.id)).statusCode).toBe(200)
    const out = await open(staffOf.rep, elders.id)
    const none = await open(staffOf.rep, 2_000_000_000)
    expect(out.statusCode).toBe(404)
    expect(none.statusCode).toBe(404)
    expect(out.json()).toEqual(none.json())
    expect((await open(staffOf.marketing, elders.id)).statusCode).toBe(403)
    const bad = await call(staffOf.service, '/api/staff/orders/abc')
    expect(bad.statusCode).toBe(400)
    expect(fieldsOf(bad).join(' ')).toContain('id')
  })
})
