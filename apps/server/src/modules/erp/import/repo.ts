import { sql } from 'kysely'
import { DOCUMENT_LINE_COLUMNS, insertUnnest, type Columns } from '../../../lib/bulk-sql'
import { mapInTurns, type Db, type Fields } from './plan'

/** The queries of the ERP import: what the portal has now (keyed by the ERP's codes), and the writes. */

const CHUNK = 1000
/** For rows of three or four columns: 10,000 rows stay well under PostgreSQL's 65,535 parameters a statement. */
const NARROW_CHUNK = 10_000

async function inChunks<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>, size = CHUNK) {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size))
}

/** Rows by their key, each with what `fields` makes of it (the row as read by default); other requests are answered between turns. */
const byKey = <T extends { key: string }>(rows: T[], fields: (row: Omit<T, 'key'>) => Fields = (row) => row as Fields) =>
  mapInTurns<T, Fields>(rows, ({ key, ...rest }) => [key, fields(rest)])

// What the portal has.

export async function branches(db: Db) {
  const rows = await db.selectFrom('branches').select(['location_id as key', 'name', 'trading']).execute()
  return byKey(rows)
}

export async function categories(db: Db) {
  const rows = await db
    .selectFrom('categories as c')
    .leftJoin('categories as p', 'p.id', 'c.parent_id')
    .select(['c.name as key', 'c.title', 'p.name as parent', 'c.display_order', 'c.icon_name', 'c.active'])
    .execute()
  return byKey(rows)
}

export async function brands(db: Db) {
  return byKey(await db.selectFrom('brands').select(['brand_code as key', 'description', 'active']).execute())
}

export async function products(db: Db) {
  const rows = await db
    .selectFrom('products')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .select([
      'products.product_code as key',
      'products.description',
      'categories.name as category',
      'products.brand_code',
      'products.unit_price_cents',
      'products.rrp_cents',
      'products.carton_price_cents',
      'products.carton_qty',
      'products.pallet_price_cents',
      'products.pallet_qty',
      'products.weight_kg',
      'products.barcode',
      'products.full_description1',
      'products.full_description2',
      'products.full_description3',
      'products.info_text',
      'products.is_special',
      'products.active',
    ])
    .execute()
  return byKey(rows, (r) => ({ ...r, weight_kg: Number(r.weight_kg) }))
}

export async function stock(db: Db) {
  const rows = await db
    .selectFrom('stock')
    .innerJoin('products', 'products.id', 'stock.product_id')
    .select(['products.product_code', 'stock.location_id', 'stock.qty_available'])
    .execute()
  return mapInTurns<(typeof rows)[number], Fields>(rows, (r) => [
    `${r.product_code}|${r.location_id}`,
    { qty_available: r.qty_available, in_stock: r.qty_available > 0 },
  ])
}

export async function synonyms(db: Db) {
  const rows = await db.selectFrom('search_synonyms').select(['term', 'synonyms']).execute()
  return new Map<string, Fields>(rows.map((r) => [r.term.toLowerCase(), { term: r.term, synonyms: r.synonyms, active: true }]))
}

export async function accounts(db: Db) {
  const rows = await db
    .selectFrom('customer_accounts')
    .select([
      'code as key',
      'name',
      'sales_category',
      'is_elders',
      'terms_days',
      'credit_limit_cents',
      'balance_cents',
      'price_discount_bp',
      'default_branch',
      sql<string[]>`ARRAY(SELECT location_id FROM account_branches b WHERE b.account_id = customer_accounts.id ORDER BY location_id)`.as('branches'),
      'active',
      'on_hold',
      'credit_mode',
      'abn',
      (eb) =>
        eb
          .selectFrom('back_office_assignments as a')
          .innerJoin('back_office_users as u', 'u.id', 'a.user_id')
          .select('u.email')
          .whereRef('a.account_id', '=', 'customer_accounts.id')
          .where('a.by_erp', '=', true)
          .as('sales_rep'),
    ])
    .execute()
  return byKey(rows, (r) => ({ ...r, credit_limit_cents: Number(r.credit_limit_cents), balance_cents: Number(r.balance_cents) }))
}

/** The back office's Sales representatives by e-mail (stored in lower case), whom accounts.csv's SalesRep may name. */
export async function salesReps(db: Db) {
  const rows = await db
    .selectFrom('back_office_users')
    .select(['id', 'email'])
    .where(sql<boolean>`'Sales representative' = ANY(roles)`)
    .execute()
  return new Map(rows.map((r) => [r.email, r.id]))
}

