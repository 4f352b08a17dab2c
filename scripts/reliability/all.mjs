// npm run reliability — the whole reliability suite: the mixed load, the kill test, the two instances and the
// standing orders' runs, one after the other (each on its own database and ports). Options after -- go to the
// load (e.g. -- --minutes 1). Prints each script's verdict and exits non-zero when any failed.
import { spawnSync } from 'node:child_process'

const dir = new URL('.', import.meta.url).pathname
const suites = [
  ['reliability:load', 'load.mjs', process.argv.slice(2)],
  ['reliability:kill', 'kill.mjs', []],
  ['reliability:instances', 'instances.mjs', []],
  ['reliability:standing-orders', 'standing-orders.mjs', []],
]
const results = []
for (const [name, file, args] of suites) {
  console.log(`\n##### ${name}`)
  const started = Date.now()
  const res = spawnSync('node', [`${dir}${file}`, ...args], { stdio: 'inherit' })
  results.push([name, res.status === 0, (Date.now() - started) / 1000])
}
console.log('\nReliability suite:')
for (const [name, ok, seconds] of results) console.log(`  ${ok ? 'passed' : 'FAILED'}  ${name} (${seconds.toFixed(0)} s)`)
process.exitCode = results.every(([, ok]) => ok) ? 0 : 1
