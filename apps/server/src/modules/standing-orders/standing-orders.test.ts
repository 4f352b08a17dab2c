import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { today } from '../../lib/date-range'
import { bearer, checkoutForm, DEMO, signIn, startTestApp, type TestContext } from '../../../test/helpers'
import { addBuyer, fillCart, setListPrice, setStock, visibleProducts } from '../../../test/payments'
import { runDue, runOne } from './runner'
import { addDays } from './schedule'
import { depsOutsideServer } from '../../lib/context'

/**
 * Standing orders (decision 0093): a saved list ordered on a schedule, as its owner's checkout would be, once per
 * run whatever runs it twice; reminded of three days before; skipped, paused, resumed and changed by its owner.
 */

let t: TestContext
let tokens: { trade: string; staff: string; cash: string; elders: string }
let ids: { trade: number; staff: number; cash: number; account: number; cashAccount: number }
let pool: number[]
const tomorrow = addDays(today(), 1)

beforeAll(async () => {
  t = await startTestApp()
  const [trade, staff, cash, elders] = await Promise.all([DEMO.trade, DEMO.staff, DEMO.cash, DEMO.elders].map((who) => signIn(t.app, who)))
  tokens = { trade: trade!, staff: staff!, cash: cash!, elders: elders! }
  const users = await t.db.selectFrom('users').select(['id', 'username', 'account_id']).where('username', 'in', ['trade', 'staff', 'cash']).execute()
  const of = (name: string) => users.find((u) => u.username === name)!
  ids = { trade: of('trade').id, staff: of('staff').id, cash: of('cash').id, account: of('trade').account_id, cashAccount: of('cash').account_id }
  pool = await visibleProducts(t.db)
  // Runs here are run by hand, on the days each test names: the demo's standing orders stay out of the way.
  await t.db.updateTable('standing_orders').set({ status: 'paused' }).execute()
})
afterAll(async () => t?.close())

const nextProduct = () => {
  const id = pool.shift()
  if (id === undefined) throw new Error('product pool exhausted')
  return id
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) })

const { PurchaseOrder: _po, warehouse: _branch, ...delivery } = checkoutForm()

/** A list of the token's user holding `lines` fresh products at $10.00 list, 500 in stock at WAG (or `stock`). */
async function listOf(token: string, quantities: number[], stock = 500) {
  const products: number[] = []
  for (const _q of quantities) {
    const product = nextProduct()
    await setListPrice(t.db, product, 1000)
    await setStock(t.db, product, 'WAG', stock)
    products.push(product)
  }
  const res = await call('POST', '/api/lists', token, {
    name: `Standing ${products[0]}`,
    lines: products.map((p, i) => ({ ProductID: p, Quantity: quantities[i] })),
  })
  expect(res.statusCode, res.body).toBe(201)
  return { listId: res.json().id as number, products }
}

const body = (listId: number, overrides: Record<string, unknown> = {}) => ({
  listId,
  warehouse: 'WAG',
  firstRun: tomorrow,
  schedule: { kind: 'weeks', everyWeeks: 1 },
  purchaseOrderPrefix: `SO${listId}-`,
  delivery,
  ...overrides,
})

async function standingOrder(token: string, quantities: number[] = [3], overrides: Record<string, unknown> = {}) {
  const list = await listOf(token, quantities)
  const res = await call('POST', '/api/standing-orders', token, body(list.listId, overrides))
  expect(res.statusCode, res.body).toBe(201)
  return { ...list, id: res.json().id as number, prefix: `SO${list.listId}-` }
}

const deps = () => depsOutsideServer(t.db, t.config)
const run = (id: number, userId: number, accountId: number, runOn: string, day = runOn) => runOne(deps(), { id, userId, accountId, runOn }, day)
const ordersWithPo = (po: string) =>
  t.db.selectFrom('orders').select(['id', 'user_id', 'extended_ex_cents']).where('customer_purchase_order', '=', po).execute()
