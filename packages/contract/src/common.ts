import { z } from 'zod'

/** Every error the API sends: a stable code, a human message and, for bad input, the fields at fault. */
export const ErrorBody = z
  .object({
    error: z.string().describe('Stable machine-readable code, e.g. invalid_request, unauthorized, not_found'),
    message: z.string(),
    fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Error' })
export type ErrorBody = z.infer<typeof ErrorBody>

export const Message = z.object({ message: z.string() }).meta({ id: 'Message' })
export type Message = z.infer<typeof Message>

/** A calendar date on the wire. */
export const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date as YYYY-MM-DD')

/** Dollars with at most two decimals, computed by the server from integer cents. */
export const Money = z.number().describe('Dollars (AUD), two decimals, computed from integer cents')

export const Page = z.coerce.number().int().min(1).max(100_000).default(1)

/** A branch code (LocationID) or 0 for all branches, where filters allow it. */
export const WarehouseCode = z
  .string()
  .trim()
  .min(1)
  .max(10)
  .regex(/^[A-Za-z0-9_-]+$/, 'Expected a branch code')

/** The rule a branch's own code follows, in words: the API reads every code asked for in upper case. */
export const BRANCH_CODE_RULE = '1 to 10 capital letters, digits, - or _, such as HAM or NPL-2'

/** Whether a branch may have this code: one WarehouseCode accepts as it is, in upper case, so every route finds it. */
export const isBranchCode = (code: string) => WarehouseCode.safeParse(code).data === code && code === code.toUpperCase()

/** Older API clients may send the session token as a query parameter; our web app sends a header. */
export const TokenQuery = z.object({ token: z.string().max(200).optional() })

export const emailAddress = z.string().trim().max(254).email('Enter a valid email address')
