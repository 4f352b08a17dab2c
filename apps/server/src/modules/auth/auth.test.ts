import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, DEMO, nextAddress, signIn, startTestApp, type TestContext } from '../../../test/helpers'

let t: TestContext
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(async () => t?.close())

const login = (payload: unknown, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: payload as object, remoteAddress })

describe('signing in', () => {
  it('returns the user, a token and the settings with the default branch', async () => {
    const res = await login(DEMO.trade)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.user).toMatchObject({ username: 'trade', Role: 'Administrator', SalesCategory: 'TRADE', isElders: false })
    expect(body.user.Name).toEqual(expect.any(String))
    expect(body.user.Abbreviation).toEqual(expect.any(String))
    expect(body.settings.DefaultWareHouse).toBe('WAG')
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('accepts the username in any case', async () => {
    const res = await login({ username: 'TRADE', password: DEMO.trade.password })
    expect(res.statusCode).toBe(200)
  })

  it('gives each demo login its account kind and branch', async () => {
    const cash = (await login(DEMO.cash)).json()
    expect(cash.user.SalesCategory.toUpperCase()).toBe('CAS')
    expect(cash.settings.DefaultWareHouse).toBe('MEL')
    const elders = (await login(DEMO.elders)).json()
    expect(elders.user.isElders).toBe(true)
    expect(elders.settings.BranchGroup.length).toBeGreaterThan(1)
    const staff = (await login(DEMO.staff)).json()
    expect(staff.user.Role).toBe('User')
    expect(staff.user.Abbreviation).toBe((await login(DEMO.trade)).json().user.Abbreviation)
  })

  it('answers an unknown user exactly as a wrong password', async () => {
    const wrong = await login({ username: 'trade', password: 'Nope12345' })
    const unknown = await login({ username: 'nobody-here', password: 'Nope12345' })
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(unknown.json()).toEqual(wrong.json())
    expect(wrong.json().message).toBe('Username / password provided is incorrect!')
  })

  it('refuses a body without a username with 400 naming the field', async () => {
    const res = await login({ password: 'x' })
    expect(res.statusCode).toBe(400)
    expect(res.json().fields).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'body.username' })]))
  })
})

describe('sign-in throttling', () => {
  it('blocks a username after repeated failures, even with the right password, from any address', async () => {
    const who = { username: 'staff', password: 'Wrong1234' }
    for (let i = 0; i < t.config.loginThrottle.perUser; i++) expect((await login(who)).statusCode).toBe(401)
    const blocked = await login(DEMO.staff)
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().error).toBe('too_many_requests')
    await t.db.deleteFrom('login_failures').execute()
    expect((await login(DEMO.staff)).statusCode).toBe(200)
  })

  it('slows down an address that tries many usernames, and still signs in a right password from it', async () => {
    const address = '192.0.2.77'
    for (let i = 0; i < t.config.loginThrottle.perAddress; i++) {
      expect((await login({ username: `guess${i}`, password: 'Guess1234' }, address)).statusCode).toBe(401)
    }
    const started = performance.now()
    expect((await login(DEMO.trade, address)).statusCode).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(t.config.loginThrottle.addressDelayMs - 2)
    expect((await login(DEMO.trade)).statusCode).toBe(200)
    await t.db.deleteFrom('login_failures').execute()
  })
})

describe('sessions', () => {
  it('accepts the token as a bearer header and as the token query parameter', async () => {
    const token = await signIn(t.app, DEMO.trade)
    const byHeader = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })
    expect(byHeader.statusCode).toBe(200)
    expect(byHeader.json().user.username).toBe('trade')
    const byQuery = await t.app.inject({ method: 'GET', url: `/api/me?token=${token}` })
    expect(byQuery.statusCode).toBe(200)
  })

  it('answers 401 without a token, with an unknown token and after logout', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer('x'.repeat(43)) })).statusCode).toBe(401)
    const token = await signIn(t.app, DEMO.trade)
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) })).statusCode).toBe(204)
    const after = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })
    expect(after.statusCode).toBe(401)
    expect(after.json().error).toBe('unauthorized')
  })

  it('ends a session past its absolute expiry', async () => {
    const token = await signIn(t.app, DEMO.cash)
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('revoked_at', 'is', null)
      .execute()
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).statusCode).toBe(401)
  })

  it('ends a session left idle too long', async () => {
    const token = await signIn(t.app, DEMO.cash)
    const idle = new Date(Date.now() - t.config.session.idleMs - 60_000)
    await t.db.updateTable('sessions').set({ last_seen_at: idle }).where('revoked_at', 'is', null).execute()
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).statusCode).toBe(401)
  })

  it('stores only a hash of the token', async () => {
    const token = await signIn(t.app, DEMO.elders)
    const rows = await t.db.selectFrom('sessions').select('token_hash').execute()
    expect(rows.some((r) => Buffer.from(r.token_hash).toString('base64url') === token)).toBe(false)
    expect(rows.every((r) => Buffer.from(r.token_hash).length === 32)).toBe(true)
  })
})

