import type { Config } from '../../config'

/**
 * The sign-in throttle's rules (docs/decisions/0025-sign-in-throttling-and-request-limits.md), as pure
 * functions of the failures recorded within the window.
 *
 * - A username that has had `perUser` failures waits before its next try: `userDelayMs` after the last
 *   failure, doubling with each further failure, at most the window. While it waits every try is refused,
 *   the right password too (else the wait would not stop guessing). Signing in or resetting the password clears it.
 * - An address that has had `perAddress` failures is slowed down, not refused: each of its sign-ins is
 *   answered `addressDelayMs` later per failure beyond that (at most ADDRESS_DELAY_CAP_MS), whatever the
 *   outcome, so a colleague's right password still signs in. Only at `addressCeiling` failures, far more than
 *   an office makes, is every sign-in from it refused until the window passes.
 */
export type ThrottleRules = Config['loginThrottle']

export interface Failures {
  count: number
  last: Date | null
}

export const NO_FAILURES: Failures = { count: 0, last: null }

const ADDRESS_DELAY_CAP_MS = 10_000

/** How long the username must still wait before it may try again; 0 when it may try now. */
export function userWaitMs(rules: ThrottleRules, failures: Failures, now: number): number {
  if (failures.count < rules.perUser || !failures.last) return 0
  const delay = Math.min(rules.windowMs, rules.userDelayMs * 2 ** Math.min(failures.count - rules.perUser, 30))
  return Math.max(0, failures.last.getTime() + delay - now)
}

/** How long to hold every sign-in from an address with these failures before answering it. */
export function addressDelayMs(rules: ThrottleRules, failures: Failures): number {
  if (failures.count < rules.perAddress) return 0
  return Math.min(ADDRESS_DELAY_CAP_MS, rules.addressDelayMs * (failures.count - rules.perAddress + 1))
}

export const addressRefused = (rules: ThrottleRules, failures: Failures) => failures.count >= rules.addressCeiling

/** A wait in words for the message, in whole minutes rounded up: '1 minute', '8 minutes'. */
export function inWords(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000))
  return minutes === 1 ? '1 minute' : `${minutes} minutes`
}
