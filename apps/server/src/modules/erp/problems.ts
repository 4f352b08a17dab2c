import type { ErpProblem } from '@portal/contract/erp'
import type { FastifyReply } from 'fastify'

export type { ErpProblem } from '@portal/contract/erp'

/** How many problems a run keeps in erp_runs; a reply lists them all. */
export const KEPT_PROBLEMS = 100

/** A problem of a file's line (or a JSON array's element), its field and value. */
export function problem(file: string, line: number, field: string, value: unknown, message: string): ErpProblem {
  return { file, line, field, value: value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value), message }
}

/**
 * Thrown by the interchange's services when a run has problems: nothing was written. Routes answer it with
 * replyProblems (422), the CLI prints the problems and exits non-zero.
 */
export class ErpProblemsError extends Error {
  constructor(readonly problems: ErpProblem[]) {
    super(`${problems.length} problem${problems.length === 1 ? '' : 's'} found; nothing was written.`)
  }
}

/** 422 `{error: 'erp_problems', message, problems: [...]}` with every problem. */
export function replyProblems(reply: FastifyReply, problems: ErpProblem[]) {
  return reply.status(422).send({
    error: 'erp_problems',
    message: `${problems.length} problem${problems.length === 1 ? '' : 's'} found; nothing was written.`,
    problems,
  })
}
