import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { accountUnitPriceCents } from '../../lib/pricing'

type Db = Kysely<DB>

export function findCart(db: Db, userId: number) {
  return db.selectFrom('carts').select(['id', 'location_id']).where('user_id', '=', userId).executeTakeFirst()
}

/** The cart's lines with the price this account pays, ex GST, in cents. */
export function pricedLines(db: Db, cartId: number, accountId: number) {
  return db
    .selectFrom('cart_lines')
    .innerJoin('products', 'products.id', 'cart_lines.product_id')
    .innerJoin('customer_accounts', (j) => j.on('customer_accounts.id', '=', accountId))
    .leftJoin('contract_prices', (j) => j.onRef('contract_prices.product_id', '=', 'products.id').on('contract_prices.account_id', '=', accountId))
    .select(['cart_lines.id', 'cart_lines.quantity', accountUnitPriceCents().as('unitPriceCents')])
    .where('cart_lines.cart_id', '=', cartId)
    .orderBy('cart_lines.id')
    .execute()
}
