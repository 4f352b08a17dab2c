/**
 * Imports an ERP export folder (docs/erp-interchange.md) into the portal.
 *
 *   npm run erp:import -- <folder> [--dry-run] [--full]
 *
 * DATABASE_URL: writes into PostgreSQL directly, while the portal serves. Embedded PGlite (DATA_DIR): when the
 * portal is running it holds the database, and the files go to its POST /api/erp/import with the ERP key
 * (decision 0035); when it is not, the command opens the database itself. Exit code 0: imported (or checked)
 * without problems; 1: problems, nothing written; 2: wrong usage or settings.
 */
import { mkdirSync } from 'node:fs'
import { basename } from 'node:path'
import { parseArgs } from 'node:util'
import type { ErpImportReport } from '@portal/contract/erp-import'
import { ConfigError, loadConfig, type Config } from './config'
import { lockDataDir } from './db/data-dir-lock'
import { openDatabase } from './db/database'
import { migrate } from './db/migrate'
import { parseCommandLine, runCommand } from './lib/cli'
import { readExportFolder } from './modules/erp/import/folder'
import { runImport } from './modules/erp/import/run'
import type { ExportFiles, Problem } from './modules/erp/import/service'
import { erpKeyForClient } from './modules/erp/key'

const USAGE = `Usage: erp-import <folder> [--dry-run] [--full]

  <folder>    the ERP export: branches.csv, categories.csv, brands.csv, products.csv, stock.csv, accounts.csv,
              contract_prices.csv, users.csv, delivery_sites.csv, synonyms.csv, orders.csv, order_lines.csv,
              invoices.csv, invoice_lines.csv, financial_periods.csv (or .jsonl), images/, attachments/
  --dry-run   check everything and count what would change; write nothing
  --full      each file sent is the whole list: what it leaves out is withdrawn (never deleted)

Environment: DATABASE_URL=postgres://... for PostgreSQL, else DATA_DIR (default ./data) for embedded PGlite.
With the embedded database and the portal running, the files go through the portal's API
(http://127.0.0.1:PORT/api/erp/import) with ERP_API_KEY or, in demo mode, the key kept in DATA_DIR.`

interface Args {
  folder: string
  dryRun: boolean
  full: boolean
}

async function main(): Promise<number> {
  const parsed = parseCommandLine(parse, USAGE)
  if (!parsed) return 2
  if (parsed.values.help || parsed.positionals.length !== 1) {
    console.log(USAGE)
    return parsed.values.help ? 0 : 2
  }
  const args: Args = { folder: parsed.positionals[0]!, dryRun: parsed.values['dry-run'], full: parsed.values.full }
  let config: Config
  let files: ExportFiles
  try {
    config = loadConfig()
    files = readExportFolder(args.folder)
  } catch (error) {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : error)
    return 2
  }
  if (files.size === 0) {
    console.error(`${args.folder} holds no file of the ERP interchange (see docs/erp-interchange.md or examples/erp).`)
    return 2
  }
  console.log(`${args.dryRun ? 'Checking' : 'Importing'} ${files.size} file(s) from ${args.folder} (${args.full ? 'full' : 'delta'})`)

  let unlock = () => {}
  if (!config.databaseUrl) {
    mkdirSync(config.dataDir, { recursive: true })
    try {
      unlock = lockDataDir(config.dataDir)
    } catch {
      return throughPortal(config, files, args)
    }
  }
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 }).catch((error: unknown) => {
    unlock()
    throw error
  })
  try {
    await migrate(handle.db)
    const progress = progressPrinter()
    const report = await runImport({ db: handle.db, config }, files, { mode: args.full ? 'full' : 'delta', dryRun: args.dryRun, who: 'cli', progress })
    progress.done()
    return printReport(report)
  } finally {
    await handle.close()
    unlock()
  }
}

/** The embedded database is the running portal's: the same files go to its API, which runs the same import. */
async function throughPortal(config: Config, files: ExportFiles, args: Args): Promise<number> {
  const url = `http://127.0.0.1:${config.port}/api/erp/import?mode=${args.full ? 'full' : 'delta'}&dryRun=${args.dryRun}`
  const key = erpKeyForClient(config)
  if (!key) {
    console.error(
      `The portal is running on the database in ${config.dataDir}, and no ERP key is set for this command to send the files to it.\n` +
        "Set ERP_API_KEY to the portal's key, or stop the portal, import, then start it again.",
    )
    return 2
  }
  console.log(`The portal is running on ${config.dataDir}: sending the files to ${url.split('?')[0]}`)
  const form = new FormData()
  for (const [path, data] of files) form.append(path, new Blob([data]), basename(path))
  let res: Response
  try {
    res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form })
  } catch (error) {
    console.error(
      `The portal did not answer at ${url.split('?')[0]} (${error instanceof Error ? error.message : error}). Is PORT right? Or stop it and import again.`,
    )
    return 2
  }
  const body = (await res.json().catch(() => null)) as (ErpImportReport & { problems?: Problem[]; message?: string; total?: number }) | null
  if (res.status === 200 && body) return printReport(body)
  if (res.status === 422 && body?.problems)
    return printReport({ ok: false, dryRun: args.dryRun, files: [], problems: body.problems, problemCount: body.total ?? body.problems.length })
  console.error(`The portal answered ${res.status}: ${body?.message ?? 'no message'}`)
  return res.status === 401 ? 2 : 1
}

function printReport(report: Pick<ErpImportReport, 'ok' | 'dryRun' | 'files' | 'problems' | 'problemCount'>): number {
  if (report.files.length > 0) {
    console.log(`\n${'file'.padEnd(24)}${'added'.padStart(8)}${'changed'.padStart(9)}${'withdrawn'.padStart(11)}${'failed'.padStart(8)}`)
    for (const f of report.files)
      console.log(
        `${f.file.padEnd(24)}${String(f.added).padStart(8)}${String(f.changed).padStart(9)}${String(f.withdrawn).padStart(11)}${String(f.failed).padStart(8)}`,
      )
  }
  if (!report.ok) {
    const more = report.problemCount > report.problems.length ? `, the first ${report.problems.length} listed` : ''
    console.error(`\n${report.problemCount} problem(s)${more}; nothing was written:`)
    for (const p of report.problems)
      console.error(`  ${p.file}${p.line ? `:${p.line}` : ''}${p.field ? ` ${p.field}` : ''}${p.value ? ` ${JSON.stringify(p.value)}` : ''}: ${p.message}`)
    return 1
  }
  console.log(report.dryRun ? '\nNo problems. Nothing was written (--dry-run).' : '\nImported. The portal shows it now.')
  return 0
}

/** A bar per file on a terminal; plain lines otherwise (a log, a scheduler). */
function progressPrinter() {
  const tty = process.stdout.isTTY
  let open = false
  const print = (event: { file: string; phase: 'checked' | 'written'; index: number; total: number }) => {
    const verb = event.phase === 'checked' ? 'checked' : 'written'
    if (!tty) {
      console.log(`  ${verb} ${event.file}`)
      return
    }
    const width = 24
    const filled = Math.round(((event.index + 1) / event.total) * width)
    process.stdout.write(
      `\r  ${event.phase === 'checked' ? 'checking' : 'writing '} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${event.index + 1}/${event.total} ${event.file.padEnd(24)}`,
    )
    open = true
    if (event.index + 1 === event.total) {
      process.stdout.write('\n')
      open = false
    }
  }
  return Object.assign(print, {
    done() {
      if (open) process.stdout.write('\n')
    },
  })
}

function parse() {
  return parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: {
      'dry-run': { type: 'boolean', default: false },
      full: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  })
}

runCommand(main)
