import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACK_OFFICE, signInBackOffice } from '../../../test/back-office'
import { bearer, checkoutForm, DEMO, signIn, startTestApp, TEST_ERP_KEY, type TestContext } from '../../../test/helpers'
import { addBuyer, fillCart, setListPrice, setStock, visibleProducts } from '../../../test/payments'

/** Quotes that become orders (decision 0102), on both engines. */

let t: TestContext
const token = {} as Record<'trade' | 'staff' | 'elders', string>
const staffOf = {} as Record<'admin' | 'service' | 'rep' | 'marketing', string>
const ids = {} as Record<'trade' | 'staff' | 'elders' | 'kelly', number>
let products: number[] = []
let n = 0

type Res = { statusCode: number; body: string; json(): any }
const call = (method: 'GET' | 'POST' | 'PUT', who: string, url: string, payload?: object): Promise<Res> =>
  t.app.inject({ method, url, headers: bearer(who), remoteAddress: '203.0.113.9', ...(payload ? { payload } : {}) }) as Promise<Res>
const ok = (res: Res, status = 200) => {
  expect(res.statusCode, res.body).toBe(status)
  return res.json()
}
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
const mailsTo = (to: string, subject: string) =>
  t.db.selectFrom('email_outbox').select(['to_address', 'subject', 'text_body']).where('to_address', '=', to).where('subject', 'like', `%${subject}%`).execute()

/** A quote of the user's cart (the lines put straight in the cart at WAG): answers its id. */
async function askForQuote(who: 'trade' | 'staff' | 'elders', lines: Array<{ productId: number; qty: number }>, branch = 'WAG') {
  await fillCart(t.db, ids[who], branch, lines)
  ok(await call('POST', token[who], '/api/cart/quote'))
  const row = await t.db.selectFrom('quotes').select('id').where('user_id', '=', ids[who]).orderBy('id', 'desc').executeTakeFirstOrThrow()
  return row.id
}

/** The staff price every line at `less` cents below the account's price and send it. */
async function priceAndSend(id: number, less = 100, expiresOn = inDays(14)) {
  const quote = ok(await call('GET', staffOf.service, `/api/staff/quotes/${id}`))
  const lines = quote.lines.map((l: any) => ({ productCode: l.productCode, quantity: l.quantity, priceCents: l.accountPriceCents - less }))
  return ok(await call('POST', staffOf.service, `/api/staff/quotes/${id}/send`, { lines, note: 'Good for the season.', expiresOn }))
}

async function checkout(who: string, po: string) {
  return call('POST', who, '/api/orders', checkoutForm({ PurchaseOrder: po }))
}

beforeAll(async () => {
  t = await startTestApp()
  for (const who of ['admin', 'service', 'rep', 'marketing'] as const) staffOf[who] = await signInBackOffice(t.app, t.db, BACK_OFFICE[who])
  for (const who of ['trade', 'staff', 'elders'] as const) token[who] = await signIn(t.app, DEMO[who])
  const users = await t.db.selectFrom('users').select(['id', 'username', 'account_id']).where('username', 'in', ['trade', 'staff', 'elders']).execute()
  for (const u of users) ids[u.username as 'trade'] = u.id
  ids.kelly = users.find((u) => u.username === 'trade')!.account_id
  products = (await visibleProducts(t.db, 12)).slice(4)
  for (const p of products) {
    await setListPrice(t.db, p, 2000)
    for (const b of ['WAG', 'ADE', 'MEL']) await setStock(t.db, p, b, 500)
  }
  // No spending limit or credit rule of the demo stands in the way of these orders.
  await t.db.updateTable('customer_accounts').set({ credit_limit_cents: 100_000_000 }).where('id', '=', ids.kelly).execute()
}, 120_000)
afterAll(async () => t?.close())

