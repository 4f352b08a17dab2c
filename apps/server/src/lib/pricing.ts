import { sql, type RawBuilder } from 'kysely'

/**
 * The unit price ex GST, in cents, that an account pays for a product: its contract price where it
 * has one, otherwise the list price less the account's discount (basis points), rounded to the cent.
 * Expects `products` and `customer_accounts` in scope and a LEFT JOIN of `contract_prices`.
 */
export function accountUnitPriceCents(): RawBuilder<number> {
  return sql<number>`coalesce(contract_prices.price_cents, round(products.unit_price_cents * (10000 - customer_accounts.price_discount_bp) / 10000.0)::int)`
}
