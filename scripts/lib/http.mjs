// HTTP for the scripts: a keep-alive JSON client that times each request, a one-off call, and signing in.
import { Buffer } from 'node:buffer'
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import { performance } from 'node:perf_hooks'

const { fetch } = globalThis

/** A failure on the way (refused, reset, timed out): no HTTP answer at all. */
export class TransportError extends Error {
  constructor(cause) {
    super(cause.code || cause.message)
    this.code = cause.code || 'ERROR'
  }
}

/**
 * A small keep-alive HTTP client for JSON APIs: resolves with { status, body, ms, headers } for every HTTP
 * answer, rejects with a TransportError when there is none.
 */
export function httpClient(base, { sockets = 64, timeoutMs = 30_000 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets })
  const { hostname, port } = new URL(base)
  function request(method, path, { token, body, headers = {} } = {}) {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body))
    const started = performance.now()
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          agent,
          hostname,
          port,
          method,
          path,
          timeout: timeoutMs,
          headers: {
            accept: 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks = []
          res.on('data', (c) => chunks.push(c))
          res.on('error', (e) => reject(new TransportError(e)))
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8')
            let parsed = text
            if ((res.headers['content-type'] || '').includes('json') && text) {
              try {
                parsed = JSON.parse(text)
              } catch {
                // leave it as text
              }
            }
            resolve({ status: res.statusCode, body: parsed, ms: performance.now() - started, headers: res.headers })
          })
        },
      )
      req.on('timeout', () => req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })))
      req.on('error', (e) => reject(new TransportError(e)))
      if (payload) req.write(payload)
      req.end()
    })
  }
  return { request, close: () => agent.destroy() }
}

export const newKey = () => randomUUID()

/** One request to the API (`path` with or without /api/): { status, body }. */
export async function call(base, method, path, { token, body } = {}) {
  const res = await fetch(`${base}/api/${path.replace(/^\/?(api\/)?/, '')}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  return { status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text() }
}

/** POST /api/login: the whole answer ({ token, settings, ... }); throws unless it is 200. */
export async function login(base, username, password) {
  const res = await call(base, 'POST', 'login', { body: { username, password } })
  if (res.status !== 200) throw new Error(`sign-in as ${username} failed (${res.status}): is this the data set with demo logins?`)
  return res.body
}

/** Signs in and returns the token. */
export const signIn = async (base, username, password) => (await login(base, username, password)).token

/** Signs many users in, a few at a time (argon2 costs tens of ms each): each user gets `token` and `branch`. */
export async function signInAll(base, users, { concurrency = 4 } = {}) {
  const queue = [...users]
  const worker = async () => {
    for (let user = queue.shift(); user; user = queue.shift()) {
      const body = await login(base, user.username, user.password)
      user.token = body.token
      user.branch = body.settings?.DefaultWareHouse ?? user.branch
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return users
}
