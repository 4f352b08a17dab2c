import { mkdirSync } from 'node:fs'
import { basename, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { ErpImportReport } from '@portal/contract/erp-import'
import { ConfigError, identityProblems, loadConfig, type Config } from '../../../config'
import { dataDirHolder, holdsDatabase, lockDataDir } from '../../../db/data-dir-lock'
import { openDatabase, type DatabaseHandle } from '../../../db/database'
import { migrate, migrations, pendingMigrations } from '../../../db/migrate'
import { databaseName, parseCommandLine } from '../../../lib/cli'
import { erpKeyForClient } from '../key'
import { readExportFolder } from './folder'
import { runImport } from './run'
import { importExport, INVITE_POLICIES, type ExportFiles, type ImportOptions, type InvitePolicy, type Problem } from './service'
import { depsOutsideServer } from '../../../lib/context'

export const USAGE = `Usage: erp-import <folder> [--dry-run] [--full] [--create] [--invite none|new|all]

  <folder>    the ERP export: branches.csv, categories.csv, brands.csv, products.csv, stock.csv, accounts.csv,
              contract_prices.csv, users.csv, delivery_sites.csv, synonyms.csv, orders.csv, order_lines.csv,
              invoices.csv, invoice_lines.csv, financial_periods.csv (or .jsonl), images/, attachments/
  --dry-run   check everything and count what would change; write nothing (no run is recorded, no folder made)
  --full      each file sent is the whole list: what it leaves out is withdrawn (never deleted)
  --create    the database may be new: make it (DATA_DIR) or its tables (DATABASE_URL). Without it, a
              DATA_DIR holding no database or a PostgreSQL database without the portal's tables is refused.
              With --dry-run, the export is checked against an empty database in memory.
  --invite    whom to e-mail an invitation to choose a password: none; new, the users this import creates;
              all, also the users who never signed in and were never sent one. Default: none when the portal
              has no user yet (its first import), new afterwards. The summary says how many (--dry-run too).

Environment: DATABASE_URL=postgres://... for PostgreSQL, else DATA_DIR (default ./data) for embedded PGlite.
With the embedded database and the portal running, the files go through the portal's API
(http://127.0.0.1:PORT/api/erp/import) with ERP_API_KEY or, in demo mode, the key kept in DATA_DIR.
The first line printed names the database.`

/** Where the command prints: the console, or a test's capture. `tty` draws progress bars in place. */
export interface Output {
  log(line: string): void
  error(line: string): void
  /** Text without a line end (a progress bar redrawn in place); only called when `tty`. */
  write(text: string): void
  tty: boolean
}

export const consoleOutput: Output = {
  log: (line) => console.log(line),
  error: (line) => console.error(line),
  write: (text) => void process.stdout.write(text),
  tty: process.stdout.isTTY === true,
}

interface Args {
  folder: string
  dryRun: boolean
  full: boolean
  create: boolean
  invite: InvitePolicy | undefined
}

/** How often a long phase says it is still going (a scheduler's log shows the import alive). */
const HEARTBEAT_MS = 5_000

/**
 * npm run erp:import (decision 0035, 0079): names the database it opens on its first line, refuses to create
 * one unless told (--create), writes nothing on --dry-run, shows progress, and says where the import went.
 * Exit code 0: imported (or checked) without problems; 1: problems, nothing written; 2: wrong usage or settings.
 */
export async function erpImportCommand(argv: string[], env: NodeJS.ProcessEnv = process.env, out: Output = consoleOutput): Promise<number> {
  const parsed = parseCommandLine(() => parse(argv), USAGE)
  if (!parsed) return 2
  if (parsed.values.help || parsed.positionals.length !== 1) {
    out.log(USAGE)
    return parsed.values.help ? 0 : 2
  }
  const invite = parsed.values.invite
  if (invite !== undefined && !INVITE_POLICIES.includes(invite as InvitePolicy)) {
    out.error(`--invite must be none, new or all (got ${JSON.stringify(invite)}).\n\n${USAGE}`)
    return 2
  }
  const args: Args = {
    folder: parsed.positionals[0]!,
    dryRun: parsed.values['dry-run'],
    full: parsed.values.full,
    create: parsed.values.create,
    invite: invite as InvitePolicy | undefined,
  }
  let config: Config
  try {
    config = loadConfig(env)
  } catch (error) {
    out.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error))
    return 2
  }
  const holder = config.databaseUrl ? null : dataDirHolder(config.dataDir)
  out.log(`Database: ${databaseName(config)}${holder ? `, held by the running portal (pid ${holder})` : ''}`)

  let files: ExportFiles
  try {
    files = readFiles(args.folder, out)
  } catch (error) {
    out.error(error instanceof Error ? error.message : String(error))
    return 2
  }
  if (files.size === 0) {
    out.error(`${args.folder} holds no file of the ERP interchange (see docs/erp-interchange.md or examples/erp).`)
    return 2
  }
  out.log(`${args.dryRun ? 'Checking' : 'Importing'} ${files.size} file(s) from ${resolve(args.folder)} (${args.full ? 'full' : 'delta'})`)

  if (holder) return throughPortal(config, files, args, out)
  // The invitations it writes carry the distributor's name: outside demo mode, its own (as the portal's start asks).
  const identity = args.dryRun ? [] : identityProblems(env, config)
  if (identity.length) {
    out.error(`The distributor's identity is not set:\n${identity.map((p) => `  ${p}`).join('\n')}`)
    return 2
  }
  if (!config.databaseUrl) return intoDataDir(config, files, args, out)
  return intoPostgres(config, files, args, out)
}