describe('a quote requested', () => {
  it('lands in the Quotes inbox with the cart’s lines and prices, assigned to the account’s rep', async () => {
    const id = await askForQuote('trade', [
      { productId: products[0]!, qty: 3 },
      { productId: products[1]!, qty: 2 },
    ])
    const cartLines = ok(await call('GET', token.trade, '/api/cart/items'))
    const inbox = ok(await call('GET', staffOf.rep, '/api/staff/quotes?state=requested'))
    const row = inbox.quotes.find((q: any) => q.id === id)
    expect(row).toMatchObject({ state: 'requested', account: { code: 'KELLYFG' }, assignedTo: expect.any(String), lineCount: 2 })
    const quote = ok(await call('GET', staffOf.rep, `/api/staff/quotes/${id}`))
    expect(quote.lines.map((l: any) => [l.productId, l.quantity, l.accountPriceCents])).toEqual(
      cartLines.map((l: any) => [l.ProductID, l.Quantity, Math.round(l.Price * 100)]),
    )
    // Customer service and Administrators see every quote; Marketing none.
    ok(await call('GET', staffOf.service, `/api/staff/quotes/${id}`))
    ok(await call('GET', staffOf.admin, `/api/staff/quotes/${id}`))
    expect((await call('GET', staffOf.marketing, '/api/staff/quotes')).statusCode).toBe(403)
    // The request was e-mailed to the rep.
    const rep = await t.db.selectFrom('back_office_users').select('email').where('email', '=', BACK_OFFICE.rep.email).executeTakeFirstOrThrow()
    expect(await mailsTo(rep.email, `Quote request Q${String(id).padStart(6, '0')}`)).toHaveLength(1)
  })

  it('of an account a rep does not look after answers the rep 404, and another account’s customer 404', async () => {
    const id = await askForQuote('elders', [{ productId: products[2]!, qty: 1 }], 'ADE')
    expect((await call('GET', staffOf.rep, `/api/staff/quotes/${id}`)).statusCode).toBe(404)
    expect((await call('POST', staffOf.rep, `/api/staff/quotes/${id}/messages`, { body: 'Hello' })).statusCode).toBe(404)
    expect(ok(await call('GET', staffOf.rep, '/api/staff/quotes')).quotes.map((q: any) => q.id)).not.toContain(id)
    ok(await call('GET', staffOf.service, `/api/staff/quotes/${id}`))
    expect((await call('GET', token.trade, `/api/quotes/${id}`)).statusCode).toBe(404)
    expect((await call('POST', token.trade, `/api/quotes/${id}/accept`)).statusCode).toBe(404)
    expect((await call('POST', token.trade, `/api/quotes/${id}/decline`, { reason: 'No' })).statusCode).toBe(404)
    expect((await call('POST', token.trade, `/api/quotes/${id}/messages`, { body: 'Hi' })).statusCode).toBe(404)
    expect(ok(await call('GET', token.trade, '/api/quotes')).quotes.map((q: any) => q.id)).not.toContain(id)
  })
})

