import { sql, type RawBuilder } from 'kysely'

/**
 * The unit price ex GST, in cents, that an account pays for a product: its contract price where it
 * has one, otherwise the list price less the account's discount (basis points), rounded to the cent.
 * Expects `products` and `customer_accounts` in scope and a LEFT JOIN of `contract_prices`.
 * Computed in numeric: cents times basis points overflows an integer above about $2,100.
 */
export function accountUnitPriceCents(): RawBuilder<number> {
  return sql<number>`coalesce(contract_prices.price_cents, round(products.unit_price_cents * (10000 - customer_accounts.price_discount_bp)::numeric / 10000)::int)`
}

/**
 * A carton or pallet price per unit for an account: the list price less the account's discount,
 * never above what the account pays for a single unit; null where the product has no such price.
 * Same scope as accountUnitPriceCents().
 */
export function accountPackPriceCents(column: 'carton_price_cents' | 'pallet_price_cents'): RawBuilder<number | null> {
  const list = sql.ref(`products.${column}`)
  return sql<number | null>`CASE WHEN ${list} IS NULL THEN NULL
    ELSE least(round(${list} * (10000 - customer_accounts.price_discount_bp)::numeric / 10000)::int, ${accountUnitPriceCents()}) END`
}
