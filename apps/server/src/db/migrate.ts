import { sql } from 'kysely'
import type { Database } from './database'
import * as domain from './migrations/0001_domain'
import * as content from './migrations/0002_content'
import * as checkout from './migrations/0003_checkout'
import * as changeNotifications from './migrations/0004_change_notifications'
import * as historyNotifications from './migrations/0005_history_notifications'
import * as cartIdempotency from './migrations/0006_cart_idempotency'
import * as branchesAndHolds from './migrations/0007_branches_trading_and_stock_holds'
import * as searchSynonyms from './migrations/0008_search_synonyms'
import * as erpActiveFlags from './migrations/0009_erp_active_flags'
import * as erpInterchange from './migrations/0010_erp_interchange'
import * as listsAndBuyAgain from './migrations/0011_lists_and_buy_again'
import * as stockChangeProducts from './migrations/0012_stock_change_products'
import * as purchaseTotalsPerProduct from './migrations/0015_purchase_totals_per_product'
import * as purchaseMonthsAddedTo from './migrations/0016_purchase_months_added_to'
import * as indexesInPageOrder from './migrations/0017_indexes_in_page_order'
import * as resellerWalksIndexOnly from './migrations/0018_reseller_walks_index_only'
import * as purchaseTotalsRefreshPlansKept from './migrations/0019_purchase_totals_refresh_plans_kept'
import * as outboxRetriesWait from './migrations/0020_outbox_retries_wait'
import * as productOfferChanges from './migrations/0021_product_offer_changes_name_their_products'
import * as accountChanges from './migrations/0022_account_changes_that_change_something'
import * as cartLinesChangeTheirCart from './migrations/0023_cart_lines_change_their_cart'
import * as orderLinesPriceBreaks from './migrations/0024_order_lines_price_breaks'
import * as cardRefundsMadeByThePortal from './migrations/0025_card_refunds_made_by_the_portal'
import * as productsByCompactCode from './migrations/0026_products_by_compact_code'
import * as ordersFoundByEitherNumber from './migrations/0029_orders_found_by_either_number'
import * as backOffice from './migrations/0030_back_office'
import * as listedProductChanges from './migrations/0031_listed_product_changes_name_their_products'
import * as cardOrdersKeyedByTheirPayment from './migrations/0032_card_orders_keyed_by_their_payment'
import * as branchRulesInTheDatabase from './migrations/0033_branch_rules_in_the_database'
import * as accountCreditState from './migrations/0034_account_credit_state'
import * as stockAlerts from './migrations/0035_stock_alerts'
import * as approvals from './migrations/0036_approvals_and_spending_limits'
import * as invoicePayments from './migrations/0037_invoice_payments'
import * as cartLinesByRow from './migrations/0038_cart_lines_touch_their_cart_row_by_row'
import * as backOfficeAccountSearch from './migrations/0039_back_office_account_search'
import * as branchRuleInPlpgsql from './migrations/0040_branch_rule_in_plpgsql'
import * as standingOrders from './migrations/0041_standing_orders'
import * as backOfficeOrdersDesk from './migrations/0042_back_office_orders_desk'
import * as erpSalesRepsAndInvoicesPaid from './migrations/0043_erp_sales_reps_and_invoices_paid'
import * as backOfficeContent from './migrations/0044_back_office_content'
import * as approvalsPaidByCard from './migrations/0045_approvals_paid_by_card'
import * as orderingOnBehalf from './migrations/0046_ordering_on_behalf_of_a_customer'
import * as quotes from './migrations/0047_quotes'
import * as tradeAccountApplications from './migrations/0048_trade_account_applications'

