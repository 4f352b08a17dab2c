import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'

type Db = Kysely<DB>

export interface NewRun {
  who: string
  kind: 'import' | 'stock' | 'export'
  mode: 'delta' | 'full' | 'dry-run'
}

export interface RunOutcome {
  status: 'succeeded' | 'failed'
  added: number
  changed: number
  withdrawn: number
  failed: number
  problems: unknown[]
}

export async function insertRun(db: Db, run: NewRun): Promise<number> {
  const row = await db.insertInto('erp_runs').values(run).returning('id').executeTakeFirstOrThrow()
  return row.id
}

export async function finishRun(db: Db, id: number, outcome: RunOutcome) {
  await db
    .updateTable('erp_runs')
    .set({ ...outcome, problems: JSON.stringify(outcome.problems), finished_at: new Date() })
    .where('id', '=', id)
    .execute()
}

/** A run started and finished in one statement (a run that did its work in one transaction). */
export async function insertFinishedRun(db: Db, run: NewRun & RunOutcome & { startedAt: Date }) {
  const { startedAt, problems, ...rest } = run
  const row = await db
    .insertInto('erp_runs')
    .values({ ...rest, started_at: startedAt, finished_at: new Date(), problems: JSON.stringify(problems) })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export function listRuns(db: Db, limit: number, offset: number) {
  return db.selectFrom('erp_runs').selectAll().orderBy('started_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute()
}
