import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, DEMO, signIn, startTestApp, type TestContext } from '../../../test/helpers'

let t: TestContext
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(async () => t?.close())

describe('delivery sites', () => {
  it("lists only the signed-in account's sites, with their contact fields", async () => {
    const token = await signIn(t.app, DEMO.trade)
    const res = await t.app.inject({ method: 'GET', url: '/api/delivery-sites', headers: bearer(token) })
    expect(res.statusCode).toBe(200)
    const sites = res.json() as Array<Record<string, string>>
    expect(sites.length).toBeGreaterThan(0)
    expect(Object.keys(sites[0]!)).toEqual(
      expect.arrayContaining(['SiteCode', 'Name', 'Address1', 'Address2', 'City', 'State', 'PostalCode', 'Contact', 'Email', 'Phone', 'Fax']),
    )

    const account = await t.db
      .selectFrom('users')
      .innerJoin('delivery_sites', 'delivery_sites.account_id', 'users.account_id')
      .select('delivery_sites.site_code')
      .where('users.username', '=', 'trade')
      .execute()
    expect(sites.map((s) => s.SiteCode).sort()).toEqual(account.map((r) => r.site_code).sort())
  })

  it("never shows another account's sites", async () => {
    const trade = (await t.app.inject({ method: 'GET', url: '/api/delivery-sites', headers: bearer(await signIn(t.app, DEMO.trade)) })).json()
    const cash = (await t.app.inject({ method: 'GET', url: '/api/delivery-sites', headers: bearer(await signIn(t.app, DEMO.cash)) })).json()
    const tradeNames = new Set(trade.map((s: { Name: string }) => s.Name))
    expect(cash.length).toBeGreaterThan(0)
    expect(cash.some((s: { Name: string }) => tradeNames.has(s.Name))).toBe(false)
  })

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/delivery-sites' })).statusCode).toBe(401)
  })
})
