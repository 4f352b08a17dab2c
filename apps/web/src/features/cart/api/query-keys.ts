/**
 * The cart's cached reads, under one root: whatever changes the cart (add, update, empty, reorder,
 * an order placed) invalidates `cartKeys.all`. Other features use these through the cart's index.ts.
 */
export const cartKeys = {
  all: ['cart'] as const,
  summary: () => [...cartKeys.all, 'summary'] as const,
  /** The lines are always the cart's own, whichever branch the screen shows: no branch in the key. */
  items: () => [...cartKeys.all, 'items'] as const,
  /** The checkout form as saved with the cart. */
  checkoutInfo: () => [...cartKeys.all, 'checkout-info'] as const,
  /** The account's credit: an order changes what is available, so it lives under the cart's root. */
  credit: () => [...cartKeys.all, 'credit'] as const,
}
