import { sql } from 'kysely'
import { BulkTable, type Db } from './bulk'
import { productCopy } from './copy'
import { DOCUMENT_KINDS, documentChoicesFor, renderDocuments } from './documents'
import { FAMILIES, type Family, type Line, type Option } from './families'
import { renderBrandImages, type GeneratedImage } from './images'
import type { Rng } from './random'
import { BRANDS, CATEGORY_TREE, slugify, type BranchSeed, type BrandSeed, type Kind } from './reference'

export interface CategoryInfo {
  id: number
  parentId: number | null
  kind: Kind
  hidden: boolean
  title: string
}

/** What the order history needs to know about a product. */
export interface CatalogueProduct {
  id: number
  code: string
  description: string
  brand: string
  kind: Kind
  /** Hidden from resellers (isElders), by its brand or its category. */
  hidden: boolean
  unitPrice: number
  cartonPrice: number | null
  cartonQty: number | null
  palletPrice: number | null
  palletQty: number | null
  popularity: number
}

export interface Catalogue {
  products: CatalogueProduct[]
  /** Products by kind, most popular first (the order history picks from the front more often). */
  byKind: Map<Kind, CatalogueProduct[]>
}

interface Candidate {
  family: Family
  line: Line
  options: Option[]
}

/** The branches as the portal keeps them, with what the ERP's branches file does not carry (order, phone, e-mail). */
export function branchRows(branches: readonly BranchSeed[]) {
  return branches.map((branch, index) => ({
    location_id: branch.locationId,
    name: branch.name,
    sort_order: branch.virtual ? 90 + index : index + 1,
    phone: branchPhone(branch.state, index),
    email: `${branch.locationId.toLowerCase()}@riverinarural.example`,
    trading: !branch.virtual,
  }))
}

export async function seedBranches(db: Db, branches: readonly BranchSeed[]): Promise<void> {
  await db.insertInto('branches').values(branchRows(branches)).execute()
}

function branchPhone(state: string, index: number): string {
  const area = state === 'NSW' || state === 'ACT' ? '02' : state === 'VIC' || state === 'TAS' ? '03' : state === 'QLD' ? '07' : '08'
  return `${area} 5550 ${String(1100 + index * 37).padStart(4, '0')}`
}

export interface CategoryRow {
  id: number
  name: string
  title: string
  parent_id: number | null
  display_order: number
  icon_name: string
  hidden_for_elders: boolean
}

/** The category tree, parents each followed by their children, with ids in that order. */
export function categoryRows(): { rows: CategoryRow[]; byTitle: Map<string, CategoryInfo> } {
  const byTitle = new Map<string, CategoryInfo>()
  const rows: CategoryRow[] = []
  let id = 0
  CATEGORY_TREE.forEach((parent, parentIndex) => {
    const parentId = ++id
    const hidden = parent.hidden ?? false
    rows.push({
      id: parentId,
      name: slugify(parent.title),
      title: parent.title,
      parent_id: null,
      display_order: (parentIndex + 1) * 10,
      icon_name: parent.icon,
      hidden_for_elders: hidden,
    })
    byTitle.set(parent.title, { id: parentId, parentId: null, kind: parent.kind, hidden, title: parent.title })
    parent.children.forEach((child, childIndex) => {
      const childId = ++id
      rows.push({
        id: childId,
        name: slugify(child),
        title: child,
        parent_id: parentId,
        display_order: (childIndex + 1) * 10,
        icon_name: parent.icon,
        hidden_for_elders: hidden,
      })
      byTitle.set(child, { id: childId, parentId, kind: parent.kind, hidden, title: child })
    })
  })
  return { rows, byTitle }
}

export async function seedCategories(db: Db): Promise<Map<string, CategoryInfo>> {
  const { rows, byTitle } = categoryRows()
  await db.insertInto('categories').values(rows).execute()
  return byTitle
}

export async function seedBrands(db: Db): Promise<void> {
  await db
    .insertInto('brands')
    .values(BRANDS.map((brand) => ({ brand_code: brand.code, description: brand.name, hidden_for_elders: brand.hidden ?? false })))
    .execute()
}

/** Every product a family can make: each line with each combination of its options, in a seeded order. */
function candidatesOf(rng: Rng, family: Family): Candidate[] {
  let combos: Option[][] = [[]]
  for (const dimension of family.options) combos = combos.flatMap((combo) => dimension.map((option) => [...combo, option]))
  const all = family.lines.flatMap((line) => combos.map((options) => ({ family, line, options })))
  rng.shuffle(all)
  const featured = new Set(family.featured ?? [])
  return [...all.filter((c) => featured.has(describe(c))), ...all.filter((c) => !featured.has(describe(c)))]
}

