import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, DEMO, signIn, startTestApp, TEST_ERP_KEY, type TestContext } from '../../../test/helpers'
import { ConfigError, loadConfig } from '../../config'
import { ERP_KEY_FILE, erpKeyForClient, resolveErpKey } from './key'
import { finishRun, startRun } from './runs'

const erpKey = { authorization: `Bearer ${TEST_ERP_KEY}` }

describe('who may call /api/erp', () => {
  let t: TestContext
  let raw = ''
  beforeAll(async () => {
    const stream = new PassThrough()
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString()))
    t = await startTestApp({ LOG_LEVEL: 'info' }, { logStream: stream })
  })
  afterAll(async () => t?.close())

  it('answers the ERP key sent as a Bearer token, and logs the call without it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/erp/runs', headers: erpKey })
    expect(res.statusCode).toBe(200)
    expect(raw).toContain('ERP interchange call')
    expect(raw).not.toContain(TEST_ERP_KEY)
  })

  it('refuses no key and a wrong key with 401 and says how to send it', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/erp/runs' })
    expect(none.statusCode).toBe(401)
    expect(none.headers['www-authenticate']).toBe('Bearer realm="erp"')
    expect(none.json()).toEqual({ error: 'unauthorized', message: 'Send the ERP key as the header Authorization: Bearer <key>.' })
    const wrong = await t.app.inject({ method: 'GET', url: '/api/erp/runs', headers: { authorization: `Bearer ${TEST_ERP_KEY}x` } })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json().message).toBe('That is not the ERP key.')
    const basic = await t.app.inject({ method: 'GET', url: '/api/erp/runs', headers: { authorization: `Basic ${TEST_ERP_KEY}` } })
    expect(basic.statusCode).toBe(401)
  })

  it('never takes the key from the URL, not even alongside the header, and keeps it out of the log', async () => {
    for (const name of ['token', 'key', 'api_key']) {
      const alone = await t.app.inject({ method: 'GET', url: `/api/erp/runs?${name}=${TEST_ERP_KEY}` })
      expect(alone.statusCode).toBe(401)
      expect(alone.json().message).toBe('The ERP key is never accepted in the URL; send it as the header Authorization: Bearer <key>.')
      const both = await t.app.inject({ method: 'GET', url: `/api/erp/runs?${name}=${TEST_ERP_KEY}`, headers: erpKey })
      expect(both.statusCode).toBe(401)
    }
    expect(raw).not.toContain(TEST_ERP_KEY)
  })

  it("refuses a customer's session on every ERP route", async () => {
    const token = await signIn(t.app, DEMO.trade)
    for (const [method, url] of [
      ['GET', '/api/erp/runs'],
      ['GET', '/api/erp/orders'],
      ['POST', '/api/erp/stock'],
      ['POST', '/api/erp/orders/SO9000001/ack'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(token), ...(method === 'POST' ? { payload: {} } : {}) })
      expect(res.statusCode, `${method} ${url}`).toBe(401)
    }
    const asQuery = await t.app.inject({ method: 'GET', url: `/api/erp/runs?token=${token}` })
    expect(asQuery.statusCode).toBe(401)
  })

  it('is no session on the customer routes', async () => {
    for (const url of ['/api/me', '/api/cart', '/api/orders', '/api/specials']) {
      const res = await t.app.inject({ method: 'GET', url, headers: erpKey })
      expect(res.statusCode, url).toBe(401)
    }
    const asToken = await t.app.inject({ method: 'GET', url: `/api/me?token=${TEST_ERP_KEY}` })
    expect(asToken.statusCode).toBe(401)
  })

  it('lists the runs newest first, a page at a time', async () => {
    const first = await startRun(t.db, { who: 'cli', kind: 'import', mode: 'dry-run' })
    await finishRun(t.db, first, 'failed', {
      problems: [{ file: 'products.csv', line: 3, field: 'Price', value: '-1', message: 'Must be 0 or more' }],
    })
    const second = await startRun(t.db, { who: 'api 10.0.0.1', kind: 'import', mode: 'full' })
    await finishRun(t.db, second, 'succeeded', { added: 5, changed: 2, withdrawn: 1 })
    const running = await startRun(t.db, { who: 'cli', kind: 'export', mode: 'delta' })

    const page = await t.app.inject({ method: 'GET', url: '/api/erp/runs?size=2', headers: erpKey })
    expect(page.statusCode).toBe(200)
    expect(page.json().map((r: { id: number }) => r.id)).toEqual([running, second])
    expect(page.json()[0]).toMatchObject({ status: 'running', finishedAt: null, kind: 'export' })
    expect(page.json()[1]).toMatchObject({ who: 'api 10.0.0.1', mode: 'full', added: 5, changed: 2, withdrawn: 1, failed: 0, status: 'succeeded' })
    const next = await t.app.inject({ method: 'GET', url: '/api/erp/runs?size=2&page=2', headers: erpKey })
    expect(next.json()[0]).toMatchObject({
      id: first,
      status: 'failed',
      failed: 1,
      problems: [{ file: 'products.csv', line: 3, field: 'Price', value: '-1', message: 'Must be 0 or more' }],
    })
    const bad = await t.app.inject({ method: 'GET', url: '/api/erp/runs?size=0', headers: erpKey })
    expect(bad.statusCode).toBe(400)
  })
})

