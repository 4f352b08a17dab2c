import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { bearer, DEMO, signIn, startTestApp, TEST_ERP_KEY, type TestContext } from '../../../test/helpers'
import { drainStockAlerts, sweepStockAlerts } from './drain'

let t: TestContext
const tokens = {} as Record<keyof typeof DEMO, string>
/** A product everyone may see, with no stock at WAG and MEL. */
let product: { id: number; code: string }
let hidden: number

beforeAll(async () => {
  t = await startTestApp()
  for (const who of Object.keys(DEMO) as Array<keyof typeof DEMO>) tokens[who] = await signIn(t.app, DEMO[who])
  const { rows } = await sql<{ id: number; code: string }>`
    SELECT p.id, p.product_code AS code FROM products p
    WHERE p.active AND NOT EXISTS (SELECT 1 FROM brands b WHERE b.brand_code = p.brand_code AND b.hidden_for_elders)
      AND NOT EXISTS (SELECT 1 FROM categories c LEFT JOIN categories cp ON cp.id = c.parent_id
                      WHERE c.id = p.category_id AND (c.hidden_for_elders OR coalesce(cp.hidden_for_elders, false)))
      AND NOT EXISTS (SELECT 1 FROM stock_alerts a WHERE a.product_id = p.id)
    ORDER BY p.id LIMIT 1`.execute(t.db)
  product = rows[0]!
  hidden = (
    await sql<{
      id: number
    }>`SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id WHERE p.active AND c.hidden_for_elders ORDER BY p.id LIMIT 1`.execute(t.db)
  ).rows[0]!.id
})
afterAll(async () => t?.close())

const call = (who: keyof typeof DEMO, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens[who]), ...(payload ? { payload } : {}) })
const sendStock = (rows: object[]) =>
  t.app.inject({ method: 'POST', url: '/api/erp/stock', headers: { authorization: `Bearer ${TEST_ERP_KEY}` }, payload: rows })
const setStock = async (qty: number, branch = 'WAG') => {
  const res = await sendStock([{ ProductCode: product.code, LocationID: branch, QtyAvailable: qty }])
  expect(res.statusCode, res.body).toBe(200)
  await t.app.stockAlerts!.settled()
}
const mailsAbout = async () =>
  (await t.db.selectFrom('email_outbox').select(['to_address', 'subject', 'text_body']).where('subject', 'like', `Back in stock%${product.code}%`).execute())
    .length
const stateOf = async (id: number) => (await t.db.selectFrom('stock_alerts').select(['closed_as']).where('id', '=', id).executeTakeFirstOrThrow()).closed_as

beforeEach(async () => {
  await t.db
    .updateTable('stock_alerts')
    .set({ closed_at: sql`now()`, closed_as: 'cancelled' })
    .where('product_id', '=', product.id)
    .where('closed_at', 'is', null)
    .execute()
  await setStock(0, 'WAG')
  await setStock(0, 'MEL')
})