function describe(candidate: Candidate): string {
  return [candidate.line.text, ...candidate.options.map((o) => o.label)].join(' ')
}

/** Round-robin over the families, so the small demo catalogue still covers every category. */
function selectCandidates(rng: Rng, target: number): Candidate[] {
  const queues = FAMILIES.map((family) => candidatesOf(rng, family))
  const available = queues.reduce((sum, queue) => sum + queue.length, 0)
  if (available < target) throw new Error(`The product families make ${available} products; ${target} were asked for`)
  const chosen: Candidate[] = []
  for (let round = 0; chosen.length < target; round++) {
    for (const queue of queues) {
      const candidate = queue[round]
      if (candidate && chosen.length < target) chosen.push(candidate)
    }
  }
  return chosen
}

function lineCode(line: Line, brand: BrandSeed): string {
  const brandWords = new Set(brand.name.toLowerCase().split(/\s+/))
  const words = line.text.split(/\s+/).filter((word) => !brandWords.has(word.toLowerCase()) && !/^(for|and|of|the|with|&)$/i.test(word))
  const code = words
    .map((word) =>
      /\d/.test(word)
        ? word.replace(/[^0-9A-Za-z]/g, '')
        : word
            .split('-')
            .map((part) => part.charAt(0))
            .join(''),
    )
    .join('')
    .toUpperCase()
  return code.slice(0, 8) || 'X'
}

function productCode(candidate: Candidate, brand: BrandSeed, used: Set<string>): string {
  const base = [brand.prefix, lineCode(candidate.line, brand), ...candidate.options.map((o) => o.code)].join('-')
  let code = base
  for (let n = 2; used.has(code); n++) code = `${base}-${n}`
  used.add(code)
  return code
}

function roundTo5(cents: number): number {
  return Math.max(50, Math.round(cents / 5) * 5)
}

/** EAN-13 with the GS1 check digit (weights 1 and 3 from the left). */
export function ean13(first12: string): string {
  let sum = 0
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3)
  return first12 + String((10 - (sum % 10)) % 10)
}

interface Pricing {
  unitPrice: number
  cartonPrice: number | null
  cartonQty: number | null
  palletPrice: number | null
  palletQty: number | null
  rrp: number
  weight: number
}

function pricing(rng: Rng, candidate: Candidate, brandFactor: number): Pricing {
  const factor = candidate.options.reduce((f, o) => f * o.factor, 1)
  const measured = candidate.options.find((o) => o.kg !== undefined)
  // A family without options lists its products as lines; the line's price factor stands in for its size.
  const nominal = candidate.family.kg * factor * (candidate.family.options.length === 0 ? candidate.line.price : 1)
  const weight = Math.max(0.01, Math.round((measured?.kg ?? nominal) * 1000) / 1000)
  const dollars = candidate.family.price * candidate.line.price * Math.pow(factor, 0.85) * brandFactor * rng.float(0.96, 1.04)
  const unitPrice = roundTo5(dollars * 100)
  let cartonQty: number | null = null
  let cartonPrice: number | null = null
  if (rng.chance(0.6)) {
    cartonQty = rng.pick(unitPrice < 500 ? [10, 12, 20, 25, 50] : unitPrice < 3000 ? [4, 6, 10, 12] : unitPrice < 15000 ? [2, 4, 6] : [2])
    cartonPrice = roundTo5(unitPrice * rng.float(0.9, 0.96))
  }
  let palletQty: number | null = null
  let palletPrice: number | null = null
  const perPallet = Math.min(500, Math.max(8, Math.floor(900 / weight)))
  const palletValueOk = perPallet * unitPrice <= 5_000_000
  if (palletValueOk && rng.chance(weight >= 5 ? 0.55 : weight >= 1 && unitPrice < 10000 ? 0.15 : 0)) {
    palletQty = cartonQty ? Math.max(cartonQty * 2, Math.floor(perPallet / cartonQty) * cartonQty) : perPallet
    palletPrice = roundTo5(unitPrice * rng.float(0.82, 0.89))
  }
  const rrp = Math.max(unitPrice + 100, Math.ceil((unitPrice * 1.1 * rng.float(1.25, 1.45)) / 100) * 100 - 5)
  return { unitPrice, cartonPrice, cartonQty, palletPrice, palletQty, rrp, weight }
}

