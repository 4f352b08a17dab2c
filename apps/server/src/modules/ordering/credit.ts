import { CREDIT_ERRORS, type AccountCredit, type CartCredit } from '@portal/contract/checkout'
import type { Deps, Session } from '../../lib/context'
import { conflict } from '../../lib/errors'
import { dollars } from '../../lib/money'
import { pdfMoney } from '../../lib/pdf-document'
import * as repo from './credit-repo'

/**
 * The credit limit kept (docs/decisions/0086-the-credit-limit-kept.md). The ERP sends each account's credit limit,
 * balance, whether it is on hold, and its credit mode. An order on account counts against the available credit:
 * the limit less the balance less the portal's orders not yet invoiced. placement.placeOrder applies `judgeCredit`
 * to the credit read under the account's lock (placement-repo.ts lockStockAndCredit) for every order on account;
 * card-paid orders take no credit.
 */

/** The account's credit rule as an order on account meets it, and whom to call. */
export interface CreditRequest {
  /** The buyer confirmed an order past the limit (credit mode warn). */
  confirmed: boolean
  accountsPhone: string
}

const money = (cents: number) => `$${pdfMoney(cents)}`

const availableOf = (c: repo.CreditRow) => c.limitCents - c.balanceCents - c.uninvoicedCents

/** An account on terms: neither cash-sale (pays by card) nor a reseller (never checks out online). */
export const onTerms = (session: Pick<Session, 'isCash' | 'isElders'>) => !session.isCash && !session.isElders

export function onHold(accountsPhone: string) {
  return conflict(
    CREDIT_ERRORS.onHold,
    `Your account is on hold, so orders cannot be placed on account. Please call our accounts team on ${accountsPhone} to sort it out.`,
  )
}

/**
 * The account's credit rule, read under the account's lock, applied to an order of `orderIncCents`: on hold, refused; past the limit,
 * refused (block) or refused until confirmed (warn); without a credit mode, placed. Answers the available credit
 * before this order, which the order keeps for the ERP. Throws before anything of the order is written.
 */
export function judgeCredit(credit: repo.CreditRow | undefined, orderIncCents: number, request: CreditRequest): number | null {
  if (!credit) return null
  if (credit.onHold) throw onHold(request.accountsPhone)
  const available = availableOf(credit)
  if (orderIncCents <= available || credit.mode === null) return available
  const over = `This order of ${money(orderIncCents)} is more than your available credit of ${money(Math.max(available, 0))}`
  if (credit.mode === 'block')
    throw conflict(
      CREDIT_ERRORS.exceeded,
      `${over}, so it cannot be placed on account. Please call our accounts team on ${request.accountsPhone} to make a payment or arrange more credit, or make the order smaller.`,
    )
  if (!request.confirmed)
    throw conflict(CREDIT_ERRORS.confirm, `${over}: it takes your account past its credit limit. Confirm that you want to place it anyway.`)
  return available
}

/** GET /api/cart/credit: the account's credit as the cart and checkout show it; null for an account not on terms. */
export async function cartCredit({ db, config }: Deps, session: Session): Promise<CartCredit> {
  if (!onTerms(session)) return { credit: null }
  const credit = await repo.creditOf(db, session.accountId)
  return { credit: credit ? shown(credit, config.distributor.accountsPhone) : null }
}

function shown(c: repo.CreditRow, accountsPhone: string): AccountCredit {
  return {
    CreditLimit: dollars(c.limitCents),
    Balance: dollars(c.balanceCents),
    NotYetInvoiced: dollars(c.uninvoicedCents),
    AvailableCredit: dollars(availableOf(c)),
    CreditMode: c.mode,
    OnHold: c.onHold,
    AccountsPhone: accountsPhone,
  }
}