describe('password reset', () => {
  const request = (payload: object) => t.app.inject({ method: 'POST', url: '/api/password-reset', payload })
  const complete = (payload: object) => t.app.inject({ method: 'POST', url: '/api/password-reset/complete', payload })
  const lastMail = () => t.db.selectFrom('email_outbox').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst()
  const tokenIn = (text: string) => /reset-password#token=([A-Za-z0-9_-]+)/.exec(text)?.[1]

  it('gives the same answer whether or not the username and email match, and mails only a match', async () => {
    const before = await t.db
      .selectFrom('email_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    const noUser = await request({ username: 'nobody', email: 'nobody@example.com' })
    const wrongEmail = await request({ username: 'cash', email: 'wrong@example.com' })
    expect(noUser.statusCode).toBe(200)
    expect(wrongEmail.json()).toEqual(noUser.json())
    const after = await t.db
      .selectFrom('email_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n))
  })

  it('mails a single-use link that sets a new password', async () => {
    const user = await t.db.selectFrom('users').select(['email']).where('username', '=', 'cash').executeTakeFirstOrThrow()
    const oldToken = await signIn(t.app, DEMO.cash)
    const res = await request({ username: 'Cash', email: user.email.toUpperCase() })
    expect(res.statusCode).toBe(200)

    const mail = await lastMail()
    expect(mail?.to_address).toBe(user.email)
    const token = tokenIn(mail!.text_body)
    expect(token).toBeDefined()
    expect(mail!.text_body).toContain('http://portal.test/reset-password#token=')

    const done = await complete({ token, newPassword: 'NewCash2027' })
    expect(done.statusCode).toBe(200)
    expect(done.json().message).toBe('Your password has been reset successfully')

    expect((await login({ username: 'cash', password: 'NewCash2027' })).statusCode).toBe(200)
    expect((await login(DEMO.cash)).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(oldToken) })).statusCode).toBe(401)

    const again = await complete({ token, newPassword: 'Another2028' })
    expect(again.statusCode).toBe(400)
    expect(again.json().error).toBe('reset_link_invalid')
    expect((await login({ username: 'cash', password: 'Another2028' })).statusCode).toBe(401)

    await request({ username: 'cash', email: user.email })
    await complete({ token: tokenIn((await lastMail())!.text_body), newPassword: DEMO.cash.password })
    await t.db.deleteFrom('login_failures').execute()
  })

  it('refuses an expired link', async () => {
    const user = await t.db.selectFrom('users').select(['email']).where('username', '=', 'elders').executeTakeFirstOrThrow()
    await request({ username: 'elders', email: user.email })
    const token = tokenIn((await lastMail())!.text_body)
    await t.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('used_at', 'is', null)
      .execute()
    const res = await complete({ token, newPassword: 'Elders2099' })
    expect(res.statusCode).toBe(400)
    expect((await login(DEMO.elders)).statusCode).toBe(200)
  })

  it('holds the new password to the password rules', async () => {
    const res = await complete({ token: 'a'.repeat(43), newPassword: 'nonumbers' })
    expect(res.statusCode).toBe(400)
    expect(res.json().fields[0]).toMatchObject({ field: 'body.newPassword', message: 'Password must contain at least one number.' })
  })
})

describe('changing the password', () => {
  const change = (token: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/change-password', headers: bearer(token), payload })

  it('needs the right current password', async () => {
    const token = await signIn(t.app, DEMO.staff)
    const res = await change(token, { currentPassword: 'Wrong1234', newPassword: 'Staff2027x' })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('Failed to update password. Please make sure that the current password provided is correct')
  })

  it('needs a new password with a number and at least 8 characters', async () => {
    const token = await signIn(t.app, DEMO.staff)
    expect((await change(token, { currentPassword: DEMO.staff.password, newPassword: 'NoNumbersHere' })).statusCode).toBe(400)
    expect((await change(token, { currentPassword: DEMO.staff.password, newPassword: 'Ab1' })).statusCode).toBe(400)
    expect((await change(token, { currentPassword: DEMO.staff.password, newPassword: '' })).statusCode).toBe(400)
    expect((await login(DEMO.staff)).statusCode).toBe(200)
  })

  it('changes it, keeps this session and ends the others', async () => {
    const other = await signIn(t.app, DEMO.staff)
    const mine = await signIn(t.app, DEMO.staff)
    const res = await change(mine, { currentPassword: DEMO.staff.password, newPassword: 'Staff2027x' })
    expect(res.statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(mine) })).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(other) })).statusCode).toBe(401)
    expect((await login({ username: 'staff', password: 'Staff2027x' })).statusCode).toBe(200)
    await change(mine, { currentPassword: 'Staff2027x', newPassword: DEMO.staff.password })
  })

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/change-password', payload: { currentPassword: 'a', newPassword: 'abcdefg1' } })
    expect(res.statusCode).toBe(401)
  })
})
