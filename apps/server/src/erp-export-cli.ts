/**
 * Writes the portal's new orders for an ERP that reads files (docs/erp-interchange.md, decision 0037).
 *
 *   npm run erp:export -- --out FOLDER
 *   node apps/server/dist/erp-export.js --out FOLDER
 *
 * orders.csv and order_lines.csv in FOLDER: every order GET /api/erp/orders would offer, marked exported in
 * the same transaction, never written again. With PostgreSQL (DATABASE_URL) while the portal runs. The
 * embedded database (PGlite) is the running portal's alone: stop the portal first, or have the ERP collect
 * the orders from GET /api/erp/orders instead (exit code 2, as for wrong settings). The first line names the
 * database; a DATA_DIR holding none is refused, never made. The files are their owner's to read, or their
 * group's too with ERP_EXPORT_GROUP_READABLE=true (decision 0080), and the command says which.
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { ConfigError, loadConfig, type Config } from './config'
import { dataDirHolder, holdsDatabase, lockDataDir } from './db/data-dir-lock'
import { openDatabase } from './db/database'
import { migrate } from './db/migrate'
import { databaseName, parseCommandLine, runCommand } from './lib/cli'
import { ERP_KEY_FILE } from './modules/erp/key'
import { ExportError, exportOrders } from './modules/erp/export'

const USAGE = `Usage: erp:export --out FOLDER

  --out FOLDER   where to write orders.csv and order_lines.csv (made if missing)

Writes the portal's new orders (on account, and by card once paid) that the ERP has not acknowledged and
that were not exported before, and marks them exported. The ERP acknowledges them by importing orders.csv
with their PortalOrderId and its own SalesOrder. A folder still holding the last export's files is refused.

Environment: DATABASE_URL=postgres://... exports from that database, while the portal runs;
otherwise DATA_DIR (default ./data), the embedded database, with the portal stopped.
ERP_EXPORT_GROUP_READABLE=true writes the files readable by their group too (mode 0640) for an ERP that reads
them as another user of that group; otherwise they are readable by their owner only (mode 0600).`

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
  console.log(`Database: ${databaseName(config)}`)
  let unlock = () => {}
  if (!config.databaseUrl) {
    try {
      // Taken before anything is read: the running portal's lock says more than whether the directory holds a database.
      if (dataDirHolder(config.dataDir) || holdsDatabase(config.dataDir)) unlock = lockDataDir(config.dataDir)
      else {
        console.error(`There is no portal database in ${resolve(config.dataDir)}: set DATA_DIR to the portal's own data directory. Nothing was exported.`)
        return 2
      }
    } catch (error) {
      console.error(`${error instanceof Error ? error.message : String(error)}\n${whileThePortalRuns(config)}`)
      return 2
    }
  }
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 }).catch((error: unknown) => {
    unlock()
    throw error
  })
  try {
    await migrate(handle.db)
    const result = await exportOrders(handle.db, config, folder)
    if (result.orders === 0 && result.payments === 0 && result.applications === 0)
      console.log(`No new orders to export, nor payments or applications; nothing was written to ${folder}.`)
    else
      console.log(
        `Exported ${result.orders} order(s), ${result.lines} line(s), ${result.payments} payment(s), ${result.applications} application(s) (run ${result.run}):\n${result.files.map((f) => `  ${f}`).join('\n')}\n${readableBy(result.mode)}`,
      )
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

/** What the ERP can do while the portal holds the embedded database: collect over HTTP with the key it has. */
function whileThePortalRuns(config: Config): string {
  const keyFile = join(resolve(config.dataDir), ERP_KEY_FILE)
  const key = config.erp.apiKey ? '$ERP_API_KEY' : config.demo && existsSync(keyFile) ? `$(cat ${keyFile})` : null
  const collect = key
    ? `  curl -H "Authorization: Bearer ${key}" ${config.publicUrl}/api/erp/orders`
    : '  (the portal has no ERP key: set ERP_API_KEY on it, and the ERP sends that key to GET /api/erp/orders)'
  return `The embedded database can be used by one process at a time, and the portal is running on it. Either stop the
portal, export, and start it again; or leave it running and have the ERP collect the new orders over HTTP:
${collect}
With PostgreSQL (DATABASE_URL) the export runs while the portal runs.`
}

/** Who can read the files written, said plainly: an ERP running as another user needs to know. */
function readableBy(mode: number): string {
  return mode === 0o640
    ? 'The files are readable by their owner and group (mode 0640, ERP_EXPORT_GROUP_READABLE=true).'
    : 'The files are readable by their owner only (mode 0600); set ERP_EXPORT_GROUP_READABLE=true to let their group read them too.'
}

runCommand(main)
