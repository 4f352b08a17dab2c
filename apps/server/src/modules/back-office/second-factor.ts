import type { Enrolment, RecoveryCodes } from '@portal/contract/back-office'
import { randomInt } from 'node:crypto'
import * as OTPAuth from 'otpauth'
import QRCode from 'qrcode'
import type { Deps } from '../../lib/context'
import { badRequest, conflict, tooManyRequests } from '../../lib/errors'
import { hashToken } from '../../lib/tokens'
import * as throttle from '../auth/throttle'
import { NO_FAILURES } from '../auth/throttle'
import { recordAudit, type Actor } from './audit'
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
  const row = await db.selectFrom('back_office_users').select('totp_pending_secret').where('id', '=', session.userId).executeTakeFirstOrThrow()
  let secret = row.totp_pending_secret
  if (!secret) {
    secret = new OTPAuth.Secret({ size: 20 }).base32
    await db.updateTable('back_office_users').set({ totp_pending_secret: secret }).where('id', '=', session.userId).execute()
  }
  const issuer = `${config.distributor.name} back office`
  const uri = totpOf(secret, issuer, session.email).toString()
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' })
  return { secret, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, issuer, account: session.email }
}

/** The throttle key of a user's second factor: as many tries as a password gets, then the same waits. */
const keyOf = (userId: number) => `second-factor:${userId}`

async function checkNotWaiting(db: Db, rules: Deps['config']['loginThrottle'], userId: number) {
  const since = new Date(Date.now() - rules.windowMs)
  const failures = await db
    .selectFrom('login_failures')
    .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.max('failed_at').as('last')])
    .where('key', '=', keyOf(userId))
    .where('failed_at', '>', since)
    .executeTakeFirst()
  const seen = failures && Number(failures.n) > 0 ? { count: Number(failures.n), last: new Date(failures.last) } : NO_FAILURES
  const wait = throttle.userWaitMs(rules, seen, Date.now())
  if (wait > 0) throw tooManyRequests(`Too many wrong codes. Try again in ${throttle.inWords(wait)}.`, wait / 1000)
}

async function wrongCode(db: Db, userId: number): Promise<never> {
  await db
    .insertInto('login_failures')
    .values({ key: keyOf(userId) })
    .execute()
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
  const row = await db.selectFrom('back_office_users').select('totp_pending_secret').where('id', '=', session.userId).executeTakeFirstOrThrow()
  const step = row.totp_pending_secret ? stepOf(row.totp_pending_secret, code) : null
  if (!row.totp_pending_secret || step === null) return wrongCode(db, session.userId)
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode)
  await db.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable('back_office_users')
      .set({ totp_secret: row.totp_pending_secret, totp_pending_secret: null, totp_last_step: step })
      .where('id', '=', session.userId)
      .where('totp_secret', 'is', null)
      .returning('id')
      .executeTakeFirst()
    if (!taken) throw conflict('already_enrolled', 'Your second factor is already set up.')
    await trx.deleteFrom('back_office_recovery_codes').where('user_id', '=', session.userId).execute()
    await trx
      .insertInto('back_office_recovery_codes')
      .values(codes.map((c) => ({ user_id: session.userId, code_hash: hashToken(normalRecoveryCode(c)) })))
      .execute()
    await completeSession(trx, session, config.session.maxMs)
    await trx.deleteFrom('login_failures').where('key', '=', keyOf(session.userId)).execute()
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
      const user = await trx.selectFrom('back_office_users').select('totp_secret').where('id', '=', session.userId).executeTakeFirstOrThrow()
      const step = user.totp_secret ? stepOf(user.totp_secret, code) : null
      if (step === null) return false
      const taken = await trx
        .updateTable('back_office_users')
        .set({ totp_last_step: step })
        .where('id', '=', session.userId)
        .where('totp_last_step', '<', step)
        .returning('id')
        .executeTakeFirst()
      if (!taken) return false
      await recordAudit(trx, actor, { action: 'signed in', detail: { with: 'authenticator' } })
    } else {
      const used = await trx
        .updateTable('back_office_recovery_codes')
        .set({ used_at: new Date() })
        .where('user_id', '=', session.userId)
        .where('code_hash', '=', hashToken(normalRecoveryCode(code)))
        .where('used_at', 'is', null)
        .returning('user_id')
        .executeTakeFirst()
      if (!used) return false
      const left = await trx
        .selectFrom('back_office_recovery_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', session.userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow()
      await recordAudit(trx, actor, { action: 'signed in', detail: { with: 'recovery code', recoveryCodesLeft: Number(left.n) } })
    }
    await completeSession(trx, session, config.session.maxMs)
    await trx.deleteFrom('login_failures').where('key', '=', keyOf(session.userId)).execute()
    return true
  })
  if (!ok) await wrongCode(db, session.userId)
}
