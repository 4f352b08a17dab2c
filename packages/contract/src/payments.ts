import { z } from 'zod'
import { CheckoutFields, PlacedOrder } from './checkout'
import { Money } from './common'
import { passesLuhn } from './luhn'

export const PaymentProvider = z.enum(['securepay', 'mpgs'])
export type PaymentProvider = z.infer<typeof PaymentProvider>

/** The checkout form with camelCase keys, as a pending order's `orderDetails` carries it. */
export const PendingOrderDetails = z
  .object({
    siteCode: CheckoutFields.SiteCode,
    deliveryName: CheckoutFields.DeliveryName,
    address1: CheckoutFields.Address1,
    address2: CheckoutFields.Address2,
    city: CheckoutFields.City,
    state: CheckoutFields.State,
    postalCode: CheckoutFields.PostalCode,
    contact: CheckoutFields.Contact,
    email: CheckoutFields.Email,
    phone: CheckoutFields.Phone,
    fax: CheckoutFields.Fax,
    carrierName: CheckoutFields.CarrierName,
    carrierInstructions: CheckoutFields.CarrierInstructions,
    purchaseOrder: CheckoutFields.PurchaseOrder,
    orderDesc: CheckoutFields.OrderDesc,
    deliveryType: CheckoutFields.DeliveryType,
    warehouse: CheckoutFields.warehouse,
  })
  .meta({ id: 'PendingOrderDetails' })
export type PendingOrderDetails = z.infer<typeof PendingOrderDetails>

/** `POST /api/payments/create`: the checkout form, the total the customer saw, and the account's name. */
export const CreatePaymentBody = z.object({
  orderDetails: PendingOrderDetails,
  amount: Money.positive('The amount must be more than zero').describe(
    'The cart total inc GST the customer agreed to pay; it must equal the server’s own total',
  ),
  accountName: z.string().trim().max(200).describe('Shown to the provider as the order description'),
})
export type CreatePaymentBody = z.infer<typeof CreatePaymentBody>

/** SecurePay Direct Post: the card form posts straight from the browser to `action` with these hidden fields. */
export const SecurePayFormData = z.object({
  provider: z.literal('securepay'),
  action: z.string().describe('The provider’s Direct Post endpoint'),
  method: z.literal('POST'),
  fields: z
    .record(z.string(), z.string())
    .describe('EPS_MERCHANT, EPS_TXNTYPE, EPS_REFERENCEID, EPS_AMOUNT, EPS_TIMESTAMP, EPS_FINGERPRINT, EPS_RESULTURL, EPS_REDIRECT, EPS_CURRENCY'),
})

/** Mastercard Gateway Hosted Checkout: the card screen loads `checkoutScript` and asks for a session (POST /api/payments/session). */
export const MpgsFormData = z.object({
  provider: z.literal('mpgs'),
  checkoutScript: z.string().describe('The gateway’s checkout.min.js'),
})

export const PaymentFormData = z.discriminatedUnion('provider', [SecurePayFormData, MpgsFormData]).meta({ id: 'PaymentFormData' })
export type PaymentFormData = z.infer<typeof PaymentFormData>

export const CreatePaymentResponse = z
  .object({
    orderId: z.string().describe('The pending order’s id'),
    amount: Money.optional().describe('What the card is charged, inc GST'),
    fingerprint: z.string().describe('SecurePay: EPS_FINGERPRINT; empty for the Mastercard Gateway, which signs nothing in the browser'),
    formData: PaymentFormData,
  })
  .meta({ id: 'CreatePaymentResponse' })
export type CreatePaymentResponse = z.infer<typeof CreatePaymentResponse>

export const PendingOrderParams = z.object({ id: z.uuid('Expected a pending order id') })

export const PendingOrderStatus = z.enum(['pending', 'completed', 'failed'])