/** Every migration in the order it applies. Add new ones at the end; never edit an applied one. */
export const migrations: ReadonlyArray<{ version: string; up: string }> = [
  { version: '0001_domain', up: domain.up },
  { version: '0002_content', up: content.up },
  { version: '0003_checkout', up: checkout.up },
  { version: '0004_change_notifications', up: changeNotifications.up },
  { version: '0005_history_notifications', up: historyNotifications.up },
  { version: '0006_cart_idempotency', up: cartIdempotency.up },
  { version: '0007_branches_trading_and_stock_holds', up: branchesAndHolds.up },
  { version: '0008_search_synonyms', up: searchSynonyms.up },
  { version: '0009_erp_active_flags', up: erpActiveFlags.up },
  { version: '0010_erp_interchange', up: erpInterchange.up },
  { version: '0011_lists_and_buy_again', up: listsAndBuyAgain.up },
  { version: '0012_stock_change_products', up: stockChangeProducts.up },
  { version: '0015_purchase_totals_per_product', up: purchaseTotalsPerProduct.up },
  { version: '0016_purchase_months_added_to', up: purchaseMonthsAddedTo.up },
  { version: '0017_indexes_in_page_order', up: indexesInPageOrder.up },
  { version: '0018_reseller_walks_index_only', up: resellerWalksIndexOnly.up },
  { version: '0019_purchase_totals_refresh_plans_kept', up: purchaseTotalsRefreshPlansKept.up },
  { version: '0020_outbox_retries_wait', up: outboxRetriesWait.up },
  { version: '0021_product_offer_changes_name_their_products', up: productOfferChanges.up },
  { version: '0022_account_changes_that_change_something', up: accountChanges.up },
  { version: '0023_cart_lines_change_their_cart', up: cartLinesChangeTheirCart.up },
  { version: '0024_order_lines_price_breaks', up: orderLinesPriceBreaks.up },
  { version: '0025_card_refunds_made_by_the_portal', up: cardRefundsMadeByThePortal.up },
  { version: '0026_products_by_compact_code', up: productsByCompactCode.up },
  { version: '0029_orders_found_by_either_number', up: ordersFoundByEitherNumber.up },
  { version: '0030_back_office', up: backOffice.up },
  { version: '0031_listed_product_changes_name_their_products', up: listedProductChanges.up },
  { version: '0032_card_orders_keyed_by_their_payment', up: cardOrdersKeyedByTheirPayment.up },
  { version: '0033_branch_rules_in_the_database', up: branchRulesInTheDatabase.up },
  { version: '0034_account_credit_state', up: accountCreditState.up },
  { version: '0035_stock_alerts', up: stockAlerts.up },
  { version: '0036_approvals_and_spending_limits', up: approvals.up },
  { version: '0037_invoice_payments', up: invoicePayments.up },
  { version: '0038_cart_lines_touch_their_cart_row_by_row', up: cartLinesByRow.up },
  { version: '0039_back_office_account_search', up: backOfficeAccountSearch.up },
  { version: '0040_branch_rule_in_plpgsql', up: branchRuleInPlpgsql.up },
  { version: '0041_standing_orders', up: standingOrders.up },
  { version: '0042_back_office_orders_desk', up: backOfficeOrdersDesk.up },
  { version: '0043_erp_sales_reps_and_invoices_paid', up: erpSalesRepsAndInvoicesPaid.up },
  { version: '0044_back_office_content', up: backOfficeContent.up },
  { version: '0045_approvals_paid_by_card', up: approvalsPaidByCard.up },
  { version: '0046_ordering_on_behalf_of_a_customer', up: orderingOnBehalf.up },
  { version: '0047_quotes', up: quotes.up },
  { version: '0048_trade_account_applications', up: tradeAccountApplications.up },
]

const MIGRATION_LOCK = 727_001

/** Applies the pending migrations, each in its own transaction; safe when several instances start at once. */
export async function migrate(db: Database): Promise<string[]> {
  // Under the lock too: two CREATE TABLE IF NOT EXISTS at once can both go ahead, and one then fails.
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx)
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(trx)
  })
  const applied: string[] = []
  for (const migration of migrations) {
    await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx)
      const done = await trx.selectFrom('schema_migrations').select('version').where('version', '=', migration.version).executeTakeFirst()
      if (done) return
      for (const statement of statements(migration.up)) await sql.raw(statement).execute(trx)
      await trx.insertInto('schema_migrations').values({ version: migration.version }).execute()
      applied.push(migration.version)
    })
  }
  return applied
}

export async function pendingMigrations(db: Database): Promise<string[]> {
  const rows = await sql<{ version: string }>`SELECT version FROM schema_migrations`.execute(db).catch(() => ({ rows: [] }))
  const done = new Set(rows.rows.map((r) => r.version))
  return migrations.filter((m) => !done.has(m.version)).map((m) => m.version)
}

/** Drivers prepare one statement at a time, so a migration is split at the semicolons that end its lines. */
function statements(script: string): string[] {
  return script
    .split(/;\s*\n/)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter((s) => s.length > 0)
}
