import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACK_OFFICE, signInBackOffice } from '../../../test/back-office'
import { bearer, DEMO, nextAddress, signIn, startTestApp, type TestContext } from '../../../test/helpers'

let t: TestContext
const staffOf = {} as Record<'admin' | 'service' | 'rep' | 'marketing', string>
beforeAll(async () => {
  t = await startTestApp()
  for (const who of ['admin', 'service', 'rep', 'marketing'] as const) staffOf[who] = await signInBackOffice(t.app, t.db, BACK_OFFICE[who])
})
afterAll(async () => t?.close())

type Method = 'GET' | 'POST'
const call = (token: string | null, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, remoteAddress: '203.0.113.7', ...(payload ? { payload } : {}) })
const codesOf = (res: { json(): { accounts: Array<{ code: string }> } }) => res.json().accounts.map((a) => a.code)

async function userId(username: string) {
  return (await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id
}
async function auditRows(action: string) {
  return t.db.selectFrom('back_office_audit').selectAll().where('action', '=', action).orderBy('id').execute()
}
async function lastMailTo(address: string) {
  return t.db.selectFrom('email_outbox').selectAll().where('to_address', '=', address).orderBy('id', 'desc').executeTakeFirst()
}

describe('account search', () => {
  it('finds an account by name with a typo, by code, by ABN and by a user’s e-mail', async () => {
    const abn = (await t.db.selectFrom('customer_accounts').select('abn').where('code', '=', 'KELLYFG').executeTakeFirstOrThrow()).abn!
    expect(codesOf(await call(staffOf.service, 'GET', '/api/staff/accounts?q=kellys%20gardn'))).toContain('KELLYFG')
    expect(codesOf(await call(staffOf.service, 'GET', '/api/staff/accounts?q=kellyfg'))[0]).toBe('KELLYFG')
    expect(codesOf(await call(staffOf.service, 'GET', `/api/staff/accounts?q=${encodeURIComponent(abn.replace(/\s/g, ''))}`))).toContain('KELLYFG')
    const byEmail = await call(staffOf.service, 'GET', '/api/staff/accounts?q=jess%40kellysfarm')
    expect(byEmail.json().accounts[0]).toMatchObject({ code: 'KELLYFG', matchedEmail: 'jess@kellysfarm.example' })
    expect(codesOf(await call(staffOf.service, 'GET', '/api/staff/accounts?q=zzqqxxnothing'))).toEqual([])
  })

  it('shows a Sales representative only the accounts assigned to them; Marketing none', async () => {
    expect(codesOf(await call(staffOf.rep, 'GET', '/api/staff/accounts')).sort()).toEqual(['BELLBRAE', 'KELLYFG'])
    expect(codesOf(await call(staffOf.rep, 'GET', '/api/staff/accounts?q=elders'))).toEqual([])
    expect(codesOf(await call(staffOf.service, 'GET', '/api/staff/accounts?q=elders')).length).toBeGreaterThan(0)
    expect((await call(staffOf.marketing, 'GET', '/api/staff/accounts?q=kelly')).statusCode).toBe(403)
    expect((await call(null, 'GET', '/api/staff/accounts')).statusCode).toBe(401)
  })

  it('refuses a query too long, naming it, and records each search', async () => {
    const res = await call(staffOf.service, 'GET', `/api/staff/accounts?q=${'a'.repeat(101)}`)
    expect(res.statusCode).toBe(400)
    expect(JSON.stringify(res.json())).toContain('q')
    const before = (await auditRows('accounts searched')).length
    await call(staffOf.service, 'GET', '/api/staff/accounts?q=bellbrae')
    const rows = await auditRows('accounts searched')
    expect(rows).toHaveLength(before + 1)
    expect(rows.at(-1)).toMatchObject({
      user_email: BACK_OFFICE.service.email,
      roles: ['Customer service'],
      address: '203.0.113.7',
      detail: { q: 'bellbrae', results: 1 },
    })
  })
})

describe('an account’s page', () => {
  it('shows the account whole and records the read', async () => {
    const res = await call(staffOf.service, 'GET', '/api/staff/accounts/kellyfg')
    expect(res.statusCode, res.body).toBe(200)
    const page = res.json()
    expect(page).toMatchObject({ code: 'KELLYFG', salesCategory: 'TRADE', termsDays: 30, defaultBranch: 'WAG' })
    expect(Number.isInteger(page.creditLimitCents) && Number.isInteger(page.balanceCents)).toBe(true)
    expect(page.deliverySites.length).toBeGreaterThan(0)
    expect(page.users.find((u: { username: string }) => u.username === 'trade')).toMatchObject({ role: 'Administrator', state: 'active' })
    expect(page.orders.length).toBeGreaterThan(0)
    expect(page.invoices.length).toBeGreaterThan(0)
    expect(page.addresses).toContain('sam@kellysfarm.example')
    expect(page.periods.length).toBeGreaterThan(0)
    const viewed = (await auditRows('account viewed')).at(-1)
    expect(viewed).toMatchObject({ account_code: 'KELLYFG', user_email: BACK_OFFICE.service.email, address: '203.0.113.7' })
  })

  it('shows a user’s cart, read only', async () => {
    const trade = await signIn(t.app, DEMO.trade)
    const product = await t.db.selectFrom('products').select(['id', 'product_code']).where('active', '=', true).orderBy('id').executeTakeFirstOrThrow()
    const added = await t.app.inject({ method: 'POST', url: '/api/cart', headers: bearer(trade), payload: { productID: product.id, qty: 2 } })
    expect(added.statusCode, added.body).toBe(200)
    const page = (await call(staffOf.service, 'GET', '/api/staff/accounts/KELLYFG')).json()
    const cart = page.carts.find((c: { userName: string }) => c.userName === 'Sam Kelly')
    expect(cart.lines).toEqual(expect.arrayContaining([expect.objectContaining({ productCode: product.product_code, quantity: 2 })]))
  })

  it('answers 404 to a rep for an account not assigned to them, as for no account, and 403 to Marketing', async () => {
    expect((await call(staffOf.rep, 'GET', '/api/staff/accounts/KELLYFG')).statusCode).toBe(200)
    expect((await call(staffOf.rep, 'GET', '/api/staff/accounts/ELDSTH')).statusCode).toBe(404)
    expect((await call(staffOf.admin, 'GET', '/api/staff/accounts/NOSUCH')).statusCode).toBe(404)
    expect((await call(staffOf.marketing, 'GET', '/api/staff/accounts/KELLYFG')).statusCode).toBe(403)
  })
})

describe('actions on an account’s portal users', () => {
  const act = (who: string, code: string, id: number, action: string) => call(who, 'POST', `/api/staff/accounts/${code}/users/${id}/${action}`)

  it('disables a login (ending its sessions) and enables it, each recorded once', async () => {
    const token = await signIn(t.app, DEMO.staff)
    const id = await userId('staff')
    const disabled = await act(staffOf.service, 'KELLYFG', id, 'disable')
    expect(disabled.statusCode, disabled.body).toBe(200)
    expect(disabled.json()).toMatchObject({ username: 'staff', state: 'disabled' })
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'POST', url: '/api/login', payload: DEMO.staff, remoteAddress: nextAddress() })).statusCode).toBe(401)
    expect((await act(staffOf.service, 'KELLYFG', id, 'disable')).json().state).toBe('disabled')
    expect((await auditRows('portal user disabled')).filter((r) => r.subject === 'staff')).toHaveLength(1)
    expect((await act(staffOf.rep, 'KELLYFG', id, 'enable')).json().state).toBe('active')
    expect((await auditRows('portal user enabled')).at(-1)).toMatchObject({
      subject: 'staff',
      account_code: 'KELLYFG',
      roles: ['Sales representative'],
      detail: { userId: id },
    })
    await signIn(t.app, DEMO.staff)
  })

  it('clears a sign-in lock', async () => {
    const id = await userId('kellyfg.liam')
    for (let i = 0; i < 8; i++) {
      await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'kellyfg.liam', password: 'Wrong2026x' }, remoteAddress: nextAddress() })
    }
    const page = (await call(staffOf.service, 'GET', '/api/staff/accounts/KELLYFG')).json()
    expect(page.users.find((u: { id: number }) => u.id === id).state).toBe('locked')
    expect((await act(staffOf.service, 'KELLYFG', id, 'unlock')).json().state).not.toBe('locked')
    expect((await auditRows('portal user sign-in lock cleared')).at(-1)).toMatchObject({ subject: 'kellyfg.liam' })
  })

  it('sends a password reset through the customers’ own e-mail, and an invitation only to a user who never set a password', async () => {
    const id = await userId('trade')
    expect((await act(staffOf.service, 'KELLYFG', id, 'password-reset')).statusCode).toBe(200)
    const mail = await lastMailTo('sam@kellysfarm.example')
    expect(mail).toMatchObject({ subject: 'Reset your password' })
    expect(mail!.text_body).toMatch(/reset-password#token=/)
    expect((await act(staffOf.service, 'KELLYFG', id, 'invitation')).statusCode).toBe(409)
    const invited = await userId('kellyfg.accounts')
    await t.db.updateTable('users').set({ password_hash: '!invited' }).where('id', '=', invited).execute()
    const res = await act(staffOf.service, 'KELLYFG', invited, 'invitation')
    expect(res.json()).toMatchObject({ state: 'invited' })
    expect((await lastMailTo('accounts@kellysfarm.example'))!.text_body).toMatch(/To choose your password/)
    expect((await auditRows('portal user invitation resent')).at(-1)).toMatchObject({ subject: 'kellyfg.accounts' })
  })

  it('answers 404 for a user of another account and for an account not assigned to the rep; 403 to Marketing', async () => {
    const cash = await userId('cash')
    const elders = await userId('elders')
    const before = await t.db
      .selectFrom('back_office_audit')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect((await act(staffOf.service, 'KELLYFG', cash, 'disable')).statusCode).toBe(404)
    expect((await act(staffOf.rep, 'ELDSTH', elders, 'disable')).statusCode).toBe(404)
    expect((await act(staffOf.marketing, 'BELLBRAE', cash, 'disable')).statusCode).toBe(403)
    expect((await act(staffOf.service, 'KELLYFG', 0, 'disable')).statusCode).toBe(400)
    const after = await t.db
      .selectFrom('back_office_audit')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n))
    expect((await t.db.selectFrom('users').select('active').where('id', '=', elders).executeTakeFirstOrThrow()).active).toBe(true)
  })

  it('shows the account’s Administrator when the staff last changed each user and what', async () => {
    const trade = await signIn(t.app, DEMO.trade)
    const res = await t.app.inject({ method: 'GET', url: '/api/users/staff-changes', headers: bearer(trade) })
    expect(res.statusCode).toBe(200)
    const byUser = Object.fromEntries(res.json().map((c: { username: string }) => [c.username, c]))
    expect(byUser.staff).toMatchObject({ change: 'Login enabled' })
    expect(byUser.trade).toMatchObject({ change: 'Password reset link sent' })
    expect(JSON.stringify(res.json())).not.toContain('riverinarural')
    const staff = await signIn(t.app, DEMO.staff)
    expect((await t.app.inject({ method: 'GET', url: '/api/users/staff-changes', headers: bearer(staff) })).statusCode).toBe(403)
  })
})

