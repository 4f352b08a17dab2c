import { z } from 'zod'
import { ActingFor, SessionUser, Settings } from './auth'
import { IsoDate, emailAddress } from './common'

/**
 * The back office's Accounts (decision 0092): find a customer account, see it whole, help its portal users.
 * Customer service and Administrators see every account, a Sales representative the accounts assigned to them.
 * Money is in integer cents.
 */

const Id = z.coerce.number().int().min(1).max(2_147_483_647)
const AccountCode = z.string().trim().min(1, 'Enter an account code').max(20)

export const AccountSearchQuery = z.object({ q: z.string().trim().max(100, 'At most 100 characters').default('') })
export type AccountSearchQuery = z.infer<typeof AccountSearchQuery>

export const AccountHit = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    abn: z.string().nullable(),
    salesCategory: z.string(),
    active: z.boolean(),
    /** The portal user whose e-mail the search matched, when that is how it was found. */
    matchedEmail: z.string().nullable(),
  })
  .meta({ id: 'StaffAccountHit' })
export type AccountHit = z.infer<typeof AccountHit>

export const AccountSearchResult = z.object({ accounts: z.array(AccountHit) }).meta({ id: 'StaffAccountSearchResult' })
export type AccountSearchResult = z.infer<typeof AccountSearchResult>

export const AccountCodeParams = z.object({ code: AccountCode })
export const PortalUserParams = z.object({ code: AccountCode, userId: Id })
export const OrderParams = z.object({ code: AccountCode, orderId: Id })
export const InvoiceParams = z.object({ code: AccountCode, invoiceId: Id })

/** invited: never set a password; locked: waiting out the sign-in throttle; disabled: may not sign in. */
export const PortalUserState = z.enum(['invited', 'active', 'locked', 'disabled'])
export type PortalUserState = z.infer<typeof PortalUserState>

export const PortalUser = z
  .object({
    id: z.number().int(),
    username: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(['Administrator', 'User']),
    state: PortalUserState,
    lastSignInAt: z.string().nullable(),
  })
  .meta({ id: 'StaffPortalUser' })
export type PortalUser = z.infer<typeof PortalUser>

export const StaffAccount = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    abn: z.string().nullable(),
    salesCategory: z.string(),
    termsDays: z.number().int(),
    creditLimitCents: z.number().int(),
    balanceCents: z.number().int(),
    onHold: z.boolean(),
    active: z.boolean(),
    defaultBranch: z.string(),
    branchGroup: z.array(z.string()),
    deliverySites: z.array(
      z.object({
        siteCode: z.string(),
        name: z.string(),
        address: z.string(),
        contact: z.string(),
        email: z.string(),
        phone: z.string(),
      }),
    ),
    users: z.array(PortalUser),
    carts: z.array(
      z.object({
        userId: z.number().int(),
        userName: z.string(),
        branch: z.string(),
        updatedAt: z.string(),
        lines: z.array(z.object({ productCode: z.string(), description: z.string(), quantity: z.number().int() })),
      }),
    ),
    lists: z.array(z.object({ id: z.number().int(), name: z.string(), creator: z.string().nullable(), updated: IsoDate, lineCount: z.number().int() })),
    orders: z.array(
      z.object({
        id: z.number().int(),
        salesOrder: z.string(),
        status: z.string(),
        enterDate: IsoDate,
        purchaseOrder: z.string(),
        totalIncCents: z.number().int(),
      }),
    ),
    backOrders: z.array(
      z.object({
        orderId: z.number().int(),
        salesOrder: z.string(),
        lineNo: z.number().int(),
        productCode: z.string(),
        description: z.string(),
        quantity: z.number().int(),
        dueDate: IsoDate.nullable(),
      }),
    ),
    invoices: z.array(
      z.object({
        id: z.number().int(),
        invoice: z.string(),
        type: z.string(),
        invoiceDate: IsoDate,
        dueDate: IsoDate,
        totalIncCents: z.number().int(),
        outstandingCents: z.number().int(),
      }),
    ),
    /** Where a document may be sent: the account's own addresses on record (its users', its delivery sites'). */
    addresses: z.array(z.string()),
    /** The financial periods a statement can be sent for, newest first. */
    periods: z.array(z.object({ year: z.number().int(), period: z.number().int(), description: z.string() })),
  })
  .meta({ id: 'StaffAccount' })
export type StaffAccount = z.infer<typeof StaffAccount>

/** What the staff may do to a portal user; each is audited. */
export const PORTAL_USER_ACTIONS = ['invitation', 'disable', 'enable', 'unlock', 'password-reset'] as const
export type PortalUserAction = (typeof PORTAL_USER_ACTIONS)[number]

export const SendBody = z.object({ to: emailAddress })
export type SendBody = z.infer<typeof SendBody>

export const StatementSendBody = z.object({
  to: emailAddress,
  year: z.number().int().min(2000).max(2100),
  period: z.number().int().min(1).max(13),
})
export type StatementSendBody = z.infer<typeof StatementSendBody>

export const StaffMessage = z.object({ message: z.string() }).meta({ id: 'StaffMessage' })
export type StaffMessage = z.infer<typeof StaffMessage>

/** The customer's side: per user, when the distributor's staff last changed them and what (GET /api/users/staff-changes). */
export const StaffChange = z.object({ username: z.string(), at: z.string(), change: z.string() }).meta({ id: 'StaffChange' })
export type StaffChange = z.infer<typeof StaffChange>

/**
 * POST /api/staff/accounts/:code/users/:userId/act (decision 0101): a customer session of the chosen user, for the
 * back office user's browser to order for the account as that user. The token is the customer session's; `acting`
 * names who acts, for the banner.
 */
export const ActingStart = z
  .object({
    token: z.string(),
    user: SessionUser,
    settings: Settings,
    acting: ActingFor,
  })
  .meta({ id: 'ActingStart' })
export type ActingStart = z.infer<typeof ActingStart>
