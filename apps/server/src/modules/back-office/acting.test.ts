import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACK_OFFICE, backOfficeSessionFor } from '../../../test/back-office'
import { bearer, checkoutForm, DEMO, signIn, startTestApp, TEST_ERP_KEY, type TestContext } from '../../../test/helpers'
import { arriveAt, fillCart, orderDetails, payWithSecurePay, setListPrice, setStock, visibleProducts } from '../../../test/payments'

/** Ordering on behalf of a customer (decision 0101), on both engines. */
let t: TestContext
const staffOf = {} as Record<'admin' | 'service' | 'rep' | 'marketing', string>
let ids: { trade: number; staff: number; cash: number }
let pool: number[]

beforeAll(async () => {
  t = await startTestApp()
  for (const who of ['admin', 'service', 'rep', 'marketing'] as const) staffOf[who] = await backOfficeSessionFor(t.db, BACK_OFFICE[who].email)
  const users = await t.db.selectFrom('users').select(['id', 'username']).where('username', 'in', ['trade', 'staff', 'cash']).execute()
  const id = (name: string) => users.find((u) => u.username === name)!.id
  ids = { trade: id('trade'), staff: id('staff'), cash: id('cash') }
  pool = await visibleProducts(t.db)
})
afterAll(async () => t?.close())

const ADDRESS = '203.0.113.41'
const call = (token: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...(token ? bearer(token) : {}), ...headers }, remoteAddress: ADDRESS, ...(payload ? { payload } : {}) })
const start = (staff: string | null, code: string, userId: number) => call(staff, 'POST', `/api/staff/accounts/${code}/users/${userId}/act`)
async function acting(staff: string, code: string, userId: number): Promise<string> {
  const res = await start(staff, code, userId)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().token as string
}
const auditOf = (action: string) => t.db.selectFrom('back_office_audit').selectAll().where('action', '=', action).orderBy('id', 'desc').execute()

/** A product at $10.00 ex GST with stock at the branch, alone in the user's cart. */
async function cartOfOne(userId: number, branch: string, qty = 2) {
  const product = pool.shift()!
  await setListPrice(t.db, product, 1000)
  await setStock(t.db, product, branch, 100)
  await fillCart(t.db, userId, branch, [{ productId: product, qty }])
  return product
}

describe('starting to order for a customer', () => {
  it('lets a rep act for a user of an account assigned to them, Customer service and Administrators for any; Marketing never', async () => {
    const res = await start(staffOf.rep, 'KELLYFG', ids.trade)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      user: { username: 'trade', Abbreviation: 'KELLYFG' },
      acting: { staffName: expect.any(String), staffEmail: BACK_OFFICE.rep.email },
    })
    expect((await start(staffOf.service, 'KELLYFG', ids.trade)).statusCode).toBe(200)
    expect((await start(staffOf.admin, 'KELLYFG', ids.staff)).statusCode).toBe(200)
    expect((await start(staffOf.marketing, 'KELLYFG', ids.trade)).statusCode).toBe(403)
    expect((await start(null, 'KELLYFG', ids.trade)).statusCode).toBe(401)
    // A customer's token is no back office session.
    expect((await start(await signIn(t.app, DEMO.trade), 'KELLYFG', ids.trade)).statusCode).toBe(401)
  })

  it('answers 404 to a rep for an account not assigned to them, and for a user of another account', async () => {
    const elders = await t.db.selectFrom('users').select('id').where('username', '=', 'elders').executeTakeFirstOrThrow()
    const eldersAccount = await t.db
      .selectFrom('users')
      .innerJoin('customer_accounts', 'customer_accounts.id', 'users.account_id')
      .select('customer_accounts.code')
      .where('users.id', '=', elders.id)
      .executeTakeFirstOrThrow()
    const refused = await start(staffOf.rep, eldersAccount.code, elders.id)
    expect(refused.statusCode).toBe(404)
    expect((await start(staffOf.service, eldersAccount.code, elders.id)).statusCode).toBe(200)
    expect((await start(staffOf.service, 'KELLYFG', elders.id)).statusCode).toBe(404)
    expect((await start(staffOf.service, 'KELLYFG', 2_000_000_000)).statusCode).toBe(404)
  })

  it('refuses a disabled user, and records nothing', async () => {
    const spare = await t.db
      .insertInto('users')
      .values({
        account_id: (await accountOf(ids.trade)).id,
        username: 'acting-disabled',
        name: 'Off',
        email: 'off@kellysfarm.example',
        role: 'User',
        password_hash: 'x',
        active: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const before = (await auditOf('ordering for customer started')).length
    const res = await start(staffOf.service, 'KELLYFG', spare.id)
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toBe('user_disabled')
    expect((await auditOf('ordering for customer started')).length).toBe(before)
    expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', spare.id).execute()).toEqual([])
  })

  it('records the start in the audit and gives a short session marked with who acts', async () => {
    const token = await acting(staffOf.rep, 'KELLYFG', ids.trade)
    const [row] = await auditOf('ordering for customer started')
    expect(row).toMatchObject({ user_email: BACK_OFFICE.rep.email, account_code: 'KELLYFG', subject: 'trade', address: ADDRESS })
    const me = await call(token, 'GET', '/api/me')
    expect(me.json()).toMatchObject({ user: { username: 'trade' }, acting: { staffEmail: BACK_OFFICE.rep.email } })
    const session = await sql<{ hours: number; acting_by: number }>`
      SELECT extract(epoch FROM expires_at - created_at) / 3600 AS hours, acting_by FROM sessions ORDER BY id DESC LIMIT 1`.execute(t.db)
    expect(Number(session.rows[0]!.hours)).toBeLessThanOrEqual(2.01)
    // The customer's own session says nobody acts.
    expect((await call(await signIn(t.app, DEMO.trade), 'GET', '/api/me')).json().acting).toBeNull()
  })

  it('is held by the database: an acting session lives at most 8 hours and names its back office session', async () => {
    const bo = await t.db.selectFrom('back_office_sessions').select(['id', 'user_id']).orderBy('id', 'desc').executeTakeFirstOrThrow()
    const long = sql`INSERT INTO sessions (token_hash, user_id, expires_at, acting_by, acting_session)
      VALUES (${Buffer.from('too-long-acting')}, ${ids.trade}, now() + interval '9 hours', ${bo.user_id}, ${bo.id})`
    await expect(long.execute(t.db)).rejects.toThrow(/sessions_acting_short/)
    const half = sql`INSERT INTO sessions (token_hash, user_id, expires_at, acting_by) VALUES (${Buffer.from('half-acting')}, ${ids.trade}, now() + interval '1 hour', ${bo.user_id})`
    await expect(half.execute(t.db)).rejects.toThrow(/sessions_acting_whole/)
  })
})