export async function contractPrices(db: Db) {
  const rows = await db
    .selectFrom('contract_prices')
    .innerJoin('customer_accounts', 'customer_accounts.id', 'contract_prices.account_id')
    .innerJoin('products', 'products.id', 'contract_prices.product_id')
    .select(['customer_accounts.code', 'products.product_code', 'contract_prices.price_cents'])
    .execute()
  return new Map<string, Fields>(rows.map((r) => [`${r.code}|${r.product_code}`, { price_cents: Number(r.price_cents), active: true }]))
}

export async function users(db: Db) {
  const rows = await db
    .selectFrom('users')
    .innerJoin('customer_accounts', 'customer_accounts.id', 'users.account_id')
    .select(['users.username', 'customer_accounts.code as account', 'users.email', 'users.name', 'users.role', 'users.active'])
    .execute()
  return new Map<string, Fields>(rows.map(({ username, ...rest }) => [username.toLowerCase(), { username, ...rest }]))
}

export async function deliverySites(db: Db) {
  const rows = await db
    .selectFrom('delivery_sites')
    .innerJoin('customer_accounts', 'customer_accounts.id', 'delivery_sites.account_id')
    .select([
      'customer_accounts.code',
      'delivery_sites.site_code',
      'delivery_sites.name',
      'delivery_sites.address1',
      'delivery_sites.address2',
      'delivery_sites.city',
      'delivery_sites.state',
      'delivery_sites.postal_code',
      'delivery_sites.contact',
      'delivery_sites.email',
      'delivery_sites.phone',
      'delivery_sites.fax',
    ])
    .execute()
  return new Map<string, Fields>(rows.map(({ code, site_code, ...rest }) => [`${code}|${site_code}`, rest]))
}

export async function financialPeriods(db: Db) {
  const rows = await db.selectFrom('financial_periods').selectAll().execute()
  return new Map<string, Fields>(
    rows.map((r) => [`${r.financial_year}|${r.financial_period}`, { description: r.description, start_date: r.start_date, end_date: r.end_date }]),
  )
}

/** The orders the run names, with their lines: history is too large to read whole. */
export async function orders(db: Db, salesOrders: string[]) {
  const found = new Map<string, Fields>()
  const lines = new Map<string, Fields>()
  await inChunks(salesOrders, async (chunk) => {
    const rows = await db
      .selectFrom('orders')
      .innerJoin('customer_accounts', 'customer_accounts.id', 'orders.account_id')
      .select([
        'orders.id',
        'orders.sales_order',
        'customer_accounts.code as account',
        'orders.status',
        'orders.enter_date',
        'orders.location_id',
        'orders.customer_purchase_order',
        'orders.ship_date',
        'orders.site_code',
        'orders.delivery_name',
        'orders.delivery_address1',
        'orders.delivery_address2',
        'orders.delivery_city',
        'orders.delivery_state',
        'orders.delivery_postal_code',
        'orders.email',
        'orders.phone',
      ])
      .where('orders.sales_order', 'in', chunk)
      .execute()
    for (const { sales_order, ...rest } of rows) found.set(sales_order, rest)
    const lineRows = await db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .select([
        'orders.sales_order',
        'order_lines.line_no',
        'order_lines.product_code',
        'order_lines.qty_ordered',
        'order_lines.qty_supplied',
        'order_lines.qty_back_ordered',
        'order_lines.due_date',
        'order_lines.unit_price_cents',
      ])
      .where('orders.sales_order', 'in', chunk)
      .execute()
    for (const { sales_order, line_no, ...rest } of lineRows)
      lines.set(`${sales_order}|${line_no}`, { ...rest, unit_price_cents: Number(rest.unit_price_cents) })
  })
  return { orders: found, lines }
}

