import { z } from 'zod'
import { emailAddress, IsoDate, Money } from './common'

export const AccountBalance = z
  .object({
    Total: Money.describe('Total account balance inc GST: invoiced less paid'),
    CreditLimit: Money,
    Terms: z.number().int().describe('Trading terms in days'),
    PaymentsNotProcessed: Money.describe('Card payments of invoices made in the portal that the ERP has not taken in yet; Total does not include them yet'),
    UnprocessedPayments: z
      .array(z.object({ Reference: z.string(), PaidOn: IsoDate, Amount: Money, PaymentID: z.string() }))
      .describe('Those payments, newest first'),
  })
  .meta({ id: 'AccountBalance' })
export type AccountBalance = z.infer<typeof AccountBalance>

/** A month of the Australian financial year (July is period 1; the year is named by the June it ends in). */
export const FinancialPeriod = z
  .object({
    financialPeriod: z.number().int().min(1).max(12),
    financialYear: z.number().int(),
    DESCRIPTION: z.string().describe('e.g. March 2026'),
  })
  .meta({ id: 'FinancialPeriod' })
export type FinancialPeriod = z.infer<typeof FinancialPeriod>

export const StatementBody = z.object({
  email: emailAddress,
  finyear: z.coerce.number().int().min(2000).max(2200),
  period: z.coerce.number().int().min(1).max(12),
})
export type StatementBody = z.infer<typeof StatementBody>
