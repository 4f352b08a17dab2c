import type { Deps } from '../../../lib/context'
import { finishRun, startRun } from '../runs'
import { acknowledgeOrder } from '../service'
import { MESSAGES } from './messages'
import { importExport, type ExportFiles, type ImportOptions, type ImportReport } from './service'

export interface RunOptions extends Pick<ImportOptions, 'mode' | 'dryRun' | 'progress' | 'invite'> {
  /** Who runs it, as the runs list shows: 'cli', or 'api' and the caller's address. */
  who: string
}

export interface RunReport extends ImportReport {
  runId: number
}

/**
 * An import run, recorded in the ERP runs (GET /api/erp/runs) from start to end: the one entry of the CLI
 * (npm run erp:import) and of POST /api/erp/import. Portal orders that orders.csv names are acknowledged
 * through the orders feed's own acknowledgement, inside the import's transaction.
 */
export async function runImport(deps: Pick<Deps, 'db' | 'config' | 'inMemory'>, files: ExportFiles, options: RunOptions): Promise<RunReport> {
  const runId = await startRun(deps.db, { who: options.who, kind: 'import', mode: options.dryRun ? 'dry-run' : options.mode })
  try {
    const report = await importExport(deps, files, {
      ...options,
      acknowledge: async (trx, portalOrderId, salesOrder) => {
        await acknowledgeOrder(trx, portalOrderId, salesOrder)
      },
    })
    await finishRun(deps.db, runId, report.ok ? 'succeeded' : 'failed', { ...report.totals, problems: report.problems })
    return { runId, ...report }
  } catch (error) {
    await finishRun(deps.db, runId, 'failed', {
      problems: [{ file: '', line: 0, field: '', value: '', message: MESSAGES.unexpected() }],
    })
    throw error
  }
}
