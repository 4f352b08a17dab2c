import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACK_OFFICE, backOfficeSessionFor, signInBackOffice, totpCode } from '../../../test/back-office'
import { bearer, DEMO, nextAddress, signIn, startTestApp, type TestContext } from '../../../test/helpers'
import { csvCell } from './audit'

let t: TestContext
let admin: string
beforeAll(async () => {
  t = await startTestApp()
  admin = await signInBackOffice(t.app, t.db, BACK_OFFICE.admin)
})
afterAll(async () => t?.close())

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
const call = (token: string | null, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, remoteAddress: '203.0.113.9', ...(payload ? { payload } : {}) })
const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress: nextAddress() })

/** The set-password link's token of the last e-mail to an address. */
async function linkTokenTo(email: string): Promise<string> {
  const mail = await t.db.selectFrom('email_outbox').select('text_body').where('to_address', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow()
  return /reset-password#token=([\w-]+)/.exec(mail.text_body)![1]!
}

async function invite(email: string, roles: string[] = ['Customer service']) {
  const res = await call(admin, 'POST', '/api/staff/users', { email, name: `Person ${email}`, roles })
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as { id: number; state: string }
}

describe('the back office realm is apart from the customers’', () => {
  it('signs an e-mail of a back office user into the back office, needing its second factor first', async () => {
    const res = await login(BACK_OFFICE.service.email, BACK_OFFICE.service.password)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ realm: 'back-office', token: expect.any(String), secondFactor: 'verify' })
    expect(res.headers['set-cookie']).toBeUndefined()
    const pending = res.json().token as string
    expect((await call(pending, 'GET', '/api/staff/me')).json()).toMatchObject({ secondFactor: 'verify', roles: ['Customer service'] })
    expect((await call(pending, 'GET', '/api/staff/users')).statusCode).toBe(401)
  })

  it('refuses a wrong password with the customers’ words', async () => {
    const res = await login(BACK_OFFICE.admin.email, 'Wrong2026')
    expect(res.statusCode).toBe(401)
    expect(res.json().message).toBe('Username / password provided is incorrect!')
  })

  it('never lets a back office session reach a customer route', async () => {
    for (const [method, url] of [
      ['GET', '/api/me'],
      ['GET', '/api/cart'],
      ['POST', '/api/orders'],
      ['GET', '/api/orders'],
      ['GET', '/api/invoices'],
      ['GET', '/api/account-balance'],
      ['GET', '/api/users'],
    ] as const) {
      const res = await call(admin, method, url, method === 'POST' ? {} : undefined)
      expect(res.statusCode, `${method} ${url}`).toBe(401)
    }
  })

  it('never lets a customer session reach a back office route', async () => {
    const trade = await signIn(t.app, DEMO.trade)
    for (const url of ['/api/staff/me', '/api/staff/users', '/api/staff/audit']) {
      expect((await call(trade, 'GET', url)).statusCode, url).toBe(401)
    }
  })

  it('enforces each route’s roles', async () => {
    const service = await backOfficeSessionFor(t.db, BACK_OFFICE.service.email)
    expect((await call(service, 'GET', '/api/staff/users')).statusCode).toBe(403)
    expect((await call(service, 'GET', '/api/staff/audit')).statusCode).toBe(403)
    expect((await call(service, 'GET', '/api/staff/me')).statusCode).toBe(200)
  })
})