const runsOf = (id: number) => t.db.selectFrom('standing_order_runs').selectAll().where('standing_order_id', '=', id).orderBy('run_on').execute()
const row = (id: number) => t.db.selectFrom('standing_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const po = (prefix: string, day: string) => `${prefix}${day.replaceAll('-', '')}`
const mailTo = (address: string, subject: string) =>
  t.db.selectFrom('email_outbox').select(['subject', 'text_body']).where('to_address', '=', address).where('subject', 'like', `%${subject}%`).execute()
const emailOf = async (userId: number) => (await t.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email

describe('making a list a standing order', () => {
  it('shows the list at today’s prices and stock, the schedule in words and the next run', async () => {
    const so = await standingOrder(tokens.trade, [3, 2])
    const detail = (await call('GET', `/api/standing-orders/${so.id}`, tokens.trade)).json()
    expect(detail).toMatchObject({ warehouse: 'WAG', status: 'active', nextRun: tomorrow, firstRun: tomorrow, purchaseOrderPrefix: so.prefix, lastRun: null })
    expect(detail.scheduleText).toMatch(/^Every week on \w+day$/)
    expect(detail.lines.map((l: { ProductID: number; Quantity: number }) => [l.ProductID, l.Quantity])).toEqual([
      [so.products[0], 3],
      [so.products[1], 2],
    ])
    expect(detail.lines[0].Product).not.toBeNull()
    const listed = (await call('GET', '/api/standing-orders', tokens.trade)).json()
    expect(listed.map((s: { id: number }) => s.id)).toContain(so.id)
  })

  it('is its owner’s and the Administrators’: another user of the account, another account, a reseller do not see it', async () => {
    const so = await standingOrder(tokens.trade)
    expect((await call('GET', `/api/standing-orders/${so.id}`, tokens.staff)).statusCode).toBe(404)
    expect((await call('POST', `/api/standing-orders/${so.id}/pause`, tokens.staff)).statusCode).toBe(404)
    expect((await call('GET', `/api/standing-orders/${so.id}`, tokens.cash)).statusCode).toBe(404)
    expect((await call('DELETE', `/api/standing-orders/${so.id}`, tokens.cash)).statusCode).toBe(404)
    expect((await call('GET', '/api/standing-orders', tokens.elders)).statusCode).toBe(403)
    expect((await call('GET', '/api/standing-orders', tokens.staff)).json().map((s: { id: number }) => s.id)).not.toContain(so.id)
    // The User's own is theirs, and their Administrator's too.
    const own = await standingOrder(tokens.staff)
    expect((await call('GET', `/api/standing-orders/${own.id}`, tokens.trade)).json()).toMatchObject({ owner: expect.any(String), canChange: true })
  })

  it('refuses a bad one with the field at fault, writing nothing', async () => {
    const { listId } = await listOf(tokens.trade, [1])
    const otherList = (await listOf(tokens.cash, [1])).listId
    const before = await t.db
      .selectFrom('standing_orders')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
    for (const [overrides, field] of [
      [{ firstRun: today() }, 'body.firstRun'],
      [{ firstRun: '2027-02-30' }, 'body.firstRun'],
      [{ firstRun: '27-02-01' }, 'body.firstRun'],
      [{ warehouse: 'NOPE' }, 'body.warehouse'],
      [{ listId: otherList }, 'body.listId'],
      [{ schedule: { kind: 'weeks', everyWeeks: 0 } }, 'body.schedule.everyWeeks'],
      [{ schedule: { kind: 'monthDays', days: [1, 1] } }, 'body.schedule.days'],
      [{ schedule: { kind: 'monthDays', days: [32] } }, 'body.schedule.days.0'],
      [{ schedule: { kind: 'fortnightly' } }, 'body.schedule'],
      [{ purchaseOrderPrefix: 'X'.repeat(22) }, 'body.purchaseOrderPrefix'],
      [{ delivery: { ...delivery, Phone: '' } }, 'body.delivery.Phone'],
      [{ delivery: { ...delivery, SiteCode: 'NOT-A-SITE' } }, 'body.delivery.SiteCode'],
    ] as const) {
      const res = await call('POST', '/api/standing-orders', tokens.trade, body(listId, overrides))
      expect(res.statusCode, `${JSON.stringify(overrides)} ${res.body}`).toBe(400)
      expect(JSON.stringify(res.json()), JSON.stringify(overrides)).toContain(field)
    }
    const after = await t.db
      .selectFrom('standing_orders')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
    expect(after.n).toBe(before.n)
  })

  it('is made only of a list its maker may change', async () => {
    const { listId } = await listOf(tokens.trade, [1])
    const res = await call('POST', '/api/standing-orders', tokens.staff, body(listId))
    expect(res.statusCode).toBe(403)
  })

  it('keeps its list: the list cannot be deleted while a standing order orders it, in the database too', async () => {
    const so = await standingOrder(tokens.trade)
    const refused = await call('DELETE', `/api/lists/${so.listId}`, tokens.trade)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ error: 'list_in_standing_order' })
    await expect(t.db.deleteFrom('order_lists').where('id', '=', so.listId).execute()).rejects.toThrow(/standing_orders/)
    expect((await call('DELETE', `/api/standing-orders/${so.id}`, tokens.trade)).statusCode).toBe(204)
    expect((await call('DELETE', `/api/lists/${so.listId}`, tokens.trade)).statusCode).toBe(204)
  })
})

