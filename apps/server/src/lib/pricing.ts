import { sql, type RawBuilder } from 'kysely'

/**
 * A list price column of `products` less the account's discount (basis points), rounded to the cent half up, in
 * whole-number arithmetic: bigint, since cents times basis points overflows an integer above about $2,100, and not
 * numeric, which costs several times as much in a cart's every line. Half up is half away from zero here because
 * list prices and discounts are never negative (CHECK constraints on `products` and `customer_accounts`), and it is
 * what discountedCents does in the process.
 */
function discountedSql(column: string): RawBuilder<number> {
  return sql<number>`((${sql.ref(column)}::bigint * (10000 - customer_accounts.price_discount_bp) + 5000) / 10000)::int`
}

/**
 * The unit price ex GST, in cents, that an account pays for a product: its contract price where it
 * has one, otherwise the list price less the account's discount.
 * Expects `products` and `customer_accounts` in scope and a LEFT JOIN of `contract_prices`.
 */
export function accountUnitPriceCents(): RawBuilder<number> {
  return sql<number>`coalesce(contract_prices.price_cents, ${discountedSql('products.unit_price_cents')})`
}

/**
 * A carton or pallet price per unit for an account: the list price less the account's discount,
 * never above what the account pays for a single unit; null where the product has no such price.
 * Same scope as accountUnitPriceCents().
 */
export function accountPackPriceCents(column: 'carton_price_cents' | 'pallet_price_cents'): RawBuilder<number | null> {
  const list = `products.${column}`
  return sql<number | null>`CASE WHEN ${sql.ref(list)} IS NULL THEN NULL
    ELSE least(${discountedSql(list)}, ${accountUnitPriceCents()}) END`
}

/**
 * The same rule in the process, for pages cached without an account (decision 0032): the list price less
 * the discount in basis points, rounded to the cent half away from zero, as discountedSql does. Integer arithmetic: exact while cents times 10,000 stays below 2^53 (any price under $900 billion).
 */
export function discountedCents(listCents: number, discountBp: number): number {
  const scaled = listCents * (10_000 - discountBp)
  return Math.sign(scaled) * Math.floor((Math.abs(scaled) + 5_000) / 10_000)
}

/** What the account pays for a unit: its contract price where it has one, else the discounted list price. */
export function unitPriceCents(listCents: number, discountBp: number, contractCents: number | null | undefined): number {
  return contractCents ?? discountedCents(listCents, discountBp)
}

/** A carton or pallet price per unit: discounted, never above the account's unit price; null where there is none. */
export function packPriceCents(listCents: number | null, discountBp: number, unitCents: number): number | null {
  return listCents === null ? null : Math.min(discountedCents(listCents, discountBp), unitCents)
}
