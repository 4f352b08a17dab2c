/**
 * Writes the portal's new orders for an ERP that reads files (docs/erp-interchange.md, decision 0037).
 *
 *   npm run erp:export -- --out FOLDER
 *   node apps/server/dist/erp-export.js --out FOLDER
 *
 * orders.csv and order_lines.csv in FOLDER: every order GET /api/erp/orders would offer, marked exported in
 * the same transaction, never written again. With PostgreSQL (DATABASE_URL) while the portal runs. The
 * embedded database (PGlite) is the running portal's alone: stop the portal first, or have the ERP collect
 * the orders from GET /api/erp/orders instead.
 */
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { ConfigError, loadConfig } from './config'
import { lockDataDir } from './db/data-dir-lock'
import { openDatabase } from './db/database'
import { migrate } from './db/migrate'
import { parseCommandLine, runCommand } from './lib/cli'
import { ERP_KEY_FILE } from './modules/erp/key'
import { ExportError, exportOrders } from './modules/erp/export'

const USAGE = `Usage: erp:export --out FOLDER

  --out FOLDER   where to write orders.csv and order_lines.csv (made if missing)

Writes the portal's new orders (on account, and by card once paid) that the ERP has not acknowledged and
that were not exported before, and marks them exported. The ERP acknowledges them by importing orders.csv
with their PortalOrderId and its own SalesOrder. A folder still holding the last export's files is refused.

Environment: DATABASE_URL=postgres://... exports from that database, while the portal runs;
otherwise DATA_DIR (default ./data), the embedded database, with the portal stopped.`

async function main(): Promise<number> {
  const args = parseCommandLine(
    () => parseArgs({ args: process.argv.slice(2), options: { out: { type: 'string', short: 'o' }, help: { type: 'boolean', short: 'h' } }, strict: true }),
    USAGE,
  )
  if (!args) return 2
  if (args.values.help || !args.values.out) {
    console.log(USAGE)
    return args.values.help ? 0 : 2
  }
  let config
  try {
    config = loadConfig()
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error)
    return 2
  }
  const folder = resolve(args.values.out)
  let unlock = () => {}
  if (!config.databaseUrl) {
    mkdirSync(config.dataDir, { recursive: true })
    try {
      unlock = lockDataDir(config.dataDir)
    } catch (error) {
      console.error(`${error instanceof Error ? error.message : String(error)}
The embedded database can be used by one process at a time, and the portal is running on it. Either stop the
portal, export, and start it again; or leave it running and have the ERP collect the new orders over HTTP:
  curl -H "Authorization: Bearer $(cat ${join(config.dataDir, ERP_KEY_FILE)})" ${config.publicUrl}/api/erp/orders
(in demo mode the key is kept in that file; otherwise use ERP_API_KEY). With PostgreSQL (DATABASE_URL) the
export runs while the portal runs.`)
      return 1
    }
  }
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 }).catch((error: unknown) => {
    unlock()
    throw error
  })
  try {
    await migrate(handle.db)
    const result = await exportOrders(handle.db, config, folder)
    if (result.orders === 0) console.log(`No new orders to export; nothing was written to ${folder}.`)
    else console.log(`Exported ${result.orders} order(s), ${result.lines} line(s) (run ${result.run}):\n${result.files.map((f) => `  ${f}`).join('\n')}`)
    return 0
  } catch (error) {
    if (error instanceof ExportError) {
      console.error(error.message)
      return 1
    }
    throw error
  } finally {
    await handle.close()
    unlock()
  }
}

runCommand(main)