export async function invoices(db: Db, numbers: string[]) {
  const found = new Map<string, Fields>()
  const lines = new Map<string, Fields>()
  await inChunks(numbers, async (chunk) => {
    const rows = await db
      .selectFrom('invoices')
      .innerJoin('customer_accounts', 'customer_accounts.id', 'invoices.account_id')
      .select([
        'invoices.invoice',
        'customer_accounts.code as account',
        'invoices.invoice_date',
        'invoices.transaction_type',
        'invoices.extended_inc_cents',
        'invoices.due_date',
        'invoices.sales_order',
        'invoices.reference',
        'invoices.brn',
        'invoices.sales_location',
        'invoices.carrier',
        'invoices.consignment_note',
        'invoices.outstanding_cents',
        'invoices.outstanding_known',
      ])
      .where('invoices.invoice', 'in', chunk)
      .execute()
    for (const { invoice, ...rest } of rows)
      found.set(invoice, { ...rest, extended_inc_cents: Number(rest.extended_inc_cents), outstanding_cents: Number(rest.outstanding_cents) })
    const lineRows = await db
      .selectFrom('invoice_lines')
      .innerJoin('invoices', 'invoices.id', 'invoice_lines.invoice_id')
      .select(['invoices.invoice', 'invoice_lines.line_no', 'invoice_lines.product_code', 'invoice_lines.qty_ordered', 'invoice_lines.unit_price_cents'])
      .where('invoices.invoice', 'in', chunk)
      .execute()
    for (const { invoice, line_no, ...rest } of lineRows) lines.set(`${invoice}|${line_no}`, { ...rest, unit_price_cents: Number(rest.unit_price_cents) })
  })
  return { invoices: found, lines }
}

/** The portal orders (by the number they were placed under) that orders.csv names, with their SalesOrder now. */
export async function portalOrders(db: Db, portalOrderIds: string[]) {
  const found = new Map<string, { salesOrder: string; acknowledged: boolean }>()
  await inChunks(portalOrderIds, async (chunk) => {
    const rows = await db.selectFrom('orders').select(['portal_order_id', 'sales_order', 'erp_acknowledged_at']).where('portal_order_id', 'in', chunk).execute()
    for (const r of rows) found.set(r.portal_order_id!, { salesOrder: r.sales_order, acknowledged: r.erp_acknowledged_at !== null })
  })
  return found
}

/** The named products' pictures and attachments, to tell a changed file from the same one sent again. */
export async function productFiles(db: Db, codes: string[]) {
  const images = new Map<string, Uint8Array>()
  const attachments = new Map<string, { description: string; data: Uint8Array }>()
  await inChunks(codes, async (chunk) => {
    const pictures = await db
      .selectFrom('products')
      .innerJoin('product_images', 'product_images.id', 'products.image_id')
      .select(['products.product_code', 'product_images.data'])
      .where('products.product_code', 'in', chunk)
      .execute()
    for (const p of pictures) images.set(p.product_code, p.data)
    const files = await db
      .selectFrom('product_attachments')
      .innerJoin('products', 'products.id', 'product_attachments.product_id')
      .select(['products.product_code', 'product_attachments.file_name', 'product_attachments.description', 'product_attachments.data'])
      .where('products.product_code', 'in', chunk)
      .execute()
    for (const f of files) attachments.set(`${f.product_code}|${f.file_name}`, { description: f.description, data: f.data })
  })
  return { images, attachments }
}

// Ids by code, read inside the writing transaction (after the earlier files of the run are written).

export async function categoryIds(db: Db) {
  const rows = await db.selectFrom('categories').select(['id', 'name']).execute()
  return new Map(rows.map((r) => [r.name, r.id]))
}

export async function productIds(db: Db) {
  const rows = await db.selectFrom('products').select(['id', 'product_code']).execute()
  return new Map(rows.map((r) => [r.product_code, r.id]))
}

export async function accountIds(db: Db) {
  const rows = await db.selectFrom('customer_accounts').select(['id', 'code', 'name', 'default_branch']).execute()
  return new Map(rows.map((r) => [r.code, { id: r.id, name: r.name, defaultBranch: r.default_branch }]))
}

export async function orderIds(db: Db, salesOrders: string[]) {
  const ids = new Map<string, number>()
  await inChunks(salesOrders, async (chunk) => {
    for (const r of await db.selectFrom('orders').select(['id', 'sales_order']).where('sales_order', 'in', chunk).execute()) ids.set(r.sales_order, r.id)
  })
  return ids
}

export async function invoiceIds(db: Db, numbers: string[]) {
  const ids = new Map<string, number>()
  await inChunks(numbers, async (chunk) => {
    for (const r of await db.selectFrom('invoices').select(['id', 'invoice']).where('invoice', 'in', chunk).execute()) ids.set(r.invoice, r.id)
  })
  return ids
}

export async function productDescriptions(db: Db, codes: string[]) {
  const found = new Map<string, { id: number; description: string }>()
  await inChunks(codes, async (chunk) => {
    for (const r of await db.selectFrom('products').select(['id', 'product_code', 'description']).where('product_code', 'in', chunk).execute())
      found.set(r.product_code, { id: r.id, description: r.description })
  })
  return found
}

