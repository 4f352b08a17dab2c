/**
 * Imports a folder of Markdown news posts, promotions, home banners and pages into the embedded content service.
 *
 *   npm run content:import -- <folder> [--dry-run] [--prune]
 *   node apps/server/dist/content-import.js <folder> [--dry-run] [--prune]
 *
 * DATABASE_URL selects PostgreSQL; otherwise PGlite in DATA_DIR (default ./data). See README,
 * "Editing news, promotions and banners", and the sample folder content/.
 */
import { mkdirSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { parseCommandLine, runCommand } from './lib/cli'
import { ConfigError, loadConfig } from './config'
import { lockDataDir } from './db/data-dir-lock'
import { openDatabase } from './db/database'
import { migrate } from './db/migrate'
import { ImportError, importFolder } from './modules/content/import'

const USAGE = `Usage: content-import <folder> [--dry-run] [--prune]

  <folder>    home.md (home page banners), posts/*.md (news and promotions) and pages/*.md
              (the privacy notice and the terms), with their pictures
  --dry-run   check everything and say what would change; write nothing
  --prune     also delete the posts whose slugs are not in the folder (pages are never deleted)

Environment: DATABASE_URL=postgres://... for PostgreSQL, else DATA_DIR (default ./data) for embedded PGlite.
With the embedded database, stop the portal first: only one process can open it at a time.`

async function main(): Promise<number> {
  const args = parseCommandLine(parse, USAGE)
  if (!args) return 2
  if (args.values.help || args.positionals.length !== 1) {
    console.log(USAGE)
    return args.values.help ? 0 : 2
  }
  const folder = args.positionals[0]!
  let config
  try {
    config = loadConfig()
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error)
    return 2
  }
  // The embedded database is one process's: the portal's lock keeps the two apart, whichever comes second.
  let unlock = () => {}
  if (!config.databaseUrl) {
    mkdirSync(config.dataDir, { recursive: true })
    try {
      unlock = lockDataDir(config.dataDir)
    } catch (error) {
      console.error(`${error instanceof Error ? error.message : String(error)}\nStop the portal, import, then start it again.`)
      return 1
    }
  }
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 }).catch((error: unknown) => {
    unlock()
    throw error
  })
  try {
    await migrate(handle.db)
    const summary = await importFolder(handle.db, folder, { dryRun: args.values['dry-run'], prune: args.values.prune })
    const list = (label: string, slugs: string[]) => slugs.length > 0 && console.log(`  ${label.padEnd(12)} ${slugs.join(', ')}`)
    console.log(summary.dryRun ? `Checked ${folder}: nothing was written. The import would make these changes:` : `Imported ${folder}:`)
    list('new', summary.created)
    list('changed', summary.updated)
    list('deleted', summary.deleted)
    list('drafts', summary.drafts)
    list('scheduled', summary.scheduled)
    list('new page', summary.pagesCreated)
    list('changed page', summary.pagesUpdated)
    if (summary.home) console.log(`  home page ${summary.home}`)
    console.log(`  ${summary.pictures} picture(s)`)
    if (!summary.dryRun) console.log('The portal shows the changes within a minute.')
    return 0
  } catch (error) {
    if (error instanceof ImportError) {
      console.error(error.message)
      return 1
    }
    throw error
  } finally {
    await handle.close()
    unlock()
  }
}

function parse() {
  return parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: {
      'dry-run': { type: 'boolean', default: false },
      prune: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  })
}

runCommand(main)
