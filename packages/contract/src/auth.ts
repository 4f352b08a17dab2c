import { z } from 'zod'
import { WarehouseCode, emailAddress } from './common'

export const Role = z.enum(['Administrator', 'User'])
export type Role = z.infer<typeof Role>

export const SessionUser = z
  .object({
    Name: z.string(),
    username: z.string(),
    Email: z.string(),
    Role,
    SalesCategory: z.string(),
    Abbreviation: z.string().describe('The customer account code'),
    AccountName: z.string(),
    isElders: z.boolean(),
  })
  .meta({ id: 'SessionUser' })
export type SessionUser = z.infer<typeof SessionUser>

export const Settings = z
  .object({
    DefaultWareHouse: z.string(),
    /** The branches a branch-group (reseller) account orders from; empty for other accounts. */
    BranchGroup: z.array(z.string()),
  })
  .meta({ id: 'Settings' })
export type Settings = z.infer<typeof Settings>

export const LoginBody = z.object({
  username: z.string().trim().min(1, 'Enter your username').max(100),
  password: z.string().min(1, 'Enter your password').max(200),
})
export type LoginBody = z.infer<typeof LoginBody>

export const LoginResponse = z.object({ user: SessionUser, token: z.string(), settings: Settings }).meta({ id: 'LoginResponse' })
export type LoginResponse = z.infer<typeof LoginResponse>

/**
 * A back office user ordering for the session's user (decision 0101): the banner's "by {staff name}". Null, or
 * absent, in the customer's own session.
 */
export const ActingFor = z.object({ staffName: z.string(), staffEmail: z.string() }).meta({ id: 'ActingFor' })
export type ActingFor = z.infer<typeof ActingFor>

export const MeResponse = z.object({ user: SessionUser, settings: Settings, acting: ActingFor.nullable().optional() }).meta({ id: 'MeResponse' })
export type MeResponse = z.infer<typeof MeResponse>

export const PasswordResetBody = z.object({
  username: z.string().trim().min(1, 'Enter your username').max(100),
  email: emailAddress,
})
export type PasswordResetBody = z.infer<typeof PasswordResetBody>

/** The rules a new password must meet, in the order they are checked and shown. */
export const PASSWORD_RULES = [
  { rule: 'At least 8 characters', failed: 'Password must be at least 8 characters long.', met: (p: string) => p.length >= 8 },
  { rule: 'At least one number', failed: 'Password must contain at least one number.', met: (p: string) => /[0-9]/.test(p) },
] as const

/** The message of the first rule a password fails, or null. */
export const passwordProblem = (password: string): string | null => PASSWORD_RULES.find((r) => !r.met(password))?.failed ?? null

/** A new password: at least one number, and at least 8 characters. */
export const NewPassword = z.string().min(8, PASSWORD_RULES[0].failed).max(200).regex(/[0-9]/, PASSWORD_RULES[1].failed)

export const PasswordResetCompleteBody = z.object({
  token: z.string().min(10).max(200),
  newPassword: NewPassword,
})
export type PasswordResetCompleteBody = z.infer<typeof PasswordResetCompleteBody>

export const ChangePasswordBody = z.object({
  currentPassword: z.string().min(1, 'Enter your current password').max(200),
  newPassword: NewPassword,
})
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>

export { WarehouseCode }
