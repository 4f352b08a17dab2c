import { z } from 'zod'
import { emailAddress, Money, WarehouseCode } from './common'
import { DocumentItem } from './orders'

/** The checkout form's State options, in the form's order. */
export const AUSTRALIAN_STATES = ['VIC', 'NSW', 'ACT', 'QLD', 'WA', 'NT', 'SA', 'TAS'] as const
export const AustralianState = z.enum(AUSTRALIAN_STATES)

/** Delivery type: 1 Delivered, 2 Pickup. */
export const DELIVERY_TYPES = [
  { value: 1, label: 'Delivered' },
  { value: 2, label: 'Pickup' },
] as const
export const DeliveryType = z.union([z.literal(1), z.literal(2)], { error: 'Choose a delivery type' })

/** What the checkout screen says when a required field is missing or wrong. */
export const CHECKOUT_FIELD_MESSAGES = {
  DeliveryName: 'Enter the business name',
  Contact: 'Enter the contact person',
  Email: 'Enter a valid email address',
  Phone: 'Enter a phone number',
  CarrierName: 'Enter the carrier name',
  DeliveryType: 'Choose a delivery type',
  PurchaseOrder: 'Enter your purchase order number',
  PostalCode: 'Enter a 4-digit postcode',
  State: 'Choose a state',
} as const

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`)
const required = (max: number, message: string) => text(max).min(1, message)

/**
 * The checkout form with the contract's field names. Required: Business Name
 * (DeliveryName), Contact Person, Email, Phone, Carrier Name, Delivery Type and Purchase Order Number.
 */
export const CheckoutFields = {
  SiteCode: z.string().trim().max(20).optional().describe('The delivery site the address came from (GET /api/delivery-sites); recorded on the order'),
  DeliveryName: required(100, CHECKOUT_FIELD_MESSAGES.DeliveryName).describe('Business Name'),
  Address1: text(100),
  Address2: text(100),
  City: text(60),
  State: z.union([AustralianState, z.literal('')], { error: CHECKOUT_FIELD_MESSAGES.State }),
  PostalCode: z.union(
    [
      z
        .string()
        .trim()
        .regex(/^\d{4}$/, CHECKOUT_FIELD_MESSAGES.PostalCode),
      z.literal(''),
    ],
    { error: CHECKOUT_FIELD_MESSAGES.PostalCode },
  ),
  Contact: required(100, CHECKOUT_FIELD_MESSAGES.Contact).describe('Contact Person'),
  Email: emailAddress,
  Phone: required(30, CHECKOUT_FIELD_MESSAGES.Phone),
  Fax: text(30),
  CarrierName: required(60, CHECKOUT_FIELD_MESSAGES.CarrierName),
  CarrierInstructions: text(500),
  PurchaseOrder: required(30, CHECKOUT_FIELD_MESSAGES.PurchaseOrder).describe('Purchase Order Number, shown in the order history'),
  OrderDesc: text(200).describe('Order description'),
  DeliveryType,
  warehouse: WarehouseCode.describe('LocationID of the branch the cart belongs to'),
}

/** `POST /api/orders`: the checkout form plus the cart's branch. Send an `Idempotency-Key` header to make retries safe. */
export const PlaceOrderBody = z.object({
  ...CheckoutFields,
  creditConfirmed: z
    .boolean()
    .optional()
    .describe(
      'The buyer confirmed an order that takes the account past its credit limit (an account whose credit mode is warn); without it such an order is refused (409 credit_limit_confirm)',
    ),
})
export type PlaceOrderBody = z.infer<typeof PlaceOrderBody>

/** A repeated submission with the same key (double click, retry after a lost answer) returns the order already placed. */
export const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .min(8, 'Idempotency-Key must be 8 to 100 characters')
    .max(100, 'Idempotency-Key must be 8 to 100 characters')
    .optional()
    .describe('A fresh random value per checkout attempt (a UUID); repeats return the first answer'),
})

/** The order just placed: its number and totals, and its lines for the receipt and the purchase analytics event. */
export const PlacedOrder = z
  .object({
    OrderID: z.number().int(),
    SalesOrder: z.string(),
    SalesOrderStatus: z.string(),
    CustomerPurchaseOrder: z.string(),
    Warehouse: z.string(),
    ExtendedEx: Money,
    TaxTotal: Money,
    ExtendedInc: Money,
    items: z.array(DocumentItem),
    ConfirmationEmail: z.string().nullable().describe('The address the order confirmation was e-mailed to (the buyer’s), or null when it has no buyer'),
  })
  .meta({ id: 'PlacedOrder' })
export type PlacedOrder = z.infer<typeof PlacedOrder>

/**
 * `POST /api/cart/checkout-info`: the checkout form as far as it is filled in, kept with the cart so that
 * a reload or a failed payment does not lose it. Nothing is required; every field is the form's.
 */
export const CheckoutInfo = z
  .object({
    SiteCode: z.string().trim().max(20).optional(),
    DeliveryName: text(100).optional(),
    Address1: text(100).optional(),
    Address2: text(100).optional(),
    City: text(60).optional(),
    State: z.union([AustralianState, z.literal('')]).optional(),
    PostalCode: text(10).optional(),
    Contact: text(100).optional(),
    Email: text(254).optional(),
    Phone: text(30).optional(),
    Fax: text(30).optional(),
    CarrierName: text(60).optional(),
    CarrierInstructions: text(500).optional(),
    PurchaseOrder: text(30).optional(),
    OrderDesc: text(200).optional(),
    DeliveryType: DeliveryType.optional(),
    warehouse: WarehouseCode.optional(),
  })
  .meta({ id: 'CheckoutInfo' })
export type CheckoutInfo = z.infer<typeof CheckoutInfo>

/** `POST /api/cart/checkout-info`: what was kept, or null when it was not. */
export const SavedCheckoutInfo = z.object({ checkoutInfo: CheckoutInfo.nullable() }).meta({ id: 'SavedCheckoutInfo' })
export type SavedCheckoutInfo = z.infer<typeof SavedCheckoutInfo>

/**
 * `GET /api/cart/checkout-info`: what was saved (or null), and what the form starts with when nothing was:
 * the delivery site, delivery type and carrier of the user's last order, else the account's default site,
 * delivered. The purchase order number and description are never carried over.
 */
export const CheckoutStart = SavedCheckoutInfo.extend({
  defaults: CheckoutInfo.describe('The form’s starting values when nothing is saved'),
}).meta({ id: 'CheckoutStart' })
export type CheckoutStart = z.infer<typeof CheckoutStart>

/** What an order on account past the credit limit meets: `warn`, a warning the buyer confirms; `block`, a refusal. */
export const CREDIT_MODES = ['warn', 'block'] as const
export const CreditMode = z.enum(CREDIT_MODES)
export type CreditMode = z.infer<typeof CreditMode>

/** The error codes of the credit rule (409), for the checkout to tell them apart. */
export const CREDIT_ERRORS = {
  onHold: 'account_on_hold',
  confirm: 'credit_limit_confirm',
  exceeded: 'credit_limit_exceeded',
} as const

/**
 * An account's credit as an order on account meets it: the ERP's limit and balance, the portal's orders the
 * balance does not hold yet, and what is left (docs/decisions/0086-the-credit-limit-kept.md).
 */
export const AccountCredit = z
  .object({
    CreditLimit: Money,
    Balance: Money.describe('The ERP’s balance: invoiced less paid'),
    NotYetInvoiced: Money.describe('Orders placed in the portal that no invoice has taken into the balance yet (inc GST)'),
    AvailableCredit: Money.describe('CreditLimit less Balance less NotYetInvoiced; negative once past the limit'),
    CreditMode: CreditMode.nullable().describe('warn or block an order on account past the limit; null: no credit rule'),
    OnHold: z.boolean().describe('The account cannot order on account at all'),
    AccountsPhone: z.string().describe('Whom to call about the account'),
  })
  .meta({ id: 'AccountCredit' })
export type AccountCredit = z.infer<typeof AccountCredit>

/** `GET /api/cart/credit`: the account's credit, or null for an account not on terms (cash-sale, reseller). */
export const CartCredit = z.object({ credit: AccountCredit.nullable() }).meta({ id: 'CartCredit' })
export type CartCredit = z.infer<typeof CartCredit>
