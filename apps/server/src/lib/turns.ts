import { performance } from 'node:perf_hooks'
import { setImmediate as yieldToOthers } from 'node:timers/promises'

/** The most steps worked through between two turns of other requests (an import's rows, for one). */
export const STEPS_A_TURN = 1_000
/** The longest a stretch of work may hold the event loop before other requests get a turn, in milliseconds. */
export const TURN_MS = 10

/**
 * Long work in the server's one thread done in turns (docs/decisions/0105-imports-never-hold-the-event-loop.md):
 * `due()`, called once a step, says when the work has had its turn (`steps` steps or `ms` milliseconds, whichever
 * comes first); `give()` then lets other requests run.
 */
export class Turns {
  private taken = 0
  private since = performance.now()

  constructor(private readonly most: { steps: number; ms: number } = { steps: STEPS_A_TURN, ms: TURN_MS }) {}

  due(): boolean {
    return ++this.taken % this.most.steps === 0 || performance.now() - this.since >= this.most.ms
  }

  async give(): Promise<void> {
    await yieldToOthers()
    this.since = performance.now()
  }
}