describe('documents sent to the account', () => {
  it('resends an order’s confirmation, an invoice and a statement, to an address of the account only', async () => {
    const account = await t.db.selectFrom('customer_accounts').select('id').where('code', '=', 'KELLYFG').executeTakeFirstOrThrow()
    const order = await t.db
      .selectFrom('orders')
      .select(['id', 'sales_order'])
      .where('account_id', '=', account.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    const invoice = await t.db
      .selectFrom('invoices')
      .select(['id', 'invoice'])
      .where('account_id', '=', account.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    const to = 'orders@kellysfarm.example'

    const refused = await call(staffOf.service, 'POST', `/api/staff/accounts/KELLYFG/orders/${order.id}/confirmation`, { to: 'someone@elsewhere.example' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().details?.[0]?.field ?? refused.body).toContain('to')

    const confirmation = await call(staffOf.service, 'POST', `/api/staff/accounts/KELLYFG/orders/${order.id}/confirmation`, { to })
    expect(confirmation.statusCode, confirmation.body).toBe(200)
    expect((await lastMailTo(to))!.subject).toContain(order.sales_order)

    const sent = await call(staffOf.rep, 'POST', `/api/staff/accounts/KELLYFG/invoices/${invoice.id}/send`, { to })
    expect(sent.statusCode, sent.body).toBe(200)
    const invoiceMail = (await lastMailTo(to))!
    expect(invoiceMail.subject).toContain(invoice.invoice)
    expect(JSON.stringify(invoiceMail.attachments)).toContain('application/pdf')

    const period = (await call(staffOf.service, 'GET', '/api/staff/accounts/KELLYFG')).json().periods[1]
    const statement = await call(staffOf.service, 'POST', '/api/staff/accounts/KELLYFG/statements', { to, year: period.year, period: period.period })
    expect(statement.statusCode, statement.body).toBe(200)
    expect((await lastMailTo(to))!.subject).toContain('statement')

    expect((await auditRows('order confirmation resent')).at(-1)).toMatchObject({ subject: order.sales_order, detail: { to } })
    expect((await auditRows('invoice sent')).at(-1)).toMatchObject({ subject: invoice.invoice, roles: ['Sales representative'] })
    expect((await auditRows('statement sent')).at(-1)).toMatchObject({ account_code: 'KELLYFG' })
  })

  it('answers 404 for another account’s order or invoice and for an account not assigned to the rep', async () => {
    const elders = await t.db.selectFrom('customer_accounts').select('id').where('code', '=', 'ELDSTH').executeTakeFirstOrThrow()
    const order = await t.db.selectFrom('orders').select('id').where('account_id', '=', elders.id).executeTakeFirstOrThrow()
    const invoice = await t.db.selectFrom('invoices').select('id').where('account_id', '=', elders.id).executeTakeFirstOrThrow()
    const to = 'orders@kellysfarm.example'
    expect((await call(staffOf.service, 'POST', `/api/staff/accounts/KELLYFG/orders/${order.id}/confirmation`, { to })).statusCode).toBe(404)
    expect((await call(staffOf.service, 'POST', `/api/staff/accounts/KELLYFG/invoices/${invoice.id}/send`, { to })).statusCode).toBe(404)
    expect((await call(staffOf.rep, 'POST', `/api/staff/accounts/ELDSTH/orders/${order.id}/confirmation`, { to })).statusCode).toBe(404)
    expect((await call(staffOf.marketing, 'POST', `/api/staff/accounts/KELLYFG/statements`, { to, year: 2026, period: 1 })).statusCode).toBe(403)
    expect((await call(staffOf.service, 'POST', `/api/staff/accounts/KELLYFG/statements`, { to, year: 'x', period: 1 })).statusCode).toBe(400)
  })
})

describe('assignments', () => {
  it('are held to Sales representatives by the database itself', async () => {
    const service = await t.db.selectFrom('back_office_users').select('id').where('email', '=', BACK_OFFICE.service.email).executeTakeFirstOrThrow()
    const kelly = await t.db.selectFrom('customer_accounts').select('id').where('code', '=', 'KELLYFG').executeTakeFirstOrThrow()
    await expect(t.db.insertInto('back_office_assignments').values({ account_id: kelly.id, user_id: service.id }).execute()).rejects.toThrow(
      /Sales representative/,
    )
  })
})
