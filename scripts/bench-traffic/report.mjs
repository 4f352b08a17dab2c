// What bench:traffic prints of a measured run: each kind of request beside hello world, and its targets.
import { fmt } from '../lib/figures.mjs'

const CATALOGUE_READS = ['category', 'brand', 'specials', 'search', 'product']

/** The table of each kind's requests/s, p50, p99, max and errors, then all of them and hello world. */
export function printKinds(measured, hello) {
  const pad = (v, w) => String(v).padStart(w)
  console.log(`\n${'kind'.padEnd(16)} ${pad('req/s', 8)} ${pad('p50 ms', 8)} ${pad('p99 ms', 8)} ${pad('max ms', 8)} ${pad('errors', 7)}`)
  for (const [kind, r] of Object.entries(measured.kinds))
    console.log(`${kind.padEnd(16)} ${pad(fmt(r.rps), 8)} ${pad(fmt(r.p50), 8)} ${pad(fmt(r.p99), 8)} ${pad(fmt(r.max), 8)} ${pad(r.errors, 7)}`)
  const t = measured.total
  console.log(`${'all'.padEnd(16)} ${pad(fmt(t.rps), 8)} ${pad(fmt(t.p50), 8)} ${pad(fmt(t.p99), 8)} ${pad(fmt(t.max), 8)} ${pad(t.errors, 7)}`)
  console.log(
    `${'hello world'.padEnd(16)} ${pad(hello.rps, 8)} ${pad(hello.p50, 8)} ${pad(hello.p99, 8)} ${pad(hello.max, 8)} ${pad(hello.non2xx + hello.errors, 7)}`,
  )
}

/** The targets of a run ([label, met, detail]): catalogue reads p99, checkout p99, errors, throughput, server RSS. */
export function trafficTargets(measured, memory) {
  const t = measured.total
  const catalogueP99 = Math.max(...CATALOGUE_READS.map((k) => measured.kinds[k].p99 ?? Infinity))
  return [
    ['catalogue reads p99 under 50 ms (category, brand, specials, search, product)', catalogueP99 < 50, `${catalogueP99} ms`],
    ['checkout p99 under 150 ms', (measured.kinds.checkout.p99 ?? Infinity) < 150, `${measured.kinds.checkout.p99} ms`],
    ['zero errors', t.errors === 0, `${t.errors}`],
    ['at least 3,000 requests/s in all', t.rps >= 3000, `${fmt(t.rps, 0)}/s`],
    ['server RSS under 300 MB', memory.peakMiB * 1.048576 < 300, `${memory.peakMiB} MiB peak`],
  ]
}

export function printTargets(checks) {
  console.log('\nTargets:')
  for (const [label, ok, detail] of checks) console.log(`  ${ok ? 'met    ' : 'MISSED '} ${label}: ${detail}`)
}