describe('asking to be told', () => {
  it('opens one waiting request a user, product and branch; asking again sets its quantity', async () => {
    const first = await call('trade', 'POST', '/api/stock-alerts', { productId: product.id, quantity: 4 })
    expect(first.statusCode, first.body).toBe(201)
    expect(first.json()).toMatchObject({ ProductID: product.id, ProductCode: product.code, LocationID: 'WAG', quantity: 4, status: 'waiting', closedAt: null })
    const again = await call('trade', 'POST', '/api/stock-alerts', { productId: product.id, warehouse: 'wag' })
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json()).toMatchObject({ id: first.json().id, quantity: null })
    const open = await t.db.selectFrom('stock_alerts').select('id').where('product_id', '=', product.id).where('closed_at', 'is', null).execute()
    expect(open).toHaveLength(1)
    const listed = await call('trade', 'GET', '/api/stock-alerts')
    expect(listed.json()[0]).toMatchObject({ id: first.json().id, status: 'waiting' })
    // The database keeps it so, whoever writes.
    const user = (await t.db.selectFrom('users').select('id').where('username', '=', 'trade').executeTakeFirstOrThrow()).id
    await expect(t.db.insertInto('stock_alerts').values({ user_id: user, product_id: product.id, location_id: 'WAG' }).execute()).rejects.toThrow(
      /stock_alerts_one_open/,
    )
    // Another user of the same account has a request of their own.
    expect((await call('staff', 'POST', '/api/stock-alerts', { productId: product.id })).statusCode).toBe(201)
  })

  it('refuses a request the branch can already meet, naming the quantity', async () => {
    await setStock(3)
    const none = await call('trade', 'POST', '/api/stock-alerts', { productId: product.id })
    expect(none.statusCode).toBe(400)
    expect(none.json()).toMatchObject({ error: 'in_stock', fields: [{ field: 'body.quantity' }] })
    expect((await call('trade', 'POST', '/api/stock-alerts', { productId: product.id, quantity: 3 })).statusCode).toBe(400)
    expect((await call('trade', 'POST', '/api/stock-alerts', { productId: product.id, quantity: 4 })).statusCode).toBe(201)
    for (const quantity of [0, -1, 1.5, 100_000, '2'])
      expect((await call('trade', 'POST', '/api/stock-alerts', { productId: product.id, quantity })).statusCode, String(quantity)).toBe(400)
    expect(await t.db.selectFrom('stock_alerts').select('id').where('product_id', '=', product.id).where('closed_at', 'is', null).execute()).toHaveLength(1)
  })

  it('answers 404 for a product the user may not see or that does not exist, 400 for a branch they do not order from', async () => {
    expect((await call('elders', 'POST', '/api/stock-alerts', { productId: hidden })).statusCode).toBe(404)
    expect((await call('trade', 'POST', '/api/stock-alerts', { productId: 2_000_000_000 })).statusCode).toBe(404)
    const branch = await call('trade', 'POST', '/api/stock-alerts', { productId: product.id, warehouse: 'NOPE' })
    expect(branch.statusCode).toBe(400)
    expect(branch.json().fields[0].field).toBe('body.warehouse')
    const outside = await sql<{ location_id: string }>`
      SELECT b.location_id FROM branches b JOIN users u ON u.username = 'elders'
      WHERE b.trading AND NOT account_orders_from(u.account_id, b.location_id) ORDER BY b.location_id LIMIT 1`.execute(t.db)
    if (outside.rows[0])
      expect((await call('elders', 'POST', '/api/stock-alerts', { productId: product.id, warehouse: outside.rows[0].location_id })).statusCode).toBe(400)
  })

  it("cancels the user's own request; another user's answers 404 and stays", async () => {
    const made = (await call('trade', 'POST', '/api/stock-alerts', { productId: product.id })).json()
    expect((await call('staff', 'DELETE', `/api/stock-alerts/${made.id}`)).statusCode).toBe(404)
    expect((await call('cash', 'DELETE', `/api/stock-alerts/${made.id}`)).statusCode).toBe(404)
    expect(await stateOf(made.id)).toBeNull()
    expect((await call('trade', 'DELETE', `/api/stock-alerts/${made.id}`)).statusCode).toBe(204)
    expect(await stateOf(made.id)).toBe('cancelled')
    expect((await call('trade', 'DELETE', `/api/stock-alerts/${made.id}`)).statusCode).toBe(204)
    const listed = (await call('trade', 'GET', '/api/stock-alerts')).json() as Array<{ id: number; status: string }>
    expect(listed.find((a) => a.id === made.id)?.status).toBe('cancelled')
    expect((await call('staff', 'GET', '/api/stock-alerts')).json().some((a: { id: number }) => a.id === made.id)).toBe(false)
  })
})

