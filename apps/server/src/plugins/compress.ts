import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

/** JSON and text answers; pictures, PDFs and spreadsheets are compressed already, the web app's files ahead of time (web.ts). */
const COMPRESSIBLE = /^(application\/([\w.+-]+\+)?json|text\/)/i
/** Below this the headers outweigh the saving. */
const MIN_BYTES = 1024

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** The encoding to answer in: brotli, else gzip, when the request accepts it (a q of 0 refuses). */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set<string>()
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name)
  }
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null
}

function addVary(reply: FastifyReply) {
  const vary = String(reply.getHeader('vary') ?? '')
  if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(vary)) reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
}

/**
 * Compresses the API's JSON (and the content service's) for browsers that accept it: lists of 40 products are
 * some 15 KB of JSON, a third of that in brotli, which on a mobile connection is the difference Lighthouse
 * reports as "Enable text compression". Brotli at quality 4 costs about what gzip 6 does. Clients that do not
 * ask (the load generator of the benchmarks, curl) get the JSON as it is.
 */
export function registerCompression(app: FastifyInstance) {
  // A callback hook: an answer that is not compressed (most of them, and all of a client that does not ask) costs no promise.
  app.addHook('onSend', (req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, payload?: unknown) => void) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload)
    if (reply.hasHeader('content-encoding') || reply.statusCode === 204 || reply.statusCode === 304) return done(null, payload)
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return done(null, payload)
    // A string's UTF-8 length is at least its length: only a short one needs counting.
    const size = payload.length >= MIN_BYTES && typeof payload === 'string' ? payload.length : Buffer.byteLength(payload)
    if (size < MIN_BYTES) return done(null, payload)
    // The answer depends on Accept-Encoding: caches must keep the compressed and the plain one apart.
    addVary(reply)
    const encoding = chooseEncoding(req.headers['accept-encoding'])
    if (!encoding) return done(null, payload)
    const body =
      encoding === 'br'
        ? brotli(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(payload) } })
        : gzipAsync(payload, { level: 6 })
    body.then(
      (compressed) => {
        reply.header('content-encoding', encoding)
        reply.removeHeader('content-length')
        done(null, compressed)
      },
      (err: Error) => done(err),
    )
  })
}