/** The export's files, with how many and how large (a large export takes a moment to read). */
function readFiles(folder: string, out: Output): ExportFiles {
  const files = readExportFolder(folder)
  let bytes = 0
  for (const data of files.values()) bytes += data.length
  if (files.size > 0) out.log(`Read ${files.size} file(s), ${megabytes(bytes)}`)
  return files
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

const noDatabase = (where: string) =>
  `There is no portal database ${where}. Set ${where.includes('postgres') ? 'DATABASE_URL' : 'DATA_DIR'} to the portal's own database, ` +
  'or pass --create to make a new one (nothing was written).'

/** The embedded database in DATA_DIR, the portal stopped: this process opens it, or refuses to make one unasked. */
async function intoDataDir(config: Config, files: ExportFiles, args: Args, out: Output): Promise<number> {
  const dataDir = resolve(config.dataDir)
  if (!holdsDatabase(dataDir)) {
    if (!args.create) {
      out.error(noDatabase(`in ${dataDir}`))
      return 2
    }
    if (args.dryRun) return intoEmptyMemory(config, files, args, out)
    mkdirSync(dataDir, { recursive: true })
    out.log(`Creating a new database in ${dataDir} (--create)`)
  }
  let unlock: () => void
  try {
    unlock = lockDataDir(dataDir)
  } catch (error) {
    // The portal started between the check and now: its API takes the files.
    if (dataDirHolder(dataDir)) return throughPortal(config, files, args, out)
    throw error
  }
  try {
    const handle = await openDatabase({ dataDir, poolSize: 2 })
    return await importWith(handle, config, files, args, out, `into ${databaseName(config)}`)
  } finally {
    unlock()
  }
}

/** PostgreSQL: a database without the portal's tables is someone else's, or a mistyped name, unless --create says. */
async function intoPostgres(config: Config, files: ExportFiles, args: Args, out: Output): Promise<number> {
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 2 })
  const fresh = (await pendingMigrations(handle.db)).length === migrations.length
  if (fresh && (!args.create || args.dryRun)) {
    await handle.close()
    if (!args.create) {
      out.error(noDatabase(`in ${databaseName(config)}`))
      return 2
    }
    return intoEmptyMemory(config, files, args, out)
  }
  return importWith(handle, config, files, args, out, `into ${databaseName(config)}`)
}

/** --create --dry-run: the export checked against an empty database that lives in memory only. */
async function intoEmptyMemory(config: Config, files: ExportFiles, args: Args, out: Output): Promise<number> {
  out.log('No database there yet: checking against an empty one in memory (--create --dry-run)')
  const handle = await openDatabase({ poolSize: 1 })
  return importWith(handle, config, files, { ...args, create: true }, out, 'into an empty database')
}