export const PRODUCT_COLUMNS = [
  ['id', 'int4'],
  ['product_code', 'text'],
  ['description', 'text'],
  ['full_description1', 'text'],
  ['full_description2', 'text'],
  ['full_description3', 'text'],
  ['brand_code', 'text'],
  ['category_id', 'int4'],
  ['unit_price_cents', 'int4'],
  ['carton_price_cents', 'int4'],
  ['carton_qty', 'int4'],
  ['pallet_price_cents', 'int4'],
  ['pallet_qty', 'int4'],
  ['rrp_cents', 'int4'],
  ['weight_kg', 'numeric'],
  ['barcode', 'text'],
  ['info_text', 'text'],
  ['image_id', 'int4'],
  ['is_special', 'bool'],
  ['popularity', 'int4'],
] as const

export type ProductRow = Record<(typeof PRODUCT_COLUMNS)[number][0], unknown> & { id: number; product_code: string; image_id: number | null }

export interface AttachmentRow {
  productId: number
  fileName: string
  description: string
  /** 1-based index into the documents. */
  document: number
}

/** The generated catalogue: product rows, the brand pictures (image id = index + 1), attachments and their PDFs. */
export interface BuiltCatalogue {
  rows: ProductRow[]
  images: GeneratedImage[]
  attachments: AttachmentRow[]
  documents: Uint8Array[]
  catalogue: Catalogue
}

export async function buildProducts(rng: Rng, options: { count: number; categories: Map<string, CategoryInfo>; today: Date }): Promise<BuiltCatalogue> {
  const brands = new Map(BRANDS.map((brand, index) => [brand.code, { brand, index, factor: 0.92 + ((index * 7919) % 17) / 100 }]))
  const chosen = selectCandidates(rng, options.count)
  const generated = await brandImages(chosen, options.categories)
  const images = new Map(generated.map((image, index) => [image.brandCode, index + 1]))
  const used = new Set<string>()
  const brandItems = new Map<string, number>()
  const products: CatalogueProduct[] = []
  const rows: ProductRow[] = []
  for (const candidate of chosen) {
    const entry = brands.get(candidate.line.brand)
    const category = options.categories.get(candidate.family.category)
    if (!entry || !category) throw new Error(`Unknown brand or category in family ${candidate.line.text}`)
    const id = products.length + 1
    const description = describe(candidate)
    const code = productCode(candidate, entry.brand, used)
    const price = pricing(rng, candidate, entry.factor)
    const item = (brandItems.get(entry.brand.code) ?? 0) + 1
    brandItems.set(entry.brand.code, item)
    const copy = productCopy(rng, {
      name: description,
      brand: entry.brand.name,
      category: category.title,
      pack: candidate.options.at(-1)?.label ?? 'standard',
      kind: category.kind,
    })
    const featured = candidate.family.featured?.includes(description) ?? false
    const popularity = Math.floor(1000 * Math.pow(rng.next(), 3)) + (featured ? 800 : 0)
    const hidden = (entry.brand.hidden ?? false) || category.hidden
    const barcodeRoll = rng.next()
    const barcode =
      barcodeRoll < 0.8
        ? ean13(`93${String(10000 + entry.index * 113).padStart(5, '0')}${String(item).padStart(5, '0')}`)
        : barcodeRoll < 0.83
          ? `${entry.brand.prefix}${String(id).padStart(6, '0')}${String.fromCharCode(65 + (id % 26))}`
          : null
    rows.push({
      id,
      product_code: code,
      description,
      full_description1: copy.fd1,
      full_description2: copy.fd2,
      full_description3: copy.fd3,
      brand_code: entry.brand.code,
      category_id: category.id,
      unit_price_cents: price.unitPrice,
      carton_price_cents: price.cartonPrice,
      carton_qty: price.cartonQty,
      pallet_price_cents: price.palletPrice,
      pallet_qty: price.palletQty,
      rrp_cents: price.rrp,
      weight_kg: price.weight,
      barcode,
      info_text: copy.info,
      image_id: rng.chance(0.7) ? (images.get(entry.brand.code) ?? null) : null,
      is_special: rng.chance(0.05),
      popularity,
    })
    products.push({ id, code, description, brand: entry.brand.code, kind: category.kind, hidden, popularity, ...price })
  }
  const attachments = attachmentRows(rng, products)
  const documents = await renderDocuments(options.today)
  const byKind = new Map<Kind, CatalogueProduct[]>()
  for (const product of products) {
    const list = byKind.get(product.kind)
    if (list) list.push(product)
    else byKind.set(product.kind, [product])
  }
  for (const list of byKind.values()) list.sort((a, b) => b.popularity - a.popularity || a.id - b.id)
  return { rows, images: generated, attachments, documents, catalogue: { products, byKind } }
}

