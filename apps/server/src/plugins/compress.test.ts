import Fastify, { type FastifyInstance } from 'fastify'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chooseEncoding, registerCompression } from './compress'

const LIST = Array.from({ length: 40 }, (_, i) => ({ ProductID: i, Description: `Ivomec Pour-On for Cattle ${i}`, Price: 187.1 }))

let app: FastifyInstance

beforeAll(async () => {
  app = Fastify()
  registerCompression(app)
  app.get('/list', async () => LIST)
  app.get('/small', async () => ({ ok: true }))
  app.get('/picture', async (_req, reply) => reply.type('image/webp').send(Buffer.alloc(4000, 1)))
  app.get('/serialized', async (_req, reply) => reply.type('application/json; charset=utf-8').send(JSON.stringify(LIST)))
  await app.ready()
})
afterAll(() => app?.close())

const get = (url: string, acceptEncoding?: string) => app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} })

describe('JSON answers are compressed for clients that accept it', () => {
  it('answers in brotli when a browser accepts it, with Vary', async () => {
    const res = await get('/list', 'gzip, deflate, br, zstd')
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    expect(res.rawPayload.length).toBeLessThan(JSON.stringify(LIST).length / 3)
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(LIST)
  })

  it('answers in gzip when only gzip is accepted, a JSON string too', async () => {
    const res = await get('/serialized', 'gzip')
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toEqual(LIST)
  })

  it('sends plain JSON to a client that does not ask, or refuses both', async () => {
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const res = await get('/list', accept)
      expect(res.headers['content-encoding']).toBeUndefined()
      expect(res.headers.vary).toMatch(/accept-encoding/i)
      expect(res.json()).toEqual(LIST)
    }
  })

  it('leaves small answers and pictures as they are', async () => {
    const small = await get('/small', 'br')
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.json()).toEqual({ ok: true })
    const picture = await get('/picture', 'br')
    expect(picture.headers['content-encoding']).toBeUndefined()
    expect(picture.rawPayload.length).toBe(4000)
  })

  it('reads Accept-Encoding with its q values', () => {
    expect(chooseEncoding('gzip, br;q=0.5')).toBe('br')
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip')
    expect(chooseEncoding('deflate')).toBeNull()
    expect(chooseEncoding(undefined)).toBeNull()
  })
})