/**
 * Migrates (unless on --dry-run, which changes nothing: pending migrations stop it) and imports. A dry run is
 * not recorded in the runs: it writes nothing at all. Closes the database.
 */
async function importWith(handle: DatabaseHandle, config: Config, files: ExportFiles, args: Args, out: Output, where: string): Promise<number> {
  try {
    const pending = await pendingMigrations(handle.db)
    if (pending.length > 0 && args.dryRun && !args.create) {
      out.error(`The database needs ${pending.length} migration(s) first (npm run migrate); --dry-run changes nothing, so nothing was checked.`)
      return 2
    }
    if (pending.length > 0) await migrate(handle.db)
    const progress = progressPrinter(out)
    const options = {
      mode: args.full ? 'full' : 'delta',
      dryRun: args.dryRun,
      progress,
      ...(args.invite ? { invite: args.invite } : {}),
    } satisfies Partial<ImportOptions>
    try {
      const report = args.dryRun
        ? await importExport(depsOutsideServer(handle.db, config), files, { ...options, acknowledge: async () => {} })
        : await runImport(depsOutsideServer(handle.db, config), files, { ...options, who: 'cli' })
      progress.done()
      return printReport(report, out, args.dryRun ? 'Nothing was written (--dry-run).' : `Imported ${where}.`)
    } finally {
      progress.done()
    }
  } finally {
    await handle.close()
  }
}

/** The embedded database is the running portal's: the same files go to its API, which runs the same import. */
async function throughPortal(config: Config, files: ExportFiles, args: Args, out: Output): Promise<number> {
  const endpoint = `http://127.0.0.1:${config.port}/api/erp/import`
  const url = `${endpoint}?mode=${args.full ? 'full' : 'delta'}&dryRun=${args.dryRun}${args.invite ? `&invite=${args.invite}` : ''}`
  const key = erpKeyForClient(config)
  if (!key) {
    out.error(
      `The portal is running on the database in ${resolve(config.dataDir)}, and no ERP key is set for this command to send the files to it.\n` +
        "Set ERP_API_KEY to the portal's key, or stop the portal, import, then start it again.",
    )
    return 2
  }
  out.log(`Sending the files to the running portal at ${endpoint}`)
  const form = new FormData()
  for (const [path, data] of files) form.append(path, new Blob([data]), basename(path))
  const waiting = heartbeat(out, 'the portal is checking and writing the files')
  let res: Response
  let body: (ErpImportReport & { problems?: Problem[]; message?: string; total?: number }) | null
  try {
    res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form })
    body = (await res.json().catch(() => null)) as typeof body
  } catch (error) {
    out.error(`The portal did not answer at ${endpoint} (${error instanceof Error ? error.message : error}). Is PORT right? Or stop it and import again.`)
    return 2
  } finally {
    waiting.stop()
  }
  if (res.status === 200 && body)
    return printReport(
      body,
      out,
      args.dryRun ? 'Nothing was written (--dry-run).' : `Imported through the running portal into ${databaseName(config)}; the portal shows it now.`,
    )
  if (res.status === 422 && body?.problems)
    return printReport({ ok: false, dryRun: args.dryRun, files: [], problems: body.problems, problemCount: body.total ?? body.problems.length }, out, '')
  out.error(`The portal answered ${res.status}: ${body?.message ?? 'no message'}`)
  return res.status === 401 ? 2 : 1
}

const describeProblem = (p: Problem) =>
  `  ${p.file}${p.line ? `:${p.line}` : ''}${p.field ? ` ${p.field}` : ''}${p.value ? ` ${JSON.stringify(p.value)}` : ''}: ${p.message}`

