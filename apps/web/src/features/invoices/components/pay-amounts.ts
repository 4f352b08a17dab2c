import type { OpenInvoice } from '@portal/contract/invoice-payments'
import { formatDollars } from '../../../lib/format'

/** What the payer chose of one open invoice: whether to pay it, and how much (as typed). */
export type Choice = { chosen: boolean; amount: string }

/** The amount as typed, in whole cents: '1,234.5' and '$1234.50' are 123450; null when it is not an amount. */
export function centsOf(typed: string): number | null {
  const plain = typed.replace(/[\s$,]/g, '')
  if (!/^(\d+(\.\d{0,2})?|\.\d{1,2})$/.test(plain)) return null
  return Math.round(Number(plain) * 100)
}

/** The amount field's starting value: all that is open, as 1234.56. */
export const typedOf = (dollars: number) => (Math.round(dollars * 100) / 100).toFixed(2)

export const AMOUNT_NOT_MONEY = 'Enter the amount in dollars and cents, like 250.00'
export const AMOUNT_TOO_SMALL = 'Enter an amount of at least $0.01'
export const amountTooLarge = (open: number) => `That is more than is owing. Pay at most ${formatDollars(open)}`
export const NOTHING_CHOSEN = 'Choose at least one invoice to pay'

/** What is wrong with the amount to pay of an invoice, or null: never more than is open on it. */
export function amountProblem(invoice: OpenInvoice, typed: string): string | null {
  const cents = centsOf(typed)
  if (cents === null) return AMOUNT_NOT_MONEY
  if (cents < 1) return AMOUNT_TOO_SMALL
  if (cents > Math.round(invoice.Open * 100)) return amountTooLarge(invoice.Open)
  return null
}

/** The total of the chosen invoices' amounts that are right, in cents. */
export function totalCents(invoices: OpenInvoice[], choices: Map<number, Choice>): number {
  return invoices.reduce((sum, invoice) => {
    const choice = choices.get(invoice.InvoiceID)
    if (!choice?.chosen || amountProblem(invoice, choice.amount)) return sum
    return sum + (centsOf(choice.amount) ?? 0)
  }, 0)
}

/** An invoice is partly paid when less is open on it than it came to. */
export const isPartlyPaid = (invoice: Pick<OpenInvoice, 'Amount' | 'Open'>) => Math.round(invoice.Open * 100) < Math.round(invoice.Amount * 100)

/** A fresh key per payment asked for; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newPaymentKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')
}
