import type { ErpRun, ErpRunsQuery } from '@portal/contract/erp'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { KEPT_PROBLEMS, type ErpProblem } from './problems'
import * as repo from './runs-repo'

type Db = Kysely<DB>

export type { NewRun } from './runs-repo'

/** What a run did. Problems beyond the first KEPT_PROBLEMS are counted, not kept. */
export interface RunCounts {
  added?: number
  changed?: number
  withdrawn?: number
  failed?: number
  problems?: ErpProblem[]
}

/** Who called, as runs record it: 'cli', or 'api' and the caller's address. */
export const apiCaller = (ip: string) => `api ${ip}`

function outcome(status: 'succeeded' | 'failed', counts: RunCounts): repo.RunOutcome {
  return {
    status,
    added: counts.added ?? 0,
    changed: counts.changed ?? 0,
    withdrawn: counts.withdrawn ?? 0,
    failed: counts.failed ?? counts.problems?.length ?? 0,
    problems: (counts.problems ?? []).slice(0, KEPT_PROBLEMS),
  }
}

/** Records a run as started (status 'running'); finish it with finishRun. Written outside the run's own transaction, so it is seen while it runs. */
export const startRun = (db: Db, run: repo.NewRun): Promise<number> => repo.insertRun(db, run)

export async function finishRun(db: Db, id: number, status: 'succeeded' | 'failed', counts: RunCounts = {}) {
  await repo.finishRun(db, id, outcome(status, counts))
}

/** A run recorded once it is over; given the run's transaction, it is recorded if and only if the run's work commits. */
export async function recordRun(db: Db, run: repo.NewRun & { startedAt: Date }, status: 'succeeded' | 'failed', counts: RunCounts = {}): Promise<number> {
  return repo.insertFinishedRun(db, { ...run, ...outcome(status, counts) })
}

/** GET /api/erp/runs: newest first. */
export async function listRuns(db: Db, query: ErpRunsQuery): Promise<ErpRun[]> {
  const rows = await repo.listRuns(db, query.size, (query.page - 1) * query.size)
  return rows.map((r) => ({
    id: r.id,
    startedAt: r.started_at.toISOString(),
    finishedAt: r.finished_at?.toISOString() ?? null,
    who: r.who,
    kind: r.kind,
    mode: r.mode,
    added: r.added,
    changed: r.changed,
    withdrawn: r.withdrawn,
    failed: r.failed,
    problems: r.problems as ErpProblem[],
    status: r.status,
  }))
}