describe('the ERP key setting', () => {
  it('refuses a key shorter than 32 characters, without repeating it', () => {
    const short = 'short-key-of-31-characters-xxxx'
    expect(short).toHaveLength(31)
    let error: unknown
    try {
      loadConfig({ ERP_API_KEY: short })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as Error).message).toContain('ERP_API_KEY: must be 32 or more printable characters')
    expect((error as Error).message).toContain('(got 31 characters)')
    expect((error as Error).message).not.toContain(short)
    expect(loadConfig({ ERP_API_KEY: 'k'.repeat(32) }).erp.apiKey).toBe('k'.repeat(32))
  })

  describe('in demo mode without the setting', () => {
    let dir: string
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'erp-key-'))
    })
    afterAll(() => rmSync(dir, { recursive: true, force: true }))

    it('makes a random key on the first start, owner-only in the data directory, and keeps it', () => {
      const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: join(dir, 'data') })
      const first = resolveErpKey(config)!
      expect(first).toMatchObject({ source: 'demo', made: true, file: join(dir, 'data', ERP_KEY_FILE) })
      expect(first.key.length).toBeGreaterThanOrEqual(32)
      expect(statSync(first.file!).mode & 0o777).toBe(0o600)
      const again = resolveErpKey(config)!
      expect(again).toMatchObject({ key: first.key, made: false })
      expect(erpKeyForClient(config)).toBe(first.key)
      // The setting wins over the kept key.
      expect(resolveErpKey(loadConfig({ NODE_ENV: 'development', DATA_DIR: join(dir, 'data'), ERP_API_KEY: 'y'.repeat(40) }))).toMatchObject({
        key: 'y'.repeat(40),
        source: 'setting',
      })
    })
  })

  it('is off in production and outside demo mode without the setting: no key is made', () => {
    const dir = mkdtempSync(join(tmpdir(), 'erp-key-'))
    try {
      expect(resolveErpKey(loadConfig({ NODE_ENV: 'production', DATA_DIR: dir }))).toBeNull()
      expect(resolveErpKey(loadConfig({ NODE_ENV: 'development', DEMO_MODE: 'false', DATA_DIR: dir }))).toBeNull()
      expect(() => statSync(join(dir, ERP_KEY_FILE))).toThrow()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  describe('while the key is changed (ERP_API_KEY_PREVIOUS)', () => {
    const next = 'next-erp-key-0123456789abcdefghijklmnopqrstu'
    let t: TestContext
    let raw = ''
    beforeAll(async () => {
      const stream = new PassThrough()
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()))
      t = await startTestApp({ LOG_LEVEL: 'info', ERP_API_KEY: next, ERP_API_KEY_PREVIOUS: TEST_ERP_KEY }, { logStream: stream })
    })
    afterAll(async () => t?.close())

    it('accepts the new key and the old one, nothing else, and logs neither', async () => {
      for (const key of [next, TEST_ERP_KEY]) {
        const res = await t.app.inject({ method: 'GET', url: '/api/erp/runs', headers: { authorization: `Bearer ${key}` } })
        expect(res.statusCode).toBe(200)
      }
      const wrong = await t.app.inject({ method: 'GET', url: '/api/erp/runs', headers: { authorization: `Bearer ${next}x` } })
      expect(wrong.statusCode).toBe(401)
      expect(raw).toContain('ERP interchange call')
      expect(raw).not.toContain(next)
      expect(raw).not.toContain(TEST_ERP_KEY)
    })

    it('is a setting like the key: checked, never repeated, and ignored without ERP_API_KEY', () => {
      expect(() => loadConfig({ ERP_API_KEY: next, ERP_API_KEY_PREVIOUS: 'too-short' })).toThrow(/ERP_API_KEY_PREVIOUS: must be 32 or more/)
      expect(() => loadConfig({ ERP_API_KEY: next, ERP_API_KEY_PREVIOUS: 'too-short' })).not.toThrow(/too-short/)
      expect(loadConfig({ ERP_API_KEY_PREVIOUS: TEST_ERP_KEY }).erp.previousApiKey).toBeNull()
      expect(resolveErpKey(loadConfig({ ERP_API_KEY: next, ERP_API_KEY_PREVIOUS: TEST_ERP_KEY }))).toMatchObject({ key: next, previous: TEST_ERP_KEY })
    })
  })

  describe('a production app without ERP_API_KEY', () => {
    let t: TestContext
    beforeAll(async () => {
      t = await startTestApp({ NODE_ENV: 'production', ERP_API_KEY: '' })
    })
    afterAll(async () => t?.close())

    it('answers 404 on every ERP route, whatever is sent', async () => {
      for (const [method, url] of [
        ['GET', '/api/erp/runs'],
        ['GET', '/api/erp/orders'],
        ['POST', '/api/erp/stock'],
      ] as const) {
        const res = await t.app.inject({ method, url, headers: erpKey })
        expect(res.statusCode, `${method} ${url}`).toBe(404)
      }
    })
  })
})
