import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DEMO, startTestApp, type TestContext } from '../helpers'

/**
 * Sign-in brute force (docs/decisions/0025-sign-in-throttling-and-request-limits.md). A username that has had
 * its failures waits, a minute and then twice as long after each further failure, and is refused, even with
 * the right password, while it waits. An address that has had its failures is slowed down but still signs in
 * a right password for a username that is not waiting; only far beyond (the ceiling) is it refused. These
 * check the waits and the recovery (by ageing the failure rows, not by waiting), the limits not being
 * sidestepped by spelling or a forged forwarding header, the e-mailed reset getting its owner back in, the
 * password-reset mail being throttled too, and, at the default limits, an office behind one address against
 * a guessing run. Small limits keep the number of (deliberately slow) password checks down.
 */
const PER_USER = 3
const PER_ADDRESS = 6
const CEILING = 12
const ADDRESS_DELAY_MS = 40
const WINDOW_MINUTES = 15

let t: TestContext
beforeAll(async () => {
  t = await startTestApp({
    LOGIN_MAX_FAILURES_PER_USER: String(PER_USER),
    LOGIN_MAX_FAILURES_PER_ADDRESS: String(PER_ADDRESS),
    LOGIN_ADDRESS_CEILING: String(CEILING),
    LOGIN_ADDRESS_DELAY_MS: String(ADDRESS_DELAY_MS),
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
  it('refuses the right password once the username has had its failures, with a 429 in the API error shape and a Retry-After', async () => {
    for (let i = 0; i < PER_USER; i++) expect((await login({ username: 'trade', password: `Wrong${i}xyz` })).statusCode).toBe(401)
    const blocked = await login(DEMO.trade)
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toEqual({ error: 'too_many_requests', message: 'Too many failed sign-in attempts. Try again in 1 minute.' })
    expect(blocked.json()).not.toHaveProperty('token')
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60)
  })

  it('is not sidestepped by writing the username in another case or with spaces around it', async () => {
    const spellings = ['trade', 'TRADE', ' Trade ', 'tRaDe']
    for (let i = 0; i < PER_USER; i++) expect((await login({ username: spellings[i]!, password: 'Wrong1234' })).statusCode).toBe(401)
    for (const username of spellings) expect((await login({ username, password: DEMO.trade.password })).statusCode).toBe(429)
  })

  it('waits a minute after its failures, twice as long after each further failure, then works again', async () => {
    for (let i = 0; i < PER_USER; i++) await login({ username: 'staff', password: 'Wrong1234' })
    expect((await login(DEMO.staff)).statusCode).toBe(429)
    await age(0.5)
    expect((await login(DEMO.staff)).json().message).toBe('Too many failed sign-in attempts. Try again in 1 minute.')
    await age(1.1)
    // The minute has passed: one more try, wrong, and the wait is two minutes.
    expect((await login({ username: 'staff', password: 'Wrong1234' })).statusCode).toBe(401)
    expect((await login(DEMO.staff)).json().message).toBe('Too many failed sign-in attempts. Try again in 2 minutes.')
    await age(1.5)
    expect((await login(DEMO.staff)).statusCode).toBe(429)
    await age(2.1)
    expect((await login(DEMO.staff)).statusCode).toBe(200)
  })

  it('waits at most the window, and counts only the failures within it', async () => {
    await t.db
      .insertInto('login_failures')
      .values(Array.from({ length: PER_USER + 8 }, () => ({ key: 'user:elders' })))
      .execute()
    const blocked = await login(DEMO.elders)
    expect(blocked.json().message).toBe(`Too many failed sign-in attempts. Try again in ${WINDOW_MINUTES} minutes.`)
    await age(WINDOW_MINUTES - 1)
    expect((await login(DEMO.elders)).statusCode).toBe(429)
    await age(WINDOW_MINUTES + 1)
    expect((await login(DEMO.elders)).statusCode).toBe(200)
  })

  it('does not count the tries it refuses: hammering a waiting username does not lengthen its wait', async () => {
    for (let i = 0; i < PER_USER; i++) await login({ username: 'cash', password: 'Wrong1234' })
    for (let i = 0; i < 5; i++) expect((await login({ username: 'cash', password: `Guess${i}xyz` })).statusCode).toBe(429)
    await age(1.1)
    expect((await login(DEMO.cash)).statusCode).toBe(200)
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

  it('lets the e-mailed reset get its owner back in at once, whoever made the username wait', async () => {
    const user = await t.db.selectFrom('users').select(['id', 'email', 'password_hash']).where('username', '=', 'staff').executeTakeFirstOrThrow()
    try {
      for (let i = 0; i < PER_USER + 2; i++) await login({ username: 'staff', password: 'Wrong1234' })
      expect((await login(DEMO.staff)).statusCode).toBe(429)
      const asked = await t.app.inject({
        method: 'POST',
        url: '/api/password-reset',
        payload: { username: 'staff', email: user.email },
        remoteAddress: freshAddress(),
      })
      expect(asked.statusCode).toBe(200)
      const mail = await t.db
        .selectFrom('email_outbox')
        .select('text_body')
        .where('to_address', '=', user.email)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
      const token = /reset-password#token=([A-Za-z0-9_-]+)/.exec(mail.text_body)?.[1]
      const done = await t.app.inject({
        method: 'POST',
        url: '/api/password-reset/complete',
        payload: { token, newPassword: 'Staff2099x' },
        remoteAddress: freshAddress(),
      })
      expect(done.statusCode).toBe(200)
      expect((await login({ username: 'staff', password: 'Staff2099x' })).statusCode).toBe(200)
    } finally {
      await t.db.updateTable('users').set({ password_hash: user.password_hash }).where('id', '=', user.id).execute()
    }
  })
})

describe('per address', () => {
  it('slows an address down after its failures, still signing in a right password from it, refuses it at the ceiling, and recovers after the window', async () => {
    const address = '203.0.113.9'
    for (let i = 0; i < PER_ADDRESS; i++) expect((await login({ username: `guess${i}`, password: 'Guess1234' }, address)).statusCode).toBe(401)
    expect((await login(DEMO.trade, address)).statusCode).toBe(200)
    for (let i = PER_ADDRESS; i < CEILING; i++) expect((await login({ username: `guess${i}`, password: 'Guess1234' }, address)).statusCode).toBe(401)
    const refused = await login(DEMO.trade, address)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({
      error: 'too_many_requests',
      message: `Too many failed sign-in attempts from your network. Try again in ${WINDOW_MINUTES} minutes.`,
    })
    expect(refused.headers['retry-after']).toBe(String(WINDOW_MINUTES * 60))
    expect((await login(DEMO.cash, address)).statusCode).toBe(429)
    expect((await login(DEMO.trade)).statusCode).toBe(200)
    await age(WINDOW_MINUTES + 1)
    expect((await login(DEMO.trade, address)).statusCode).toBe(200)
  })

  it('holds every answer to a slowed address, right or wrong, by a delay that grows with its failures', async () => {
    const address = '203.0.113.11'
    for (let i = 0; i < PER_ADDRESS; i++) await login({ username: `guess${i}`, password: 'Guess1234' }, address)
    const timed = async (payload: object) => {
      const started = performance.now()
      const res = await login(payload, address)
      return { status: res.statusCode, ms: performance.now() - started }
    }
    const right = await timed(DEMO.trade)
    expect(right.status).toBe(200)
    expect(right.ms).toBeGreaterThanOrEqual(ADDRESS_DELAY_MS - 2)
    const wrong = await timed({ username: 'nobody-at-all', password: 'Guess1234' })
    expect(wrong.status).toBe(401)
    expect(wrong.ms).toBeGreaterThanOrEqual(ADDRESS_DELAY_MS - 2)
    // One failure more: the next answer waits twice the step.
    const after = await timed(DEMO.cash)
    expect(after.status).toBe(200)
    expect(after.ms).toBeGreaterThanOrEqual(2 * ADDRESS_DELAY_MS - 2)
  })

  it('takes the address from the connection, not from an X-Forwarded-For header, unless TRUST_PROXY is set', async () => {
    const address = '203.0.113.10'
    for (let i = 0; i < CEILING; i++) {
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
      LOGIN_ADDRESS_CEILING: String(CEILING),
      LOGIN_ADDRESS_DELAY_MS: '1',
    })
    try {
      const proxy = '10.1.1.1'
      const via = (client: string, payload: object) =>
        proxied.app.inject({ method: 'POST', url: '/api/login', payload, remoteAddress: proxy, headers: { 'x-forwarded-for': client } })
      for (let i = 0; i < CEILING; i++) expect((await via('192.0.2.50', { username: `guess${i}`, password: 'Guess1234' })).statusCode).toBe(401)
      expect((await via('192.0.2.50', DEMO.trade)).statusCode).toBe(429)
      // Another customer behind the same proxy is not locked out.
      expect((await via('192.0.2.51', DEMO.trade)).statusCode).toBe(200)
    } finally {
      await proxied.close()
    }
  })
})

describe('an office behind one address, at the default limits', () => {
  let office: TestContext
  beforeAll(async () => {
    // The defaults (5 per username, 30 per address, ceiling 300), with a short slow-down step so the run is quick.
    office = await startTestApp({ LOGIN_ADDRESS_DELAY_MS: '10' })
  })
  afterAll(async () => office?.close())
  const signIn = (payload: object, remoteAddress: string) => office.app.inject({ method: 'POST', url: '/api/login', payload, remoteAddress })

  it('signs a colleague in with the right password after 40 failures from the address against unknown names', async () => {
    const address = '198.18.0.1'
    expect(office.config.loginThrottle.perAddress).toBe(30)
    for (let i = 0; i < 40; i++) expect((await signIn({ username: `made-up-${i}`, password: 'Guess1234' }, address)).statusCode).toBe(401)
    const colleague = await signIn({ username: 'trade', password: 'Trade2026' }, address)
    expect(colleague.statusCode).toBe(200)
    expect(colleague.json().token).toEqual(expect.any(String))
  })

  it('stops a guessing run against one username at the sixth try, the right password included', async () => {
    const address = '198.18.0.2'
    expect(office.config.loginThrottle.perUser).toBe(5)
    for (let i = 0; i < 5; i++) expect((await signIn({ username: 'staff', password: `Guess${i}xyz` }, address)).statusCode).toBe(401)
    expect((await signIn(DEMO.staff, address)).statusCode).toBe(429)
    for (let i = 0; i < 5; i++) expect((await signIn({ username: 'staff', password: `More${i}xyz` }, `198.18.1.${i}`)).statusCode).toBe(429)
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