describe('the staff price and send a quote', () => {
  it('refuses a price above the account’s price with a 400 naming the line, writing nothing', async () => {
    const id = await askForQuote('trade', [
      { productId: products[0]!, qty: 1 },
      { productId: products[1]!, qty: 1 },
    ])
    const quote = ok(await call('GET', staffOf.rep, `/api/staff/quotes/${id}`))
    const lines = quote.lines.map((l: any, i: number) => ({ productCode: l.productCode, quantity: 1, priceCents: l.accountPriceCents + (i === 1 ? 1 : 0) }))
    const res = await call('POST', staffOf.rep, `/api/staff/quotes/${id}/send`, { lines, note: '', expiresOn: inDays(7) })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().fields).toEqual([{ field: 'body.lines.1.priceCents', message: expect.stringContaining(`Line 2 (${quote.lines[1].productCode})`) }])
    const after = ok(await call('GET', staffOf.rep, `/api/staff/quotes/${id}`))
    expect(after).toMatchObject({ state: 'requested', expiresOn: null })
    expect(after.lines.every((l: any) => l.quotedPriceCents === null)).toBe(true)
  })

  it('changes quantities, adds a product, writes a note and an expiry, and e-mails the customer', async () => {
    const id = await askForQuote('trade', [{ productId: products[0]!, qty: 4 }])
    const quote = ok(await call('GET', staffOf.rep, `/api/staff/quotes/${id}`))
    const added = await t.db.selectFrom('products').select('product_code').where('id', '=', products[3]!).executeTakeFirstOrThrow()
    const sent = ok(
      await call('POST', staffOf.rep, `/api/staff/quotes/${id}/send`, {
        lines: [
          { productCode: quote.lines[0].productCode, quantity: 10, priceCents: quote.lines[0].accountPriceCents - 250 },
          { productCode: added.product_code.toLowerCase(), quantity: 2, priceCents: 1 },
        ],
        note: 'Ten for the price.',
        expiresOn: inDays(10),
      }),
    )
    expect(sent).toMatchObject({ state: 'open', note: 'Ten for the price.', expiresOn: inDays(10) })
    expect(sent.lines.map((l: any) => [l.quantity, l.quotedPriceCents])).toEqual([
      [10, quote.lines[0].accountPriceCents - 250],
      [2, 1],
    ])
    const user = await t.db.selectFrom('users').select('email').where('id', '=', ids.trade).executeTakeFirstOrThrow()
    const [mail] = await mailsTo(user.email, `Your quote Q${String(id).padStart(6, '0')}`)
    expect(mail!.text_body).toContain('Ten for the price.')
    expect(mail!.text_body).toContain(`http://portal.test/quotes/${id}`)
    // The customer sees it open, with its lines and the note.
    expect(ok(await call('GET', token.trade, `/api/quotes/${id}`))).toMatchObject({ state: 'open', canAnswer: true, note: 'Ten for the price.' })
  })

  it('refuses an expiry date in the past (400 on expiresOn)', async () => {
    const id = await askForQuote('trade', [{ productId: products[0]!, qty: 1 }])
    const res = await call('POST', staffOf.service, `/api/staff/quotes/${id}/send`, {
      lines: [{ productCode: 'X', quantity: 1, priceCents: 1 }],
      expiresOn: inDays(-1),
    })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().fields[0].field).toBe('body.expiresOn')
  })
})

