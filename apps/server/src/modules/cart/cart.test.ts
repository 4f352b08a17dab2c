import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, DEMO, signIn, startTestApp, type TestContext } from '../../../test/helpers'

let t: TestContext
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(async () => t?.close())

describe('cart summary', () => {
  it('reads Empty for a user without a cart', async () => {
    const token = await signIn(t.app, DEMO.staff)
    const res = await t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(token) })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ Count: 0, Value: 0, warehouse: null })
  })

  it('counts the lines and totals them inc GST, rounding GST per line', async () => {
    const user = await t.db.selectFrom('users').select(['id', 'account_id']).where('username', '=', 'staff').executeTakeFirstOrThrow()
    await t.db.updateTable('customer_accounts').set({ price_discount_bp: 0 }).where('id', '=', user.account_id).execute()
    await t.db.deleteFrom('contract_prices').where('account_id', '=', user.account_id).execute()
    const products = await t.db.selectFrom('products').select(['id']).orderBy('id').limit(2).execute()
    // 0.05 ex GST x 1 = 0.005 GST, rounds up to 0.01; 0.15 x 3 = 0.45 -> 0.045 GST rounds to 0.05.
    await t.db.updateTable('products').set({ unit_price_cents: 5 }).where('id', '=', products[0]!.id).execute()
    await t.db.updateTable('products').set({ unit_price_cents: 15 }).where('id', '=', products[1]!.id).execute()
    const cart = await t.db.insertInto('carts').values({ user_id: user.id, location_id: 'WAG' }).returning('id').executeTakeFirstOrThrow()
    await t.db
      .insertInto('cart_lines')
      .values([
        { cart_id: cart.id, product_id: products[0]!.id, quantity: 1 },
        { cart_id: cart.id, product_id: products[1]!.id, quantity: 3 },
      ])
      .execute()
    const token = await signIn(t.app, DEMO.staff)
    const res = await t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(token) })
    expect(res.json()).toEqual({ Count: 2, Value: 0.56, warehouse: 'WAG' })
  })

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/cart' })).statusCode).toBe(401)
  })
})
