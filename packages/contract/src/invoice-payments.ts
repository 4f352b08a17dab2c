import { z } from 'zod'
import { IsoDate, Money } from './common'
import { PaymentFormData } from './payments'

/** At most this many invoices in one payment. */
export const INVOICE_PAYMENT_MAX_INVOICES = 50

/** A payment amount in dollars: more than zero, whole cents. */
const PaidAmount = z
  .number()
  .min(0.01, 'The amount to pay must be at least $0.01')
  .max(10_000_000, 'The amount to pay can be at most $10,000,000')
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'The amount to pay has at most two decimals (cents)')

/** An invoice of the account that still has money owing (GET /api/invoice-payments/open). */
export const OpenInvoice = z
  .object({
    InvoiceID: z.number().int(),
    Invoice: z.string(),
    InvoiceDate: IsoDate,
    DueDate: IsoDate,
    CustomerPurchaseOrder: z.string(),
    Amount: Money.describe('The invoice total inc GST'),
    Open: Money.describe('What is still owing on it: what the ERP says is outstanding, less card payments it has not taken in yet'),
  })
  .meta({ id: 'OpenInvoice' })
export type OpenInvoice = z.infer<typeof OpenInvoice>

export const OpenInvoices = z
  .object({
    canPay: z.boolean().describe("Whether the signed-in user may pay the account's invoices (Administrators, and Users their Administrator allows)"),
    invoices: z.array(OpenInvoice).describe('Oldest due first'),
  })
  .meta({ id: 'OpenInvoices' })
export type OpenInvoices = z.infer<typeof OpenInvoices>

/** `POST /api/invoice-payments`: what to pay of which invoices, and the total the payer saw. */
export const CreateInvoicePaymentBody = z.object({
  invoices: z
    .array(z.object({ InvoiceID: z.number().int().min(1).max(2_147_483_647), Amount: PaidAmount }))
    .min(1, 'Choose at least one invoice to pay')
    .max(INVOICE_PAYMENT_MAX_INVOICES, `A payment can be of at most ${INVOICE_PAYMENT_MAX_INVOICES} invoices`)
    .refine((list) => new Set(list.map((i) => i.InvoiceID)).size === list.length, 'Each invoice can be chosen once'),
  amount: PaidAmount.describe('The total to pay; it must equal the sum of the amounts'),
})
export type CreateInvoicePaymentBody = z.infer<typeof CreateInvoicePaymentBody>

export const CreateInvoicePaymentResponse = z
  .object({
    paymentId: z.string(),
    reference: z.string().describe('The payment reference, on the receipt and the card statement'),
    amount: Money,
    formData: PaymentFormData,
  })
  .meta({ id: 'CreateInvoicePaymentResponse' })
export type CreateInvoicePaymentResponse = z.infer<typeof CreateInvoicePaymentResponse>

export const InvoicePaymentParams = z.object({ id: z.uuid('Expected an invoice payment id') })

export const InvoicePaymentStatus = z.enum(['pending', 'completed', 'failed'])

export const InvoicePayment = z
  .object({
    paymentId: z.string(),
    reference: z.string(),
    status: InvoicePaymentStatus,
    amount: Money,
    error: z.string().nullable().describe('Why the payment failed or was replaced'),
    paidAt: IsoDate.nullable(),
    paidBy: z.string(),
    invoices: z.array(z.object({ InvoiceID: z.number().int(), Invoice: z.string(), Amount: Money })),
  })
  .meta({ id: 'InvoicePayment' })
export type InvoicePayment = z.infer<typeof InvoicePayment>

/** `POST /api/invoice-payments/session` (Mastercard Gateway): a hosted checkout session for an invoice payment. */
export const InvoicePaymentSessionBody = z.object({ paymentId: z.uuid('Expected an invoice payment id') })

/** `PUT /api/users/invoice-payments`: whether a User may pay the account's invoices. */
export const SetInvoicePaymentsBody = z.object({
  username: z.string().trim().min(1).max(60),
  allowed: z.boolean(),
})
export type SetInvoicePaymentsBody = z.infer<typeof SetInvoicePaymentsBody>
