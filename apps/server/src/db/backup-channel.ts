import type { PGlite } from '@electric-sql/pglite'
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { createWriteStream, readFileSync, renameSync, rmSync } from 'node:fs'
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { BackupError, dumpPglite, sha256, writePrivateFile } from './backup'
import { alive } from './data-dir-lock'

/**
 * How `npm run backup` reaches the running portal's embedded database, which no second process may
 * open: the portal listens on a loopback port of its own (127.0.0.1, never the public one) and
 * writes the port and a secret to `DATA_DIR/backup-endpoint.json`, readable by its owner only.
 * Whoever can read that file can read the database files anyway; the secret changes after every
 * backup, so the copy inside a backup is already dead. See docs/decisions/0019-backups.md.
 */

export const ENDPOINT_FILE = 'backup-endpoint.json'

interface Endpoint {
  pid: number
  port: number
  token: string
}

interface Log {
  info(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

export interface BackupChannel {
  port: number
  close(): Promise<void>
}

const newToken = () => randomBytes(32).toString('base64url')

function sameSecret(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '')
  const wanted = Buffer.from(token)
  return given.length === wanted.length && timingSafeEqual(given, wanted)
}

function sendJson(res: ServerResponse, status: number, error: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify({ error, message }))
}

export async function openBackupChannel({ pglite, dataDir, log }: { pglite: PGlite; dataDir: string; log: Log }): Promise<BackupChannel> {
  const file = join(dataDir, ENDPOINT_FILE)
  let token = newToken()
  let port = 0
  const publish = () => writePrivateFile(file, JSON.stringify({ pid: process.pid, port, token } satisfies Endpoint))
  // One backup at a time: a second request waits for the first.
  let queue: Promise<void> = Promise.resolve()

  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') return sendJson(res, 404, 'not_found', 'POST /backup is the only call here.')
    if (!sameSecret(req.headers.authorization, token)) return sendJson(res, 401, 'unauthorized', 'The secret does not match: read backup-endpoint.json again.')
    queue = queue.then(async () => {
      const started = Date.now()
      try {
        const data = await dumpPglite(pglite)
        res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': data.length, 'x-backup-sha256': sha256(data) }).end(data)
        log.info({ bytes: data.length, ms: Date.now() - started }, 'database backup taken')
      } catch (error) {
        log.error({ err: error }, 'database backup failed')
        if (!res.headersSent) sendJson(res, 500, 'backup_failed', 'The backup failed; the portal log says why.')
        else res.destroy()
      } finally {
        token = newToken()
        publish()
      }
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  port = (server.address() as AddressInfo).port
  publish()

  return {
    port,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await queue
      if (readEndpoint(dataDir)?.pid === process.pid) rmSync(file, { force: true })
    },
  }
}

/** The running portal's backup endpoint, or null when no portal runs on this data directory. */
export function readEndpoint(dataDir: string): Endpoint | null {
  try {
    const endpoint = JSON.parse(readFileSync(join(dataDir, ENDPOINT_FILE), 'utf8')) as Endpoint
    return Number.isInteger(endpoint.pid) && Number.isInteger(endpoint.port) && typeof endpoint.token === 'string' ? endpoint : null
  } catch {
    return null
  }
}

export interface TakenBackup {
  bytes: number
  sha256: string
}

/**
 * Asks the portal running on `dataDir` for a backup and writes it to `out` (owner-only, complete or
 * not at all). Null when no portal is running there: the database can then be opened directly.
 */
export async function requestBackup(dataDir: string, out: string): Promise<TakenBackup | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const endpoint = readEndpoint(dataDir)
    if (!endpoint || (endpoint.pid !== process.pid && !alive(endpoint.pid))) return null
    let res: Response
    try {
      res = await fetch(`http://127.0.0.1:${endpoint.port}/backup`, { method: 'POST', headers: { authorization: `Bearer ${endpoint.token}` } })
    } catch {
      throw new BackupError(`The portal (pid ${endpoint.pid}) holds ${dataDir} but does not answer on 127.0.0.1:${endpoint.port}.`)
    }
    // The secret changed between reading it and using it (another backup finished): read it again.
    if (res.status === 401) {
      await res.body?.cancel()
      continue
    }
    if (res.status !== 200 || !res.body) {
      const body = (await res.json().catch(() => ({}))) as { message?: string }
      throw new BackupError(`The portal could not take the backup: ${body.message ?? `status ${res.status}`}`)
    }
    return save(res, out)
  }
  throw new BackupError('The portal kept refusing the backup secret.')
}

async function save(res: Response, out: string): Promise<TakenBackup> {
  const partial = `${out}.partial`
  const hash = createHash('sha256')
  let bytes = 0
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk)
      bytes += chunk.length
      done(null, chunk)
    },
  })
  try {
    await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), count, createWriteStream(partial, { mode: 0o600 }))
    const digest = hash.digest('hex')
    if (digest !== res.headers.get('x-backup-sha256') || String(bytes) !== res.headers.get('content-length')) {
      throw new BackupError('The backup arrived incomplete or changed (its checksum does not match); nothing was written.')
    }
    renameSync(partial, out)
    return { bytes, sha256: digest }
  } finally {
    rmSync(partial, { force: true })
  }
}
