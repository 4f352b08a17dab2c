// npm test: every suite, in order. API tests on PGlite, then on PostgreSQL when DATABASE_URL is set,
// then the web app's component tests, then the browser journeys. Ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ensureChromium } from './chromium.mjs'
import { ensureBuilt } from './ensure-built.mjs'

const root = new URL('..', import.meta.url).pathname
const reports = mkdtempSync(join(tmpdir(), 'portal-reports-'))
const { DATABASE_URL, ...baseEnv } = process.env
const results = []

function run(name, command, args, env, countsFrom) {
  console.log(`\n=== ${name} ===`)
  const res = spawnSync(command, args, { stdio: 'inherit', cwd: root, env: { ...baseEnv, ...env } })
  const counts = existsSync(countsFrom) ? countsOf(countsFrom) : { passed: 0, failed: 0 }
  const ok = res.status === 0
  if (!ok && counts.failed === 0) counts.failed = 1
  results.push({ name, ok, ...counts })
}

function countsOf(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'))
  if (report.stats) return { passed: report.stats.expected ?? 0, failed: (report.stats.unexpected ?? 0) + (report.stats.flaky ?? 0) }
  return { passed: report.numPassedTests ?? 0, failed: report.numFailedTests ?? 0 }
}

const vitest = (project, out) => ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]

run('API tests on PGlite', 'npx', vitest('api', join(reports, 'api-pglite.json')), {}, join(reports, 'api-pglite.json'))
if (DATABASE_URL) {
  run('API tests on PostgreSQL', 'npx', vitest('api', join(reports, 'api-pg.json')), { TEST_DATABASE_URL: DATABASE_URL }, join(reports, 'api-pg.json'))
} else {
  console.log('\n(DATABASE_URL is not set: the API tests ran on PGlite only; .ci/run sets it for a PostgreSQL pass.)')
}
run('Web component tests', 'npx', vitest('web', join(reports, 'web.json')), {}, join(reports, 'web.json'))

ensureChromium()
ensureBuilt()
run(
  'Browser journeys (Playwright, Chromium)',
  'npx',
  ['playwright', 'test', '-c', 'apps/web/e2e/playwright.config.ts'],
  { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'e2e.json') },
  join(reports, 'e2e.json'),
)

console.log('\n=== Summary ===')
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name}: ${r.passed} passed, ${r.failed} failed`)
const passed = results.reduce((n, r) => n + r.passed, 0)
const failed = results.reduce((n, r) => n + r.failed, 0)
console.log(`${passed} passed, ${failed} failed`)
process.exit(results.every((r) => r.ok) ? 0 : 1)
