import { z } from 'zod'
import { IsoDate, Page, emailAddress } from './common'

/**
 * The back office: the distributor's own people (not a customer account's users), signed in by e-mail on the
 * same login page, with a second factor, under /api/staff.
 */
export const BACK_OFFICE_ROLES = ['Administrator', 'Customer service', 'Sales representative', 'Marketing'] as const
export const BackOfficeRole = z.enum(BACK_OFFICE_ROLES)
export type BackOfficeRole = z.infer<typeof BackOfficeRole>

/** One or more roles, each once. */
export const BackOfficeRoles = z
  .array(BackOfficeRole)
  .min(1, 'Choose at least one role')
  .max(BACK_OFFICE_ROLES.length)
  .refine((roles) => new Set(roles).size === roles.length, 'Each role once')

/**
 * What POST /api/login answers when the e-mail is a back office user's and the password is right: a session
 * that may only give its second factor (`verify`) or, the first time, enrol one (`enrol`).
 */
export const BackOfficeSignIn = z
  .object({
    realm: z.literal('back-office'),
    token: z.string(),
    secondFactor: z.enum(['enrol', 'verify']),
  })
  .meta({ id: 'BackOfficeSignIn' })
export type BackOfficeSignIn = z.infer<typeof BackOfficeSignIn>

export const BackOfficeMe = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    roles: z.array(BackOfficeRole),
    /** `done` once the second factor was given in this session; until then only enrolment or the code. */
    secondFactor: z.enum(['enrol', 'verify', 'done']),
  })
  .meta({ id: 'BackOfficeMe' })
export type BackOfficeMe = z.infer<typeof BackOfficeMe>

export const SecondFactorBody = z.object({
  code: z
    .string()
    .trim()
    .min(6, 'Enter the 6-digit code or a recovery code')
    .max(20, 'Enter the 6-digit code or a recovery code')
    .regex(/^[0-9A-Za-z -]+$/, 'Enter the 6-digit code or a recovery code'),
})
export type SecondFactorBody = z.infer<typeof SecondFactorBody>

export const EnrolmentBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
})
export type EnrolmentBody = z.infer<typeof EnrolmentBody>

/** The secret to enrol: as text (typed into an app) and as a QR code (an SVG data URL, made by the server). */
export const Enrolment = z.object({ secret: z.string(), qrCode: z.string(), issuer: z.string(), account: z.string() }).meta({ id: 'BackOfficeEnrolment' })
export type Enrolment = z.infer<typeof Enrolment>

export const RecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) }).meta({ id: 'BackOfficeRecoveryCodes' })
export type RecoveryCodes = z.infer<typeof RecoveryCodes>

export const BackOfficeUserState = z.enum(['invited', 'enrolling', 'active', 'disabled'])
export type BackOfficeUserState = z.infer<typeof BackOfficeUserState>

export const AssignedAccount = z
  .object({
    accountId: z.number().int(),
    code: z.string(),
    name: z.string(),
    fromErp: z.boolean().describe("Whether the ERP's accounts.csv names this rep (SalesRep): its next import that does assigns it again"),
  })
  .meta({ id: 'BackOfficeAssignedAccount' })
export type AssignedAccount = z.infer<typeof AssignedAccount>

export const BackOfficeUser = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    roles: z.array(BackOfficeRole),
    state: BackOfficeUserState,
    lastSignInAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'BackOfficeUser' })
export type BackOfficeUser = z.infer<typeof BackOfficeUser>

export const BackOfficeUserDetail = BackOfficeUser.extend({ assignments: z.array(AssignedAccount) }).meta({ id: 'BackOfficeUserDetail' })
export type BackOfficeUserDetail = z.infer<typeof BackOfficeUserDetail>

export const InviteBody = z.object({
  email: emailAddress,
  name: z.string().trim().min(1, 'Enter a name').max(100),
  roles: BackOfficeRoles,
})
export type InviteBody = z.infer<typeof InviteBody>

export const RolesBody = z.object({ roles: BackOfficeRoles })
export type RolesBody = z.infer<typeof RolesBody>

export const UserIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) })

export const AssignmentBody = z.object({ accountCode: z.string().trim().min(1, 'Enter an account code').max(20) })
export type AssignmentBody = z.infer<typeof AssignmentBody>

export const AssignmentParams = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
  accountId: z.coerce.number().int().min(1).max(2_147_483_647),
})

export const AuditQuery = z.object({
  user: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  action: z.string().trim().max(60).optional(),
  account: z.string().trim().max(20).optional(),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  page: Page,
})
export type AuditQuery = z.infer<typeof AuditQuery>

export const AuditEntry = z
  .object({
    id: z.number().int(),
    at: z.string(),
    userId: z.number().int().nullable(),
    userEmail: z.string(),
    roles: z.array(z.string()),
    action: z.string(),
    accountCode: z.string().nullable(),
    subject: z.string().nullable(),
    address: z.string(),
  })
  .meta({ id: 'BackOfficeAuditEntry' })
export type AuditEntry = z.infer<typeof AuditEntry>

export const AuditPage = z
  .object({ entries: z.array(AuditEntry), page: z.number().int(), hasMore: z.boolean(), actions: z.array(z.string()) })
  .meta({ id: 'BackOfficeAuditPage' })
export type AuditPage = z.infer<typeof AuditPage>

/** What each role lets a back office user do, in the words the back office's home screen shows. */
export const ROLE_ABILITIES: Record<BackOfficeRole, string> = {
  Administrator:
    'Invite back office users, change their roles, disable or enable them, reset their second factor, assign accounts to sales representatives, and read the audit.',
  'Customer service': 'Help every account under Accounts (its portal users, orders and documents), and follow every order on the Orders desk.',
  'Sales representative':
    'Help the accounts assigned to you under Accounts (their portal users, orders and documents), and follow their orders on the Orders desk.',
  Marketing: 'Write news posts, banners and promotions under Content, aim them at customer groups, schedule, publish and unpublish them.',
}
