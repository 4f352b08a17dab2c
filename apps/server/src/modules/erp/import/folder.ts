import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import type { ExportFiles } from './read'

/**
 * The export in a folder, as the CLI sends it to the service (or to the running portal): the .csv and .jsonl
 * files at its top, and everything under images/ and attachments/. Other files (a README, the script that
 * wrote the export) are not part of it.
 */
export function readExportFolder(folder: string): ExportFiles {
  if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`${folder} is not a folder`)
  const files: ExportFiles = new Map()
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name)
      const path = relative(folder, full).split(sep).join('/')
      // Folder names match whatever their case, as file names do (Images/ is images/).
      const lower = path.toLowerCase()
      if (entry.isDirectory()) {
        if (lower === 'images' || lower === 'attachments' || lower.startsWith('attachments/')) walk(full)
      } else if (entry.isFile() && (/\.(csv|jsonl)$/i.test(path) ? !path.includes('/') : lower.startsWith('images/') || lower.startsWith('attachments/'))) {
        files.set(path, readFileSync(full))
      }
    }
  }
  walk(folder)
  return files
}