describe('an invited back office user', () => {
  const email = 'new.person@riverinarural.example'
  let recoveryCodes: string[] = []
  let secret = ''

  it('gets an e-mail with a set-password link, and no sign-in before setting one', async () => {
    const user = await invite(email)
    expect(user.state).toBe('invited')
    const mail = await t.db.selectFrom('email_outbox').select(['subject', 'text_body']).where('to_address', '=', email).executeTakeFirstOrThrow()
    expect(mail.subject).toMatch(/back office login/)
    expect(mail.text_body).toContain('http://portal.test/reset-password#token=')
    expect((await login(email, '!invited')).statusCode).toBe(401)
  })

  it('sets a password on the customers’ reset screen, once', async () => {
    const token = await linkTokenTo(email)
    const set = await t.app.inject({ method: 'POST', url: '/api/password-reset/complete', payload: { token, newPassword: 'Person2026' } })
    expect(set.statusCode, set.body).toBe(200)
    const again = await t.app.inject({ method: 'POST', url: '/api/password-reset/complete', payload: { token, newPassword: 'Person2027' } })
    expect(again.statusCode).toBe(400)
  })

  it('must enrol an authenticator before any back office screen, and gets ten recovery codes', async () => {
    const first = await login(email, 'Person2026')
    expect(first.json()).toMatchObject({ realm: 'back-office', secondFactor: 'enrol' })
    const pending = first.json().token as string
    expect((await call(pending, 'GET', '/api/staff/me')).json().secondFactor).toBe('enrol')
    const enrolment = await call(pending, 'GET', '/api/staff/enrolment')
    expect(enrolment.statusCode).toBe(200)
    secret = enrolment.json().secret
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(enrolment.json().qrCode).toMatch(/^data:image\/svg\+xml;base64,/)
    // Asked again (the page reloaded), the same secret.
    expect((await call(pending, 'GET', '/api/staff/enrolment')).json().secret).toBe(secret)

    const wrong = await call(pending, 'POST', '/api/staff/enrolment', { code: totpCode(secret, 10) })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().fields[0].field).toBe('code')

    const done = await call(pending, 'POST', '/api/staff/enrolment', { code: totpCode(secret) })
    expect(done.statusCode, done.body).toBe(200)
    recoveryCodes = done.json().recoveryCodes
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    expect((await call(pending, 'GET', '/api/staff/me')).json().secondFactor).toBe('done')
    // Stored hashed, never as given.
    const stored = await t.db
      .selectFrom('back_office_recovery_codes')
      .innerJoin('back_office_users', 'back_office_users.id', 'back_office_recovery_codes.user_id')
      .select('code_hash')
      .where('email', '=', email)
      .execute()
    expect(stored).toHaveLength(10)
    for (const code of recoveryCodes) expect(stored.some((s) => Buffer.from(s.code_hash).toString().includes(code))).toBe(false)
  })

  it('signs in later with the authenticator’s code, each code once', async () => {
    const pending = (await login(email, 'Person2026')).json()
    expect(pending.secondFactor).toBe('verify')
    // The code the enrolment used is spent; the next step's is not.
    const replay = await call(pending.token, 'POST', '/api/staff/second-factor', { code: totpCode(secret) })
    expect(replay.statusCode).toBe(400)
    const ok = await call(pending.token, 'POST', '/api/staff/second-factor', { code: totpCode(secret, 1) })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json()).toMatchObject({ email, secondFactor: 'done' })
    expect((await call(pending.token, 'GET', '/api/staff/me')).json().secondFactor).toBe('done')
  })

  it('signs in with a recovery code, which works once', async () => {
    const code = recoveryCodes[3]!
    const first = (await login(email, 'Person2026')).json().token as string
    const ok = await call(first, 'POST', '/api/staff/second-factor', { code: code.toLowerCase().replace('-', ' ') })
    expect(ok.statusCode, ok.body).toBe(200)
    const second = (await login(email, 'Person2026')).json().token as string
    expect((await call(second, 'POST', '/api/staff/second-factor', { code })).statusCode).toBe(400)
    const audit = await t.db
      .selectFrom('back_office_audit')
      .select(['action', 'detail'])
      .where('user_email', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(audit).toEqual({ action: 'signed in', detail: { with: 'recovery code', recoveryCodesLeft: 9 } })
  })

  it('waits after five wrong codes, as a username does after five wrong passwords', async () => {
    await t.db.deleteFrom('login_failures').where('key', 'like', 'second-factor:%').execute()
    const token = (await login(email, 'Person2026')).json().token as string
    for (let i = 0; i < 5; i++) expect((await call(token, 'POST', '/api/staff/second-factor', { code: '000000' })).statusCode).toBe(400)
    const refused = await call(token, 'POST', '/api/staff/second-factor', { code: totpCode(secret, -1) })
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBeDefined()
    await t.db.deleteFrom('login_failures').where('key', 'like', 'second-factor:%').execute()
  })

  it('enrols again after an Administrator resets the second factor, and every session of theirs ends', async () => {
    const user = await t.db.selectFrom('back_office_users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
    const live = await backOfficeSessionFor(t.db, email)
    const reset = await call(admin, 'POST', `/api/staff/users/${user.id}/second-factor/reset`)
    expect(reset.statusCode).toBe(200)
    expect(reset.json().state).toBe('enrolling')
    expect((await call(live, 'GET', '/api/staff/me')).statusCode).toBe(401)
    expect((await login(email, 'Person2026')).json().secondFactor).toBe('enrol')
  })

  it('cannot sign in once disabled, and can again once enabled', async () => {
    const user = await t.db.selectFrom('back_office_users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
    const live = await backOfficeSessionFor(t.db, email)
    expect((await call(admin, 'POST', `/api/staff/users/${user.id}/disable`)).json().state).toBe('disabled')
    expect((await call(live, 'GET', '/api/staff/me')).statusCode).toBe(401)
    expect((await login(email, 'Person2026')).statusCode).toBe(401)
    expect((await call(admin, 'POST', `/api/staff/users/${user.id}/enable`)).statusCode).toBe(200)
    expect((await login(email, 'Person2026')).statusCode).toBe(200)
  })

  it('refuses an e-mail that already has a login, in either realm', async () => {
    expect((await call(admin, 'POST', '/api/staff/users', { email, name: 'Again', roles: ['Marketing'] })).statusCode).toBe(409)
    await t.db.updateTable('users').set({ username: 'someone@customer.example' }).where('username', '=', 'staff').execute()
    const taken = await call(admin, 'POST', '/api/staff/users', { email: 'Someone@Customer.example', name: 'Clash', roles: ['Marketing'] })
    expect(taken.statusCode).toBe(409)
    await t.db.updateTable('users').set({ username: 'staff' }).where('username', '=', 'someone@customer.example').execute()
  })
})

describe('there is always an enabled Administrator', () => {
  const adminId = async () =>
    (await t.db.selectFrom('back_office_users').select('id').where('email', '=', BACK_OFFICE.admin.email).executeTakeFirstOrThrow()).id

  it('refuses to take the last Administrator’s role, through the API', async () => {
    const res = await call(admin, 'PUT', `/api/staff/users/${await adminId()}/roles`, { roles: ['Marketing'] })
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toBe('last_administrator')
  })

  it('refuses an Administrator disabling their own login', async () => {
    const res = await call(admin, 'POST', `/api/staff/users/${await adminId()}/disable`)
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toBe('own_login')
  })

  it('refuses it in the database too, whoever writes', async () => {
    const id = await adminId()
    await expect(sql`UPDATE back_office_users SET roles = ARRAY['Marketing'] WHERE id = ${id}`.execute(t.db)).rejects.toThrow(/last active Administrator/)
    await expect(sql`UPDATE back_office_users SET active = false WHERE id = ${id}`.execute(t.db)).rejects.toThrow(/last active Administrator/)
    await expect(sql`DELETE FROM back_office_audit WHERE false`.execute(t.db)).resolves.toBeDefined()
  })

  it('lets the role go once another Administrator exists', async () => {
    const second = await invite('second.admin@riverinarural.example', ['Administrator'])
    const res = await call(admin, 'PUT', `/api/staff/users/${second.id}/roles`, { roles: ['Marketing'] })
    expect(res.statusCode).toBe(200)
    expect((await call(admin, 'PUT', `/api/staff/users/${second.id}/roles`, { roles: ['Administrator', 'Marketing'] })).statusCode).toBe(200)
    // Two Administrators demoting each other at once: one succeeds, the other is refused.
    const secondId = second.id
    const firstId = await adminId()
    const both = await Promise.allSettled([
      t.db.transaction().execute((trx) => sql`UPDATE back_office_users SET roles = ARRAY['Marketing'] WHERE id = ${firstId}`.execute(trx)),
      t.db.transaction().execute((trx) => sql`UPDATE back_office_users SET roles = ARRAY['Marketing'] WHERE id = ${secondId}`.execute(trx)),
    ])
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const admins = await sql<{ n: number }>`SELECT count(*)::int AS n FROM back_office_users WHERE active AND 'Administrator' = ANY(roles)`.execute(t.db)
    expect(admins.rows[0]!.n).toBe(1)
    // Put the demo Administrator back as it was.
    await sql`UPDATE back_office_users SET roles = ARRAY['Administrator'] WHERE id = ${firstId}`.execute(t.db)
  })
})

describe('sales representatives’ accounts', () => {
  it('are assigned and unassigned by an Administrator, to reps only', async () => {
    const rep = await t.db.selectFrom('back_office_users').select('id').where('email', '=', BACK_OFFICE.rep.email).executeTakeFirstOrThrow()
    const detail = await call(admin, 'GET', `/api/staff/users/${rep.id}`)
    expect(detail.json().assignments.map((a: { code: string }) => a.code)).toEqual(['BELLBRAE', 'KELLYFG'])
    const added = await call(admin, 'POST', `/api/staff/users/${rep.id}/assignments`, { accountCode: 'eldsth' })
    expect(added.statusCode, added.body).toBe(200)
    expect(added.json().assignments.map((a: { code: string }) => a.code)).toEqual(['BELLBRAE', 'ELDSTH', 'KELLYFG'])
    const eldsth = added.json().assignments.find((a: { code: string }) => a.code === 'ELDSTH').accountId
    expect((await call(admin, 'DELETE', `/api/staff/users/${rep.id}/assignments/${eldsth}`)).json().assignments).toHaveLength(2)
    expect((await call(admin, 'POST', `/api/staff/users/${rep.id}/assignments`, { accountCode: 'NOSUCH' })).statusCode).toBe(404)
    const service = await t.db.selectFrom('back_office_users').select('id').where('email', '=', BACK_OFFICE.service.email).executeTakeFirstOrThrow()
    expect((await call(admin, 'POST', `/api/staff/users/${service.id}/assignments`, { accountCode: 'KELLYFG' })).statusCode).toBe(409)
    // The database keeps to it too.
    const kelly = await t.db.selectFrom('customer_accounts').select('id').where('code', '=', 'KELLYFG').executeTakeFirstOrThrow()
    await expect(t.db.insertInto('back_office_assignments').values({ account_id: kelly.id, user_id: service.id }).execute()).rejects.toThrow(
      /Sales representative/,
    )
  })
})

describe('the audit', () => {
  it('records who did what, with their roles, the account and the address', async () => {
    const rows = await t.db.selectFrom('back_office_audit').selectAll().where('user_email', '=', BACK_OFFICE.admin.email).orderBy('id').execute()
    const actions = rows.map((r) => r.action)
    expect(actions).toEqual(
      expect.arrayContaining([
        'signed in',
        'user invited',
        'second factor reset',
        'user disabled',
        'user enabled',
        'roles changed',
        'account assigned',
        'account unassigned',
      ]),
    )
    const assigned = rows.find((r) => r.action === 'account assigned')!
    expect(assigned).toMatchObject({ account_code: 'ELDSTH', subject: BACK_OFFICE.rep.email, roles: ['Administrator'], address: '203.0.113.9' })
    // A refused change leaves no row.
    expect(rows.filter((r) => r.action === 'roles changed' && r.subject === BACK_OFFICE.admin.email)).toHaveLength(0)
  })

  it('cannot be changed or deleted', async () => {
    const row = await t.db.selectFrom('back_office_audit').select('id').orderBy('id').executeTakeFirstOrThrow()
    await expect(sql`UPDATE back_office_audit SET action = 'nothing happened' WHERE id = ${row.id}`.execute(t.db)).rejects.toThrow(/never changed or deleted/)
    await expect(sql`DELETE FROM back_office_audit WHERE id = ${row.id}`.execute(t.db)).rejects.toThrow(/never changed or deleted/)
    expect(await t.db.selectFrom('back_office_audit').select('action').where('id', '=', row.id).executeTakeFirst()).toBeDefined()
  })

  it('is listed to Administrators, filtered by user, action, account and dates', async () => {
    const all = await call(admin, 'GET', '/api/staff/audit')
    expect(all.statusCode).toBe(200)
    expect(all.json().actions).toContain('account assigned')
    const byAccount = (await call(admin, 'GET', '/api/staff/audit?account=eldsth')).json()
    expect(byAccount.entries.map((e: { action: string }) => e.action).sort()).toEqual(['account assigned', 'account unassigned'])
    const byAction = (await call(admin, 'GET', '/api/staff/audit?action=user%20invited')).json()
    expect(byAction.entries.length).toBeGreaterThanOrEqual(2)
    expect(byAction.entries.every((e: { action: string }) => e.action === 'user invited')).toBe(true)
    const adminId = (await call(admin, 'GET', '/api/staff/me')).json().id
    const byUser = (await call(admin, 'GET', `/api/staff/audit?user=${adminId}`)).json()
    expect(byUser.entries.every((e: { userEmail: string }) => e.userEmail === BACK_OFFICE.admin.email)).toBe(true)
    const today = new Date().toISOString().slice(0, 10)
    expect((await call(admin, 'GET', `/api/staff/audit?from=${today}&to=${today}`)).json().entries.length).toBeGreaterThan(0)
    expect((await call(admin, 'GET', '/api/staff/audit?from=2020-01-01&to=2020-01-31')).json().entries).toEqual([])
    const bad = await call(admin, 'GET', '/api/staff/audit?from=2026-02-30')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fields[0].field).toBe('querystring.from')
    expect((await call(admin, 'GET', `/api/staff/audit?from=2026-03-01&to=2026-02-01`)).statusCode).toBe(400)
  })

  it('exports as CSV with formula-like cells neutralised', async () => {
    await t.db
      .insertInto('back_office_audit')
      .values({ user_email: '@evil.example', roles: ['Administrator'], action: '=1+2', subject: '-cmd', account_code: '+SUM(A1)', address: '\tnext' })
      .execute()
    const res = await call(admin, 'GET', '/api/staff/audit/csv')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/csv/)
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="back-office-audit-/)
    const line = res.body.split('\r\n').find((l) => l.includes('evil.example') && l.includes('1+2'))!
    expect(line.split(',').slice(1)).toEqual(["'@evil.example", 'Administrator', "'=1+2", "'+SUM(A1)", "'-cmd", "'\tnext"])
  })

  it('neutralises every cell a spreadsheet would read as a formula', () => {
    expect(['=1', '+1', '-1', '@x', '\tx', '\rx', 'plain', '1-2'].map(csvCell)).toEqual(["'=1", "'+1", "'-1", "'@x", "'\tx", `"'\rx"`, 'plain', '1-2'])
    expect(csvCell('a,"b"')).toBe('"a,""b"""')
  })
})
