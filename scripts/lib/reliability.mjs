// What only the reliability suite (scripts/reliability/*.mjs) needs: databases named reliability_*, the demo
// data, the server in test mode with its log kept, and the PASSED/FAILED line.
import { buildIfStale } from './build.mjs'
import * as postgres from './postgres.mjs'
import { spawnServer } from './server.mjs'

/** The PostgreSQL server the suite makes its own databases on (`reliability_*`); a database name in it is ignored. */
const serverUrl = process.env.RELIABILITY_DATABASE_URL || 'postgres://127.0.0.1:5432/postgres'

const suiteDatabaseUrl = (name) => postgres.databaseOn(serverUrl, name)

const checkName = (name) => {
  if (!/^reliability_[a-z0-9_]+$/.test(name)) throw new Error(`refusing to touch database ${name}: the suite only uses reliability_* databases`)
  return name
}

export const dropSuiteDatabase = (name) => postgres.dropDatabase(suiteDatabaseUrl(checkName(name)))

/** A new, empty database (an older one of the same name is dropped first). */
export const createSuiteDatabase = (name) => postgres.createDatabase(suiteDatabaseUrl(checkName(name)), { fresh: true })

/** Builds the server bundle when its sources are newer (as the bench scripts do). */
export const ensureServerBuilt = () => buildIfStale(['@portal/server'])

/** The demo data set (with the demo logins) into a PostgreSQL database or a PGlite directory. */
export const seedDemo = ({ url, dataDir }) => postgres.seed({ url, dataDir, scale: 'demo' })

/** Outside demo mode the portal starts only with a distributor's identity of its own (decision 0075). */
const OWN_IDENTITY = {
  DISTRIBUTOR_NAME: 'Reliability Rural Supplies',
  DISTRIBUTOR_ABN: '33 618 240 660',
  DISTRIBUTOR_PHONE: '03 5572 1800',
  DISTRIBUTOR_EMAIL: 'orders@reliability.portal.invalid',
  DISTRIBUTOR_ADDRESS: '1 Test Street, Hamilton VIC 3300',
}

/**
 * The portal as its own process, its output in $TMPDIR/reliability-logs/. NODE_ENV=test rather than
 * production: production mode refuses to start without an https PUBLIC_URL, an SMTP server and real
 * payment-provider settings, none of which exist on 127.0.0.1, and it differs from test mode in nothing the
 * suite measures (the sandboxes and the dev outbox page are not used). DEMO_MODE=false: the scripts seed
 * their own data and create their own users.
 */
export function startSuiteServer({ name, port, url, dataDir, env = {} }) {
  return spawnServer({ name, port, url, dataDir, log: true, env: { NODE_ENV: 'test', DEMO_MODE: 'false', IP_LOOKUP_URL: 'off', ...OWN_IDENTITY, ...env } })
}

/** Runs the async main, prints a FAILED/PASSED line and sets the exit code. */
export function run(title, main) {
  main().then(
    (failures) => {
      if (failures.length) {
        console.log(`\n${title}: FAILED`)
        for (const f of failures) console.log(`  - ${f}`)
        process.exitCode = 1
      } else {
        console.log(`\n${title}: PASSED`)
      }
    },
    (error) => {
      console.error(`\n${title}: FAILED (${error instanceof Error ? error.stack || error.message : error})`)
      process.exitCode = 1
    },
  )
}
