// A lean HTTP/1.1 keep-alive client for load generators (bench:traffic): the load generator shares the two
// cores with the server and PostgreSQL, so every microsecond it spends is one the server does not get.
//
// node:http's client (lib/http.mjs) costs some 40-60 µs a request before the body is read, and the scripts
// parsed every body as JSON (a category page is 32 KB). This one writes each request as one string on a
// socket of its own pool, reads the answer's status line and the few headers it needs, and parses the body
// only when the caller reads `body`. It speaks just what the portal answers: Content-Length or chunked
// bodies, no compression (it asks for none), one request at a time on a socket (no pipelining).
//
// Same shape as httpClient's: request(method, path, { token, body, headers }) resolves with
// { status, body, ms, headers } for every HTTP answer and rejects with a TransportError when there is none.
import { Buffer } from 'node:buffer'
import net from 'node:net'
import { performance } from 'node:perf_hooks'
import { TransportError } from './http.mjs'

const CRLFCRLF = Buffer.from('\r\n\r\n')

/** One answer: `body` is parsed (JSON when the answer says so, else text) the first time it is read. */
class Answer {
  constructor(status, headers, raw, ms) {
    this.status = status
    this.headers = headers
    this.raw = raw
    this.ms = ms
    this.parsed = undefined
  }
  get body() {
    if (this.parsed !== undefined) return this.parsed
    const text = this.raw.toString('utf8')
    this.parsed = text
    if ((this.headers['content-type'] || '').includes('json') && text) {
      try {
        this.parsed = JSON.parse(text)
      } catch {
        // leave it as text
      }
    }
    return this.parsed
  }
}

/** A socket and the one request it carries at a time. */
class Connection {
  constructor(host, port, timeoutMs, onFree, onGone) {
    this.socket = net.connect({ host, port, noDelay: true })
    this.socket.setTimeout(timeoutMs)
    this.pending = null
    this.chunks = []
    this.size = 0
    this.head = null
    this.onFree = onFree
    this.gone = false
    this.socket.on('data', (chunk) => this.read(chunk))
    this.socket.on('timeout', () => this.fail(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })))
    this.socket.on('error', (error) => this.fail(error))
    this.socket.on('close', () => {
      this.gone = true
      onGone(this)
      this.fail(Object.assign(new Error('socket closed'), { code: 'ECONNRESET' }))
    })
  }
  send(text, pending) {
    this.pending = pending
    this.chunks = []
    this.size = 0
    this.head = null
    this.socket.write(text)
  }
  fail(error) {
    const pending = this.pending
    this.pending = null
    this.socket.destroy()
    if (pending) pending.reject(new TransportError(error))
  }
  read(chunk) {
    if (!this.pending) return // an answer nobody asked for: the socket is closed below when it ends
    this.chunks.push(chunk)
    this.size += chunk.length
    const data = this.chunks.length === 1 ? chunk : Buffer.concat(this.chunks, this.size)
    if (this.chunks.length > 1) this.chunks = [data]
    if (!this.head) {
      const end = data.indexOf(CRLFCRLF)
      if (end < 0) return
      this.head = parseHead(data.latin1Slice(0, end))
      this.bodyStart = end + 4
    }
    const { head } = this
    let raw
    if (head.length !== null) {
      if (this.size - this.bodyStart < head.length) return
      raw = data.subarray(this.bodyStart, this.bodyStart + head.length)
    } else if (head.chunked) {
      raw = dechunk(data, this.bodyStart)
      if (!raw) return
    } else {
      raw = Buffer.alloc(0) // no body (204, 304)
    }
    const pending = this.pending
    this.pending = null
    this.chunks = []
    if (head.close) this.socket.end()
    pending.resolve(new Answer(head.status, head.headers, raw, performance.now() - pending.started))
    if (!head.close) this.onFree(this)
  }
}

function parseHead(text) {
  const lines = text.split('\r\n')
  const status = Number(lines[0].slice(9, 12))
  const headers = {}
  for (let i = 1; i < lines.length; i++) {
    const colon = lines[i].indexOf(':')
    if (colon > 0) headers[lines[i].slice(0, colon).toLowerCase()] = lines[i].slice(colon + 1).trim()
  }
  const length = headers['content-length'] !== undefined ? Number(headers['content-length']) : status === 204 || status === 304 ? 0 : null
  return {
    status,
    headers,
    length,
    chunked: (headers['transfer-encoding'] || '').includes('chunked'),
    close: (headers.connection || '').toLowerCase() === 'close',
  }
}

/** The body of a chunked answer that has fully arrived, or null while it has not. */
function dechunk(data, start) {
  const parts = []
  let at = start
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at)
    if (lineEnd < 0) return null
    const size = parseInt(data.latin1Slice(at, lineEnd), 16)
    if (size === 0) return data.indexOf(CRLFCRLF, lineEnd - 2) >= 0 ? Buffer.concat(parts) : null
    if (lineEnd + 2 + size + 2 > data.length) return null
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size))
    at = lineEnd + 2 + size + 2
  }
}

/** A pool of at most `sockets` keep-alive connections to `base`; requests wait for a free one. */
export function loadClient(base, { sockets = 64, timeoutMs = 30_000 } = {}) {
  const { hostname, port } = new URL(base)
  const host = hostname.replace(/^\[|\]$/g, '')
  const hostHeader = `Host: ${hostname}:${port}\r\n`
  const idle = []
  const waiting = []
  const all = new Set()
  const free = (connection) => {
    const next = waiting.shift()
    if (next) dispatch(connection, next)
    else idle.push(connection)
  }
  const gone = (connection) => {
    all.delete(connection)
    const i = idle.indexOf(connection)
    if (i >= 0) idle.splice(i, 1)
    const next = waiting.shift()
    if (next) take(next)
  }
  const dispatch = (connection, job) => connection.send(job.text, job.pending)
  const take = (job) => {
    let connection = idle.pop()
    while (connection && connection.gone) connection = idle.pop()
    if (!connection && all.size < sockets) {
      connection = new Connection(host, Number(port), timeoutMs, free, gone)
      all.add(connection)
    }
    if (connection) dispatch(connection, job)
    else waiting.push(job)
  }
  function request(method, path, { token, body, headers = {} } = {}) {
    const payload = body === undefined ? '' : JSON.stringify(body)
    let text = `${method} ${path} HTTP/1.1\r\n${hostHeader}Accept: application/json\r\n`
    if (token) text += `Authorization: Bearer ${token}\r\n`
    for (const [name, value] of Object.entries(headers)) text += `${name}: ${value}\r\n`
    if (body !== undefined) text += `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n`
    else if (method !== 'GET' && method !== 'HEAD') text += 'Content-Length: 0\r\n'
    text += `\r\n${payload}`
    return new Promise((resolve, reject) => take({ text, pending: { resolve, reject, started: performance.now() } }))
  }
  return {
    request,
    close() {
      for (const connection of all) connection.socket.destroy()
      all.clear()
    },
  }
}