async function accountOf(userId: number) {
  return t.db
    .selectFrom('users')
    .innerJoin('customer_accounts as a', 'a.id', 'users.account_id')
    .select(['a.id', 'a.code'])
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow()
}

describe('what staff may not do for a customer', () => {
  it('refuses passwords, users and the account settings (403 with a clear message), and leaves the customer signed in', async () => {
    const own = await signIn(t.app, DEMO.trade)
    const token = await acting(staffOf.service, 'KELLYFG', ids.trade)
    const refusals = [
      await call(token, 'POST', '/api/change-password', { currentPassword: DEMO.trade.password, newPassword: 'Another2030' }),
      await call(token, 'POST', '/api/users', { username: 'newbie', name: 'New', email: 'new@kellysfarm.example', role: 'User' }),
      await call(token, 'PUT', '/api/users', { username: 'staff', name: 'Changed', email: 'x@kellysfarm.example', role: 'User' }),
      await call(token, 'DELETE', '/api/users', { username: 'staff' }),
      await call(token, 'PUT', '/api/users/limits', { username: 'staff', orderLimit: 1, monthLimit: 1, approver: null }),
      await call(token, 'PUT', '/api/users/invoice-payments', { username: 'staff', allowed: true }),
    ]
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(403)
      expect(res.json().message).toBe("Staff ordering for a customer cannot change passwords, users or the account's settings.")
    }
    // Reading is allowed, and the customer's own session still works.
    expect((await call(token, 'GET', '/api/users')).statusCode).toBe(200)
    expect((await call(own, 'GET', '/api/me')).statusCode).toBe(200)
  })

  it('never takes a card payment', async () => {
    const token = await acting(staffOf.rep, 'BELLBRAE', ids.cash)
    await cartOfOne(ids.cash, 'MEL')
    const res = await call(token, 'POST', '/api/payments/create', { orderDetails: orderDetails(), amount: 22, accountName: 'Bellbrae Hobby Farm' })
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toContain('send the customer a payment link')
  })
})

