import Fastify, { type FastifyInstance } from 'fastify'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerErrorHandling } from './errors'
import { registerWeb } from './web'

const INDEX = `<!doctype html><html><head><script type="module" src="/assets/app-1234.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`
const SCRIPT = `export const app = ${JSON.stringify('x'.repeat(4000))}\n`
const SMALL = 'export const tiny = 1\n'

let dist: string
let app: FastifyInstance

/** A build as apps/web's vite build writes it: text files with .br and .gz copies beside them (the small one without). */
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'portal-web-'))
  mkdirSync(join(dist, 'assets'))
  const write = (name: string, text: string, compressed: boolean) => {
    writeFileSync(join(dist, name), text)
    if (!compressed) return
    writeFileSync(join(dist, `${name}.br`), brotliCompressSync(text))
    writeFileSync(join(dist, `${name}.gz`), gzipSync(text))
  }
  write('index.html', INDEX, true)
  write('assets/app-1234.js', SCRIPT, true)
  write('assets/tiny-1234.js', SMALL, false)
  write('sw.js', SCRIPT, true)
  write('manifest.webmanifest', JSON.stringify({ name: 'Trade Portal', start_url: '/', display: 'standalone' }), false)
  app = Fastify()
  registerErrorHandling(app, await registerWeb(app, dist))
  await app.ready()
})
afterAll(async () => {
  await app?.close()
  rmSync(dist, { recursive: true, force: true })
})

const get = (url: string, acceptEncoding?: string) => app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} })

describe('the built web app is sent compressed to browsers that accept it', () => {
  it('sends the brotli copy of a script when brotli is accepted, cached for a year', async () => {
    const res = await get('/assets/app-1234.js', 'gzip, deflate, br, zstd')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT)
  })

  it('sends the gzip copy when only gzip is accepted', async () => {
    const res = await get('/assets/app-1234.js', 'gzip')
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT)
  })

  it('sends the file as it is when no encoding is accepted', async () => {
    const res = await get('/assets/app-1234.js')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    expect(res.body).toBe(SCRIPT)
  })

  it('sends a file without compressed copies as it is', async () => {
    const res = await get('/assets/tiny-1234.js', 'br, gzip')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body).toBe(SMALL)
  })

  it('sends index.html compressed, never cached without asking, for any client route', async () => {
    for (const url of ['/', '/category/drenches', '/login']) {
      const res = await get(url, 'br')
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-encoding'], url).toBe('br')
      expect(res.headers['content-type'], url).toMatch(/^text\/html/)
      expect(res.headers['cache-control'], url).toBe('no-cache')
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX)
    }
  })

  it('does not serve the compressed copies as files of their own, and a missing asset is a 404', async () => {
    expect((await get('/assets/app-1234.js.br')).statusCode).toBe(404)
    expect((await get('/assets/app-9999.js', 'br')).statusCode).toBe(404)
  })
})

describe('the installable app', () => {
  it('sends the service worker as a script that is never kept without asking, at the root scope', async () => {
    const res = await get('/sw.js', 'gzip')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/)
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT)
  })

  it("never sends a build's own manifest: the server's (modules/site) carries the distributor's name", async () => {
    const manifest = await Fastify()
    await registerWeb(manifest, dist)
    manifest.get('/manifest.webmanifest', async (_request, reply) => reply.type('application/manifest+json').send({ name: 'The server’s' }))
    // Registering the route beside the build's static files would throw were the build's manifest still served.
    await manifest.ready()
    const res = await manifest.inject({ method: 'GET', url: '/manifest.webmanifest' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ name: 'The server’s' })
    await manifest.close()
  })
})
