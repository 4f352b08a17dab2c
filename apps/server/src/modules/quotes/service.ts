import {
  QUOTE_ACCEPTED,
  type AcceptedQuote,
  type Quote,
  type QuoteList,
  type QuoteMessage,
  type QuoteSummary,
  type SendQuoteBody,
  type StaffQuote,
  type StaffQuoteList,
  type StaffQuoteSummary,
} from '@portal/contract/quotes'
import type { Deps, Session } from '../../lib/context'
import { AppError, conflict, forbidden, notFound } from '../../lib/errors'
import { pdfMoney } from '../../lib/pdf-document'
import { enqueueMail } from '../mail/outbox'
import { cart, placement } from '../ordering'
import * as repo from './repo'

type Db = Deps['db']
export type { QuoteScope } from './repo'

/**
 * Quotes (decision 0102). A customer's POST /api/cart/quote records one (ordering/cart.ts requestQuote); the back
 * office prices and sends it (sendQuote); the customer accepts it (its lines go into their cart at the quoted
 * prices, and the checkout places them through the one placement, which makes the order the quote's only one),
 * declines it, or writes about it. Another account's quote, and a quote out of a sales representative's scope,
 * answer 404 as no quote does.
 */

const LIST_LIMIT = 200
const money = (cents: number) => `$${pdfMoney(cents)}`
const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString())
export const reference = placement.quoteReference

function summaryOf(r: repo.QuoteRow): QuoteSummary {
  return {
    id: r.id,
    reference: reference(r.id),
    state: r.state,
    branch: r.location_id,
    branchName: r.branch_name,
    requestedAt: iso(r.created_at)!,
    requestedBy: r.user_name,
    expiresOn: r.expires_on,
    lineCount: r.line_count,
    totalExCents: Number(r.total_ex_cents),
    order: r.order_id === null ? null : { id: r.order_id, salesOrder: r.sales_order! },
  }
}

const staffFields = (r: repo.QuoteRow) => ({
  account: { code: r.account_code, name: r.account_name },
  assignedTo: r.rep_name,
  awaitingReply: r.awaiting_reply,
})

async function detailOf(db: Db, r: repo.QuoteRow) {
  const [lines, messages] = await Promise.all([repo.quoteLines(db, r.id), repo.quoteMessages(db, r.id)])
  return {
    ...summaryOf(r),
    note: r.note,
    declineReason: r.decline_reason,
    lines: lines.map((l) => ({
      lineNo: l.line_no,
      productId: l.product_id,
      productCode: l.product_code,
      description: l.description,
      quantity: l.quantity,
      accountPriceCents: l.account_price_cents,
      quotedPriceCents: l.quoted_price_cents,
      totalExCents: l.quantity * (l.quoted_price_cents ?? l.account_price_cents),
    })),
    messages: messages.map((m): QuoteMessage => ({ id: m.id, fromStaff: m.from_staff, author: m.author, body: m.body, createdAt: iso(m.created_at)! })),
  }
}

/** Who may accept or decline a quote: the user who asked for it, and the account's Administrators. */
const mayAnswer = (session: Session, quote: { user_id: number | null }) => session.role === 'Administrator' || quote.user_id === session.userId

// ---- The customer's side -----------------------------------------------------------------------------------------

export async function listQuotes({ db }: Deps, session: Session): Promise<QuoteList> {
  const rows = await repo.listQuotes(db, { accountId: session.accountId }, undefined, LIST_LIMIT)
  return { quotes: rows.map(summaryOf) }
}

async function ownQuote(db: Db, session: Session, id: number) {
  const row = await repo.findQuote(db, { accountId: session.accountId }, id)
  if (!row) throw notFound('quote')
  return row
}

export async function quotePage({ db }: Deps, session: Session, id: number): Promise<Quote> {
  const row = await ownQuote(db, session, id)
  return { ...(await detailOf(db, row)), canAnswer: row.state === 'open' && mayAnswer(session, row) }
}

/** Refuses an answer to a quote that is not open: each state says why in words. */
function checkOpen(quote: { id: number; state: string; status: string; expires_on: string | null; order_id: number | null }, verb: 'accepted' | 'declined') {
  const ref = reference(quote.id)
  if (quote.state === 'expired') {
    throw conflict('quote_expired', `Quote ${ref} expired on ${quote.expires_on} and can no longer be ${verb}. Ask us for a new quote.`)
  }
  if (quote.state === 'requested') throw conflict('quote_not_sent', `Quote ${ref} has not been priced yet. We will e-mail you when it is.`)
  if (quote.state === 'declined') throw conflict('quote_declined', `Quote ${ref} was declined.`)
  if (quote.state === 'accepted') {
    throw conflict(
      'quote_accepted',
      quote.order_id !== null
        ? `Quote ${ref} has already been ordered.`
        : `Quote ${ref} has already been accepted: its lines are in the cart of whoever accepted it.`,
    )
  }
}

