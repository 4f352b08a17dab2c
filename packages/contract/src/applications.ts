import { z } from 'zod'
import { emailAddress, WarehouseCode } from './common'

/**
 * Applying for a trade account (decision 0103): a visitor's application, the staff's work on it in the back office,
 * and what the ERP collects of an approved one. Money is in integer cents.
 */

/** The ABN's 11 digits, spaces dropped: `53 004 085 616` is `53004085616`. */
export const abnDigits = (value: string) => value.replace(/\s+/g, '')

/**
 * The ABN check-digit rule: subtract 1 from the first digit, weight the 11 digits 10, 1, 3, 5, 7, 9, 11, 13, 15,
 * 17, 19, and the sum divides by 89.
 */
export function isValidAbn(value: string): boolean {
  const digits = abnDigits(value)
  if (!/^\d{11}$/.test(digits)) return false
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19]
  const sum = weights.reduce((total, weight, i) => total + weight * (Number(digits[i]) - (i === 0 ? 1 : 0)), 0)
  return sum % 89 === 0
}

export const BUSINESS_KINDS = ['farm', 'store', 'vet', 'other'] as const
export const BusinessKind = z.enum(BUSINESS_KINDS)
export type BusinessKind = z.infer<typeof BusinessKind>
export const BUSINESS_KIND_WORDS: Record<BusinessKind, string> = { farm: 'Farm', store: 'Store', vet: 'Vet', other: 'Other' }

export const APPLICATION_STATUSES = ['received', 'information requested', 'approved', 'declined', 'opened'] as const
export const ApplicationStatus = z.enum(APPLICATION_STATUSES)
export type ApplicationStatus = z.infer<typeof ApplicationStatus>
export const APPLICATION_STATUS_WORDS: Record<ApplicationStatus, string> = {
  received: 'Waiting',
  'information requested': 'Information asked for',
  approved: 'Approved',
  declined: 'Declined',
  opened: 'Account opened',
}

/** The largest PDF an applicant may attach: a scanned form of a few pages. */
export const APPLICATION_PDF_MAX_BYTES = 5 * 1024 * 1024
/** Its base64 text: four characters for every three bytes. */
const PDF_BASE64_MAX = Math.ceil(APPLICATION_PDF_MAX_BYTES / 3) * 4

/** A PDF sent with the form: its file name and its bytes in base64; the server checks it is a PDF. */
export const ApplicationFile = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(120)
    .refine((name) => ![...name].some((c) => c === '/' || c === '\\' || c.charCodeAt(0) < 32), 'Expected a file name'),
  contentBase64: z
    .string()
    .max(PDF_BASE64_MAX, 'The PDF is larger than 5 MB')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Expected the file in base64'),
})
export type ApplicationFile = z.infer<typeof ApplicationFile>

const text = (max: number) => z.string().trim().min(1, 'Required').max(max, `At most ${max} characters`)

export const ApplicationBody = z
  .object({
    businessName: text(120),
    abn: z.string().trim().max(20, 'Expected an ABN of 11 digits').refine(isValidAbn, 'Not a valid ABN: check its 11 digits'),
    tradingName: z.string().trim().max(120, 'At most 120 characters').default(''),
    contactName: text(120),
    email: emailAddress,
    phone: z
      .string()
      .trim()
      .min(6, 'Enter a phone number')
      .max(30, 'At most 30 characters')
      .regex(/^[0-9 +()-]+$/, 'Enter a phone number: digits, spaces, + ( ) -'),
    branch: WarehouseCode,
    kind: BusinessKind,
    /** Expected spend a month in whole dollars, ex GST. */
    monthlySpendCents: z.number().int('Whole cents').min(0).max(100_000_000_00, 'At most $100,000,000'),
    creditApplication: ApplicationFile.nullable().default(null),
    /** The honeypot: a field people never see; whatever fills it is a robot. */
    website: z.string().max(500).default(''),
  })
  .meta({ id: 'ApplicationBody' })
export type ApplicationBody = z.input<typeof ApplicationBody>

export const APPLICATION_RECEIVED = 'Thank you: your application has arrived. We will e-mail you within two working days.'
export const ApplicationReceived = z.object({ message: z.string() }).meta({ id: 'ApplicationReceived' })
export type ApplicationReceived = z.infer<typeof ApplicationReceived>

/** The one-time token of the link an applicant was e-mailed to answer the staff's question. */
export const ReplyToken = z
  .string()
  .trim()
  .min(20)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'Expected the link’s token')

export const ReplyQuestionBody = z.object({ token: ReplyToken })
export const ReplyQuestion = z.object({ businessName: z.string(), question: z.string(), askedAt: z.string() }).meta({ id: 'ApplicationReplyQuestion' })
export type ReplyQuestion = z.infer<typeof ReplyQuestion>

