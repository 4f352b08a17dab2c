import type { ProductOffer } from '@portal/contract/catalogue'

/** What a list or buy-again row says of a product's stock at the branch; a product no longer sold is not available. */
export function availabilityText(product: ProductOffer | null): string {
  if (!product) return 'Not available'
  const available = product.Availability.Available
  return available > 0 ? `In stock (${available.toLocaleString('en-AU')})` : 'No stock'
}
