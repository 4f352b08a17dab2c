import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, DEMO, signIn, startTestApp, type TestContext } from '../../../test/helpers'

let t: TestContext
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(async () => t?.close())

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, ...(token ? { headers: bearer(token) } : {}) })

describe('reference data', () => {
  it('lists every branch without a token, Consignment and Farmers Mailbox included (the selector leaves them out)', async () => {
    const res = await get('/api/warehouses')
    expect(res.statusCode).toBe(200)
    const names = res.json().map((w: { NAME: string }) => w.NAME)
    expect(res.json()).toEqual(expect.arrayContaining([{ LocationID: 'WAG', NAME: 'Wagga Wagga' }, { LocationID: 'MEL', NAME: 'Melbourne' }]))
    expect(names.some((n: string) => n.includes('Consignment'))).toBe(true)
    expect(names).toContain('Farmers Mailbox')
  })

  it('lists parent categories in their display order with their children', async () => {
    const res = await get('/api/categories')
    expect(res.statusCode).toBe(200)
    const parents = res.json() as Array<{ name: string; title: string; acf: { order: number; child_categories: unknown[] } }>
    const orders = parents.map((p) => p.acf.order)
    expect(orders).toEqual([...orders].sort((a, b) => a - b))
    expect(parents.some((p) => p.acf.child_categories.length > 0)).toBe(true)
  })

  it("leaves a reseller's hidden categories and brands out, whatever the query says", async () => {
    const everyone = (await get('/api/categories')).json().map((c: { title: string }) => c.title)
    expect(everyone).toContain('Apparent herbicides')
    const token = await signIn(t.app, DEMO.elders)
    const elders = (await get('/api/categories?isElders=false', token)).json().map((c: { title: string }) => c.title)
    expect(elders).not.toContain('Apparent herbicides')
    expect(elders.some((title: string) => title.startsWith('iO '))).toBe(false)

    const brands = (await get('/api/brands?isElders=false', token)).json().map((b: { Description: string }) => b.Description)
    expect(brands).not.toContain('iO Equine')
    expect(brands.some((d: string) => d.startsWith('Apparent'))).toBe(false)
    const allBrands = (await get('/api/brands')).json().map((b: { Description: string }) => b.Description)
    expect(allBrands).toContain('iO Equine')
  })

  it('lists brands across every letter group of the menu', async () => {
    const brands = (await get('/api/brands')).json() as Array<{ BrandCode: string; Description: string }>
    const groups = ['A', 'BC', 'DEF', 'GHIJ', 'KLMN', 'OPQR', 'STUV', 'WYZ']
    for (const g of groups) expect(brands.some((b) => g.includes(b.Description[0]!.toUpperCase()))).toBe(true)
  })
})
