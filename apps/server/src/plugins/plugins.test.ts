import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, DEMO, signIn, startTestApp, type TestContext } from '../../test/helpers'

let t: TestContext
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(async () => t?.close())

describe('bad input gets a 400 naming the field, and changes nothing', () => {
  it('malformed JSON', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"username": "trade",' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ error: 'invalid_json', fields: [{ field: 'body' }] })
  })

  it('wrong types', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 42, password: ['x'] } })
    expect(res.statusCode).toBe(400)
    const fields = res.json().fields.map((f: { field: string }) => f.field)
    expect(fields).toEqual(expect.arrayContaining(['body.username', 'body.password']))
  })

  it('oversized bodies', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'trade', password: 'x'.repeat(2 * 1024 * 1024) } })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe('body_too_large')
  })

  it('very long strings', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { username: 'u'.repeat(5000), email: 'a@b.co' } })
    expect(res.statusCode).toBe(400)
    expect(res.json().fields[0].field).toBe('body.username')
  })

  it('a bad e-mail address', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { username: 'trade', email: 'not-an-email' } })
    expect(res.statusCode).toBe(400)
    expect(res.json().fields[0].field).toBe('body.email')
  })

  it('a change of password with a bad body leaves the password as it was', async () => {
    const token = await signIn(t.app, DEMO.trade)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: bearer(token),
      payload: { currentPassword: DEMO.trade.password, newPassword: 12345678 },
    })
    expect(res.statusCode).toBe(400)
    expect((await t.app.inject({ method: 'POST', url: '/api/login', payload: DEMO.trade, remoteAddress: '10.9.9.9' })).statusCode).toBe(200)
  })
})

describe('the API surface', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const token = await signIn(t.app, DEMO.trade)
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing', headers: bearer(token) })
    expect(res.statusCode).toBe(404)
    expect(res.json().error).toBe('not_found')
  })

  it('publishes the OpenAPI document at /api/docs, generated from the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' })
    expect(res.statusCode).toBe(200)
    const doc = res.json()
    expect(doc.openapi).toMatch(/^3\./)
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/warehouses', '/api/categories', '/api/brands', '/api/delivery-sites', '/api/cart']),
    )
    expect(doc.components.schemas).toHaveProperty('LoginResponse')
  })

  it('sends security headers and keeps API answers out of caches', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/warehouses' })
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(res.headers['cache-control']).toBe('no-store')
  })
})
