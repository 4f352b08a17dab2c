/**
 * Imports an ERP export folder (docs/erp-interchange.md) into the portal.
 *
 *   npm run erp:import -- <folder> [--dry-run] [--full] [--create]
 *
 * DATABASE_URL: writes into PostgreSQL directly, while the portal serves. Embedded PGlite (DATA_DIR): when the
 * portal is running it holds the database, and the files go to its POST /api/erp/import with the ERP key
 * (decision 0035); when it is not, the command opens the database itself. The first line names the database;
 * a missing one is made only with --create (decision 0079). Exit code 0: imported (or checked) without
 * problems; 1: problems, nothing written; 2: wrong usage or settings.
 */
import { runCommand } from './lib/cli'
import { erpImportCommand } from './modules/erp/import/command'

runCommand(() => erpImportCommand(process.argv.slice(2)))