// Writes.

export type Insertable<T extends keyof import('../../../db/schema').DB> = import('kysely').Insertable<import('../../../db/schema').DB[T]>

export async function upsertBranches(db: Db, rows: Insertable<'branches'>[]) {
  await inChunks(rows, (chunk) =>
    db
      .insertInto('branches')
      .values(chunk)
      .onConflict((oc) => oc.column('location_id').doUpdateSet((eb) => ({ name: eb.ref('excluded.name'), trading: eb.ref('excluded.trading') })))
      .execute(),
  )
}

/** Sets columns of rows found by a key column, one statement per row (for the rows a run changes). */
export async function updateWhere<T extends 'branches' | 'categories' | 'brands' | 'products' | 'customer_accounts' | 'users'>(
  db: Db,
  table: T,
  keyColumn: string,
  changes: Array<{ key: string | number; set: Record<string, unknown> }>,
) {
  for (const change of changes) {
    if (Object.keys(change.set).length === 0) continue
    // Kysely cannot type a column chosen at run time; the callers pass column names of `table`.
    await (db.updateTable(table) as any).set(change.set).where(keyColumn, '=', change.key).execute()
  }
}

export async function insertRows<T extends keyof import('../../../db/schema').DB>(db: Db, table: T, rows: Insertable<T>[]) {
  await inChunks(rows, (chunk) => (db.insertInto(table) as any).values(chunk).execute())
}

export async function withdraw(db: Db, table: 'categories' | 'brands' | 'products' | 'customer_accounts', keyColumn: string, keys: string[]) {
  await inChunks(keys, (chunk) => (db.updateTable(table) as any).set({ active: false }).where(keyColumn, 'in', chunk).execute())
}

export async function withdrawBranches(db: Db, keys: string[]) {
  if (keys.length > 0) await db.updateTable('branches').set({ trading: false }).where('location_id', 'in', keys).execute()
}

export async function withdrawUsers(db: Db, usernames: string[]) {
  await inChunks(usernames, (chunk) =>
    db
      .updateTable('users')
      .set({ active: false })
      .where(
        sql<string>`lower(username)`,
        'in',
        chunk.map((u) => u.toLowerCase()),
      )
      .execute(),
  )
}

export async function setCategoryParents(db: Db, rows: Array<{ name: string; parentId: number | null }>) {
  for (const row of rows) await db.updateTable('categories').set({ parent_id: row.parentId }).where('name', '=', row.name).execute()
}

export async function upsertStock(db: Db, rows: Array<{ product_id: number; location_id: string; qty_available: number }>) {
  await inChunks(
    rows,
    (chunk) =>
      db
        .insertInto('stock')
        .values(chunk)
        .onConflict((oc) => oc.columns(['location_id', 'product_id']).doUpdateSet((eb) => ({ qty_available: eb.ref('excluded.qty_available') })))
        .execute(),
    NARROW_CHUNK,
  )
}

export async function upsertContractPrices(db: Db, rows: Array<{ account_id: number; product_id: number; price_cents: number }>) {
  await inChunks(
    rows,
    (chunk) =>
      db
        .insertInto('contract_prices')
        .values(chunk)
        .onConflict((oc) => oc.columns(['account_id', 'product_id']).doUpdateSet((eb) => ({ price_cents: eb.ref('excluded.price_cents') })))
        .execute(),
    NARROW_CHUNK,
  )
}

export async function deleteContractPrices(db: Db, rows: Array<{ account_id: number; product_id: number }>) {
  for (const r of rows) await db.deleteFrom('contract_prices').where('account_id', '=', r.account_id).where('product_id', '=', r.product_id).execute()
}

export async function replaceAccountBranches(db: Db, accountId: number, branches: readonly string[]) {
  await db.deleteFrom('account_branches').where('account_id', '=', accountId).execute()
  if (branches.length > 0)
    await db
      .insertInto('account_branches')
      .values(branches.map((location_id) => ({ account_id: accountId, location_id })))
      .execute()
}

/**
 * Makes `userId` the account's one rep from the ERP, or none (null). The ERP's mark leaves the account's other
 * assignments; an assignment only the ERP made goes with it, one an Administrator made too stays (decision 0095).
 */
