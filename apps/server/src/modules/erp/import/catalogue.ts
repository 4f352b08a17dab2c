import { FILES } from './files'
import { readersOf, type RowReader } from './fields'
import { isBranchCode } from '@portal/contract/common'
import { MESSAGES, type Message } from './messages'
import { BigMap, checkKnown, mappedInTurns, counts, diff, given, missing, unknownMessage, type Db, type Fields, type PlanContext, type Step } from './plan'
import type { Table } from './read'
import * as repo from './repo'
import { Turns } from '../../../lib/turns'

/**
 * Rows read from a file, by key, with the line each came from; rows with problems are left out and counted. Other
 * requests are answered between turns (Turns): a file of a million rows is checked without stalling them.
 */
export async function collect<T extends Fields>(
  table: Table,
  ctx: PlanContext,
  read: (r: RowReader) => { key: string; row: T } | null,
  field = keyField(table),
) {
  const rows = new BigMap<T>()
  // Every key the file names, right or not: a row with a problem is still no "unknown" to the rows naming it,
  // and a key named twice is a duplicate whatever else is wrong with either row.
  const named = new BigMap<number>()
  let failed = 0
  const turns = new Turns()
  for (const r of readersOf(table, ctx.problems)) {
    if (turns.due()) await turns.give()
    const found = read(r)
    if (found?.key) {
      const first = named.get(found.key)
      if (first !== undefined) r.problem(field, found.key, MESSAGES.duplicate(first))
      else named.set(found.key, r.line)
    }
    if (found && !r.failed) rows.set(found.key, found.row)
    if (r.failed) failed++
  }
  return { rows, named, failed }
}

const keyField = (table: Table) => Object.values(FILES).find((f) => table.file.startsWith(`${f.name}.`))?.required[0] ?? ''

export async function planBranches(db: Db, table: Table, ctx: PlanContext): Promise<Step> {
  const existing = await repo.branches(db)
  const { rows, named, failed } = await collect(table, ctx, (r) => {
    const code = r.key('LocationID')
    // The API reads every branch code asked for in upper case, 1 to 10 characters: a code it cannot read is refused here, not offered.
    if (code && !isBranchCode(code)) r.problem('LocationID', code, MESSAGES.branchCode())
    return { key: code, row: { name: r.key('NAME'), trading: r.bool('Active', true) } }
  })
  for (const key of named.keys()) ctx.known.branches.add(key)
  const { added, changed } = await diff(rows, existing)
  const withdrawn = await missing(ctx.mode, rows, existing, 'trading')
  return {
    file: table.file,
    counts: counts(added.length, changed.length, withdrawn.length, failed),
    async write(trx) {
      await repo.upsertBranches(
        trx,
        [...added, ...changed].map(([key, row]) => ({ location_id: key, name: row.name, ...given({ trading: row.trading }) })),
      )
      await repo.withdrawBranches(trx, withdrawn)
    },
  }
}

export async function planCategories(db: Db, table: Table, ctx: PlanContext): Promise<Step> {
  const existing = await repo.categories(db)
  const { rows, named, failed } = await collect(table, ctx, (r) => ({
    key: r.key('Category'),
    row: {
      title: r.key('Title'),
      parent: r.text('Parent') === undefined ? undefined : r.text('Parent') || null,
      display_order: r.whole('Order', { empty: 0, min: -1_000_000 }),
      icon_name: r.text('IconName') === undefined ? undefined : r.text('IconName') || null,
      active: r.bool('Active', true),
    },
  }))
  for (const key of named.keys()) ctx.known.categories.add(key)
  let badRows = 0
  // Parents must exist (in the portal or this file) and never lead back to the category itself.
  const parentOf = (name: string) => {
    const row = rows.get(name)
    return row && row.parent !== undefined ? row.parent : ((existing.get(name)?.parent as string | null | undefined) ?? null)
  }
  for (const [name, row] of rows) {
    const problem = (message: Message) => {
      badRows++
      ctx.problems.push({ file: table.file, line: named.get(name)!, field: 'Parent', value: row.parent ?? '', message })
    }
    if (row.parent && !ctx.known.categories.has(row.parent)) problem(unknownMessage(ctx, 'categories', row.parent))
    else if (row.parent) {
      const seen = new Set([name])
      for (let at = parentOf(name); at; at = parentOf(at)) {
        if (seen.has(at)) {
          problem(MESSAGES.categoryCycle([...seen, at]))
          break
        }
        seen.add(at)
      }
    }
  }
  const { added, changed } = await diff(rows, existing)
  const withdrawn = await missing(ctx.mode, rows, existing)
  return {
    file: table.file,
    counts: counts(added.length, changed.length, withdrawn.length, failed + badRows),
    async write(trx) {
      await repo.insertRows(
        trx,
        'categories',
        added.map(([name, row]) =>
          given({ name, title: row.title, display_order: row.display_order ?? undefined, icon_name: row.icon_name, active: row.active }),
        ) as never,
      )
      await repo.updateWhere(
        trx,
        'categories',
        'name',
        changed.map(([name, row]) => ({
          key: name,
          set: given({ title: row.title, display_order: row.display_order ?? undefined, icon_name: row.icon_name, active: row.active }),
        })),
      )
      const ids = await repo.categoryIds(trx)
      await repo.setCategoryParents(
        trx,
        [...added, ...changed]
          .filter(([, row]) => row.parent !== undefined)
          .map(([name, row]) => ({ name, parentId: row.parent ? ids.get(row.parent)! : null })),
      )
      await repo.withdraw(trx, 'categories', 'name', withdrawn)
    },
  }
}

