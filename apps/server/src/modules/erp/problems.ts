import type { ErpProblem } from '@portal/contract/erp'
import type { FastifyReply } from 'fastify'

export type { ErpProblem } from '@portal/contract/erp'

/** How many problems a run keeps in erp_runs; a reply lists up to LISTED_PROBLEMS. */
export const KEPT_PROBLEMS = 100

/** How many problems an answer lists: the rest are counted, so that no file can make an answer large. */
export const LISTED_PROBLEMS = 1_000

/** The longest value a problem repeats: the start of a longer one is enough to find it. */
const SHOWN_VALUE = 200

// eslint-disable-next-line no-control-regex -- NUL is exactly what is replaced
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/**
 * A value as a problem repeats it: its start when long, and a NUL shown as ␀ and half a character as �, since
 * the runs keep problems in PostgreSQL, which stores neither.
 */
const shown = (value: string) =>
  (value.length > SHOWN_VALUE ? `${value.slice(0, SHOWN_VALUE)}…` : value).replace(UNSTORABLE, (c) => (c === '\u0000' ? '\u2400' : '\uFFFD'))

/** A problem of a file's line (or a JSON array's element), its field and value. */
export function problem(file: string, line: number, field: string, value: unknown, message: string): ErpProblem {
  return { file, line, field, value: shown(value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value)), message }
}

/**
 * The problems of a run: the first LISTED_PROBLEMS kept in the order found, every one counted. `length` is the
 * count, so code that asks whether a step found problems reads it as it would an array's.
 */
export class Problems {
  readonly list: ErpProblem[] = []
  private total = 0

  get length() {
    return this.total
  }

  push(...found: ErpProblem[]) {
    for (const p of found) {
      this.total++
      if (this.list.length < LISTED_PROBLEMS) this.list.push({ ...p, file: shown(p.file), field: shown(p.field), value: shown(p.value) })
    }
    return this.total
  }
}

const counted = (total: number) =>
  `${total} problem${total === 1 ? '' : 's'} found${total > LISTED_PROBLEMS ? `, the first ${LISTED_PROBLEMS} listed` : ''}; nothing was written.`

/**
 * Thrown by the interchange's services when a run has problems: nothing was written. Routes answer it with
 * replyProblems (422), the CLI prints the problems and exits non-zero. `total` counts those not listed too.
 */
export class ErpProblemsError extends Error {
  constructor(
    readonly problems: ErpProblem[],
    readonly total = problems.length,
  ) {
    super(counted(total))
  }
}

/** 422 `{error: 'erp_problems', message, total, problems: [...]}` with the first LISTED_PROBLEMS problems. */
export function replyProblems(reply: FastifyReply, problems: ErpProblem[], total = problems.length) {
  return reply.status(422).send({ error: 'erp_problems', message: counted(total), total, problems: problems.slice(0, LISTED_PROBLEMS) })
}
