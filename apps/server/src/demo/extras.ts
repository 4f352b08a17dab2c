import { sql } from 'kysely'
import { insertUnnest, updateUnnest } from '../lib/bulk-sql'
import type { Db } from './bulk'
import type { AccountSeed } from './accounts'
import { branchRows, type BuiltCatalogue, type CategoryRow } from './catalogue'
import { canNameFile } from './interchange'
import { DELIVERY_COLUMNS, PAYMENT_COLUMNS, type HistoryRecords } from './history'
import { BRANDS, type BranchSeed } from './reference'

/**
 * What the demo has and the ERP interchange (docs/erp-interchange.md) has no field for, written after the import
 * in the fewest statements (decision 0040): branch order, phone and e-mail; which categories and brands resellers
 * do not see; product popularity; an account's ABN; the branch of a delivery site; the demo users and their
 * passwords (the import invites users by e-mail and never takes a password); who placed an order and the order
 * details the ERP keeps to itself; invoice descriptions and delivery addresses; what an invoiced line ordered;
 * and the payments (the interchange has no payments file).
 */
export interface DemoExtras {
  branches: readonly BranchSeed[]
  categories: CategoryRow[]
  built: BuiltCatalogue
  accounts: AccountSeed[]
  history: HistoryRecords
}

async function idsBy(db: Db, table: 'customer_accounts' | 'orders' | 'invoices', column: 'code' | 'sales_order' | 'invoice') {
  const rows = await sql<{ id: number; key: string }>`SELECT id, ${sql.ref(column)} AS key FROM ${sql.table(table)}`.execute(db)
  return new Map(rows.rows.map((r) => [r.key, r.id]))
}