describe('one cart, two people', () => {
  it('shares the customer’s cart at the branch both ways, and audits the staff’s changes', async () => {
    const own = await signIn(t.app, DEMO.trade)
    const token = await acting(staffOf.rep, 'KELLYFG', ids.trade)
    await fillCart(t.db, ids.trade, 'WAG', [])
    const product = pool.shift()!
    await setStock(t.db, product, 'WAG', 100)
    const added = await call(token, 'POST', '/api/cart', { productID: product, qty: 3, warehouse: 'WAG' })
    expect(added.statusCode, added.body).toBe(200)
    const seen = await call(own, 'GET', '/api/cart/items')
    expect(seen.json()).toEqual([expect.objectContaining({ ProductID: product, Quantity: 3 })])
    const [row] = await auditOf('cart changed for customer')
    expect(row).toMatchObject({ user_email: BACK_OFFICE.rep.email, account_code: 'KELLYFG', detail: expect.objectContaining({ route: 'POST /api/cart' }) })
    // The customer's own change is not the staff's: nothing more in the audit.
    const before = (await auditOf('cart changed for customer')).length
    const second = pool.shift()!
    await setStock(t.db, second, 'WAG', 100)
    expect((await call(own, 'POST', '/api/cart', { productID: second, qty: 1, warehouse: 'WAG' })).statusCode).toBe(200)
    expect((await auditOf('cart changed for customer')).length).toBe(before)
    expect((await call(token, 'GET', '/api/cart')).json()).toMatchObject({ Count: 2 })
  })
})

describe('an order entered by staff', () => {
  it('records who entered it, says so in the confirmation, shows channel rep on the desk, and gives EnteredBy to the ERP’s feed', async () => {
    const token = await acting(staffOf.rep, 'KELLYFG', ids.trade)
    await cartOfOne(ids.trade, 'WAG')
    const res = await call(token, 'POST', '/api/orders', checkoutForm({ PurchaseOrder: 'REP-ENTERED-1' }), { 'idempotency-key': 'rep-entered-1' })
    expect(res.statusCode, res.body).toBe(201)
    const salesOrder = res.json().SalesOrder as string
    const order = await t.db.selectFrom('orders').selectAll().where('sales_order', '=', salesOrder).executeTakeFirstOrThrow()
    const rep = await t.db.selectFrom('back_office_users').select('id').where('email', '=', BACK_OFFICE.rep.email).executeTakeFirstOrThrow()
    expect(order).toMatchObject({ user_id: ids.trade, entered_by_id: rep.id, entered_by_email: BACK_OFFICE.rep.email })

    const mail = await t.db.selectFrom('email_outbox').selectAll().where('subject', 'like', `Order ${salesOrder} received%`).executeTakeFirstOrThrow()
    const buyer = await t.db.selectFrom('users').select('email').where('id', '=', ids.trade).executeTakeFirstOrThrow()
    expect(mail.to_address).toBe(buyer.email)
    expect(mail.text_body).toContain(`It was entered for you by your representative,`)
    expect(mail.text_body).toContain(BACK_OFFICE.rep.email)

    const [audit] = await auditOf('order placed for customer')
    expect(audit).toMatchObject({ user_email: BACK_OFFICE.rep.email, account_code: 'KELLYFG', subject: salesOrder })

    const desk = await call(staffOf.service, 'GET', '/api/staff/orders?channel=rep&q=KELLYFG')
    expect(desk.json().orders.map((o: { salesOrder: string }) => o.salesOrder)).toContain(salesOrder)
    const page = await call(staffOf.service, 'GET', `/api/staff/orders/${order.id}`)
    expect(page.json()).toMatchObject({ channel: 'rep', enteredBy: BACK_OFFICE.rep.email })
    const web = await call(staffOf.service, 'GET', '/api/staff/orders?channel=web&q=KELLYFG')
    expect(web.json().orders.map((o: { salesOrder: string }) => o.salesOrder)).not.toContain(salesOrder)

    // The ERP's orders feed (erp:export's orders.csv: erp/export.test.ts).
    const next = salesOrder
    const feed = await t.app.inject({ method: 'GET', url: '/api/erp/orders?status=new&limit=1000', headers: bearer(TEST_ERP_KEY) })
    const fed = (feed.json() as Array<{ PortalOrderId: string; EnteredBy: string }>).find((o) => o.PortalOrderId === next)
    expect(fed?.EnteredBy).toBe(BACK_OFFICE.rep.email)
    expect((feed.json() as Array<{ PortalOrderId: string; EnteredBy: string }>).filter((o) => o.PortalOrderId !== next).every((o) => o.EnteredBy === '')).toBe(
      true,
    )
  })
})

