import type { Enrolment, RecoveryCodes } from '@portal/contract/back-office'
import { randomInt } from 'node:crypto'
import * as OTPAuth from 'otpauth'
import QRCode from 'qrcode'
import type { Deps } from '../../lib/context'
import { badRequest, conflict, tooManyRequests } from '../../lib/errors'
import { hashToken } from '../../lib/tokens'
import { throttle } from '../auth'
import { recordAudit, type Actor } from './audit'
import * as repo from './repo'
import { completeSession, type BackOfficeSession } from './session'

type Db = Deps['db']

/** Codes of 30 seconds, 6 digits, SHA-1: what every authenticator app reads from a QR code. */
const PERIOD = 30
/** One step either side is accepted, for a phone's clock a little off. */
const WINDOW = 1
const RECOVERY_CODES = 10
/** Crockford-like: no 0/O, 1/I/L, so a code read aloud or written down is not misread. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
const WRONG_CODE = 'That code is not right. Enter the current code from your authenticator app, or one of your recovery codes.'

function totpOf(secret: string, issuer: string, account: string) {
  return new OTPAuth.TOTP({ issuer, label: account, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: OTPAuth.Secret.fromBase32(secret) })
}

/** The time step a code belongs to, or null when it is no code of this secret now. */
export function stepOf(secret: string, code: string, now = Date.now()): number | null {
  const totp = totpOf(secret, 'x', 'x')
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW })
  return delta === null ? null : totp.counter({ timestamp: now }) + delta
}

/** A recovery code as written for the user (`ABCDE-FGHJK`) and as compared (upper case, no separators). */
const normalRecoveryCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '')

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('')
  return `${chars.slice(0, 5)}-${chars.slice(5)}`
}

/**
 * The secret to enrol, kept as pending until a code from it proves the app has it: the same secret until
 * then, so that reloading the page does not change the QR code the user has just scanned.
 */
export async function enrolment({ db, config }: Deps, session: BackOfficeSession): Promise<Enrolment> {
  if (session.secondFactor !== 'enrol') throw conflict('already_enrolled', 'Your second factor is already set up.')
  let secret = (await repo.secretsOf(db, session.userId)).pending
  if (!secret) {
    secret = new OTPAuth.Secret({ size: 20 }).base32
    await repo.setPendingSecret(db, session.userId, secret)
  }
  const issuer = `${config.distributor.name} back office`
  const uri = totpOf(secret, issuer, session.email).toString()
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' })
  return { secret, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, issuer, account: session.email }
}

/** The throttle key of a user's second factor: as many tries as a password gets, then the same waits. */
const keyOf = (userId: number) => `second-factor:${userId}`

async function checkNotWaiting(db: Db, rules: Deps['config']['loginThrottle'], userId: number) {
  const seen = await repo.failuresSince(db, keyOf(userId), new Date(Date.now() - rules.windowMs))
  const wait = throttle.userWaitMs(rules, seen, Date.now())
  if (wait > 0) throw tooManyRequests(`Too many wrong codes. Try again in ${throttle.inWords(wait)}.`, wait / 1000)
}

async function wrongCode(db: Db, userId: number): Promise<never> {
  await repo.recordFailure(db, keyOf(userId))
  throw badRequest('second_factor_wrong', WRONG_CODE, 'code')
}

/**
 * Enrolment's last step: a code from the pending secret makes it the user's, the session a full one, and
 * ten recovery codes are made, shown this once and stored hashed.
 */
export async function confirmEnrolment(deps: Deps, session: BackOfficeSession, code: string, address: string): Promise<RecoveryCodes> {
  const { db, config } = deps
  if (session.secondFactor !== 'enrol') throw conflict('already_enrolled', 'Your second factor is already set up.')
  await checkNotWaiting(db, config.loginThrottle, session.userId)
  const { pending } = await repo.secretsOf(db, session.userId)
  const step = pending ? stepOf(pending, code) : null
  if (!pending || step === null) return wrongCode(db, session.userId)
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode)
  await db.transaction().execute(async (trx) => {
    if (!(await repo.confirmSecret(trx, session.userId, pending, step))) throw conflict('already_enrolled', 'Your second factor is already set up.')
    await repo.replaceRecoveryCodes(
      trx,
      session.userId,
      codes.map((c) => hashToken(normalRecoveryCode(c))),
    )
    await completeSession(trx, session, config.session.maxMs)
    await repo.clearFailures(trx, keyOf(session.userId))
    await recordAudit(trx, { session, address }, { action: 'second factor enrolled' })
    await recordAudit(trx, { session, address }, { action: 'signed in' })
  })
  return { recoveryCodes: codes }
}

/**
 * The second step of every later sign-in: the authenticator's current code (each step once: a code seen is
 * not taken again) or a recovery code (each once).
 */
export async function verifySecondFactor(deps: Deps, session: BackOfficeSession, code: string, address: string) {
  const { db, config } = deps
  if (session.secondFactor === 'done') throw conflict('second_factor_given', 'This session has already given its second factor.')
  if (session.secondFactor === 'enrol') throw conflict('not_enrolled', 'Set up your second factor first.')
  await checkNotWaiting(db, config.loginThrottle, session.userId)
  const actor: Actor = { session, address }
  const ok = await db.transaction().execute(async (trx) => {
    if (/^\d{6}$/.test(code)) {
      const { secret } = await repo.secretsOf(trx, session.userId)
      const step = secret ? stepOf(secret, code) : null
      if (step === null || !(await repo.takeStep(trx, session.userId, step))) return false
      await recordAudit(trx, actor, { action: 'signed in', detail: { with: 'authenticator' } })
    } else {
      const left = await repo.useRecoveryCode(trx, session.userId, hashToken(normalRecoveryCode(code)))
      if (left === null) return false
      await recordAudit(trx, actor, { action: 'signed in', detail: { with: 'recovery code', recoveryCodesLeft: left } })
    }
    await completeSession(trx, session, config.session.maxMs)
    await repo.clearFailures(trx, keyOf(session.userId))
    return true
  })
  if (!ok) await wrongCode(db, session.userId)
}