export async function setErpSalesRep(db: Db, accountId: number, userId: number | null) {
  await db
    .deleteFrom('back_office_assignments')
    .where('account_id', '=', accountId)
    .where('by_erp', '=', true)
    .where('by_back_office', '=', false)
    .$if(userId !== null, (q) => q.where('user_id', '<>', userId!))
    .execute()
  await db
    .updateTable('back_office_assignments')
    .set({ by_erp: false })
    .where('account_id', '=', accountId)
    .where('by_erp', '=', true)
    .$if(userId !== null, (q) => q.where('user_id', '<>', userId!))
    .execute()
  if (userId !== null)
    await db
      .insertInto('back_office_assignments')
      .values({ account_id: accountId, user_id: userId, by_erp: true, by_back_office: false })
      .onConflict((oc) => oc.columns(['account_id', 'user_id']).doUpdateSet({ by_erp: true }))
      .execute()
}

export async function upsertDeliverySites(db: Db, rows: Insertable<'delivery_sites'>[]) {
  await inChunks(rows, (chunk) =>
    db
      .insertInto('delivery_sites')
      .values(chunk)
      .onConflict((oc) =>
        oc.columns(['account_id', 'site_code']).doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          address1: eb.ref('excluded.address1'),
          address2: eb.ref('excluded.address2'),
          city: eb.ref('excluded.city'),
          state: eb.ref('excluded.state'),
          postal_code: eb.ref('excluded.postal_code'),
          contact: eb.ref('excluded.contact'),
          email: eb.ref('excluded.email'),
          phone: eb.ref('excluded.phone'),
          fax: eb.ref('excluded.fax'),
        })),
      )
      .execute(),
  )
}

export async function upsertSynonyms(db: Db, rows: Array<{ term: string; synonyms: string[] }>, removed: string[]) {
  for (const term of removed)
    await db
      .deleteFrom('search_synonyms')
      .where(sql<string>`lower(term)`, '=', term)
      .execute()
  for (const r of rows) {
    await db
      .deleteFrom('search_synonyms')
      .where(sql<string>`lower(term)`, '=', r.term.toLowerCase())
      .execute()
    await db.insertInto('search_synonyms').values(r).execute()
  }
}

export async function upsertFinancialPeriods(db: Db, rows: Insertable<'financial_periods'>[]) {
  await inChunks(rows, (chunk) =>
    db
      .insertInto('financial_periods')
      .values(chunk)
      .onConflict((oc) =>
        oc.columns(['financial_year', 'financial_period']).doUpdateSet((eb) => ({
          description: eb.ref('excluded.description'),
          start_date: eb.ref('excluded.start_date'),
          end_date: eb.ref('excluded.end_date'),
        })),
      )
      .execute(),
  )
}

export async function upsertOrder(db: Db, row: Insertable<'orders'>): Promise<number> {
  const { sales_order, ...rest } = row
  const found = await db.selectFrom('orders').select('id').where('sales_order', '=', sales_order).executeTakeFirst()
  if (found) {
    await db.updateTable('orders').set(rest).where('id', '=', found.id).execute()
    return found.id
  }
  const inserted = await db.insertInto('orders').values(row).returning('id').executeTakeFirstOrThrow()
  return inserted.id
}

/** Replaces every line of the given orders (a document's lines come whole) and sets their totals from them, in batches. */
export async function replaceOrderLines(db: Db, orderIds: number[], lines: Insertable<'order_lines'>[]) {
  await inChunks(orderIds, (chunk) => db.deleteFrom('order_lines').where('order_id', 'in', chunk).execute())
  await insertLines(db, 'order_lines', [['order_id', 'int4'], ...DOCUMENT_LINE_COLUMNS, ['due_date', 'date']], lines)
  await inChunks(orderIds, (chunk) =>
    sql`
      UPDATE orders o
      SET extended_ex_cents = coalesce(l.ex, 0), tax_cents = coalesce(l.tax, 0), extended_inc_cents = coalesce(l.inc, 0), num_lines = coalesce(l.n, 0)
      FROM unnest(${chunk}::int4[]) AS x(id)
      LEFT JOIN (
        SELECT order_id, sum(extended_ex_cents) AS ex, sum(tax_cents) AS tax, sum(extended_inc_cents) AS inc, count(*) AS n
        FROM order_lines WHERE order_id = ANY(${chunk}::int4[]) GROUP BY order_id
      ) l ON l.order_id = x.id
      WHERE o.id = x.id`.execute(db),
  )
}

