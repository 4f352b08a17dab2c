import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DEMO, startTestApp, type TestContext } from '../helpers'

/**
 * Sign-in brute force. modules/auth/auth.test.ts already shows that a username is blocked after its
 * failures from any address, even with the right password, and that an address trying many usernames
 * is blocked. These fill the gaps: recovery when the window passes (by ageing the failure rows, not by
 * waiting), the limits not being sidestepped by spelling or a forged forwarding header, and the
 * password-reset mail being throttled too. Small limits keep the number of (deliberately slow) password
 * checks down.
 */
const PER_USER = 3
const PER_ADDRESS = 6
const WINDOW_MINUTES = 15

let t: TestContext
beforeAll(async () => {
  t = await startTestApp({
    LOGIN_MAX_FAILURES_PER_USER: String(PER_USER),
    LOGIN_MAX_FAILURES_PER_ADDRESS: String(PER_ADDRESS),
    LOGIN_WINDOW_MINUTES: String(WINDOW_MINUTES),
  })
})
afterAll(async () => t?.close())
beforeEach(async () => {
  await t.db.deleteFrom('login_failures').execute()
})

let addresses = 0
const freshAddress = () => `198.51.100.${++addresses}`
const login = (payload: object, remoteAddress = freshAddress(), headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload, remoteAddress, headers })

/** Moves every recorded failure back in time, as if the given number of minutes had passed. */
const age = (minutes: number) =>
  t.db
    .updateTable('login_failures')
    .set({ failed_at: new Date(Date.now() - minutes * 60_000) })
    .execute()

describe('per username', () => {
  it('refuses the right password once the username has had its failures, with a 429 in the API error shape', async () => {
    for (let i = 0; i < PER_USER; i++) expect((await login({ username: 'trade', password: `Wrong${i}xyz` })).statusCode).toBe(401)
    const blocked = await login(DEMO.trade)
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toEqual({ error: 'too_many_requests', message: `Too many failed sign-in attempts. Try again in ${WINDOW_MINUTES} minutes.` })
    expect(blocked.json()).not.toHaveProperty('token')
  })

  it('is not sidestepped by writing the username in another case or with spaces around it', async () => {
    const spellings = ['trade', 'TRADE', ' Trade ', 'tRaDe']
    for (let i = 0; i < PER_USER; i++) expect((await login({ username: spellings[i]!, password: 'Wrong1234' })).statusCode).toBe(401)
    for (const username of spellings) expect((await login({ username, password: DEMO.trade.password })).statusCode).toBe(429)
  })

  it('counts only the failures within the window: the username works again once they are older', async () => {
    for (let i = 0; i < PER_USER; i++) await login({ username: 'staff', password: 'Wrong1234' })
    expect((await login(DEMO.staff)).statusCode).toBe(429)
    await age(WINDOW_MINUTES - 1)
    expect((await login(DEMO.staff)).statusCode).toBe(429)
    await age(WINDOW_MINUTES + 1)
    expect((await login(DEMO.staff)).statusCode).toBe(200)
  })

  it('starts counting afresh after a successful sign-in', async () => {
    for (let i = 0; i < PER_USER - 1; i++) await login({ username: 'cash', password: 'Wrong1234' })
    expect((await login(DEMO.cash)).statusCode).toBe(200)
    for (let i = 0; i < PER_USER - 1; i++) await login({ username: 'cash', password: 'Wrong1234' })
    expect((await login(DEMO.cash)).statusCode).toBe(200)
  })

  it('blocks one username without touching the others', async () => {
    for (let i = 0; i < PER_USER; i++) await login({ username: 'elders', password: 'Wrong1234' })
    expect((await login(DEMO.elders)).statusCode).toBe(429)
    expect((await login(DEMO.trade)).statusCode).toBe(200)
  })
})

describe('per address', () => {
  it('refuses every username, right password or not, from an address that had its failures, and recovers after the window', async () => {
    const address = '203.0.113.9'
    for (let i = 0; i < PER_ADDRESS; i++) expect((await login({ username: `guess${i}`, password: 'Guess1234' }, address)).statusCode).toBe(401)
    expect((await login(DEMO.trade, address)).statusCode).toBe(429)
    expect((await login(DEMO.cash, address)).statusCode).toBe(429)
    expect((await login(DEMO.trade)).statusCode).toBe(200)
    await age(WINDOW_MINUTES + 1)
    expect((await login(DEMO.trade, address)).statusCode).toBe(200)
  })

  it('takes the address from the connection, not from an X-Forwarded-For header, unless TRUST_PROXY is set', async () => {
    const address = '203.0.113.10'
    for (let i = 0; i < PER_ADDRESS; i++) {
      const forged = { 'x-forwarded-for': `192.0.2.${i + 1}` }
      expect((await login({ username: `guess${i}`, password: 'Guess1234' }, address, forged)).statusCode).toBe(401)
    }
    expect((await login(DEMO.trade, address, { 'x-forwarded-for': '192.0.2.200' })).statusCode).toBe(429)
  })

  it('behind a trusted proxy, counts the client address the proxy forwards', async () => {
    const proxied = await startTestApp({
      TRUST_PROXY: 'true',
      LOGIN_MAX_FAILURES_PER_USER: '100',
      LOGIN_MAX_FAILURES_PER_ADDRESS: String(PER_ADDRESS),
    })
    try {
      const proxy = '10.1.1.1'
      const via = (client: string, payload: object) =>
        proxied.app.inject({ method: 'POST', url: '/api/login', payload, remoteAddress: proxy, headers: { 'x-forwarded-for': client } })
      for (let i = 0; i < PER_ADDRESS; i++) expect((await via('192.0.2.50', { username: `guess${i}`, password: 'Guess1234' })).statusCode).toBe(401)
      expect((await via('192.0.2.50', DEMO.trade)).statusCode).toBe(429)
      // Another customer behind the same proxy is not locked out.
      expect((await via('192.0.2.51', DEMO.trade)).statusCode).toBe(200)
    } finally {
      await proxied.close()
    }
  })
})

describe('password reset requests', () => {
  it('mail at most three reset links per user in the window, with the same answer every time', async () => {
    const { email } = await t.db.selectFrom('users').select('email').where('username', '=', 'staff').executeTakeFirstOrThrow()
    const mails = async () =>
      Number(
        (
          await t.db
            .selectFrom('email_outbox')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('to_address', '=', email)
            .executeTakeFirstOrThrow()
        ).n,
      )
    const before = await mails()
    const answers = new Set<string>()
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { username: 'staff', email }, remoteAddress: freshAddress() })
      expect(res.statusCode).toBe(200)
      answers.add(res.body)
    }
    expect(answers.size).toBe(1)
    expect((await mails()) - before).toBe(3)
  })
})