/** Writes the extras into a database the demo export has just been imported into. `hashes`: password to argon2 hash. */
export async function writeDemoExtras(db: Db, extras: DemoExtras, hashes: Map<string, string>, unusableHash: string): Promise<void> {
  const { history } = extras
  await updateUnnest(
    db,
    'branches',
    [['location_id', 'text']],
    [
      ['sort_order', 'int4'],
      ['phone', 'text'],
      ['email', 'text'],
    ],
    branchRows(extras.branches),
  )
  const hiddenCategories = extras.categories.filter((c) => c.hidden_for_elders).map((c) => c.name)
  if (hiddenCategories.length > 0) await sql`UPDATE categories SET hidden_for_elders = true WHERE name = ANY(${hiddenCategories}::text[])`.execute(db)
  const hiddenBrands = BRANDS.filter((b) => b.hidden).map((b) => b.code)
  if (hiddenBrands.length > 0) await sql`UPDATE brands SET hidden_for_elders = true WHERE brand_code = ANY(${hiddenBrands}::text[])`.execute(db)
  await updateUnnest(db, 'products', [['product_code', 'text']], [['popularity', 'int4']], extras.built.rows)
  await writeUnnamedMedia(db, extras.built)

  const accountIds = await idsBy(db, 'customer_accounts', 'code')
  const accountOf = new Map(extras.accounts.map((a) => [a.id, accountIds.get(a.code)!]))
  await updateUnnest(
    db,
    'customer_accounts',
    [['code', 'text']],
    [['abn', 'text']],
    extras.accounts.map((a) => ({ code: a.code, abn: a.abn })),
  )
  await updateUnnest(
    db,
    'delivery_sites',
    [['id', 'int4']],
    [['location_id', 'text']],
    (
      await sql<{ id: number; code: string; site_code: string }>`
        SELECT s.id, a.code, s.site_code FROM delivery_sites s JOIN customer_accounts a ON a.id = s.account_id`.execute(db)
    ).rows.map((s) => ({
      id: s.id,
      location_id: extras.accounts.find((a) => a.code === s.code)?.sites.find((x) => x.code === s.site_code)?.locationId ?? null,
    })),
  )

  // The demo users, with their passwords (the interchange carries none); the history's orders name them by the ids made here.
  const userOf = new Map<number, number>()
  for (const a of extras.accounts)
    for (const u of a.users) {
      const row = await sql<{ id: number }>`
        INSERT INTO users (account_id, username, name, email, role, password_hash)
        VALUES (${accountOf.get(a.id)}, ${u.username}, ${u.name}, ${u.email}, ${u.role}, ${(u.password && hashes.get(u.password)) || unusableHash})
        RETURNING id`.execute(db)
      userOf.set(u.id, row.rows[0]!.id)
    }

  const orderIds = await idsBy(db, 'orders', 'sales_order')
  await updateUnnest(
    db,
    'orders',
    [['id', 'int4']],
    [
      ['user_id', 'int4'],
      ['description', 'text'],
      ['contact', 'text'],
      ['fax', 'text'],
      ['carrier_name', 'text'],
      ['carrier_instructions', 'text'],
      ['delivery_type', 'int2'],
      ['created_at', 'timestamptz'],
    ],
    history.orders.map((o) => ({ ...o, id: orderIds.get(o.sales_order as string), user_id: o.user_id === null ? null : userOf.get(o.user_id as number) })),
  )
  const invoiceIds = await idsBy(db, 'invoices', 'invoice')
  await updateUnnest(
    db,
    'invoices',
    [['id', 'int4']],
    [['description', 'text'], ['customer_purchase_order', 'text'], ...DELIVERY_COLUMNS],
    history.invoices.map((i) => ({ ...i, id: invoiceIds.get(i.invoice as string) })),
  )
  // An invoiced line of a back order: what was ordered and what is still to come (the file carries what was supplied).
  const invoiceNumberOf = new Map(history.invoices.map((i) => [i.id as number, i.invoice as string]))
  await updateUnnest(
    db,
    'invoice_lines',
    [
      ['invoice_id', 'int4'],
      ['line_no', 'int4'],
    ],
    [
      ['qty_ordered', 'int4'],
      ['qty_back_ordered', 'int4'],
    ],
    history.invoiceLines
      .filter((l) => l.qty_ordered !== l.qty_supplied)
      .map((l) => ({ ...l, invoice_id: invoiceIds.get(invoiceNumberOf.get(l.invoice_id as number)!) })),
  )

  await insertUnnest(
    db,
    'payments',
    PAYMENT_COLUMNS,
    history.payments.map((p) => ({ ...p, account_id: accountOf.get(p.account_id as number) })),
  )
}

/**
 * Pictures and documents of the products whose code cannot name a file of the interchange (a '/' in it): the
 * picture a sibling of the same brand already shows through the import, and the documents as rows.
 */
async function writeUnnamedMedia(db: Db, built: BuiltCatalogue): Promise<void> {
  const codeOf = new Map(built.rows.map((p) => [p.id, p.product_code]))
  for (const p of built.rows.filter((r) => r.image_id !== null && !canNameFile(r.product_code))) {
    const sibling = built.rows.find((r) => r.image_id === p.image_id && canNameFile(r.product_code))
    const image = built.images[p.image_id! - 1]!
    const imageId = sibling
      ? (await sql<{ image_id: number }>`SELECT image_id FROM products WHERE product_code = ${sibling.product_code}`.execute(db)).rows[0]!.image_id
      : (
          await sql<{ id: number }>`INSERT INTO product_images (content_type, data, width, height)
            VALUES (${image.contentType}, ${image.data}, ${image.width}, ${image.height}) RETURNING id`.execute(db)
        ).rows[0]!.id
    await sql`UPDATE products SET image_id = ${imageId} WHERE product_code = ${p.product_code}`.execute(db)
  }
  for (const a of built.attachments.filter((x) => !canNameFile(codeOf.get(x.productId)!)))
    await sql`INSERT INTO product_attachments (product_id, file_name, description, content_type, data)
      SELECT id, ${a.fileName}, ${a.description}, 'application/pdf', ${built.documents[a.document - 1]!} FROM products WHERE product_code = ${codeOf.get(a.productId)!}`.execute(
      db,
    )
}
