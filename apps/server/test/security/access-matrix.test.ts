import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashToken } from '../../src/lib/tokens'
import { BACK_OFFICE, BACK_OFFICE_USERS, backOfficeSessionFor } from '../back-office'
import { DEMO, signIn, startTestApp, TEST_ERP_KEY, type TestContext } from '../helpers'
import { caller, loadFixtures, USERS, WHO, type User } from './fixtures'
import { createCtx, get, MATRIX, PICTURES, post, type Ctx, type Req, type Row } from './matrix'
import { listRoutes, routeKey, sessionFor, type Who } from './surface'

/** The table and what its columns mean: matrix.ts. */
let t: TestContext
let ctx: Ctx
let dead: { revoked: string; expired: string }
const call = (token: string | null, req: Req) => caller(t.app)(token, req)

beforeAll(async () => {
  t = await startTestApp()
  ctx = await createCtx(t, await loadFixtures(t.app, t.db))
  const revoked = await signIn(t.app, DEMO.trade)
  await call(revoked, post('/api/logout'))
  const expired = await sessionFor(t.db, (await t.db.selectFrom('users').select('id').where('username', '=', 'trade').executeTakeFirstOrThrow()).id)
  await t.db
    .updateTable('sessions')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where('token_hash', '=', hashToken(expired))
    .execute()
  dead = { revoked, expired }
}, 300_000)
afterAll(async () => t?.close())

const errorCode: Record<number, string> = { 401: 'unauthorized', 403: 'forbidden' }

async function cell(row: Row, who: Who, kind: 'own' | 'other'): Promise<LightMyRequestResponse> {
  if (who !== 'anon') await row.prepare?.(ctx, who)
  const req = kind === 'own' ? await row.request(ctx, who) : await row.otherRequest!(ctx, who as User)
  const token = who === 'anon' ? null : row.fresh ? await signIn(t.app, DEMO[who]) : ctx.f.tokens[who]
  const res = await call(token, req)
  // Refusals say why in the API's error shape.
  if (req.url.startsWith('/api/') && (res.statusCode === 401 || res.statusCode === 403)) {
    expect(res.json(), `${row.route} as ${who}: ${res.body}`).toMatchObject({ error: errorCode[res.statusCode], message: expect.any(String) })
  }
  return res
}