/** `GET /api/payments/pending/{id}`: a pending order of the account, to refill the checkout form after a failed payment. */
export const PendingOrder = z
  .object({
    orderId: z.string(),
    status: PendingOrderStatus,
    amount: Money,
    orderDetails: PendingOrderDetails,
    error: z.string().nullable().describe('Why the last payment attempt failed'),
    SalesOrder: z.string().nullable().describe('The order it became, once paid'),
    order: PlacedOrder.nullable().describe('The order it became, once paid, with its lines'),
  })
  .meta({ id: 'PendingOrder' })
export type PendingOrder = z.infer<typeof PendingOrder>

/** `POST /api/payments/session` (Mastercard Gateway): a hosted checkout session for a pending order. */
export const PaymentSessionBody = z.object({ orderId: z.uuid('Expected a pending order id') })
export const PaymentSession = z
  .object({
    sessionId: z.string(),
    checkoutScript: z.string().describe('Load it, then Checkout.configure({ session: { id: sessionId } }) and Checkout.showPaymentPage()'),
  })
  .meta({ id: 'PaymentSession' })
export type PaymentSession = z.infer<typeof PaymentSession>

/** `POST /api/payments/complete` (Mastercard Gateway): the session and the resultIndicator the gateway handed back. */
export const CompletePaymentBody = z.object({
  sessionID: z.string().trim().min(1).max(100),
  resultIndicator: z.string().trim().min(1).max(100),
})
export type CompletePaymentBody = z.infer<typeof CompletePaymentBody>

export const PaymentResult = z.object({ approved: z.literal(true), orderId: z.string(), order: PlacedOrder }).meta({ id: 'PaymentResult' })
export type PaymentResult = z.infer<typeof PaymentResult>

const resultField = z.string().max(500).optional()

/** What SecurePay sends to the result URL (query string with EPS_REDIRECT=TRUE, else a form post). */
export const SecurePayResult = z.object({
  merchant: resultField,
  refid: resultField,
  amount: resultField.describe('When present, must be the amount sent'),
  timestamp: resultField,
  summarycode: resultField.describe('1 approved, 2 declined, 3 other failure'),
  rescode: resultField,
  restext: resultField,
  txnid: resultField,
  settdate: resultField,
  pan: resultField,
  expirydate: resultField,
  fingerprint: resultField,
})
export type SecurePayResult = z.infer<typeof SecurePayResult>

/** A card the local sandbox answers in a known way; listed on the card screen in demo mode. */
export const SandboxTestCard = z.object({
  number: z.string(),
  expiry: z.string().nullable().describe('MM/YY when the outcome depends on it, else any future date'),
  result: z.string(),
})
export type SandboxTestCard = z.infer<typeof SandboxTestCard>

/** What the browser needs to take a card payment (part of GET /api/site). */
export const PaymentSettings = z
  .object({
    provider: PaymentProvider,
    cardEndpoint: z.string().nullable().describe('SecurePay: where the card form posts'),
    checkoutScript: z.string().nullable().describe('Mastercard Gateway: the checkout.min.js to load'),
    ipLookupUrl: z.string().nullable().describe('A public IP-lookup service answering JSON with field ip'),
    analyticsHook: z.string().describe('Name of the window array purchase events are pushed to'),
    sandbox: z.boolean().describe('Payments go to the local sandbox, not a real provider'),
    testCards: z.array(SandboxTestCard),
  })
  .meta({ id: 'PaymentSettings' })
export type PaymentSettings = z.infer<typeof PaymentSettings>

/** The card form's messages, word for word. */
export const CARD_ERRORS = {
  number: 'Invalid Card Number. Please check and try again',
  expiry: 'Invalid expiry. Please check and try again',
  cvv: 'Invalid CVV, please try again.',
} as const

/** 16 digits starting with 4 or 5 that pass the Luhn check. */
export function validCardNumber(digits: string): boolean {
  return /^[45]\d{15}$/.test(digits) && passesLuhn(digits)
}

/** Not in the past: a later year, or this year from this month on. Month 1-12, year four digits. */
export function validExpiry(month: number, year: number, now = new Date()): boolean {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) return false
  const thisYear = now.getFullYear()
  return year > thisYear || (year === thisYear && month >= now.getMonth() + 1)
}

export const validCvv = (cvv: string) => /^\d{3}$/.test(cvv)