export async function planBrands(db: Db, table: Table, ctx: PlanContext): Promise<Step> {
  const existing = await repo.brands(db)
  const { rows, named, failed } = await collect(table, ctx, (r) => ({
    key: r.key('BrandCode'),
    row: { description: r.key('Description'), active: r.bool('Active', true) },
  }))
  for (const key of named.keys()) ctx.known.brands.add(key)
  const { added, changed } = await diff(rows, existing)
  const withdrawn = await missing(ctx.mode, rows, existing)
  return {
    file: table.file,
    counts: counts(added.length, changed.length, withdrawn.length, failed),
    async write(trx) {
      await repo.insertRows(
        trx,
        'brands',
        added.map(([brand_code, row]) => ({ brand_code, description: row.description, ...given({ active: row.active }) })),
      )
      await repo.updateWhere(
        trx,
        'brands',
        'brand_code',
        changed.map(([key, row]) => ({ key, set: given(row) })),
      )
      await repo.withdraw(trx, 'brands', 'brand_code', withdrawn)
    },
  }
}

export async function planProducts(db: Db, table: Table, ctx: PlanContext): Promise<Step> {
  const existing = await repo.products(db)
  const { rows, named, failed } = await collect(table, ctx, (r) => {
    const category = r.key('Category')
    const brand = r.key('brandcode')
    checkKnown(ctx, r, 'categories', 'Category', category)
    checkKnown(ctx, r, 'brands', 'brandcode', brand)
    const text = (field: string) => r.text(field)
    const barcode = r.text('Barcode')
    return {
      key: r.key('ProductCode'),
      row: {
        description: r.key('Description'),
        category,
        brand_code: brand,
        unit_price_cents: r.money('Price', { required: true }) ?? 0,
        rrp_cents: r.money('RetailPrice', { empty: 0 }),
        carton_price_cents: r.money('CartonPrice'),
        carton_qty: r.whole('CartonQty', { min: 1 }),
        pallet_price_cents: r.money('PalletPrice'),
        pallet_qty: r.whole('PalletQty', { min: 1 }),
        weight_kg: r.decimal('Weight') === null ? 0 : r.decimal('Weight'),
        barcode: barcode === undefined ? undefined : barcode || null,
        full_description1: text('FullDescription1'),
        full_description2: text('FullDescription2'),
        full_description3: text('FullDescription3'),
        info_text: text('UserDefinedField4'),
        is_special: r.bool('Special', false),
        active: r.bool('Active', true),
      },
    }
  })
  for (const key of named.keys()) ctx.known.products.add(key)
  const { added, changed } = await diff(rows, existing)
  const withdrawn = await missing(ctx.mode, rows, existing)
  return {
    file: table.file,
    counts: counts(added.length, changed.length, withdrawn.length, failed),
    async write(trx) {
      const categoryIds = await repo.categoryIds(trx)
      const columns = ({ category, ...row }: (typeof added)[number][1]) => given({ ...row, category_id: categoryIds.get(category)! })
      await repo.insertRows(trx, 'products', (await mappedInTurns(added, ([product_code, row]) => ({ product_code, ...columns(row) }))) as never)
      await repo.updateWhere(trx, 'products', 'product_code', await mappedInTurns(changed, ([key, row]) => ({ key, set: columns(row) })))
      await repo.withdraw(trx, 'products', 'product_code', withdrawn)
    },
  }
}

export async function planStock(db: Db, table: Table, ctx: PlanContext): Promise<Step> {
  const existing = await repo.stock(db)
  const { rows, failed } = await collect(table, ctx, (r) => {
    const product = r.key('ProductCode')
    const branch = r.key('LocationID')
    checkKnown(ctx, r, 'products', 'ProductCode', product)
    checkKnown(ctx, r, 'branches', 'LocationID', branch)
    const qty = r.whole('QtyAvailable', { required: true }) ?? 0
    return { key: `${product}|${branch}`, row: { qty_available: qty } }
  })
  const { added, changed } = await diff(rows, existing)
  // A full stock file is the whole stock: what it leaves out has none.
  const emptied = await missing(ctx.mode, rows, existing, 'in_stock')
  return {
    file: table.file,
    counts: counts(added.length, changed.length, emptied.length, failed),
    async write(trx) {
      const ids = await repo.productIds(trx)
      const toRow = (key: string, qty: number) => {
        const [code, location_id] = key.split('|') as [string, string]
        return { product_id: ids.get(code)!, location_id, qty_available: qty }
      }
      await repo.upsertStock(trx, [...[...added, ...changed].map(([key, row]) => toRow(key, row.qty_available)), ...emptied.map((key) => toRow(key, 0))])
    },
  }
}

/** synonyms.csv (decision 0029): Term, and Synonyms separated by ';'. A full file replaces the list. */
export async function planSynonyms(db: Db, table: Table, ctx: PlanContext): Promise<Step> {
  const existing = await repo.synonyms(db)
  const { rows, failed } = await collect(table, ctx, (r) => {
    const term = r.key('Term')
    const synonyms = (r.text('Synonyms') ?? '')
      .split(';')
      .map((s) => s.trim())
      .filter(Boolean)
    if (synonyms.length === 0) r.problem('Synonyms', r.text('Synonyms') ?? '', MESSAGES.synonymsEmpty())
    return { key: term.toLowerCase(), row: { term, synonyms, active: true } }
  })
  const { added, changed } = await diff(rows, existing)
  const removed = await missing(ctx.mode, rows, existing)
  return {
    file: table.file,
    counts: counts(added.length, changed.length, removed.length, failed),
    async write(trx) {
      await repo.upsertSynonyms(
        trx,
        [...added, ...changed].map(([, row]) => ({ term: row.term, synonyms: row.synonyms })),
        removed,
      )
    },
  }
}