/** Writes a built catalogue in bulk (the large data set): pictures, products in batches, attachments. */
export async function writeProducts(db: Db, built: BuiltCatalogue, onBatch: (done: number, total: number) => void): Promise<void> {
  await db
    .insertInto('product_images')
    .values(
      built.images.map((image, index) => ({ id: index + 1, content_type: image.contentType, data: image.data, width: image.width, height: image.height })),
    )
    .execute()
  const table = new BulkTable<ProductRow>('products', PRODUCT_COLUMNS)
  for (const [index, row] of built.rows.entries()) {
    table.push(row)
    if (table.pending >= 5000 || index === built.rows.length - 1) {
      await table.flush(db)
      onBatch(index + 1, built.rows.length)
    }
  }
  const pdfs = sql.join(built.documents.map((pdf) => sql`${pdf}::bytea`))
  for (let start = 0; start < built.attachments.length; start += 5000) {
    const batch = built.attachments.slice(start, start + 5000)
    await sql`
      INSERT INTO product_attachments (product_id, file_name, description, content_type, data)
      SELECT u.product_id, u.file_name, u.description, 'application/pdf', (ARRAY[${pdfs}])[u.document]
      FROM unnest(${batch.map((r) => r.productId)}::int4[], ${batch.map((r) => r.fileName)}::text[],
                  ${batch.map((r) => r.description)}::text[], ${batch.map((r) => r.document)}::int4[]) AS u(product_id, file_name, description, document)
    `.execute(db)
  }
}

/** One picture per brand that has products; the kind it sells most decides the pack shape. */
async function brandImages(chosen: Candidate[], categories: Map<string, CategoryInfo>): Promise<GeneratedImage[]> {
  const kinds = new Map<string, Map<Kind, number>>()
  for (const candidate of chosen) {
    const kind = categories.get(candidate.family.category)?.kind ?? 'hardware'
    const counts = kinds.get(candidate.line.brand) ?? new Map<Kind, number>()
    counts.set(kind, (counts.get(kind) ?? 0) + 1)
    kinds.set(candidate.line.brand, counts)
  }
  const brands = BRANDS.filter((brand) => kinds.has(brand.code)).map((brand) => {
    const counts = [...(kinds.get(brand.code) ?? new Map<Kind, number>()).entries()].sort((a, b) => b[1] - a[1])
    return { code: brand.code, name: brand.name, kind: counts[0]?.[0] ?? 'hardware' }
  })
  return renderBrandImages(brands)
}

/** About 30% of products carry one or two documents (the PDFs are shared: one per kind of document). */
function attachmentRows(rng: Rng, products: CatalogueProduct[]): AttachmentRow[] {
  const rows: AttachmentRow[] = []
  for (const product of products) {
    if (!rng.chance(0.3)) continue
    const choices = documentChoicesFor(product.kind)
    const count = choices.length > 1 && rng.chance(0.5) ? 2 : 1
    for (const document of choices.slice(0, count)) {
      const kind = DOCUMENT_KINDS[document]
      if (kind) rows.push({ productId: product.id, fileName: `${product.code} ${kind.suffix}.pdf`, description: kind.description, document: document + 1 })
    }
  }
  return rows
}

export interface StockRow {
  product_id: number
  location_id: string
  qty_available: number
}

/** Stock for every product at every branch: mostly 0-500, some zero (the CAS demo user's MEL included). */
export function buildStock(rng: Rng, products: readonly CatalogueProduct[], branches: readonly BranchSeed[]): StockRow[] {
  const rows: StockRow[] = []
  for (const product of products) {
    const ceiling = product.unitPrice < 2000 ? 500 : product.unitPrice < 10000 ? 150 : product.unitPrice < 50000 ? 40 : 8
    for (const branch of branches) {
      const zeroChance = branch.locationId === 'CON' ? 0.8 : branch.locationId === 'FMB' ? 0.5 : branch.locationId === 'MEL' ? 0.2 : 0.1
      const qty = rng.chance(zeroChance) ? 0 : Math.max(1, Math.round(ceiling * Math.pow(rng.next(), 1.6)))
      rows.push({ product_id: product.id, location_id: branch.locationId, qty_available: qty })
    }
  }
  return rows
}

export async function seedStock(db: Db, rows: readonly StockRow[], onBatch: (done: number, total: number) => void): Promise<number> {
  const table = new BulkTable<StockRow>('stock', [
    ['product_id', 'int4'],
    ['location_id', 'text'],
    ['qty_available', 'int4'],
  ])
  for (const [index, row] of rows.entries()) {
    table.push(row)
    if (table.pending >= 20000 || index === rows.length - 1) {
      await table.flush(db)
      onBatch(table.inserted, rows.length)
    }
  }
  return table.inserted
}
