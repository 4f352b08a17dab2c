import { sql, type Kysely } from 'kysely'
import { plannedWithItsValues } from '../../db/database'
import type { DB } from '../../db/schema'
import { likePattern, type DateRange } from '../../lib/date-range'
import { searchesWords, walkedSearchPage } from '../../lib/history-search'

type Db = Kysely<DB>

/** The expression the trigram index invoices_search_trgm is built on; it must stay word for word the same. */
const invoiceSearchText = sql<string>`lower(invoices.invoice || ' ' || invoices.sales_order || ' ' || invoices.customer_purchase_order || ' ' || invoices.description)`

/** What a page of invoices is asked for: a range of invoice dates, a search. */
export interface InvoiceFilters {
  range: DateRange
  search?: string | undefined
}

/**
 * A page of the account's invoices and credit notes, newest first: the page's ids from the index
 * invoices_account_date alone (unless a search needs the rows), then only those rows are read. A search for
 * words walks the account's newest invoices first (lib/history-search.ts, decision 0062); `walk` is how many (0: none).
 */
export function invoicesPageQuery(db: Db, accountId: number, filters: InvoiceFilters, limit: number, offset: number, walk?: number) {
  const query = db
    .selectFrom(pageIds(db, accountId, filters, limit, offset, walk))
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
    ])
    .orderBy('invoices.invoice_date', 'desc')
    .orderBy('invoices.id', 'desc')
  // A search is read through the trigram index when its words are rare and by walking the account's invoices
  // when they are common: only its values tell which (decision 0061).
  return filters.search ? query.modifyEnd(plannedWithItsValues) : query
}

function pageIds(db: Db, accountId: number, filters: InvoiceFilters, limit: number, offset: number, walk?: number) {
  const { range, search } = filters
  if (search && searchesWords(search) && walk !== 0) {
    const inScope = sql.join(
      [
        sql`invoices.account_id = ${accountId}`,
        ...(range.from ? [sql`invoices.invoice_date >= ${range.from}`] : []),
        ...(range.to ? [sql`invoices.invoice_date <= ${range.to}`] : []),
      ],
      sql` AND `,
    )
    const matches = sql<boolean>`${invoiceSearchText} LIKE ${likePattern(search)}`
    return walkedSearchPage({ table: 'invoices', date: 'invoice_date', inScope, matches, limit, offset, walk }).as('page')
  }
  let ids = db.selectFrom('invoices').select('invoices.id').where('invoices.account_id', '=', accountId)
  if (range.from) ids = ids.where('invoices.invoice_date', '>=', range.from)
  if (range.to) ids = ids.where('invoices.invoice_date', '<=', range.to)
  if (search) ids = ids.where(sql<boolean>`${invoiceSearchText} LIKE ${likePattern(search)}`)
  return sql<{ id: number }>`${ids.orderBy('invoices.invoice_date', 'desc').orderBy('invoices.id', 'desc').limit(limit).offset(offset)}`.as('page')
}

export function listInvoices(db: Db, accountId: number, filters: InvoiceFilters, limit: number, offset: number) {
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