/**
 * Accepts an open quote: the state moves to accepted under the quote's lock (once), and its lines go into the user's
 * cart at the quote's branch (cart.putQuote takes the cart's lock first, as an order does, then the quote is locked:
 * the order placement's order of locks). A second acceptance, an expired, declined or unsent quote: 409.
 */
export async function accept(deps: Deps, session: Session, id: number): Promise<AcceptedQuote> {
  return deps.db.transaction().execute(async (trx) => {
    const seen = await ownQuote(trx, session, id)
    if (!mayAnswer(session, seen)) throw forbidden('Only the user who asked for the quote, or an Administrator of the account, can accept it.')
    const lines = await repo.quoteLines(trx, id)
    await cart.putQuote(trx, session, {
      id,
      reference: reference(id),
      branch: { code: seen.location_id, name: seen.branch_name },
      lines: lines.map((l) => ({ quoteLineId: l.id, productId: l.product_id, quantity: l.quantity })),
    })
    // The quote's state under its lock, read after the cart's: this is where a second acceptance stops.
    const locked = (await repo.lockQuote(trx, { accountId: session.accountId }, id))!
    checkOpen(locked, 'accepted')
    await repo.markAccepted(trx, id, session.userId)
    await enqueueMail(trx, {
      to: seen.rep_email ?? deps.config.distributor.email,
      subject: `Quote ${reference(id)} accepted by ${seen.account_name} (${seen.account_code})`,
      text: [
        `${session.name} (${session.username}) of ${seen.account_name} accepted quote ${reference(id)}.`,
        'Its lines are in their cart at the quoted prices.',
      ].join('\n'),
    })
    return { message: QUOTE_ACCEPTED, branch: seen.location_id }
  })
}

export async function decline(deps: Deps, session: Session, id: number, reason: string): Promise<Quote> {
  await deps.db.transaction().execute(async (trx) => {
    const seen = await ownQuote(trx, session, id)
    if (!mayAnswer(session, seen)) throw forbidden('Only the user who asked for the quote, or an Administrator of the account, can decline it.')
    const locked = (await repo.lockQuote(trx, { accountId: session.accountId }, id))!
    checkOpen(locked, 'declined')
    await repo.markDeclined(trx, id, reason)
    await enqueueMail(trx, {
      to: seen.rep_email ?? deps.config.distributor.email,
      subject: `Quote ${reference(id)} declined by ${seen.account_name} (${seen.account_code})`,
      text: [`${session.name} (${session.username}) of ${seen.account_name} declined quote ${reference(id)}:`, '', reason].join('\n'),
    })
  })
  return quotePage(deps, session, id)
}

/** A message of the customer's on the quote (asking for changes, say), e-mailed to the sales representative, else customer service. */
export async function customerMessage(deps: Deps, session: Session, id: number, body: string): Promise<Quote> {
  await deps.db.transaction().execute(async (trx) => {
    const seen = await ownQuote(trx, session, id)
    await repo.insertMessage(trx, { quoteId: id, fromStaff: false, author: `${session.name} (${seen.account_name})`, body })
    await enqueueMail(trx, {
      to: seen.rep_email ?? deps.config.distributor.email,
      subject: `Quote ${reference(id)}: a message from ${seen.account_name} (${seen.account_code})`,
      text: [
        `${session.name} (${session.username}) wrote about quote ${reference(id)}:`,
        '',
        body,
        '',
        `Answer it in the back office: ${deps.config.publicUrl}/staff/quotes/${id}`,
      ].join('\n'),
    })
  })
  return quotePage(deps, session, id)
}

// ---- The back office's side (the routes are the back office's: modules/back-office/quotes-routes.ts) ----------------

export async function staffList({ db }: Deps, scope: repo.QuoteScope, state: string | undefined): Promise<StaffQuoteList> {
  const rows = await repo.listQuotes(db, scope, state, LIST_LIMIT)
  return { quotes: rows.map((r): StaffQuoteSummary => ({ ...summaryOf(r), ...staffFields(r) })) }
}

async function scopedQuote(db: Db, scope: repo.QuoteScope, id: number) {
  const row = await repo.findQuote(db, scope, id)
  if (!row) throw notFound('quote')
  return row
}

export async function staffQuote({ db }: Deps, scope: repo.QuoteScope, id: number): Promise<StaffQuote & { accountId: number }> {
  const row = await scopedQuote(db, scope, id)
  return {
    ...(await detailOf(db, row)),
    ...staffFields(row),
    sentAt: iso(row.sent_at),
    acceptedAt: iso(row.accepted_at),
    declinedAt: iso(row.declined_at),
    accountId: row.account_id,
  }
}

const lineField = (i: number, field: 'productCode' | 'priceCents' | 'quantity') => `body.lines.${i}.${field}`
const badLine = (code: string, i: number, field: 'productCode' | 'priceCents' | 'quantity', message: string) =>
  new AppError(400, code, message, [{ field: lineField(i, field), message }])