describe('the access matrix', () => {
  it('lists every route the app has, and no route it does not', async () => {
    const inApp = listRoutes(t.app).map(routeKey)
    const inMatrix = MATRIX.map((r) => r.route)
    expect(new Set(inMatrix).size, 'a route is listed twice').toBe(inMatrix.length)
    expect({ missingFromMatrix: inApp.filter((r) => !inMatrix.includes(r)), notInApp: inMatrix.filter((r) => !inApp.includes(r)) }).toEqual({
      missingFromMatrix: [],
      notInApp: [],
    })
  })

  for (const row of MATRIX) {
    it(row.route, async () => {
      const got: number[] = []
      const gotOther: number[] = []
      const deadSessions: number[] = []
      const surprises: string[] = []
      const note = (label: string, expected: number, res: LightMyRequestResponse) => {
        if (res.statusCode !== expected) surprises.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`)
        return res.statusCode
      }
      for (const [i, who] of WHO.entries()) got.push(note(who, row.expect[i]!, await cell(row, who, 'own')))
      if (row.other) for (const [i, who] of USERS.entries()) gotOther.push(note(`${who} (other)`, row.other[i]!, await cell(row, who, 'other')))
      // A revoked or an expired session is no session at all, as a header or as the token query parameter.
      const req = await row.request(ctx, 'anon')
      deadSessions.push(note('revoked token', row.expect[0], await call(dead.revoked, req)))
      const withToken = `${req.url}${req.url.includes('?') ? '&' : '?'}token=${dead.expired}`
      deadSessions.push(note('expired token', row.expect[0], await call(null, { ...req, url: withToken })))
      // The ERP interchange's key: accepted by the /api/erp routes only, and no session anywhere else.
      const erpExpected = row.erp ?? row.expect[0]
      const erpReq = await row.request(ctx, 'anon')
      const erpRes = await call(TEST_ERP_KEY, erpReq)
      const erpKey = note('ERP key', erpExpected, erpRes)
      if (erpRes.statusCode === 401 && erpReq.url.startsWith('/api/'))
        expect(erpRes.json(), `${row.route} with the ERP key`).toMatchObject({ error: 'unauthorized' })
      // Each back office user's session: accepted by the /api/staff routes only, as each route's roles say.
      const backOfficeExpected = row.backOffice ?? BACK_OFFICE_USERS.map(() => row.expect[0])
      const backOffice: number[] = []
      for (const [i, who] of BACK_OFFICE_USERS.entries()) {
        const boReq = await row.request(ctx, 'anon')
        const token = row.fresh ? await backOfficeSessionFor(t.db, BACK_OFFICE[who].email) : ctx.backOffice[who]
        const res = await call(token, boReq)
        backOffice.push(note(`back office ${who}`, backOfficeExpected[i]!, res))
        if ((res.statusCode === 401 || res.statusCode === 403) && boReq.url.startsWith('/api/'))
          expect(res.json(), `${row.route} as back office ${who}`).toMatchObject({ error: errorCode[res.statusCode] })
      }
      expect({ own: got, other: gotOther, deadSessions, erpKey, backOffice }, surprises.join('\n')).toEqual({
        own: [...row.expect],
        other: row.other ? [...row.other] : [],
        deadSessions: [row.expect[0], row.expect[0]],
        erpKey: erpExpected,
        backOffice: [...backOfficeExpected],
      })
    })
  }

  describe('product pictures', () => {
    const idOf = (product: (typeof PICTURES)[number]['product']) =>
      product === 'everyone' ? ctx.f.product.id : product === 'trade-only' ? ctx.f.hidden.id : 99_999_999
    for (const picture of PICTURES) {
      for (const by of ['token', 'cookie'] as const) {
        it(`a ${picture.product} product's picture, asked for with the ${by}`, async () => {
          const got: Array<[number, string]> = []
          for (const who of WHO) {
            const token = who === 'anon' ? null : ctx.f.tokens[who]
            const req = get(`/api/product/${idOf(picture.product)}/image?width=250&v=202647`)
            const res =
              by === 'token' ? await call(token, req) : await call(null, { ...req, headers: token ? { cookie: `other=1; portal_pictures=${token}` } : {} })
            got.push([res.statusCode, String(res.headers['cache-control'])])
            if (res.statusCode === 200) expect(res.headers['content-type'], who).toBe('image/webp')
            // A private answer varies with whatever names the viewer, so no cache hands one viewer's answer to another.
            if (String(res.headers['cache-control']).startsWith('private')) expect(res.headers.vary, who).toBe('Authorization, Cookie')
            else expect(res.headers.vary ?? '', who).not.toMatch(/cookie|authorization/i)
          }
          expect(got).toEqual(WHO.map((_, i) => [picture.expect[i], picture.cache[i]]))
        })
      }
    }

    it('answers a revalidation of a hidden product only to those who may see it', async () => {
      const url = `/api/product/${ctx.f.hidden.id}/image?width=250&v=202647`
      const etag = String((await call(ctx.f.tokens.trade, get(url))).headers.etag)
      const again = (token: string | null) => call(token, { ...get(url), headers: { 'if-none-match': etag } })
      expect((await again(ctx.f.tokens.staff)).statusCode).toBe(304)
      expect((await again(ctx.f.tokens.elders)).statusCode).toBe(404)
      expect((await again(null)).statusCode).toBe(401)
    })
  })

  it('is the size the report quotes', () => {
    const cells =
      MATRIX.length * WHO.length + MATRIX.filter((r) => r.other).length * USERS.length + MATRIX.length * 3 + MATRIX.length * BACK_OFFICE_USERS.length
    console.log(
      `access matrix: ${MATRIX.length} routes x ${WHO.length} users (+ ${MATRIX.filter((r) => r.other).length} x ${USERS.length} other-account cells, + ${MATRIX.length} x 2 dead-session cells, + ${MATRIX.length} ERP-key cells, + ${MATRIX.length} x ${BACK_OFFICE_USERS.length} back office cells) = ${cells} cells`,
    )
    // What each back office role may do: the /api/staff routes each one's session reaches (below 400, or 409 where it is already done).
    for (const [i, who] of BACK_OFFICE_USERS.entries()) {
      const staffRows = MATRIX.filter((r) => r.route.includes(' /api/staff/'))
      const reached = staffRows.filter((r) => r.backOffice![i]! < 400 || r.backOffice![i] === 409).length
      console.log(`back office ${who}: reaches ${reached} of ${staffRows.length} /api/staff routes; every other route answers its session as no session`)
    }
    expect(MATRIX.length).toBe(listRoutes(t.app).length)
  })
})
