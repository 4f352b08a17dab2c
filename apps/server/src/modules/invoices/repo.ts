import { sql, type Kysely } from 'kysely'
import { plannedWithItsValues } from '../../db/prepared-statements'
import type { DB } from '../../db/schema'
import { likePattern, type DateRange } from '../../lib/date-range'
import { unprocessedCents } from '../../lib/invoice-open'

type Db = Kysely<DB>

/** The expression the trigram index invoices_search_trgm is built on; it must stay word for word the same. */
const invoiceSearchText = sql<string>`lower(invoices.invoice || ' ' || invoices.sales_order || ' ' || invoices.customer_purchase_order || ' ' || invoices.description)`

/**
 * A page of the account's invoices and credit notes, newest first: the page's ids from the index
 * invoices_account_date alone (unless a search needs the rows), then only those rows are read.
 */
export function invoicesPageQuery(db: Db, accountId: number, filters: { range: DateRange; search?: string | undefined }, limit: number, offset: number) {
  const query = invoicesPage(db, accountId, filters, limit, offset)
  // A search is read through the trigram index when its words are rare and by walking the account's invoices
  // when they are common: only its values tell which.
  return filters.search ? query.modifyEnd(plannedWithItsValues) : query
}

function invoicesPage(db: Db, accountId: number, filters: { range: DateRange; search?: string | undefined }, limit: number, offset: number) {
  let ids = db.selectFrom('invoices').select('invoices.id').where('invoices.account_id', '=', accountId)
  if (filters.range.from) ids = ids.where('invoices.invoice_date', '>=', filters.range.from)
  if (filters.range.to) ids = ids.where('invoices.invoice_date', '<=', filters.range.to)
  if (filters.search) ids = ids.where(sql<boolean>`${invoiceSearchText} LIKE ${likePattern(filters.search)}`)
  const page = ids.orderBy('invoices.invoice_date', 'desc').orderBy('invoices.id', 'desc').limit(limit).offset(offset).as('page')
  return db
    .selectFrom(page)
    .innerJoin('invoices', 'invoices.id', 'page.id')
    .select([
      'invoices.id',
      'invoices.invoice',
      'invoices.transaction_type',
      'invoices.transaction_date',
      'invoices.invoice_date',
      'invoices.due_date',
      'invoices.description',
      'invoices.reference',
      'invoices.sales_order',
      'invoices.customer_purchase_order',
      'invoices.extended_inc_cents',
      'invoices.outstanding_cents',
      'invoices.outstanding_known',
      unprocessedCents.as('unprocessed_cents'),
    ])
    .orderBy('invoices.invoice_date', 'desc')
    .orderBy('invoices.id', 'desc')
}

export function listInvoices(db: Db, accountId: number, filters: { range: DateRange; search?: string | undefined }, limit: number, offset: number) {
  return invoicesPageQuery(db, accountId, filters, limit, offset).execute()
}

/** One of the account's invoices by number or numeric id, with what a tax invoice names; another account's is not found. */
export function findInvoice(db: Db, accountId: number, key: { id: number } | { invoice: string }) {
  return db
    .selectFrom('invoices')
    .innerJoin('customer_accounts', 'customer_accounts.id', 'invoices.account_id')
    .innerJoin('branches', 'branches.location_id', 'invoices.sales_location')
    .leftJoin('orders', 'orders.id', 'invoices.order_id')
    .selectAll('invoices')
    .select([
      'customer_accounts.code as account_code',
      'customer_accounts.name as account_name',
      'customer_accounts.abn as account_abn',
      'branches.name as branch_name',
      'orders.status as order_status',
    ])
    .where('invoices.account_id', '=', accountId)
    .$if('id' in key, (q) => q.where('invoices.id', '=', (key as { id: number }).id))
    .$if('invoice' in key, (q) => q.where('invoices.invoice', '=', (key as { invoice: string }).invoice))
    .executeTakeFirst()
}

export function invoiceLines(db: Db, invoiceId: number) {
  return db.selectFrom('invoice_lines').selectAll().where('invoice_id', '=', invoiceId).orderBy('line_no').execute()
}