describe('telling the user', () => {
  it('e-mails once, with a link to the product, when the ERP stock delta brings the quantity asked', async () => {
    const made = (await call('trade', 'POST', '/api/stock-alerts', { productId: product.id, quantity: 5 })).json()
    const before = await mailsAbout()
    await setStock(3)
    expect(await stateOf(made.id)).toBeNull()
    expect(await mailsAbout()).toBe(before)
    await setStock(0, 'MEL')
    await setStock(6)
    expect(await stateOf(made.id)).toBe('notified')
    const mails = await t.db
      .selectFrom('email_outbox')
      .select(['to_address', 'subject', 'text_body'])
      .where('subject', 'like', `Back in stock%${product.code}%`)
      .execute()
    expect(mails).toHaveLength(before + 1)
    const mail = mails.at(-1)!
    const email = (await t.db.selectFrom('users').select('email').where('username', '=', 'trade').executeTakeFirstOrThrow()).email
    expect(mail.to_address).toBe(email)
    expect(mail.text_body).toContain(`http://portal.test/product/${product.id}`)
    expect(mail.text_body).toContain('6 available now (you asked for 5)')
    // More stock, a sweep: still one e-mail.
    await setStock(9)
    await sweepStockAlerts({ db: t.db, config: t.config })
    expect(await mailsAbout()).toBe(before + 1)
    expect((await call('trade', 'GET', '/api/stock-alerts')).json().find((a: { id: number }) => a.id === made.id)).toMatchObject({ status: 'notified' })
  })

  it('tells only the branch whose stock came', async () => {
    const made = (await call('cash', 'POST', '/api/stock-alerts', { productId: product.id, warehouse: 'MEL' })).json()
    await setStock(10, 'WAG')
    expect(await stateOf(made.id)).toBeNull()
    await setStock(1, 'MEL')
    expect(await stateOf(made.id)).toBe('notified')
  })

  it('lapses a request after 90 days without an e-mail', async () => {
    const made = (await call('trade', 'POST', '/api/stock-alerts', { productId: product.id })).json()
    expect(made.lapsesAt).toBe(new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10))
    await t.db
      .updateTable('stock_alerts')
      .set({ created_at: sql`now() - interval '91 days'` })
      .where('id', '=', made.id)
      .execute()
    const before = await mailsAbout()
    await setStock(50)
    expect(await mailsAbout()).toBe(before)
    expect(await sweepStockAlerts({ db: t.db, config: t.config })).toMatchObject({ lapsed: 1 })
    expect(await stateOf(made.id)).toBe('lapsed')
    expect(await mailsAbout()).toBe(before)
  })

  it('sends each e-mail once when drains run at once, as several instances do', async () => {
    const users = await t.db.selectFrom('users').select(['id', 'email']).where('active', '=', true).orderBy('id').limit(40).execute()
    await t.db
      .insertInto('stock_alerts')
      .values(users.map((u) => ({ user_id: u.id, product_id: product.id, location_id: 'WAG' })))
      .onConflict((oc) => oc.doNothing())
      .execute()
    const notifiedOf = () =>
      t.db.selectFrom('stock_alerts').select('user_id').where('product_id', '=', product.id).where('closed_as', '=', 'notified').execute()
    const before = await mailsAbout()
    const notifiedBefore = (await notifiedOf()).length
    // Straight in the table, and the drains started before this server's own has heard of it.
    await sql`UPDATE stock SET qty_available = 7 WHERE product_id = ${product.id} AND location_id = 'WAG'`.execute(t.db)
    const deps = { db: t.db, config: t.config }
    const sent = await Promise.all([drainStockAlerts(deps, [product.id]), drainStockAlerts(deps, [product.id]), drainStockAlerts(deps), drainStockAlerts(deps)])
    await t.app.stockAlerts!.settled()
    const open = await t.db.selectFrom('stock_alerts').select('id').where('product_id', '=', product.id).where('closed_at', 'is', null).execute()
    expect(open).toHaveLength(0)
    const notified = (await notifiedOf()).length - notifiedBefore
    expect(notified).toBeGreaterThanOrEqual(30)
    expect(await mailsAbout()).toBe(before + notified)
    expect(sent.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(notified)
  })
})
