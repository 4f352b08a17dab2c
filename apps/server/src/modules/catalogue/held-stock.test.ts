import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, DEMO, signIn, startTestApp, type TestContext } from '../../../test/helpers'
import { allStock } from './stock-book-repo'
import { fillCart, orderDetails, setListPrice, setStock, visibleProducts } from '../../../test/payments'

/**
 * Held stock is stock (decision 0066): the units a pending card payment holds are not on offer to anyone,
 * on the product page, a category card, quick order's look-up or another buyer's cart, until the hold ends.
 */

for (const caches of ['on', 'off'] as const) {
  describe(`what pages show as available, caches ${caches}`, () => {
    let t: TestContext
    let cash: string
    let trade: string
    let product: { id: number; code: string; category: string }

    beforeAll(async () => {
      t = await startTestApp(caches === 'off' ? { CACHE_SECONDS: '0' } : {})
      ;[cash, trade] = await Promise.all([signIn(t.app, DEMO.cash), signIn(t.app, DEMO.trade)])
      const id = (await visibleProducts(t.db, 5))[4]!
      const row = await t.db
        .selectFrom('products')
        .innerJoin('categories', 'categories.id', 'products.category_id')
        .select(['products.product_code', 'categories.name'])
        .where('products.id', '=', id)
        .executeTakeFirstOrThrow()
      product = { id, code: row.product_code, category: row.name }
      const cashId = (await t.db.selectFrom('users').select('id').where('username', '=', 'cash').executeTakeFirstOrThrow()).id
      await setListPrice(t.db, id, 1000)
      await setStock(t.db, id, 'MEL', 4)
      await fillCart(t.db, cashId, 'MEL', [{ productId: id, qty: 4 }])
    })
    afterAll(async () => t?.close())

    const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) })

    /** What trade is offered of the product at MEL on each screen. */
    async function offered() {
      const detail = (await get(`/api/product/${product.id}?warehouse=MEL`, trade)).json()
      const byCode = (await get(`/api/products/by-code?code=${encodeURIComponent(product.code)}&warehouse=MEL`, trade)).json()
      let card: number | undefined
      for (let page = 1; card === undefined && page <= 20; page++) {
        const list = (await get(`/api/categories/${product.category}/products?warehouse=MEL&page=${page}&size=100`, trade)).json()
        const rows = (Array.isArray(list) ? list : list.products) as Array<{ ProductID: number; Availability: { Available: number } }>
        card = rows.find((p) => p.ProductID === product.id)?.Availability.Available
        if (rows.length === 0) break
      }
      return { detail: detail.Availability.Available, byCode: byCode.Availability.Available, card }
    }

    /** Asks until the answer is `want` (on PostgreSQL the change reaches the pages by notification), or answers the last. */
    async function offeredOnce(want: number) {
      let last = await offered()
      for (let i = 0; i < 100 && !Object.values(last).every((v) => v === want); i++) {
        await new Promise((resolve) => setTimeout(resolve, 20))
        last = await offered()
      }
      return last
    }

    it('offers no unit a pending card payment holds, and offers them again when the hold ends', async () => {
      expect(await offered()).toEqual({ detail: 4, byCode: 4, card: 4 })
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/payments/create',
        headers: bearer(cash),
        payload: { orderDetails: orderDetails({ purchaseOrder: `HELD-${caches}` }), amount: 44, accountName: 'Bellbrae Hobby Farm' },
      })
      expect(created.statusCode, created.body).toBe(200)
      expect(await offeredOnce(0)).toEqual({ detail: 0, byCode: 0, card: 0 })
      // A whole reload of the stock (a start, the change feed's return) takes the held units off too.
      const { stock } = await allStock(t.db)
      expect(stock.get('MEL')![product.id]).toBe(0)

      // Another buyer's cart is refused the held units too.
      const add = await t.app.inject({ method: 'POST', url: '/api/cart', headers: bearer(trade), payload: { productID: product.id, qty: 1, warehouse: 'MEL' } })
      const summary = await t.app.inject({ method: 'GET', url: '/api/cart/items', headers: bearer(trade) })
      expect(add.statusCode).toBe(200)
      const line = summary.json().find((l: { ProductID: number }) => l.ProductID === product.id)
      expect(line.Product.Availability.Available).toBe(0)

      // The hold ends by the clock alone, no statement saying so (the card form was never sent): the units are on
      // offer again once its time has passed.
      await t.db
        .updateTable('stock_holds')
        .set({ expires_at: new Date(Date.now() + 600) })
        .where('pending_order_id', '=', created.json().orderId)
        .execute()
      expect(await offeredOnce(0)).toEqual({ detail: 0, byCode: 0, card: 0 })
      expect(await offeredOnce(4)).toEqual({ detail: 4, byCode: 4, card: 4 })
    })
  })
}