describe('a run', () => {
  it('places the list as its owner’s order, leaving their cart alone, and moves to the next run', async () => {
    const so = await standingOrder(tokens.trade, [3, 2])
    const inCart = nextProduct()
    await fillCart(t.db, ids.trade, 'WAG', [{ productId: inCart, qty: 1 }])
    expect(await run(so.id, ids.trade, ids.account, tomorrow)).toBe('placed')
    const [order] = await ordersWithPo(po(so.prefix, tomorrow))
    // Five units at the trade account's price: $10.00 list less its 5% discount.
    expect(order).toMatchObject({ user_id: ids.trade, extended_ex_cents: 4750 })
    const lines = await t.db.selectFrom('order_lines').select(['product_id', 'qty_ordered']).where('order_id', '=', order!.id).orderBy('line_no').execute()
    expect(lines).toEqual([
      { product_id: so.products[0], qty_ordered: 3 },
      { product_id: so.products[1], qty_ordered: 2 },
    ])
    const cart = await t.db
      .selectFrom('cart_lines')
      .innerJoin('carts', 'carts.id', 'cart_lines.cart_id')
      .select('product_id')
      .where('carts.user_id', '=', ids.trade)
      .execute()
    expect(cart).toEqual([{ product_id: inCart }])
    expect((await row(so.id)).next_run_on).toBe(addDays(tomorrow, 7))
    const detail = (await call('GET', `/api/standing-orders/${so.id}`, tokens.trade)).json()
    expect(detail.lastRun).toMatchObject({ RunOn: tomorrow, Outcome: 'placed', OrderID: order!.id, Late: false })
    expect(detail.runs).toHaveLength(1)
    // The confirmation went to the owner, as a checkout's does.
    expect(await mailTo(await emailOf(ids.trade), `(your PO ${po(so.prefix, tomorrow)})`)).toHaveLength(1)
  })

  it('happens once: run again, at once from two instances, or after a crash left the run looking due', async () => {
    const so = await standingOrder(tokens.trade)
    const both = await Promise.all([run(so.id, ids.trade, ids.account, tomorrow), run(so.id, ids.trade, ids.account, tomorrow)])
    expect(both.filter((o) => o === 'placed')).toHaveLength(1)
    expect(await run(so.id, ids.trade, ids.account, tomorrow)).toBeNull()
    // As though an instance had read the run as due before the other's commit: the run's row refuses it.
    await t.db.updateTable('standing_orders').set({ next_run_on: tomorrow }).where('id', '=', so.id).execute()
    expect(await run(so.id, ids.trade, ids.account, tomorrow)).toBeNull()
    expect(await ordersWithPo(po(so.prefix, tomorrow))).toHaveLength(1)
    expect(await runsOf(so.id)).toHaveLength(1)
    await expect(
      t.db
        .insertInto('standing_order_runs')
        .values({ standing_order_id: so.id, run_on: tomorrow, ran_on: tomorrow, outcome: 'skipped', message: 'again' })
        .execute(),
    ).rejects.toThrow(/standing_order_runs_standing_order_id_run_on_key|unique/i)
  })

  it('missed while the portal was down is placed once when it is back, and says so', async () => {
    const so = await standingOrder(tokens.trade)
    // Three weekly runs were due while no instance ran: the first is placed now, late; the others are not.
    const due = tomorrow
    const day = addDays(tomorrow, 15)
    expect(await run(so.id, ids.trade, ids.account, due, day)).toBe('placed')
    expect(await ordersWithPo(po(so.prefix, due))).toHaveLength(1)
    const [placed] = await runsOf(so.id)
    expect(placed).toMatchObject({ run_on: due, ran_on: day, outcome: 'placed' })
    expect(placed!.message).toMatch(/was due on .* when the portal was not running/)
    expect((await row(so.id)).next_run_on).toBe(addDays(tomorrow, 21))
    expect((await call('GET', `/api/standing-orders/${so.id}`, tokens.trade)).json().lastRun).toMatchObject({ Late: true })
    expect(await mailTo(await emailOf(ids.trade), 'was placed as')).not.toHaveLength(0)
  })

  it('back-orders what the branch lacks, as an order on account does', async () => {
    const so = await standingOrder(tokens.trade, [8])
    await setStock(t.db, so.products[0]!, 'WAG', 5)
    expect(await run(so.id, ids.trade, ids.account, tomorrow)).toBe('placed')
    const [order] = await ordersWithPo(po(so.prefix, tomorrow))
    const line = await t.db.selectFrom('order_lines').select(['qty_ordered', 'qty_back_ordered']).where('order_id', '=', order!.id).executeTakeFirstOrThrow()
    expect(line).toEqual({ qty_ordered: 8, qty_back_ordered: 3 })
  })

  it('leaves out, by name, a product no longer sold; with nothing left it fails and tells the owner', async () => {
    const so = await standingOrder(tokens.trade, [1, 1])
    await t.db.updateTable('products').set({ active: false }).where('id', '=', so.products[1]!).execute()
    expect(await run(so.id, ids.trade, ids.account, tomorrow)).toBe('placed')
    expect((await runsOf(so.id))[0]!.message).toMatch(/Left out, as no longer sold online/)
    await t.db.updateTable('products').set({ active: false }).where('id', '=', so.products[0]!).execute()
    const next = addDays(tomorrow, 7)
    expect(await run(so.id, ids.trade, ids.account, next)).toBe('failed')
    expect((await runsOf(so.id))[1]).toMatchObject({ outcome: 'failed', order_id: null })
    expect(await mailTo(await emailOf(ids.trade), 'was not placed')).not.toHaveLength(0)
    expect((await row(so.id)).next_run_on).toBe(addDays(next, 7))
  })

  it('over its owner’s spending limit waits for approval, which places it', async () => {
    const buyer = await addBuyer(t.db, ids.account, `standing-limited-${Date.now()}`)
    await t.db.updateTable('users').set({ order_limit_cents: 1000 }).where('id', '=', buyer.userId).execute()
    const so = await standingOrder(buyer.token, [4])
    expect(await run(so.id, buyer.userId, ids.account, tomorrow)).toBe('approval')
    expect(await ordersWithPo(po(so.prefix, tomorrow))).toHaveLength(0)
    const [recorded] = await runsOf(so.id)
    expect(recorded).toMatchObject({ outcome: 'approval', approval_id: expect.any(Number) })
    const approved = await call('POST', `/api/approvals/${recorded!.approval_id}/approve`, tokens.trade, {})
    expect(approved.statusCode, approved.body).toBe(200)
    expect(await ordersWithPo(po(so.prefix, tomorrow))).toHaveLength(1)
  })

  it('on an account over its credit limit (block) or on hold fails, says why, and the schedule goes on', async () => {
    const so = await standingOrder(tokens.trade, [2])
    await t.db.updateTable('customer_accounts').set({ on_hold: true }).where('id', '=', ids.account).execute()
    try {
      expect(await run(so.id, ids.trade, ids.account, tomorrow)).toBe('failed')
    } finally {
      await t.db.updateTable('customer_accounts').set({ on_hold: false }).where('id', '=', ids.account).execute()
    }
    const [failed] = await runsOf(so.id)
    expect(failed!.message).toMatch(/^It could not be placed: .*hold/i)
    expect(await ordersWithPo(po(so.prefix, tomorrow))).toHaveLength(0)
    expect((await row(so.id)).next_run_on).toBe(addDays(tomorrow, 7))
  })

  it('of a cash-sale account e-mails its owner a link to pay by card instead of ordering', async () => {
    const so = await standingOrder(tokens.cash, [1])
    expect(await run(so.id, ids.cash, ids.cashAccount, tomorrow)).toBe('payment_link')
    expect(await ordersWithPo(po(so.prefix, tomorrow))).toHaveLength(0)
    const [mail] = await mailTo(await emailOf(ids.cash), 'is ready to pay')
    expect(mail!.text_body).toContain(`http://portal.test/standing-orders/${so.id}?pay=${tomorrow}`)
  })

  it('is not placed for a disabled owner: it fails and says so', async () => {
    const buyer = await addBuyer(t.db, ids.account, `standing-disabled-${Date.now()}`)
    const so = await standingOrder(buyer.token)
    await t.db.updateTable('users').set({ active: false }).where('id', '=', buyer.userId).execute()
    expect(await run(so.id, buyer.userId, ids.account, tomorrow)).toBe('failed')
    expect((await runsOf(so.id))[0]!.message).toMatch(/login is disabled/)
  })
})