function printReport(
  report: Pick<ErpImportReport, 'ok' | 'dryRun' | 'files' | 'problems' | 'problemCount'> & { warnings?: Problem[] } & Partial<
      Pick<ErpImportReport, 'invitations'>
    >,
  out: Output,
  done: string,
): number {
  if (report.files.length > 0) {
    out.log(`\n${'file'.padEnd(24)}${'added'.padStart(8)}${'changed'.padStart(9)}${'withdrawn'.padStart(11)}${'failed'.padStart(8)}`)
    for (const f of report.files)
      out.log(
        `${f.file.padEnd(24)}${String(f.added).padStart(8)}${String(f.changed).padStart(9)}${String(f.withdrawn).padStart(11)}${String(f.failed).padStart(8)}`,
      )
  }
  if (!report.ok) {
    const more = report.problemCount > report.problems.length ? `, the first ${report.problems.length} listed` : ''
    out.error(`\n${report.problemCount} problem(s)${more}; nothing was written:`)
    for (const p of report.problems) out.error(describeProblem(p))
    return 1
  }
  if (report.warnings?.length) {
    out.log(`\n${report.warnings.length} warning(s), imported as shown:`)
    for (const p of report.warnings) out.log(describeProblem(p))
  }
  if (report.invitations) out.log(`\n${invitationLine(report.invitations, report.dryRun)}`)
  out.log(report.dryRun ? '\nNo problems. Nothing was written (--dry-run).' : `\n${done}`)
  return 0
}

/** "Invitations: 3 sent (--invite new) ...", with what the other choices would send when they differ. */
function invitationLine(i: ErpImportReport['invitations'], dryRun: boolean): string {
  const sent = `${i.count} ${dryRun ? 'would be sent' : 'sent'}`
  const why = i.defaulted
    ? `--invite ${i.invite}, the default ${i.invite === 'none' ? 'into a portal without users' : 'once the portal has users'}`
    : `--invite ${i.invite}`
  const others = [
    i.invite !== 'new' && i.newUsers > 0 ? `--invite new would send ${i.newUsers}` : null,
    i.invite !== 'all' && i.waitingUsers > 0 ? `--invite all would send ${i.newUsers + i.waitingUsers}` : null,
  ].filter(Boolean)
  return `Invitations: ${sent} (${why})${others.length ? `; ${others.join(', ')}` : ''}.`
}

/** Every HEARTBEAT_MS while a step runs: how long it has taken so far. */
function heartbeat(out: Output, what: string) {
  const started = Date.now()
  let shown = false
  const timer = setInterval(() => {
    const line = `  ${what}... ${Math.round((Date.now() - started) / 1000)} s`
    if (out.tty) out.write(`\r${line}`)
    else out.log(line)
    shown = true
  }, HEARTBEAT_MS)
  timer.unref()
  return {
    stop() {
      clearInterval(timer)
      if (shown && out.tty) out.write('\n')
    },
  }
}

type ProgressEvent = Parameters<NonNullable<ImportOptions['progress']>>[0]

/**
 * A bar per phase on a terminal; plain lines otherwise (a log, a scheduler). Between events, a heartbeat says
 * which file is being checked or written and for how long, so a large file never looks stuck.
 */
function progressPrinter(out: Output) {
  let open = false
  let phaseStarted = Date.now()
  let current = 'the first file'
  let phase: ProgressEvent['phase'] = 'checked'
  const timer = setInterval(() => {
    const line = `  still ${phase === 'checked' ? 'checking' : 'writing'} after ${current}... ${Math.round((Date.now() - phaseStarted) / 1000)} s`
    if (out.tty) {
      if (open) out.write('\n')
      out.write(line)
      open = true
    } else out.log(line)
  }, HEARTBEAT_MS)
  timer.unref()
  const print = (event: ProgressEvent) => {
    if (event.phase !== phase) phaseStarted = Date.now()
    phase = event.phase
    current = event.file
    const verb = event.phase === 'checked' ? 'checked' : 'written'
    if (!out.tty) {
      out.log(`  ${verb} ${event.file} (${event.index + 1}/${event.total})`)
      return
    }
    const width = 24
    const filled = Math.round(((event.index + 1) / event.total) * width)
    out.write(
      `\r  ${event.phase === 'checked' ? 'checking' : 'writing '} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${event.index + 1}/${event.total} ${event.file.padEnd(24)}`,
    )
    open = true
    if (event.index + 1 === event.total) {
      out.write('\n')
      open = false
    }
  }
  return Object.assign(print, {
    done() {
      clearInterval(timer)
      if (open) out.write('\n')
      open = false
    },
  })
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'dry-run': { type: 'boolean', default: false },
      full: { type: 'boolean', default: false },
      create: { type: 'boolean', default: false },
      invite: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  })
}