export const ReplyBody = z.object({
  token: ReplyToken,
  message: text(4000),
  file: ApplicationFile.nullable().default(null),
})
export type ReplyBody = z.input<typeof ReplyBody>
export const REPLY_RECEIVED = 'Thank you: your answer has reached us.'

// ---- The back office -------------------------------------------------------------------------------------------

export const StaffApplicationsQuery = z.object({
  status: ApplicationStatus.optional(),
  page: z.coerce.number().int().min(1).max(200).default(1),
})
export type StaffApplicationsQuery = z.infer<typeof StaffApplicationsQuery>
export const APPLICATIONS_PAGE_SIZE = 50

export const StaffApplicationRow = z
  .object({
    id: z.number().int(),
    reference: z.string(),
    businessName: z.string(),
    abn: z.string(),
    contactName: z.string(),
    branch: z.string(),
    kind: BusinessKind,
    status: ApplicationStatus,
    submittedAt: z.string(),
  })
  .meta({ id: 'StaffApplicationRow' })
export type StaffApplicationRow = z.infer<typeof StaffApplicationRow>

export const StaffApplicationsPage = z
  .object({ applications: z.array(StaffApplicationRow), page: z.number().int(), hasMore: z.boolean() })
  .meta({ id: 'StaffApplicationsPage' })
export type StaffApplicationsPage = z.infer<typeof StaffApplicationsPage>

export const ApplicationMessage = z.object({
  id: z.number().int(),
  from: z.enum(['staff', 'applicant']),
  /** The back office user who asked; null for the applicant. */
  staffEmail: z.string().nullable(),
  text: z.string(),
  at: z.string(),
  file: z.object({ id: z.number().int(), name: z.string(), bytes: z.number().int() }).nullable(),
})

export const StaffApplication = z
  .object({
    id: z.number().int(),
    reference: z.string(),
    status: ApplicationStatus,
    businessName: z.string(),
    abn: z.string(),
    tradingName: z.string(),
    contactName: z.string(),
    email: z.string(),
    phone: z.string(),
    branch: z.string(),
    branchName: z.string(),
    kind: BusinessKind,
    monthlySpendCents: z.number().int(),
    submittedAt: z.string(),
    creditApplication: z.object({ id: z.number().int(), name: z.string(), bytes: z.number().int() }).nullable(),
    messages: z.array(ApplicationMessage),
    decision: z.object({ by: z.string(), at: z.string(), reason: z.string() }).nullable(),
    erp: z.object({
      collectedAt: z.string().nullable(),
      exportedAt: z.string().nullable(),
      acknowledgedAt: z.string().nullable(),
      reference: z.string().nullable(),
    }),
    account: z.object({ code: z.string(), name: z.string() }).nullable(),
  })
  .meta({ id: 'StaffApplication' })
export type StaffApplication = z.infer<typeof StaffApplication>

export const StaffApplicationParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) })
export const StaffApplicationFileParams = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
  fileId: z.coerce.number().int().min(1).max(2_147_483_647),
})

export const InformationRequestBody = z.object({ question: text(4000) })
export const ApproveBody = z.object({ note: z.string().trim().max(1000).default('') })
export const DeclineBody = z.object({ reason: z.string().trim().min(1, 'Give the reason').max(1000, 'At most 1000 characters') })

// ---- The ERP ---------------------------------------------------------------------------------------------------

export const ErpApplicationsQuery = z.object({
  status: z.literal('new').default('new').describe('Only approved applications the ERP has not acknowledged'),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
})

export const PortalApplicationId = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .regex(/^[A-Za-z0-9_-]+$/, 'Expected a portal application reference such as TA000123')

export const ErpApplication = z
  .object({
    PortalApplicationId: z.string(),
    ABN: z.string().describe('11 digits, no spaces: the account the ERP opens for it is matched by it in accounts.csv'),
    BusinessName: z.string(),
    TradingName: z.string(),
    ContactName: z.string(),
    Email: z.string(),
    Phone: z.string(),
    LocationID: z.string().describe('The nearest branch the applicant chose'),
    BusinessKind: BusinessKind,
    MonthlySpend: z.number().describe('Dollars ex GST, two decimals'),
    ApprovedDate: z.string().describe('YYYY-MM-DD'),
    ApprovedBy: z.string().describe("The back office user's e-mail"),
    Note: z.string(),
  })
  .meta({ id: 'ErpApplication' })
export type ErpApplication = z.infer<typeof ErpApplication>

export const ErpApplicationParams = z.object({ PortalApplicationId })
export const ErpApplicationAckBody = z.object({
  Reference: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[\x21-\x7e]+$/, "Expected the ERP's reference (printable characters, no spaces)"),
})
export const ErpApplicationAck = z
  .object({ PortalApplicationId: z.string(), Reference: z.string(), acknowledged: z.enum(['now', 'already']) })
  .meta({ id: 'ErpApplicationAck' })
export type ErpApplicationAck = z.infer<typeof ErpApplicationAck>
