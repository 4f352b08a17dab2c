import { z } from 'zod'
import { IsoDate } from './common'

/**
 * Quotes (decision 0102): a customer asks for prices on their cart's lines (POST /api/cart/quote), the distributor's
 * staff price them in the back office's Quotes inbox and send the quote, and the customer accepts it (its lines go
 * into the cart at the quoted prices), declines it, or writes about it. Money is in integer cents, ex GST.
 */

/**
 * What a quote is: requested (with the distributor), open (sent, until its expiry date), accepted, expired (open past
 * its expiry date), declined. An accepted quote that became an order names it.
 */
export const QUOTE_STATES = ['requested', 'open', 'accepted', 'expired', 'declined'] as const
export const QuoteState = z.enum(QUOTE_STATES)
export type QuoteState = z.infer<typeof QuoteState>

/** What a customer sees of a quote's state: the words of the Quotes screens. */
export const QUOTE_STATE_WORDS: Record<QuoteState, string> = {
  requested: 'Requested',
  open: 'Open',
  accepted: 'Accepted',
  expired: 'Expired',
  declined: 'Declined',
}

export const QuoteParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) })

export const QuoteLine = z
  .object({
    lineNo: z.number().int(),
    productId: z.number().int(),
    productCode: z.string(),
    description: z.string(),
    quantity: z.number().int(),
    /** What the account paid a unit when the quote was asked for (the cart's price then). */
    accountPriceCents: z.number().int(),
    /** The price the quote gives a unit, for the quoted quantity; null until the distributor prices it. */
    quotedPriceCents: z.number().int().nullable(),
    /** quantity x the quoted price (else the account's price then). */
    totalExCents: z.number().int(),
  })
  .meta({ id: 'QuoteLine' })
export type QuoteLine = z.infer<typeof QuoteLine>

export const QuoteMessage = z
  .object({ id: z.number().int(), fromStaff: z.boolean(), author: z.string(), body: z.string(), createdAt: z.string() })
  .meta({ id: 'QuoteMessage' })
export type QuoteMessage = z.infer<typeof QuoteMessage>

export const QuoteSummary = z
  .object({
    id: z.number().int(),
    /** Q and six digits. */
    reference: z.string(),
    state: QuoteState,
    branch: z.string(),
    branchName: z.string(),
    requestedAt: z.string(),
    requestedBy: z.string().nullable(),
    expiresOn: IsoDate.nullable(),
    lineCount: z.number().int(),
    totalExCents: z.number().int(),
    /** The order the accepted quote became (its number as the order screens show it), or null. */
    order: z.object({ id: z.number().int(), salesOrder: z.string() }).nullable(),
  })
  .meta({ id: 'QuoteSummary' })
export type QuoteSummary = z.infer<typeof QuoteSummary>

export const Quote = QuoteSummary.extend({
  lines: z.array(QuoteLine),
  /** The distributor's note to the customer. */
  note: z.string(),
  declineReason: z.string().nullable(),
  messages: z.array(QuoteMessage),
  /** Whether this user may accept or decline it now: the user who asked, or an Administrator of the account, an open quote. */
  canAnswer: z.boolean(),
}).meta({ id: 'Quote' })
export type Quote = z.infer<typeof Quote>

export const QuoteList = z.object({ quotes: z.array(QuoteSummary) }).meta({ id: 'QuoteList' })
export type QuoteList = z.infer<typeof QuoteList>

export const DeclineQuoteBody = z.object({ reason: z.string().trim().min(1, 'Say why').max(1000, 'At most 1,000 characters') })
export type DeclineQuoteBody = z.infer<typeof DeclineQuoteBody>

export const QuoteMessageBody = z.object({ body: z.string().trim().min(1, 'Write a message').max(2000, 'At most 2,000 characters') })
export type QuoteMessageBody = z.infer<typeof QuoteMessageBody>

export const AcceptedQuote = z.object({ message: z.string(), branch: z.string() }).meta({ id: 'AcceptedQuote' })
export type AcceptedQuote = z.infer<typeof AcceptedQuote>

/** The toast of an accepted quote. */
export const QUOTE_ACCEPTED = 'The quote’s lines are in your cart at the quoted prices.'

// ---- The back office's Quotes inbox (/api/staff/quotes) -------------------------------------------------------------

export const StaffQuotesQuery = z.object({ state: QuoteState.optional() })
export type StaffQuotesQuery = z.infer<typeof StaffQuotesQuery>

const StaffQuoteFields = {
  account: z.object({ code: z.string(), name: z.string() }),
  /** The sales representative it is assigned to; null: customer service. */
  assignedTo: z.string().nullable(),
  /** The customer wrote last and no one has answered. */
  awaitingReply: z.boolean(),
}

export const StaffQuoteSummary = QuoteSummary.extend(StaffQuoteFields).meta({ id: 'StaffQuoteSummary' })
export type StaffQuoteSummary = z.infer<typeof StaffQuoteSummary>

export const StaffQuoteList = z.object({ quotes: z.array(StaffQuoteSummary) }).meta({ id: 'StaffQuoteList' })
export type StaffQuoteList = z.infer<typeof StaffQuoteList>

export const StaffQuote = Quote.omit({ canAnswer: true })
  .extend({ ...StaffQuoteFields, declinedAt: z.string().nullable(), acceptedAt: z.string().nullable(), sentAt: z.string().nullable() })
  .meta({ id: 'StaffQuote' })
export type StaffQuote = z.infer<typeof StaffQuote>

export const MAX_QUOTE_LINES = 200

export const SendQuoteBody = z.object({
  lines: z
    .array(
      z.object({
        productCode: z.string().trim().min(1, 'Name a product').max(40),
        quantity: z.number().int().min(1, 'At least 1').max(99_999, 'At most 99,999'),
        /** The quoted price of a unit, ex GST: at most the account's price. */
        priceCents: z.number().int().min(0, 'Not below 0').max(100_000_000),
      }),
    )
    .min(1, 'A quote has at least one line')
    .max(MAX_QUOTE_LINES),
  note: z.string().trim().max(2000, 'At most 2,000 characters').default(''),
  expiresOn: IsoDate,
})
export type SendQuoteBody = z.infer<typeof SendQuoteBody>
