// PostgreSQL for the scripts (benchmarks and reliability suite): URLs, one-off queries, databases of their
// own, and the seed command that loads a data set into them.
import { spawnSync } from 'node:child_process'
import pg from 'pg'
import { root } from './paths.mjs'

/** A PostgreSQL URL with a user: PGUSER, else the operating-system user, else postgres (as the portal does). */
export function withUser(url) {
  const u = new URL(url)
  if (!u.username) u.username = process.env.PGUSER || process.env.USER || 'postgres'
  return u
}

/** The URL without its password, for printing. */
export const printable = (url) => String(url).replace(/\/\/([^:@/]*):[^@/]*@/, '//$1@')

/** The same server's URL for another database. */
export function databaseOn(url, name) {
  const u = withUser(url)
  u.pathname = `/${name}`
  return u.toString()
}

export async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: withUser(url).toString() })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

export const query = (url, text, params = []) => withClient(url, async (c) => (await c.query(text, params)).rows)

/** Rows of a table: -1 when the database does not exist, 0 when the table does not. */
export async function rowCount(url, table) {
  try {
    const [{ ok }] = await query(url, `SELECT to_regclass($1) IS NOT NULL AS ok`, [table])
    if (!ok) return 0
    return Number((await query(url, `SELECT count(*) AS n FROM ${table}`))[0].n)
  } catch (error) {
    if (error.code === '3D000') return -1
    throw error
  }
}

const nameOf = (url) => {
  const name = withUser(url).pathname.slice(1)
  if (!/^[a-z0-9_]+$/i.test(name)) throw new Error(`refusing the database name ${name}`)
  return name
}

export async function dropDatabase(url) {
  await withClient(databaseOn(url, 'postgres'), (c) => c.query(`DROP DATABASE IF EXISTS "${nameOf(url)}" WITH (FORCE)`))
}

/** Creates the database of the URL when it does not exist; `fresh` drops an older one of that name first. */
export async function createDatabase(url, { fresh = false } = {}) {
  const name = nameOf(url)
  if (fresh) await dropDatabase(url)
  await withClient(databaseOn(url, 'postgres'), async (c) => {
    const exists = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (exists.rowCount === 0) await c.query(`CREATE DATABASE "${name}"`)
  })
  return withUser(url).toString()
}

/**
 * Loads a data set (apps/server/dist/seed.js --scale demo|large) into a PostgreSQL database (`url`) or a PGlite
 * directory (`dataDir`). `inherit` shows its progress; otherwise its output is only shown when it fails.
 */
export function seed({ url, dataDir, scale = 'demo', reset = false, inherit = false }) {
  const env = { ...process.env }
  delete env.DATABASE_URL
  delete env.DATA_DIR
  if (url) env.DATABASE_URL = url
  else env.DATA_DIR = dataDir
  const res = spawnSync('node', ['apps/server/dist/seed.js', '--scale', scale, ...(reset ? ['--reset'] : [])], {
    cwd: root,
    env,
    stdio: inherit ? 'inherit' : 'pipe',
    encoding: 'utf8',
  })
  if (res.status !== 0) throw new Error(`seeding failed${inherit ? '' : `:\n${res.stderr}${res.stdout}`}`)
}
