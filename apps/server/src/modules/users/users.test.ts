import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, DEMO, nextAddress, signIn, startTestApp, type TestContext } from '../../../test/helpers'

let t: TestContext
let trade: string
let staff: string
let cash: string
beforeAll(async () => {
  t = await startTestApp()
  trade = await signIn(t.app, DEMO.trade)
  staff = await signIn(t.app, DEMO.staff)
  cash = await signIn(t.app, DEMO.cash)
})
afterAll(async () => t?.close())

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', token: string, payload?: object, url = '/api/users') =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })
const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress: nextAddress() })

describe('account users', () => {
  it("lists the account's users, 20 to a page, with their roles", async () => {
    const res = await call('GET', trade)
    expect(res.statusCode).toBe(200)
    const rows = res.json() as Array<{ UserName: string; Role: string; ExtUserID: number; Email: string }>
    expect(rows.map((r) => r.UserName)).toEqual(expect.arrayContaining(['trade', 'staff']))
    expect(rows.find((r) => r.UserName === 'staff')?.Role).toBe('User')
    expect(rows.some((r) => r.UserName === 'cash')).toBe(false)
    for (let i = 0; i < 25; i++)
      await call('POST', trade, { email: `bulk${i}@kellysfarm.example`, username: `bulk-user-${String(i).padStart(2, '0')}`, password: 'Bulk12345' })
    const first = (await call('GET', trade, undefined, '/api/users?page=1')).json()
    const second = (await call('GET', trade, undefined, '/api/users?page=2')).json()
    expect(first).toHaveLength(20)
    expect(second.length).toBeGreaterThan(0)
    expect(second.length).toBeLessThan(20)
    expect(new Set([...first, ...second].map((u: { UserName: string }) => u.UserName)).size).toBe(first.length + second.length)
  })

  it('is for Administrators only', async () => {
    expect((await call('GET', staff)).statusCode).toBe(403)
    expect((await call('POST', staff, { email: 'x@y.example', username: 'sneaky', password: 'Sneaky123' })).statusCode).toBe(403)
    expect((await call('PUT', staff, { username: 'staff', role: 'Administrator' })).statusCode).toBe(403)
    expect((await call('DELETE', staff, { username: 'trade' })).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401)
  })

  it('creates a user who can sign in and is e-mailed a welcome without the password', async () => {
    const res = await call('POST', trade, { email: 'jo@kellysfarm.example', username: 'jo.kelly', password: 'Paddock42' })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ UserName: 'jo.kelly', Email: 'jo@kellysfarm.example', Role: 'User' })
    expect((await login('jo.kelly', 'Paddock42')).statusCode).toBe(200)
    const mail = await t.db.selectFrom('email_outbox').selectAll().where('to_address', '=', 'jo@kellysfarm.example').executeTakeFirstOrThrow()
    expect(mail.text_body).toContain('jo.kelly')
    expect(mail.text_body).toContain('http://portal.test/login')
    expect(mail.text_body).not.toContain('Paddock42')
  })

  it('refuses a password without a number, and missing fields, changing nothing', async () => {
    const res = await call('POST', trade, { email: 'np@kellysfarm.example', username: 'no.number', password: 'NoNumbersHere' })
    expect(res.statusCode).toBe(400)
    expect(res.json().fields[0]).toMatchObject({ field: 'body.password', message: 'Password must contain at least one number.' })
    expect((await call('POST', trade, { username: 'no.email', password: 'Pass12345' })).json().fields[0].field).toBe('body.email')
    expect((await login('no.number', 'NoNumbersHere')).statusCode).toBe(401)
  })

  it('names only the rule a password breaks: ab1 is too short, and has a number', async () => {
    const res = await call('POST', trade, { email: 'ab@kellysfarm.example', username: 'ab.one', password: 'ab1' })
    expect(res.statusCode).toBe(400)
    expect(res.json().fields).toEqual([{ field: 'body.password', message: 'Password must be at least 8 characters long.' }])
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: bearer(staff),
      payload: { currentPassword: 'x', newPassword: 'ab1' },
    })
    expect(change.statusCode).toBe(400)
    expect(change.json().fields).toEqual([{ field: 'body.newPassword', message: 'Password must be at least 8 characters long.' }])
  })

  it('refuses a username taken in any case, in any account', async () => {
    const same = await call('POST', trade, { email: 'a@kellysfarm.example', username: 'JO.KELLY', password: 'Paddock42' })
    expect(same.statusCode).toBe(409)
    expect(same.json().error).toBe('username_taken')
    expect((await call('POST', trade, { email: 'a@kellysfarm.example', username: 'Cash', password: 'Paddock42' })).statusCode).toBe(409)
  })

  it("answers 404 for another account's user, and leaves them alone", async () => {
    expect((await call('PUT', trade, { username: 'cash', email: 'stolen@example.com' })).statusCode).toBe(404)
    expect((await call('DELETE', trade, { username: 'cash' })).statusCode).toBe(404)
    expect((await call('DELETE', trade, { username: 'ELDERS' })).statusCode).toBe(404)
    expect((await login(DEMO.cash.username, DEMO.cash.password)).statusCode).toBe(200)
  })

  it('edits e-mail, role and password; a new password ends that user’s sessions', async () => {
    await call('POST', trade, { email: 'pat@kellysfarm.example', username: 'pat', password: 'Pat12345' })
    const patToken = (await login('pat', 'Pat12345')).json().token
    const res = await call('PUT', trade, { username: 'PAT', email: 'pat.k@kellysfarm.example', role: 'Administrator', password: 'Pat67890' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ UserName: 'pat', Email: 'pat.k@kellysfarm.example', Role: 'Administrator' })
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(patToken) })).statusCode).toBe(401)
    expect((await login('pat', 'Pat67890')).statusCode).toBe(200)
  })

  it('does not let an Administrator delete or demote themselves', async () => {
    const del = await call('DELETE', trade, { username: 'trade' })
    expect(del.statusCode).toBe(422)
    expect(del.json().error).toBe('cannot_delete_self')
    const demote = await call('PUT', trade, { username: 'trade', role: 'User' })
    expect(demote.statusCode).toBe(422)
    expect((await call('GET', trade)).statusCode).toBe(200)
  })

  it('keeps at least one Administrator when two demote each other at once', async () => {
    await call('POST', cash, { email: 'second@cash.example', username: 'cash.second', password: 'Second123', role: 'Administrator' })
    const second = (await login('cash.second', 'Second123')).json().token
    const [a, b] = await Promise.all([call('PUT', cash, { username: 'cash.second', role: 'User' }), call('PUT', second, { username: 'cash', role: 'User' })])
    expect([a.statusCode, b.statusCode].filter((s) => s === 200)).toHaveLength(1)
    const admins = await t.db
      .selectFrom('users')
      .innerJoin('customer_accounts', 'customer_accounts.id', 'users.account_id')
      .select('users.username')
      .where('users.role', '=', 'Administrator')
      .where('customer_accounts.sales_category', '=', 'CAS')
      .where('users.username', 'in', ['cash', 'cash.second'])
      .execute()
    expect(admins).toHaveLength(1)
    const survivor = admins[0]!.username === 'cash' ? cash : second
    await call('PUT', survivor, { username: admins[0]!.username === 'cash' ? 'cash.second' : 'cash', role: 'Administrator' })
  })

  it('deletes a user, whose open session then answers 401', async () => {
    await call('POST', trade, { email: 'temp@kellysfarm.example', username: 'temp.hand', password: 'Temp12345' })
    const tempToken = (await login('temp.hand', 'Temp12345')).json().token
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(tempToken) })).statusCode).toBe(200)
    const res = await call('DELETE', trade, { username: 'Temp.Hand' })
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe('User successfully deleted!')
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(tempToken) })).statusCode).toBe(401)
    expect((await login('temp.hand', 'Temp12345')).statusCode).toBe(401)
    expect((await call('DELETE', trade, { username: 'temp.hand' })).statusCode).toBe(404)
  })
})
