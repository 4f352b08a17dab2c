import type { ImageWidth } from '@portal/contract/catalogue'
import type { Writable } from 'node:stream'
import type { Deps, Session } from '../../lib/context'
import { badRequest, notFound, unauthorized } from '../../lib/errors'
import { dollars } from '../../lib/money'
import { branchOf, findBranch } from '../branches/service'
import { priceListProducts } from '../catalogue/service'
import { barcodeSvg } from './barcode'
import type { ImageRenderer } from './images'
import { writePriceList } from './price-list'
import * as repo from './repo'

export type ImageAnswer = ({ status: 304 } | { status: 200; body: Buffer }) & { etag: string; everyone: boolean }

/**
 * A product's picture at a width, or the placeholder when it has none, for whoever may see the product:
 * a picture of a product every account may see (`everyone`) is anybody's, a session or not; any other
 * answers only a session that may see the product. Without a session that is 401 for every other id,
 * whether it exists or not; a reseller gets 404, as for an unknown product. Pictures are immutable under
 * their id, so the ETag names the picture and the width: a product given a new picture gets a new tag,
 * and a browser that has this one is answered 304 without any rendering.
 */
export async function productImage(
  { db }: Deps,
  images: ImageRenderer,
  session: Pick<Session, 'isElders'> | null,
  productId: number,
  width: ImageWidth,
  ifNoneMatch?: string,
): Promise<ImageAnswer> {
  const product = await repo.productPicture(db, productId)
  if (!product?.everyone) {
    if (!session) throw unauthorized()
    if (!product || session.isElders) throw notFound('product')
  }
  const { imageId, everyone } = product
  const etag = imageId === null ? `"placeholder-w${width}"` : `"image-${imageId}-w${width}"`
  if (ifNoneMatch?.split(/\s*,\s*/).some((tag) => tag === etag || tag === `W/${etag}`)) return { status: 304, etag, everyone }
  const picture = imageId === null ? null : await images.picture(imageId, width, async () => (await repo.imageData(db, imageId))?.data)
  return { status: 200, etag, everyone, body: picture ?? (await images.placeholder(width)) }
}

export async function attachment({ db }: Deps, session: Session, productId: number, attachmentId: number) {
  const file = await repo.attachmentFile(db, session, productId, attachmentId)
  if (!file) throw notFound('attachment')
  return { fileName: file.file_name, contentType: withCharset(file.content_type), data: Buffer.from(file.data) }
}

/**
 * A text document is served as UTF-8, the encoding the ERP interchange's text is in: without a charset a browser
 * guesses another, and a dash shows as "â€”". A type that names its own charset keeps it.
 */
export function withCharset(contentType: string): string {
  return /^text\//i.test(contentType) && !/;\s*charset=/i.test(contentType) ? `${contentType}; charset=utf-8` : contentType
}

export function barcode(value: string): string {
  const symbol = barcodeSvg(value)
  if (!symbol) throw badRequest('unsupported_barcode', 'A barcode holds digits, letters and the printable ASCII symbols only.', 'params.barcode')
  return symbol.svg
}

/** `inline` or `attachment` with the file's name, readable by old and new browsers alike. */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

const day = (date: Date) => date.toISOString().slice(0, 10)

/**
 * The branch's price list for this account as an Excel workbook (docs/decisions: why XLSX): every
 * product the user may see, with this account's prices and the branch's stock.
 */
export async function priceList({ db, config }: Deps, session: Session, asked: string | undefined, now = new Date()) {
  const branch = await findBranch(db, branchOf(session, asked))
  if (!branch) throw badRequest('unknown_warehouse', 'There is no such branch.', 'query.warehouse')
  const rows = await priceListProducts(db, session, branch.code)
  const onePrice = session.isElders
  const date = now.toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Australia/Sydney' })
  return {
    fileName: `price-list-${branch.code}-${day(now)}.xlsx`,
    write: (out: Writable) =>
      writePriceList(
        {
          title: `${config.distributor.name} price list: ${branch.name} (${branch.code})`,
          subtitle: `${session.accountName} (${session.accountCode}). Prices in AUD ex GST, as at ${date}. Stock is what the branch had available then.`,
          onePrice,
          lines: rows.map((r) => ({
            code: r.product_code,
            description: r.description,
            brand: r.brand_name,
            category: r.category_title,
            price: dollars(r.unit_cents),
            cartonQty: r.carton_qty,
            cartonPrice: r.carton_cents === null ? null : dollars(r.carton_cents),
            palletQty: r.pallet_qty,
            palletPrice: r.pallet_cents === null ? null : dollars(r.pallet_cents),
            rrp: onePrice ? null : dollars(r.rrp_cents),
            available: r.available,
            barcode: r.barcode,
          })),
        },
        out,
      ),
  }
}
