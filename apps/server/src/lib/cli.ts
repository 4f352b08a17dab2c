// What the command-line tools (seed, migrate, backup, restore, content import, ERP import and export) share:
// reading their options, naming their database and ending with their exit code.
import { resolve } from 'node:path'

/**
 * The options as `parse` (node:util's parseArgs, strict) reads them; a wrong or unknown option prints its
 * message and the usage, and gives null: the command then ends with exit code 2.
 */
export function parseCommandLine<T>(parse: () => T, usage: string): T | null {
  try {
    return parse()
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`)
    return null
  }
}

/**
 * Runs a command's main and sets the exit code it returns. PGlite resets process.exitCode when it closes, so
 * it is set only at the very end. An unexpected error is printed with its stack, exit code 1.
 */
export function runCommand(main: () => Promise<number>) {
  main().then(
    (code) => {
      process.exitCode = code
    },
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error)
      process.exitCode = 1
    },
  )
}

/**
 * The database a command opens, as its first line names it: the embedded database's absolute data directory,
 * or the PostgreSQL URL without its password.
 */
export function databaseName(config: { databaseUrl?: string; dataDir: string }): string {
  if (config.databaseUrl) return `${withoutPassword(config.databaseUrl)} (PostgreSQL)`
  return `${resolve(config.dataDir)} (embedded PGlite)`
}

/** A database URL as it may be printed or logged: user, host and database, never the password. */
export function withoutPassword(url: string): string {
  return url.replace(/^([a-z]+:\/\/[^:@/]*):[^@/]*@/i, '$1@')
}
