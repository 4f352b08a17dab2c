import type { FastifyReply, FastifyRequest } from 'fastify'
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Config } from '../../config'
import { AppError } from '../../lib/errors'

/** The demo key's file in the data directory: owner-only (0600). */
export const ERP_KEY_FILE = 'erp-api-key'

/** At least this long, as the setting is (config.ts). */
export const ERP_KEY_MIN_LENGTH = 32

export interface ErpKey {
  key: string
  /** ERP_API_KEY_PREVIOUS: the key being replaced, still accepted until the ERP sends the new one. */
  previous?: string | null
  /** 'setting': ERP_API_KEY; 'demo': kept in the data directory, made on the first start. */
  source: 'setting' | 'demo'
  /** Made by this start (first start of a demo). */
  made: boolean
  /** The file a demo key is kept in. */
  file?: string
}

/**
 * The key /api/erp/* accepts, as the server's start decides it: ERP_API_KEY when set; else, in demo mode,
 * the one kept in the data directory (made with 256 random bits on the first start); else none, and the
 * ERP routes are off (404). Run once by main.ts before the app is built.
 */
export function resolveErpKey(config: Config): ErpKey | null {
  if (config.erp.apiKey) return { key: config.erp.apiKey, previous: config.erp.previousApiKey, source: 'setting', made: false }
  if (!config.demo) return null
  const file = join(config.dataDir, ERP_KEY_FILE)
  const kept = readKeyFile(file)
  if (kept) return { key: kept, source: 'demo', made: false, file }
  mkdirSync(config.dataDir, { recursive: true })
  try {
    // 'wx': of two instances starting at once on one data directory, one makes the key and the other reads it.
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' })
    return { key: readKeyFile(file)!, source: 'demo', made: true, file }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    return { key: readKeyFile(file)!, source: 'demo', made: false, file }
  }
}

/** The key a command on this machine uses to call the running portal: the setting, else the demo key file (never made here). */
export function erpKeyForClient(config: Config): string | null {
  return config.erp.apiKey ?? (config.demo ? readKeyFile(join(config.dataDir, ERP_KEY_FILE)) : null)
}

function readKeyFile(file: string): string | null {
  let text: string
  try {
    text = readFileSync(file, 'utf8').trim()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  if (text.length < ERP_KEY_MIN_LENGTH) {
    throw new Error(
      `${file}: the ERP key kept there is shorter than ${ERP_KEY_MIN_LENGTH} characters; delete the file to have a new one made, or set ERP_API_KEY`,
    )
  }
  return text
}

const digest = (text: string) => createHash('sha256').update(text).digest()

/** Query parameters a key might be put in by mistake: a key in a URL ends up in proxies' and browsers' logs. */
const KEY_IN_URL = ['token', 'key', 'api_key', 'apiKey', 'access_token']

/**
 * The onRequest check of the /api/erp scope: `Authorization: Bearer <key>`, compared in constant time
 * (both sides hashed first, so lengths do not leak either). A customer's session token is just a wrong key.
 * During a rotation the previous key is accepted too; both are always compared, so the time does not say which.
 */
export function erpKeyCheck(key: string, previous?: string | null) {
  const expected = digest(key)
  const alsoExpected = previous ? digest(previous) : null
  return async (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('WWW-Authenticate', 'Bearer realm="erp"')
    const query = req.query as Record<string, unknown> | undefined
    if (query && KEY_IN_URL.some((name) => name in query)) {
      throw new AppError(401, 'unauthorized', 'The ERP key is never accepted in the URL; send it as the header Authorization: Bearer <key>.')
    }
    const header = req.headers.authorization ?? ''
    const given = header.startsWith('Bearer ') ? header.slice(7).trim() : ''
    if (!given) throw new AppError(401, 'unauthorized', 'Send the ERP key as the header Authorization: Bearer <key>.')
    const sent = digest(given)
    const current = timingSafeEqual(sent, expected)
    const old = alsoExpected ? timingSafeEqual(sent, alsoExpected) : false
    if (!current && !old) throw new AppError(401, 'unauthorized', 'That is not the ERP key.')
  }
}
