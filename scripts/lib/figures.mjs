// Figures of a script's run: latencies by kind, percentiles, the machine and how busy it was.
import { cpus, loadavg, totalmem } from 'node:os'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { query } from './postgres.mjs'

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
}

/** Requests of one kind: statuses, transport errors and latencies. */
export class Tally {
  constructor() {
    this.statuses = new Map()
    this.errors = new Map()
    this.latencies = []
  }
  add(status, ms) {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1)
    this.latencies.push(ms)
  }
  fail(code) {
    this.errors.set(code, (this.errors.get(code) ?? 0) + 1)
  }
  get count() {
    return this.latencies.length
  }
  count5xx() {
    let n = 0
    for (const [s, c] of this.statuses) if (s >= 500) n += c
    return n
  }
  countNon2xx() {
    let n = 0
    for (const [s, c] of this.statuses) if (s < 200 || s >= 300) n += c
    return n
  }
  errorCount() {
    let n = 0
    for (const c of this.errors.values()) n += c
    return n
  }
  summary() {
    const sorted = Float64Array.from(this.latencies).sort()
    return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.length ? sorted[sorted.length - 1] : NaN }
  }
  statusText() {
    const parts = [...this.statuses].sort((a, b) => a[0] - b[0]).map(([s, c]) => `${s}: ${c}`)
    for (const [code, c] of this.errors) parts.push(`${code}: ${c}`)
    return parts.join(', ')
  }
}

export const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-')

/** The machine and software the figures come from. */
export async function machine(databaseUrl) {
  const info = {
    cores: cpus().length,
    cpu: cpus()[0]?.model?.trim() ?? 'unknown',
    memoryGiB: Number((totalmem() / 1024 ** 3).toFixed(1)),
    node: process.version,
    postgres: null,
  }
  if (databaseUrl) {
    try {
      info.postgres = (await query(databaseUrl, 'SHOW server_version'))[0].server_version
    } catch {
      // no server: left out
    }
  }
  return info
}

/** The load average (1 minute) now: on a shared machine the figures mean little without it. */
export const load = () => Number(loadavg()[0].toFixed(2))

export function writeJson(path, data) {
  if (path) writeFileSync(path, `${JSON.stringify(data, null, 2)}\n`)
}

/**
 * Runs `work` and gives its result with what it cost in CPU per unit (`units(result)` of them: requests, adds),
 * of the server `pid` and of PostgreSQL's backends serving `database`, in ms rounded to `digits` places:
 * `{ server, postgres }`, or null where cpuMs cannot tell (not Linux, or nothing done).
 */
export async function cpuMsPer({ pid, database, digits }, work, units) {
  const before = cpuMs(pid, database)
  const result = await work()
  const after = cpuMs(pid, database)
  const n = units(result)
  if (!before || !after || !n) return { result, cost: null }
  const per = (part) => Number(((after[part] - before[part]) / n).toFixed(digits))
  return { result, cost: { server: per('server'), postgres: per('postgres') } }
}

/**
 * CPU time used so far by the process `pid` and by PostgreSQL's backends serving `database` (Linux /proc only;
 * null elsewhere), in milliseconds: what a scenario costs per request, whatever else shares the machine.
 */
export function cpuMs(pid, database) {
  const tick = 10 // USER_HZ is 100 on Linux
  const used = (stat) => {
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) * tick
  }
  try {
    const server = used(readFileSync(`/proc/${pid}/stat`, 'utf8'))
    let postgres = 0
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue
      try {
        const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8')
        if (title.startsWith('postgres: ') && title.split(' ').includes(database)) postgres += used(readFileSync(`/proc/${entry}/stat`, 'utf8'))
      } catch {
        // gone meanwhile
      }
    }
    return { server, postgres }
  } catch {
    return null
  }
}
