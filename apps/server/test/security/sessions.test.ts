import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashToken } from '../../src/lib/tokens'
import { bearer, DEMO, signIn, startTestApp, type TestContext } from '../helpers'
import { sessionFor } from './surface'

/**
 * How sessions end. Already shown elsewhere, and not repeated here:
 * - modules/auth/auth.test.ts: 401 without a token, with an unknown one and after logout; absolute expiry;
 *   idle expiry; only the token's hash is stored; a password reset ends every session of the user; a
 *   password change keeps the caller's session and ends the others;
 * - modules/users/users.test.ts: an Administrator's new password for a user ends that user's sessions; a
 *   deleted user's open session answers 401;
 * - lib/caches.test.ts: a session revoked, or a role changed, by another writer is seen at once by an
 *   instance that had the session in memory;
 * - access-matrix.test.ts: a revoked and an expired session are refused by every route, as a header and as
 *   the token query parameter.
 * The gaps: what logout ends and what it leaves, that the idle window slides with use while the absolute
 * expiry does not, and that a role taken away or an account's user deleted takes effect on the next request.
 */
let t: TestContext
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(async () => t?.close())

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })
const sessionRow = (token: string) => t.db.selectFrom('sessions').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow()

describe('logout', () => {
  it('ends the session it is sent with and leaves the same user’s other sessions alone', async () => {
    const phone = await signIn(t.app, DEMO.elders)
    const office = await signIn(t.app, DEMO.elders)
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(phone) })).statusCode).toBe(204)
    expect((await me(phone)).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'GET', url: `/api/me?token=${phone}` })).statusCode).toBe(401)
    expect((await me(office)).statusCode).toBe(200)
    expect((await sessionRow(phone)).revoked_at).not.toBeNull()
  })

  it('cannot be replayed: a second logout with the same token answers 401', async () => {
    const token = await signIn(t.app, DEMO.cash)
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) })).statusCode).toBe(204)
    const again = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) })
    expect(again.statusCode).toBe(401)
    expect(again.json().error).toBe('unauthorized')
  })
})

describe('expiry', () => {
  it('slides the idle window forward with use', async () => {
    const token = await signIn(t.app, DEMO.trade)
    const nearlyIdle = new Date(Date.now() - t.config.session.idleMs + 5 * 60_000)
    await t.db.updateTable('sessions').set({ last_seen_at: nearlyIdle }).where('token_hash', '=', hashToken(token)).execute()
    expect((await me(token)).statusCode).toBe(200)
    const touched = (await sessionRow(token)).last_seen_at
    expect(touched.getTime()).toBeGreaterThan(Date.now() - 60_000)
  })

  it('does not move the absolute expiry, however much the session is used', async () => {
    const before = Date.now()
    const token = await signIn(t.app, DEMO.trade)
    const { expires_at: expiresAt } = await sessionRow(token)
    expect(expiresAt.getTime()).toBeGreaterThanOrEqual(before + t.config.session.maxMs - 1000)
    expect(expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + t.config.session.maxMs)
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 2 * 60_000) })
      .where('token_hash', '=', hashToken(token))
      .execute()
    for (let i = 0; i < 3; i++) expect((await me(token)).statusCode).toBe(200)
    expect((await sessionRow(token)).expires_at.getTime()).toBe(expiresAt.getTime())
  })

  it('issues a different, unguessable token at every sign-in', async () => {
    const tokens = [await signIn(t.app, DEMO.staff), await signIn(t.app, DEMO.staff)]
    expect(tokens[0]).not.toBe(tokens[1])
    for (const token of tokens) expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16)
  })
})

describe('changes to the user', () => {
  it('a role taken away holds from the next request of the session that had it', async () => {
    const admin = await sessionFor(t.db, (await t.db.selectFrom('users').select('id').where('username', '=', 'kellyfg.accounts').executeTakeFirstOrThrow()).id)
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(admin) })).statusCode).toBe(200)
    const trade = await signIn(t.app, DEMO.trade)
    const demote = await t.app.inject({ method: 'PUT', url: '/api/users', headers: bearer(trade), payload: { username: 'kellyfg.accounts', role: 'User' } })
    expect(demote.statusCode).toBe(200)
    const after = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(admin) })
    expect(after.statusCode).toBe(403)
    expect((await me(admin)).json().user.Role).toBe('User')
  })

  it('a deleted user’s every session ends, the token query parameter included', async () => {
    const trade = await signIn(t.app, DEMO.trade)
    const userId = (await t.db.selectFrom('users').select('id').where('username', '=', 'kellyfg.liam').executeTakeFirstOrThrow()).id
    const sessions = [await sessionFor(t.db, userId), await sessionFor(t.db, userId)]
    for (const token of sessions) expect((await me(token)).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'DELETE', url: '/api/users', headers: bearer(trade), payload: { username: 'kellyfg.liam' } })).statusCode).toBe(200)
    expect((await me(sessions[0]!)).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'GET', url: `/api/cart?token=${sessions[1]}` })).statusCode).toBe(401)
  })
})