export async function upsertInvoice(db: Db, row: Insertable<'invoices'>): Promise<number> {
  const { invoice, ...rest } = row
  const found = await db.selectFrom('invoices').select('id').where('invoice', '=', invoice).executeTakeFirst()
  if (found) {
    await db.updateTable('invoices').set(rest).where('id', '=', found.id).execute()
    return found.id
  }
  return (await db.insertInto('invoices').values(row).returning('id').executeTakeFirstOrThrow()).id
}

/** Replaces every line of the given invoices, in batches. */
export async function replaceInvoiceLines(db: Db, invoiceIds: number[], lines: Insertable<'invoice_lines'>[]) {
  await inChunks(invoiceIds, (chunk) => db.deleteFrom('invoice_lines').where('invoice_id', 'in', chunk).execute())
  await insertLines(db, 'invoice_lines', [['invoice_id', 'int4'], ...DOCUMENT_LINE_COLUMNS], lines)
}

/** Document lines in batches of 10,000, a parameter per column (lib/bulk-sql.ts): a history of 30,000 lines is a few statements. */
async function insertLines<T extends 'order_lines' | 'invoice_lines'>(db: Db, table: T, columns: Columns, lines: Insertable<T>[]) {
  await inChunks(lines, (chunk) => insertUnnest(db, table, columns, chunk), NARROW_CHUNK)
}

export async function insertImage(db: Db, image: { content_type: string; data: Uint8Array; width: number; height: number }): Promise<number> {
  return (await db.insertInto('product_images').values(image).returning('id').executeTakeFirstOrThrow()).id
}

/** Shows stored pictures on products; the pictures they showed before go when no other product shows them. */
export async function setProductImages(db: Db, shown: Array<{ productId: number; imageId: number }>) {
  await inChunks(
    shown,
    async (chunk) => {
      const productIds = chunk.map((s) => s.productId)
      const before = await db.selectFrom('products').select('image_id').where('id', 'in', productIds).where('image_id', 'is not', null).execute()
      await sql`
        UPDATE products p SET image_id = u.image_id
        FROM unnest(${productIds}::int4[], ${chunk.map((s) => s.imageId)}::int4[]) AS u(id, image_id)
        WHERE p.id = u.id`.execute(db)
      const replaced = [...new Set(before.map((b) => b.image_id!))]
      if (replaced.length > 0)
        await sql`
          DELETE FROM product_images i WHERE i.id = ANY(${replaced}::int4[]) AND NOT EXISTS (SELECT 1 FROM products p WHERE p.image_id = i.id)`.execute(db)
    },
    NARROW_CHUNK,
  )
}

export async function upsertAttachment(db: Db, row: { product_id: number; file_name: string; description: string; content_type: string; data: Uint8Array }) {
  await db.deleteFrom('product_attachments').where('product_id', '=', row.product_id).where('file_name', '=', row.file_name).execute()
  await db.insertInto('product_attachments').values(row).execute()
}

/** Users by lower-cased name with their ids, for the rows a run adds or changes. */
export async function userIds(db: Db) {
  const rows = await db
    .selectFrom('users')
    .select(['id', sql<string>`lower(username)`.as('key')])
    .execute()
  return new Map(rows.map((r) => [r.key, r.id]))
}

export async function insertUser(db: Db, row: Insertable<'users'>) {
  return (await db.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow()).id
}

/** The codes rows may refer to, as the portal has them before the run. */
export async function knownKeys(db: Db) {
  const [branches, categories, brands, products, accounts, sites] = await Promise.all([
    db.selectFrom('branches').select('location_id as key').execute(),
    db.selectFrom('categories').select('name as key').execute(),
    db.selectFrom('brands').select('brand_code as key').execute(),
    db.selectFrom('products').select('product_code as key').execute(),
    db.selectFrom('customer_accounts').select('code as key').execute(),
    db
      .selectFrom('delivery_sites')
      .innerJoin('customer_accounts', 'customer_accounts.id', 'delivery_sites.account_id')
      .select(sql<string>`customer_accounts.code || '|' || delivery_sites.site_code`.as('key'))
      .execute(),
  ])
  const set = (rows: Array<{ key: string }>) => new Set(rows.map((r) => r.key))
  return { branches: set(branches), categories: set(categories), brands: set(brands), products: set(products), accounts: set(accounts), sites: set(sites) }
}

const IMPORT_LOCK = 727_014

/** One import at a time: a second waits for the first to commit (its plan must see what the first wrote). */
export async function lockImports(db: Db) {
  await sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK})`.execute(db)
}