/**
 * Prices and sends a quote (requested, or open: a revision): its lines as the staff set them (quantities changed,
 * products added or left out), each quoted at most the account's price today (a lower price needs no approval; a
 * higher one is a 400 naming the line), a note and an expiry date from today on. The customer who asked is e-mailed.
 */
export async function sendQuote(deps: Deps, scope: repo.QuoteScope, id: number, body: SendQuoteBody, sender: { name: string }) {
  const { db, config } = deps
  return db.transaction().execute(async (trx) => {
    const quote = await repo.lockQuote(trx, scope, id)
    if (!quote) throw notFound('quote')
    if (quote.status === 'accepted' || quote.status === 'declined') {
      throw conflict('quote_answered', `Quote ${reference(id)} has been ${quote.status}: it can no longer be changed.`)
    }
    if (await repo.isPast(trx, body.expiresOn)) {
      throw new AppError(400, 'invalid_date', 'expiresOn: The expiry date cannot be in the past.', [
        { field: 'body.expiresOn', message: 'The expiry date cannot be in the past.' },
      ])
    }
    const products = await repo.productsByCode(
      trx,
      body.lines.map((l) => l.productCode),
    )
    const byCode = new Map(products.map((p) => [p.product_code.toUpperCase(), p]))
    const seen = new Set<number>()
    const ids = body.lines.map((l, i) => {
      const product = byCode.get(l.productCode.toUpperCase())
      if (!product || !product.active) throw badLine('unknown_product', i, 'productCode', `Line ${i + 1}: no product ${l.productCode} is sold.`)
      if (seen.has(product.id)) throw badLine('duplicate_product', i, 'productCode', `Line ${i + 1}: ${product.product_code} is on the quote twice.`)
      seen.add(product.id)
      return product.id
    })
    const account = await repo.accountOf(trx, quote.account_id)
    const viewer = { userId: quote.user_id ?? 0, accountId: quote.account_id, isElders: account.is_elders }
    const priced = await cart.pricedItems(
      trx,
      viewer,
      ids.map((productId, i) => ({ productId, quantity: body.lines[i]!.quantity })),
      quote.location_id,
    )
    const lines = body.lines.map((l, i) => {
      const row = priced[i]!
      if (!row.visible) throw badLine('unknown_product', i, 'productCode', `Line ${i + 1}: ${row.productCode} is not sold to this account.`)
      if (l.priceCents > row.unitPriceCents) {
        throw badLine(
          'price_above_account_price',
          i,
          'priceCents',
          `Line ${i + 1} (${row.productCode}): ${money(l.priceCents)} is above the account's price of ${money(row.unitPriceCents)}. A quote can only lower a price.`,
        )
      }
      return {
        productId: row.productId,
        productCode: row.productCode,
        description: row.description,
        quantity: l.quantity,
        accountPriceCents: row.unitPriceCents,
        priceCents: l.priceCents,
      }
    })
    await repo.writeSent(trx, id, { note: body.note, expiresOn: body.expiresOn, lines })
    const user = await repo.userOf(trx, quote.user_id)
    if (user) {
      const total = lines.reduce((sum, l) => sum + l.quantity * l.priceCents, 0)
      await enqueueMail(trx, {
        to: user.email,
        subject: `Your quote ${reference(id)} from ${config.distributor.name}`,
        text: [
          `Hi ${user.name},`,
          '',
          `${sender.name} has priced your quote ${reference(id)}. It holds until ${body.expiresOn}:`,
          '',
          ...lines.map((l) => `  ${l.quantity} x ${l.productCode}  ${l.description}  at ${money(l.priceCents)} each ex GST`),
          '',
          `Total: ${money(total)} ex GST.`,
          ...(body.note ? ['', body.note] : []),
          '',
          `Accept it, decline it or ask for changes under Quotes in the portal: ${config.publicUrl}/quotes/${id}`,
          '',
          config.distributor.name,
          config.distributor.phone,
        ].join('\n'),
      })
    }
    return { accountId: quote.account_id, lines: lines.length }
  })
}

/** A message of the staff's on the quote, e-mailed to the customer who asked. */
export async function staffMessage(deps: Deps, scope: repo.QuoteScope, id: number, body: string, sender: { name: string }) {
  return deps.db.transaction().execute(async (trx) => {
    const quote = await scopedQuote(trx, scope, id)
    await repo.insertMessage(trx, { quoteId: id, fromStaff: true, author: `${sender.name} (${deps.config.distributor.name})`, body })
    const user = await repo.userOf(trx, quote.user_id)
    if (user) {
      await enqueueMail(trx, {
        to: user.email,
        subject: `Quote ${reference(id)}: a message from ${deps.config.distributor.name}`,
        text: [
          `Hi ${user.name},`,
          '',
          `${sender.name} wrote about your quote ${reference(id)}:`,
          '',
          body,
          '',
          `Read and answer it under Quotes in the portal: ${deps.config.publicUrl}/quotes/${id}`,
        ].join('\n'),
      })
    }
    return { accountId: quote.account_id, accountCode: quote.account_code }
  })
}
