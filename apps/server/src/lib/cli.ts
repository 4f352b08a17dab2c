// What the command-line tools (seed, migrate, backup, restore, content import) share: reading their options
// and ending with their exit code.

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
