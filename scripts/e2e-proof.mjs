// npm run test:e2e:proof: the whole browser suite several times in a row while `npm run bench:catalogue`
// loads the machine, to show that the suite does not fail at random: a journey that waits on the
// clock instead of on its event fails under load. No retries: the first failure is reported as it is.
//
//   npm run test:e2e:proof [-- --runs 5 --bench-seconds 30 --bench-port 3990 --logs /tmp/e2e-proof]
//
// The load is `npm run bench:catalogue -- --seconds <bench-seconds> --port <bench-port>` in a loop until the
// last run ends (it needs the large data set on PostgreSQL: BENCH_DATABASE_URL, see bench-catalogue.mjs). A
// load run that overstays 15 minutes is ended and its server on the bench port with it. Each suite run's
// output goes to <logs>/suite-N.log and the load's to <logs>/load.log; the summary says each run's result,
// its time and the load average around it. Exits 1 when any run failed.
import { spawn, spawnSync } from 'node:child_process'
import { appendFileSync, mkdirSync, openSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { clearTimeout, setTimeout } from 'node:timers'
import { setTimeout as delay } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import { ensureChromium } from './chromium.mjs'
import { ensureBuilt } from './ensure-built.mjs'
import { root } from './lib/paths.mjs'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'bench-seconds': { type: 'string', default: '30' },
    'bench-port': { type: 'string', default: '3990' },
    logs: { type: 'string', default: '/tmp/e2e-proof' },
  },
})
const runs = Number(values.runs)
const logs = values.logs
mkdirSync(logs, { recursive: true })
const summary = join(logs, 'summary.log')
writeFileSync(summary, '')
const note = (line) => {
  console.log(line)
  appendFileSync(summary, `${line}\n`)
}
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')
const clock = () => new Date().toISOString().slice(11, 19)

ensureChromium()
ensureBuilt()

/** Ends whatever listens on the bench port (a bench run ended by its time limit leaves its server there). */
function freeBenchPort() {
  const out = spawnSync('ss', ['-ltnpH', `sport = :${values['bench-port']}`], { encoding: 'utf8' }).stdout ?? ''
  for (const [, pid] of out.matchAll(/pid=(\d+)/g)) {
    try {
      process.kill(Number(pid))
    } catch {
      // gone meanwhile
    }
  }
}

let stopping = false
let bench = null
/** bench:catalogue in a loop until `stopping`, each run at most 15 minutes. */
async function loadLoop() {
  const out = openSync(join(logs, 'load.log'), 'a')
  for (let n = 1; !stopping; n++) {
    appendFileSync(join(logs, 'load.log'), `=== load run ${n} ${clock()}\n`)
    bench = spawn(process.execPath, ['scripts/bench-catalogue.mjs', '--seconds', values['bench-seconds'], '--port', values['bench-port']], {
      cwd: root,
      stdio: ['ignore', out, out],
      detached: true,
    })
    const limit = setTimeout(() => bench && process.kill(-bench.pid, 'SIGKILL'), 15 * 60_000)
    const code = await new Promise((resolve) => bench.once('exit', (c, signal) => resolve(c ?? signal)))
    clearTimeout(limit)
    appendFileSync(join(logs, 'load.log'), `=== load run ${n} exit ${code} ${clock()}\n`)
    freeBenchPort()
    if (code !== 0 && !stopping) await delay(5_000)
  }
}

note(`=== ${runs} runs of the browser suite under bench:catalogue load, from ${clock()} (logs in ${logs})`)
const loading = loadLoop()
// Let the load start (the benchmark's server start and sign-ins) before the first run.
await delay(60_000)
let failed = 0
for (let run = 1; run <= runs; run++) {
  const started = Date.now()
  note(`=== suite run ${run} start ${clock()} load ${load()}`)
  const res = spawnSync('npx', ['playwright', 'test', '-c', 'apps/web/e2e/playwright.config.ts'], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 })
  const output = `${res.stdout ?? ''}${res.stderr ?? ''}`
  appendFileSync(join(logs, `suite-${run}.log`), output)
  const counts = [...output.matchAll(/^\s+(\d+) (passed|failed|skipped|flaky)/gm)].map((m) => `${m[1]} ${m[2]}`).join(', ')
  const minutes = ((Date.now() - started) / 60_000).toFixed(1)
  note(`=== suite run ${run} exit ${res.status} after ${minutes} min, load ${load()}: ${counts}`)
  for (const line of output.split('\n').filter((l) => l.includes('✘'))) note(`    ${line.trim()}`)
  if (res.status !== 0) failed++
}
stopping = true
if (bench) {
  try {
    process.kill(-bench.pid, 'SIGTERM')
  } catch {
    // already ended
  }
}
await loading
note(`=== ${runs - failed} of ${runs} runs passed, ${clock()}`)
process.exit(failed > 0 ? 1 : 0)