describe('a cash-sale account', () => {
  it('is sent a payment link; the order is placed when the customer pays in their own session', async () => {
    const token = await acting(staffOf.rep, 'BELLBRAE', ids.cash)
    await cartOfOne(ids.cash, 'MEL', 2)
    const sent = await call(token, 'POST', '/api/acting/payment-link')
    expect(sent.statusCode, sent.body).toBe(200)
    const mail = await t.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('subject', '=', 'Your cart is ready to pay')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    const customer = await t.db.selectFrom('users').select('email').where('id', '=', ids.cash).executeTakeFirstOrThrow()
    expect(mail.to_address).toBe(customer.email)
    expect(mail.text_body).toContain(`${t.config.publicUrl}/checkout`)
    expect(mail.text_body).not.toMatch(/token=/)
    expect((await auditOf('payment link sent'))[0]).toMatchObject({ user_email: BACK_OFFICE.rep.email, account_code: 'BELLBRAE' })

    // The customer signs in and pays for the same cart.
    const own = await signIn(t.app, DEMO.cash)
    const created = await call(own, 'POST', '/api/payments/create', {
      orderDetails: orderDetails({ purchaseOrder: 'PAY-LINK-1' }),
      amount: 22,
      accountName: 'Bellbrae',
    })
    expect(created.statusCode, created.body).toBe(200)
    const result = await payWithSecurePay(t.app, created.json().formData.fields, { number: '4444333322221111' })
    await arriveAt(t.app, result)
    const order = await t.db.selectFrom('orders').selectAll().where('customer_purchase_order', '=', 'PAY-LINK-1').executeTakeFirstOrThrow()
    expect(order).toMatchObject({ user_id: ids.cash, entered_by_email: null })
  })

  it('refuses a payment link to an account on terms, to an empty cart and to the customer’s own session', async () => {
    const trade = await acting(staffOf.rep, 'KELLYFG', ids.trade)
    expect((await call(trade, 'POST', '/api/acting/payment-link')).statusCode).toBe(403)
    const cash = await acting(staffOf.rep, 'BELLBRAE', ids.cash)
    await fillCart(t.db, ids.cash, 'MEL', [])
    expect((await call(cash, 'POST', '/api/acting/payment-link')).statusCode).toBe(422)
    expect((await call(await signIn(t.app, DEMO.cash), 'POST', '/api/acting/payment-link')).statusCode).toBe(403)
  })
})

describe('stopping', () => {
  it('Stop ends the acting session only, and is audited', async () => {
    const own = await signIn(t.app, DEMO.trade)
    const token = await acting(staffOf.rep, 'KELLYFG', ids.trade)
    const res = await call(token, 'POST', '/api/acting/stop')
    expect(res.statusCode).toBe(204)
    // The browser's picture cookie goes with the session.
    expect(String(res.headers['set-cookie'])).toMatch(/^portal_pictures=; .*Max-Age=0/)
    expect((await call(token, 'GET', '/api/me')).statusCode).toBe(401)
    expect((await call(own, 'GET', '/api/me')).statusCode).toBe(200)
    expect((await auditOf('ordering for customer stopped'))[0]).toMatchObject({ user_email: BACK_OFFICE.rep.email, account_code: 'KELLYFG', subject: 'trade' })
    expect((await call(own, 'POST', '/api/acting/stop')).statusCode).toBe(403)
  })

  it('signing out of the acting session is a Stop; the customer stays signed in', async () => {
    const own = await signIn(t.app, DEMO.trade)
    const token = await acting(staffOf.service, 'KELLYFG', ids.trade)
    const before = (await auditOf('ordering for customer stopped')).length
    expect((await call(token, 'POST', '/api/logout')).statusCode).toBe(204)
    expect((await call(token, 'GET', '/api/me')).statusCode).toBe(401)
    expect((await call(own, 'GET', '/api/me')).statusCode).toBe(200)
    expect((await auditOf('ordering for customer stopped')).length).toBe(before + 1)
  })

  it('ends with the back office session it was started from', async () => {
    const boToken = await backOfficeSessionFor(t.db, BACK_OFFICE.rep.email)
    const own = await signIn(t.app, DEMO.trade)
    const token = await acting(boToken, 'KELLYFG', ids.trade)
    expect((await call(token, 'GET', '/api/me')).statusCode).toBe(200)
    expect((await call(boToken, 'POST', '/api/staff/sign-out')).statusCode).toBe(204)
    expect((await call(token, 'GET', '/api/me')).statusCode).toBe(401)
    expect((await call(own, 'GET', '/api/me')).statusCode).toBe(200)
  })
  it('ends, in the database, when its back office user is disabled', async () => {
    await t.db
      .insertInto('back_office_users')
      .values({ email: 'spare-service@riverinarural.example', name: 'Spare Service', roles: ['Customer service'] })
      .execute()
    const boToken = await backOfficeSessionFor(t.db, 'spare-service@riverinarural.example')
    const token = await acting(boToken, 'KELLYFG', ids.trade)
    await t.db.updateTable('back_office_users').set({ active: false }).where('email', '=', 'spare-service@riverinarural.example').execute()
    const left = await sql<{
      n: number
    }>`SELECT count(*)::int AS n FROM sessions WHERE acting_by = (SELECT id FROM back_office_users WHERE email = 'spare-service@riverinarural.example') AND revoked_at IS NULL`.execute(
      t.db,
    )
    expect(left.rows[0]!.n).toBe(0)
    await expect.poll(async () => (await call(token, 'GET', '/api/me')).statusCode).toBe(401)
  })
})
