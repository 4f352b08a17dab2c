import type { FastifyInstance } from 'fastify'
import * as OTPAuth from 'otpauth'
import type { Database } from '../src/db/database'
import { DEMO_BACK_OFFICE_LOGINS, DEMO_TOTP_SECRET } from '../src/lib/demo-logins'
import { hashToken, newToken } from '../src/lib/tokens'
import { nextAddress } from './helpers'

/** The demo's back office users by their short name: admin, service, rep, marketing. */
export const BACK_OFFICE = Object.fromEntries(DEMO_BACK_OFFICE_LOGINS.map((l) => [l.email.split('@')[0]!, l])) as Record<
  'admin' | 'service' | 'rep' | 'marketing',
  (typeof DEMO_BACK_OFFICE_LOGINS)[number]
>
export type BackOfficeWho = keyof typeof BACK_OFFICE
export const BACK_OFFICE_USERS: readonly BackOfficeWho[] = ['admin', 'service', 'rep', 'marketing']

/** The code an authenticator app shows now (or `offsetSteps` periods later) for a base32 secret. */
export function totpCode(secret = DEMO_TOTP_SECRET, offsetSteps = 0): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  })
}

/** A full back office session (second factor given) made in the database, as a sign-in would make it. */
export async function backOfficeSessionFor(db: Database, email: string): Promise<string> {
  const user = await db.selectFrom('back_office_users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
  const token = newToken()
  await db
    .insertInto('back_office_sessions')
    .values({ user_id: user.id, token_hash: hashToken(token), expires_at: new Date(Date.now() + 86_400_000), second_factor_at: new Date() })
    .execute()
  return token
}

/**
 * Signs a back office user in through the API: password, then a code of their secret. A code's time step is
 * taken once, so the user's last step is forgotten first (a test signs in more often than every 30 seconds).
 */
export async function signInBackOffice(app: FastifyInstance, db: Database, who: { email: string; password: string }, secret = DEMO_TOTP_SECRET) {
  await db.updateTable('back_office_users').set({ totp_last_step: 0 }).where('email', '=', who.email).execute()
  const first = await app.inject({ method: 'POST', url: '/api/login', payload: { username: who.email, password: who.password }, remoteAddress: nextAddress() })
  if (first.statusCode !== 200) throw new Error(`back office sign-in of ${who.email} failed: ${first.statusCode} ${first.body}`)
  const { token } = first.json() as { token: string }
  const second = await app.inject({
    method: 'POST',
    url: '/api/staff/second-factor',
    headers: { authorization: `Bearer ${token}` },
    payload: { code: totpCode(secret) },
  })
  if (second.statusCode !== 200) throw new Error(`second factor of ${who.email} failed: ${second.statusCode} ${second.body}`)
  return token
}
