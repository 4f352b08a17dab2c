import { z } from 'zod'
import { ErpProblem } from './erp'

/** POST /api/erp/import?mode=delta|full&dryRun=true|false (docs/erp-interchange.md). */
export const ErpImportQuery = z.object({
  mode: z.enum(['delta', 'full']).default('delta').describe('full: rows missing from a file sent are withdrawn (Active false), never deleted'),
  dryRun: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true')
    .describe('true: check and count, write nothing'),
})

export const ErpImportCounts = z.object({
  added: z.number().int(),
  changed: z.number().int(),
  withdrawn: z.number().int(),
  failed: z.number().int().describe('Rows with at least one problem'),
})

/** 200 from POST /api/erp/import: what the run changed (or, dry, would change), per file and in all. */
export const ErpImportReport = z
  .object({
    runId: z.number().int().describe('The run in GET /api/erp/runs'),
    mode: z.enum(['delta', 'full']),
    dryRun: z.boolean(),
    ok: z.boolean(),
    files: z.array(ErpImportCounts.extend({ file: z.string() })),
    totals: ErpImportCounts,
    problemCount: z.number().int().describe('Every problem found; `problems` lists the first 1,000'),
    problems: z.array(ErpProblem),
  })
  .meta({ id: 'ErpImportReport' })
export type ErpImportReport = z.infer<typeof ErpImportReport>