describe('its owner decides', () => {
  it('is reminded three days before, once, with the lines at today’s prices and stock', async () => {
    const so = await standingOrder(tokens.trade, [2], { firstRun: addDays(today(), 5) })
    const runOn = addDays(today(), 5)
    // The scheduler runs everything due: the other tests' standing orders are paused for it.
    await t.db.updateTable('standing_orders').set({ status: 'paused' }).where('id', '<>', so.id).execute()
    // Two days before the reminder is due: nothing; then once, however often the scheduler looks.
    await runDue(deps(), addDays(today(), 1))
    expect(await mailTo(await emailOf(ids.trade), `"Standing ${so.products[0]}" runs on`)).toHaveLength(0)
    await runDue(deps(), addDays(today(), 2))
    await runDue(deps(), addDays(today(), 3))
    const mails = await mailTo(await emailOf(ids.trade), `"Standing ${so.products[0]}" runs on`)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text_body).toContain(`2 x `)
    expect(mails[0]!.text_body).toContain(`purchase order ${po(so.prefix, runOn)}`)
    expect(mails[0]!.text_body).toContain(`http://portal.test/standing-orders/${so.id}`)
    await call('DELETE', `/api/standing-orders/${so.id}`, tokens.trade)
  })

  it('skips the next run, and only the next one: a stale page is refused', async () => {
    const so = await standingOrder(tokens.trade)
    const skipped = await call('POST', `/api/standing-orders/${so.id}/skip`, tokens.trade, { runOn: tomorrow })
    expect(skipped.statusCode, skipped.body).toBe(200)
    expect(skipped.json()).toMatchObject({ nextRun: addDays(tomorrow, 7), lastRun: { Outcome: 'skipped', RunOn: tomorrow } })
    const stale = await call('POST', `/api/standing-orders/${so.id}/skip`, tokens.trade, { runOn: tomorrow })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({ error: 'not_next_run' })
    // The skipped run is not placed, whatever runs it.
    expect(await run(so.id, ids.trade, ids.account, tomorrow)).toBeNull()
    expect(await ordersWithPo(po(so.prefix, tomorrow))).toHaveLength(0)
  })

  it('pauses (no run, no reminder) and resumes from the next run after today', async () => {
    const so = await standingOrder(tokens.trade)
    const paused = await call('POST', `/api/standing-orders/${so.id}/pause`, tokens.trade)
    expect(paused.json()).toMatchObject({ status: 'paused', nextRun: null })
    expect(await run(so.id, ids.trade, ids.account, tomorrow)).toBeNull()
    expect((await call('POST', `/api/standing-orders/${so.id}/skip`, tokens.trade, { runOn: tomorrow })).json()).toMatchObject({
      error: 'standing_order_paused',
    })
    const resumed = await call('POST', `/api/standing-orders/${so.id}/resume`, tokens.trade)
    expect(resumed.json()).toMatchObject({ status: 'active', nextRun: tomorrow })
    // A run skipped before a pause stays skipped once resumed.
    await call('POST', `/api/standing-orders/${so.id}/skip`, tokens.trade, { runOn: tomorrow })
    await call('POST', `/api/standing-orders/${so.id}/pause`, tokens.trade)
    expect((await call('POST', `/api/standing-orders/${so.id}/resume`, tokens.trade)).json()).toMatchObject({ nextRun: addDays(tomorrow, 7) })
    await call('POST', `/api/standing-orders/${so.id}/pause`, tokens.trade)
  })

  it('changes the schedule, branch or delivery, the next run worked out afresh', async () => {
    const so = await standingOrder(tokens.trade)
    const firstRun = addDays(today(), 10)
    const changed = await call('PUT', `/api/standing-orders/${so.id}`, tokens.trade, { schedule: { kind: 'monthDays', days: [28] }, firstRun })
    expect(changed.statusCode, changed.body).toBe(200)
    const expected = firstRun.slice(8) <= '28' ? `${firstRun.slice(0, 8)}28` : null
    if (expected) expect(changed.json().nextRun).toBe(expected)
    expect(changed.json().scheduleText).toBe('On the 28th of each month')
    const bad = await call('PUT', `/api/standing-orders/${so.id}`, tokens.trade, { delivery: { ...delivery, Email: 'not an address' } })
    expect(bad.statusCode).toBe(400)
    expect(JSON.stringify(bad.json())).toContain('body.delivery.Email')
    expect((await call('PUT', `/api/standing-orders/${so.id}`, tokens.trade, {})).statusCode).toBe(400)
    await call('POST', `/api/standing-orders/${so.id}/pause`, tokens.trade)
  })
})
