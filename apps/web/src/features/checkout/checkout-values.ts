import { z } from 'zod'
import { CHECKOUT_FIELD_MESSAGES, PlaceOrderBody, type CheckoutInfo, type PlaceOrderBody as PlaceOrderBodyType } from '@portal/contract/checkout'
import type { PendingOrderDetails } from '@portal/contract/payments'
import type { DeliverySite } from '@portal/contract/reference'

/**
 * The checkout form as the browser holds it: every field a string (a radio's value is '1' or '2').
 * Its rules are the contract's, so the screen and the server agree on what is required and why.
 */
export const CheckoutFormSchema = PlaceOrderBody.omit({ SiteCode: true, DeliveryType: true, warehouse: true }).extend({
  SiteCode: z.string(),
  DeliveryType: z.enum(['1', '2'], { error: CHECKOUT_FIELD_MESSAGES.DeliveryType }),
})

export type CheckoutValues = z.input<typeof CheckoutFormSchema>
export type ValidCheckout = z.output<typeof CheckoutFormSchema>

/**
 * Where and how an order goes: the checkout form less its purchase order number, as a standing order keeps it
 * (each of its orders gets a number of its own).
 */
export const DeliveryFormSchema = CheckoutFormSchema.omit({ PurchaseOrder: true })
export type DeliveryValues = z.input<typeof DeliveryFormSchema>

export const emptyCheckout: CheckoutValues = {
  SiteCode: '',
  DeliveryName: '',
  Address1: '',
  Address2: '',
  City: '',
  State: '',
  PostalCode: '',
  Contact: '',
  Email: '',
  Phone: '',
  Fax: '',
  CarrierName: '',
  CarrierInstructions: '',
  PurchaseOrder: '',
  OrderDesc: '',
  // The form starts without a choice: whether the goods are delivered or collected is the customer's to say.
  DeliveryType: '' as CheckoutValues['DeliveryType'],
}

const STATES = new Set(['VIC', 'NSW', 'ACT', 'QLD', 'WA', 'NT', 'SA', 'TAS'])
const stateOf = (value: string | undefined): CheckoutValues['State'] => {
  const upper = (value ?? '').trim().toUpperCase()
  return (STATES.has(upper) ? upper : '') as CheckoutValues['State']
}
const deliveryTypeOf = (value: number | undefined): CheckoutValues['DeliveryType'] =>
  value === 1 ? '1' : value === 2 ? '2' : ('' as CheckoutValues['DeliveryType'])

/** What choosing a delivery site fills in: its name, address and contact. */
export function fromDeliverySite(site: DeliverySite): Partial<CheckoutValues> {
  return {
    SiteCode: site.SiteCode,
    DeliveryName: site.Name,
    Address1: site.Address1,
    Address2: site.Address2,
    City: site.City,
    State: stateOf(site.State),
    PostalCode: site.PostalCode,
    Contact: site.Contact,
    Email: site.Email,
    Phone: site.Phone,
    Fax: site.Fax,
  }
}

/** The form as it was saved with the cart. */
export function fromCheckoutInfo(info: CheckoutInfo): CheckoutValues {
  return {
    ...emptyCheckout,
    SiteCode: info.SiteCode ?? '',
    DeliveryName: info.DeliveryName ?? '',
    Address1: info.Address1 ?? '',
    Address2: info.Address2 ?? '',
    City: info.City ?? '',
    State: stateOf(info.State),
    PostalCode: info.PostalCode ?? '',
    Contact: info.Contact ?? '',
    Email: info.Email ?? '',
    Phone: info.Phone ?? '',
    Fax: info.Fax ?? '',
    CarrierName: info.CarrierName ?? '',
    CarrierInstructions: info.CarrierInstructions ?? '',
    PurchaseOrder: info.PurchaseOrder ?? '',
    OrderDesc: info.OrderDesc ?? '',
    DeliveryType: deliveryTypeOf(info.DeliveryType),
  }
}

/** The form a pending card payment was made with, mapped back onto the form after a failed payment. */
export function fromPendingDetails(d: PendingOrderDetails): CheckoutValues {
  return {
    SiteCode: d.siteCode ?? '',
    DeliveryName: d.deliveryName,
    Address1: d.address1,
    Address2: d.address2,
    City: d.city,
    State: stateOf(d.state),
    PostalCode: d.postalCode,
    Contact: d.contact,
    Email: d.email,
    Phone: d.phone,
    Fax: d.fax,
    CarrierName: d.carrierName,
    CarrierInstructions: d.carrierInstructions,
    PurchaseOrder: d.purchaseOrder,
    OrderDesc: d.orderDesc,
    DeliveryType: deliveryTypeOf(d.deliveryType),
  }
}

/** The longest each field may be, as the server takes it (the inputs stop there too). */
export const FIELD_LIMITS = {
  SiteCode: 20,
  DeliveryName: 100,
  Address1: 100,
  Address2: 100,
  City: 60,
  State: 3,
  PostalCode: 4,
  Contact: 100,
  Email: 254,
  Phone: 30,
  Fax: 30,
  CarrierName: 60,
  CarrierInstructions: 500,
  PurchaseOrder: 30,
  OrderDesc: 200,
} as const

/** The draft to keep with the cart: whatever is filled in, valid or not yet. */
export function toCheckoutInfo(values: CheckoutValues, warehouse: string): CheckoutInfo {
  const info: Record<string, unknown> = { warehouse }
  for (const [key, limit] of Object.entries(FIELD_LIMITS) as Array<[keyof typeof FIELD_LIMITS, number]>) {
    const value = String(values[key] ?? '')
      .trim()
      .slice(0, limit)
    if (value !== '') info[key] = value
  }
  if (values.DeliveryType === '1' || values.DeliveryType === '2') info.DeliveryType = Number(values.DeliveryType)
  return info as CheckoutInfo
}

export function toOrderBody(values: ValidCheckout, warehouse: string): PlaceOrderBodyType {
  const { SiteCode, DeliveryType, ...rest } = values
  return { ...rest, ...(SiteCode ? { SiteCode } : {}), DeliveryType: Number(DeliveryType) as 1 | 2, warehouse }
}

/** The delivery fields of a kept form (the checkout's defaults, a standing order's delivery), as the form holds them. */
export function deliveryValuesOf(info: CheckoutInfo): DeliveryValues {
  const { PurchaseOrder: _po, ...values } = fromCheckoutInfo(info)
  return values
}

/** The form with camelCase keys, as a pending card payment carries it. */
export function toPendingDetails(body: PlaceOrderBodyType): PendingOrderDetails {
  return {
    ...(body.SiteCode ? { siteCode: body.SiteCode } : {}),
    deliveryName: body.DeliveryName,
    address1: body.Address1,
    address2: body.Address2,
    city: body.City,
    state: body.State,
    postalCode: body.PostalCode,
    contact: body.Contact,
    email: body.Email,
    phone: body.Phone,
    fax: body.Fax,
    carrierName: body.CarrierName,
    carrierInstructions: body.CarrierInstructions,
    purchaseOrder: body.PurchaseOrder,
    orderDesc: body.OrderDesc,
    deliveryType: body.DeliveryType,
    warehouse: body.warehouse,
  }
}

/** A fresh key per checkout attempt; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}
