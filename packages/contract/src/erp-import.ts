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
  invite: z
    .enum(['none', 'new', 'all'])
    .optional()
    .describe(
      'Whom to e-mail an invitation: none; new, the users this import creates; all, also the active users who never signed in and were never sent a link. ' +
        'Unset: none into a portal without users (its first import), new afterwards',
    ),
})

export const ErpImportCounts = z.object({
  added: z.number().int(),
  changed: z.number().int(),
  withdrawn: z.number().int(),
  failed: z.number().int().describe('Rows with at least one problem'),
})

/** What an import does about invitations: the choice applied, how many it sends, and what each choice would send. */
export const ErpImportInvitations = z
  .object({
    invite: z.enum(['none', 'new', 'all']).describe('The choice applied: the one asked for, or the default'),
    defaulted: z.boolean().describe('True when no choice was asked for and the default applied'),
    count: z.number().int().describe('Invitations this import sends (a dry run: would send)'),
    newUsers: z.number().int().describe('Active users this import creates: whom invite=new invites'),
    waitingUsers: z.number().int().describe('Active users already there who never signed in and were never sent a link: whom invite=all adds'),
  })
  .meta({ id: 'ErpImportInvitations' })

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
    warnings: z
      .array(ErpProblem)
      .describe(
        'Values taken in but worth a look, such as a status code docs/erp-interchange.md does not map (shown as "In progress"); they never stop an import',
      ),
    invitations: ErpImportInvitations,
  })
  .meta({ id: 'ErpImportReport' })
export type ErpImportReport = z.infer<typeof ErpImportReport>