describe('the customer accepts', () => {
  it('puts the lines in the cart at the quoted prices; checkout places the order at them, once, and the ERP gets the quote', async () => {
    const id = await askForQuote('trade', [
      { productId: products[0]!, qty: 3 },
      { productId: products[1]!, qty: 1 },
    ])
    const sent = await priceAndSend(id, 300)
    await fillCart(t.db, ids.trade, 'WAG', [])
    const accepted = ok(await call('POST', token.trade, `/api/quotes/${id}/accept`))
    expect(accepted).toEqual({ message: 'The quote’s lines are in your cart at the quoted prices.', branch: 'WAG' })
    const items = ok(await call('GET', token.trade, '/api/cart/items'))
    expect(items.map((l: any) => [l.ProductID, l.Quantity, Math.round(l.Price * 100)])).toEqual(
      sent.lines.map((l: any) => [l.productId, l.quantity, l.quotedPriceCents]),
    )
    const exTotal = sent.lines.reduce((s: number, l: any) => s + l.quantity * l.quotedPriceCents, 0)
    expect(Math.round(items.reduce((s: number, l: any) => s + l.ExtendedEx, 0) * 100)).toBe(exTotal)
    // Accepted twice: the second answers 409.
    const again = await call('POST', token.trade, `/api/quotes/${id}/accept`)
    expect(again.statusCode).toBe(409)
    const placed = ok(await checkout(token.trade, `QUOTE-${++n}`), 201)
    expect(Math.round(placed.ExtendedEx * 100)).toBe(exTotal)
    const order = await t.db.selectFrom('orders').select(['id', 'quote_id', 'extended_ex_cents']).where('id', '=', placed.OrderID).executeTakeFirstOrThrow()
    expect(order.quote_id).toBe(id)
    const lines = await t.db.selectFrom('order_lines').select(['product_id', 'unit_price_cents']).where('order_id', '=', order.id).orderBy('line_no').execute()
    expect(lines.map((l) => [l.product_id, Number(l.unit_price_cents)])).toEqual(sent.lines.map((l: any) => [l.productId, l.quotedPriceCents]))
    expect(ok(await call('GET', token.trade, `/api/quotes/${id}`))).toMatchObject({ state: 'accepted', order: { id: order.id }, canAnswer: false })
    // The ERP's feed: the quote's reference, and the quoted prices at the break `quote`.
    const feed = ok((await t.app.inject({ method: 'GET', url: '/api/erp/orders?limit=100', headers: { authorization: `Bearer ${TEST_ERP_KEY}` } })) as Res)
    const erp = (feed.orders ?? feed).find((o: any) => o.PortalOrderId === placed.SalesOrder)
    expect(erp.QuoteRef).toBe(`Q${String(id).padStart(6, '0')}`)
    expect(erp.lines.map((l: any) => [l.Price, l.PriceBreak])).toEqual(sent.lines.map((l: any) => [l.quotedPriceCents / 100, 'quote']))
  })

  it('charges units beyond the quoted quantity the normal price, in the cart and the order alike', async () => {
    const id = await askForQuote('trade', [{ productId: products[2]!, qty: 2 }])
    const sent = await priceAndSend(id, 500)
    await fillCart(t.db, ids.trade, 'WAG', [])
    ok(await call('POST', token.trade, `/api/quotes/${id}/accept`))
    const [line] = ok(await call('GET', token.trade, '/api/cart/items'))
    ok(await call('PUT', token.trade, '/api/cart', { item: line.ShopCartLineID, qty: 5 }))
    const [more] = ok(await call('GET', token.trade, '/api/cart/items'))
    const quoted = sent.lines[0].quotedPriceCents as number
    const normal = sent.lines[0].accountPriceCents as number
    expect(more.PriceBreaks.map((p: any) => [p.Break, p.Quantity, Math.round(p.Price * 100)])).toEqual([
      ['quote', 2, quoted],
      ['unit', 3, normal],
    ])
    expect(Math.round(more.ExtendedEx * 100)).toBe(2 * quoted + 3 * normal)
    const placed = ok(await checkout(token.trade, `QUOTE-${++n}`), 201)
    expect(Math.round(placed.ExtendedEx * 100)).toBe(2 * quoted + 3 * normal)
    expect(placed.items[0].PriceBreaks.map((p: any) => p.Break)).toEqual(['quote', 'unit'])
  })

  it('an expired quote cannot be accepted: 409 with a clear message', async () => {
    const id = await askForQuote('trade', [{ productId: products[0]!, qty: 1 }])
    await priceAndSend(id)
    await t.db
      .updateTable('quotes')
      .set({ expires_on: inDays(-2) })
      .where('id', '=', id)
      .execute()
    expect(ok(await call('GET', token.trade, `/api/quotes/${id}`))).toMatchObject({ state: 'expired', canAnswer: false })
    const res = await call('POST', token.trade, `/api/quotes/${id}/accept`)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(`Quote Q${String(id).padStart(6, '0')} expired on ${inDays(-2)} and can no longer be accepted. Ask us for a new quote.`)
  })

  it('a quote that expires after it was accepted is charged today’s prices in the cart and the order', async () => {
    const id = await askForQuote('trade', [{ productId: products[0]!, qty: 1 }])
    const sent = await priceAndSend(id, 400)
    await fillCart(t.db, ids.trade, 'WAG', [])
    ok(await call('POST', token.trade, `/api/quotes/${id}/accept`))
    await t.db
      .updateTable('quotes')
      .set({ expires_on: inDays(-1) })
      .where('id', '=', id)
      .execute()
    const [line] = ok(await call('GET', token.trade, '/api/cart/items'))
    expect(Math.round(line.Price * 100)).toBe(sent.lines[0].accountPriceCents)
    const placed = ok(await checkout(token.trade, `QUOTE-${++n}`), 201)
    const order = await t.db.selectFrom('orders').select('quote_id').where('id', '=', placed.OrderID).executeTakeFirstOrThrow()
    expect(order.quote_id).toBeNull()
  })

  it('only the user who asked and the account’s Administrators may accept or decline', async () => {
    const buyer = await addBuyer(t.db, ids.kelly, `quoteasker${Date.now()}`)
    await fillCart(t.db, buyer.userId, 'WAG', [{ productId: products[1]!, qty: 1 }])
    ok(await call('POST', buyer.token, '/api/cart/quote'))
    const { id } = await t.db.selectFrom('quotes').select('id').where('user_id', '=', buyer.userId).executeTakeFirstOrThrow()
    await priceAndSend(id)
    // staff is a User of the account who did not ask: 403; they may still read it and write on it.
    expect(ok(await call('GET', token.staff, `/api/quotes/${id}`)).canAnswer).toBe(false)
    expect((await call('POST', token.staff, `/api/quotes/${id}/accept`)).statusCode).toBe(403)
    expect((await call('POST', token.staff, `/api/quotes/${id}/decline`, { reason: 'x' })).statusCode).toBe(403)
    // trade is an Administrator: allowed.
    await fillCart(t.db, ids.trade, 'WAG', [])
    ok(await call('POST', token.trade, `/api/quotes/${id}/accept`))
  })

  it('declines with a reason, which the staff see', async () => {
    const id = await askForQuote('trade', [{ productId: products[0]!, qty: 1 }])
    await priceAndSend(id)
    expect((await call('POST', token.trade, `/api/quotes/${id}/decline`, { reason: '' })).statusCode).toBe(400)
    expect(ok(await call('POST', token.trade, `/api/quotes/${id}/decline`, { reason: 'Found it cheaper.' }))).toMatchObject({
      state: 'declined',
      declineReason: 'Found it cheaper.',
    })
    expect(ok(await call('GET', staffOf.rep, `/api/staff/quotes/${id}`))).toMatchObject({ state: 'declined', declineReason: 'Found it cheaper.' })
    expect((await call('POST', token.trade, `/api/quotes/${id}/accept`)).statusCode).toBe(409)
  })
})

