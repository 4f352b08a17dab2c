import type { FastifyInstance } from 'fastify'
import { AppError } from '../lib/errors'

/**
 * How deep a JSON body may nest. The deepest body the API takes is three levels (an order's details in a
 * payment); 64 leaves room for any client while keeping every walker over the body (validation, the
 * unstorable-text check, redaction) far from the call stack's limit.
 */
export const MAX_JSON_DEPTH = 64

const OPEN_ARRAY = 0x5b
const CLOSE_ARRAY = 0x5d
const OPEN_OBJECT = 0x7b
const CLOSE_OBJECT = 0x7d
const QUOTE = 0x22
const BACKSLASH = 0x5c

/**
 * The deepest nesting of arrays and objects in a JSON text, counted in one pass over the characters (no
 * recursion, nothing built); it stops counting once the limit is passed. Brackets inside strings do not count.
 */
export function jsonDepth(text: string, limit = Infinity): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === BACKSLASH) i++
      else if (c === QUOTE) inString = false
    } else if (c === QUOTE) inString = true
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      depth++
      if (depth > deepest) {
        deepest = depth
        if (deepest > limit) return deepest
      }
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--
  }
  return deepest
}

/**
 * JSON bodies: an empty body (what many HTTP clients send with `content-type: application/json` on a DELETE)
 * is no body; a body nested deeper than MAX_JSON_DEPTH is refused with a 400 before it is parsed; the rest
 * is parsed by Fastify's own parser (which refuses `__proto__` and `constructor` keys).
 */
export function registerJsonBody(app: FastifyInstance) {
  const { onProtoPoisoning = 'error', onConstructorPoisoning = 'error' } = app.initialConfig
  const parse = app.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning)
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string
    if (text.trim() === '') return done(null, undefined)
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      const message = `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of arrays and objects.`
      return done(new AppError(400, 'body_too_deep', message, [{ field: 'body', message }]), undefined)
    }
    parse(req, text, done)
  })
}