describe('accepted twice places one order', () => {
  it('two users accepting at once: one acceptance, one 409, one order', async () => {
    const id = await askForQuote('staff', [{ productId: products[3]!, qty: 2 }])
    await priceAndSend(id)
    await Promise.all([fillCart(t.db, ids.trade, 'WAG', []), fillCart(t.db, ids.staff, 'WAG', [])])
    const answers = await Promise.all([call('POST', token.staff, `/api/quotes/${id}/accept`), call('POST', token.trade, `/api/quotes/${id}/accept`)])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409])
    const results = await Promise.all([checkout(token.staff, `TWICE-${++n}`), checkout(token.trade, `TWICE-${++n}`)])
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1)
    const orders = await t.db.selectFrom('orders').select('id').where('quote_id', '=', id).execute()
    expect(orders).toHaveLength(1)
  })

  it('two carts holding the quote’s lines check out at once: one order of the quote (the quote’s lock)', async () => {
    const id = await askForQuote('staff', [{ productId: products[3]!, qty: 1 }])
    const sent = await priceAndSend(id)
    await fillCart(t.db, ids.trade, 'WAG', [])
    await fillCart(t.db, ids.staff, 'WAG', [])
    ok(await call('POST', token.staff, `/api/quotes/${id}/accept`))
    // As if a second acceptance had got through: trade's cart holds the same quoted line.
    const line = await t.db.selectFrom('quote_lines').select(['id', 'product_id', 'quantity']).where('quote_id', '=', id).executeTakeFirstOrThrow()
    const cart = await t.db.selectFrom('carts').select('id').where('user_id', '=', ids.trade).executeTakeFirstOrThrow()
    await t.db.insertInto('cart_lines').values({ cart_id: cart.id, product_id: line.product_id, quantity: line.quantity, quote_line_id: line.id }).execute()
    const results = await Promise.all([checkout(token.staff, `RACE-${++n}`), checkout(token.trade, `RACE-${++n}`)])
    expect(await t.db.selectFrom('orders').select('id').where('quote_id', '=', id).execute()).toHaveLength(1)
    // The other checkout either met the quote ordered under its lock (409, PostgreSQL: both priced it before either
    // committed) or priced its cart after the order committed, at today's prices, as its cart then showed them.
    const other = results.find((r) => r.statusCode !== 201) ?? results.find((r) => Math.round(r.json().ExtendedEx * 100) !== sent.lines[0].quotedPriceCents)!
    if (other.statusCode === 409) expect(other.json().message).toContain('has already been ordered')
    else expect(Math.round(other.json().ExtendedEx * 100)).toBe(sent.lines[0].accountPriceCents)
  })

  // PostgreSQL: a transaction holds the quote's row while the checkout prices the cart, then orders the quote.
  it.runIf(process.env.TEST_DATABASE_URL)('a checkout that priced the quote before another order took it is refused (409)', async () => {
    const id = await askForQuote('staff', [{ productId: products[3]!, qty: 1 }])
    await priceAndSend(id)
    await fillCart(t.db, ids.trade, 'WAG', [])
    ok(await call('POST', token.trade, `/api/quotes/${id}/accept`))
    const other = await t.db.selectFrom('orders').select('id').where('quote_id', 'is', null).where('account_id', '=', ids.kelly).executeTakeFirstOrThrow()
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let locked!: () => void
    const lockTaken = new Promise<void>((resolve) => (locked = resolve))
    const holder = t.db.transaction().execute(async (trx) => {
      await trx.selectFrom('quotes').select('id').where('id', '=', id).forUpdate().execute()
      locked()
      await held
      await trx.updateTable('quotes').set({ order_id: other.id }).where('id', '=', id).execute()
    })
    await lockTaken
    const checkingOut = checkout(token.trade, `TAKEN-${++n}`)
    // The checkout waits for the quote's lock: it has priced its cart at the quoted price by then.
    for (let i = 0; i < 200; i++) {
      const waiting = await sql<{
        n: number
      }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`.execute(t.db)
      if (waiting.rows[0]!.n > 0) break
      await new Promise((r) => setTimeout(r, 25))
    }
    release()
    await holder
    const res = await checkingOut
    expect(res.statusCode, res.body).toBe(409)
    expect(res.json().message).toBe(
      `Quote Q${String(id).padStart(6, '0')} has already been ordered. Your cart now shows today’s prices: check it and order again.`,
    )
  })

  it('the database refuses a second order of a quote (orders_one_per_quote)', async () => {
    const row = await t.db.selectFrom('orders').select(['id', 'quote_id']).where('quote_id', 'is not', null).executeTakeFirstOrThrow()
    const copy = sql`INSERT INTO orders (sales_order, account_id, user_id, location_id, status, enter_date, quote_id)
      SELECT 'SO-COPY-' || id, account_id, user_id, location_id, status, enter_date, quote_id FROM orders WHERE id = ${row.id}`
    await expect(copy.execute(t.db)).rejects.toMatchObject({ code: '23505' })
  })
})

describe('the thread', () => {
  it('messages go both ways, each e-mailed to the other side', async () => {
    const id = await askForQuote('trade', [{ productId: products[0]!, qty: 1 }])
    await priceAndSend(id)
    const ref = `Q${String(id).padStart(6, '0')}`
    const asked = ok(await call('POST', token.trade, `/api/quotes/${id}/messages`, { body: 'Could you do 20 at the same price?' }))
    expect(asked.messages).toEqual([expect.objectContaining({ fromStaff: false, body: 'Could you do 20 at the same price?' })])
    const [toRep] = await mailsTo(BACK_OFFICE.rep.email, `Quote ${ref}: a message from`)
    expect(toRep!.text_body).toContain('Could you do 20 at the same price?')
    expect(ok(await call('GET', staffOf.rep, `/api/staff/quotes/${id}`)).awaitingReply).toBe(true)
    const answered = ok(await call('POST', staffOf.rep, `/api/staff/quotes/${id}/messages`, { body: 'Yes: I will send a new quote.' }))
    expect(answered.messages.map((m: any) => m.fromStaff)).toEqual([false, true])
    expect(answered.awaitingReply).toBe(false)
    const user = await t.db.selectFrom('users').select('email').where('id', '=', ids.trade).executeTakeFirstOrThrow()
    const [toCustomer] = await mailsTo(user.email, `Quote ${ref}: a message from`)
    expect(toCustomer!.text_body).toContain('Yes: I will send a new quote.')
    expect(ok(await call('GET', token.trade, `/api/quotes/${id}`)).messages).toHaveLength(2)
  })
})
