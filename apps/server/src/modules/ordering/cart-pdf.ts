import { LineCapStyle, rgb } from 'pdf-lib'
import type { Config } from '../../config'
import type { Session } from '../../lib/context'
import { readFileSync } from 'node:fs'
import { PdfDocumentWriter, pdfColour, pdfMoney } from '../../lib/pdf-document'
import { describeParts, partsExCents } from '@portal/contract/price-breaks'
import type { CartContents, PricedLine } from './cart'

export interface CartPdfInput {
  distributor: Config['distributor']
  session: Pick<Session, 'name' | 'username' | 'accountName' | 'accountCode'>
  cart: CartContents
  /** 'Shopping Cart', or the quote request's reference. */
  title: string
  printedAt: Date
}

const LOGO_SIZE = 30

const kilograms = (grams: number) => `${(grams / 1000).toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} kg`

/** The amount columns, right-aligned, after the product column that takes the rest of the width. */
const AMOUNTS: Array<{ header: string; width: number; value: (l: PricedLine) => string }> = [
  { header: 'Qty', width: 34, value: (l) => l.quantity.toLocaleString('en-AU') },
  { header: 'In stock', width: 44, value: (l) => l.available.toLocaleString('en-AU') },
  // A line charged at carton or pallet prices has no one price: its breakdown stands under its description.
  { header: 'Price ex GST', width: 64, value: (l) => (describeParts(l.parts) === null ? pdfMoney(l.unitPriceCents) : '') },
  { header: 'GST', width: 50, value: (l) => pdfMoney(l.taxCents) },
  { header: 'Total inc GST', width: 70, value: (l) => pdfMoney(l.incCents) },
]
const PAD = 4
const SIZE = 8.5

/**
 * The cart as a document a reseller can file or pass on: the distributor's mark and details, the
 * account and branch, every line with its stock, price, GST and total, the weight and the totals.
 */
export async function renderCartPdf({ distributor, session, cart, title, printedAt }: CartPdfInput): Promise<Uint8Array> {
  const printed = printedAt.toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric' })
  const doc = await PdfDocumentWriter.create({
    title: `${title} - ${session.accountName}`,
    author: distributor.name,
    subject: `${title} for ${session.accountName} (${session.accountCode})`,
    footer: `${distributor.name} - ${title} for ${session.accountCode}, printed ${printed}. Not a tax invoice.`,
    accent: distributor.brandColour,
  })

  await drawLogo(doc, distributor)
  doc.textAt(distributor.name, doc.left + LOGO_SIZE + 10, { size: 15, bold: true, color: 'accent' })
  doc.textAt(title, doc.right, { size: 15, bold: true, align: 'right' })
  doc.down(19)
  doc.textAt(`ABN ${distributor.abn}   Phone ${distributor.phone}   ${distributor.email}`, doc.left + LOGO_SIZE + 10, { size: 8, color: 'muted' })
  doc.down(10)
  doc.textAt(distributor.address, doc.left + LOGO_SIZE + 10, { size: 8, color: 'muted' })
  doc.down(LOGO_SIZE - 29 + 10)
  doc.rule('accent', 1.25)
  doc.down(12)

  // Account names run long: they get the whole width.
  doc.details([['Account', `${session.accountName} (${session.accountCode})`]], 1)
  doc.details([
    ['Branch', cart.branch ? `${cart.branch.name} (${cart.branch.code})` : '-'],
    ['Prepared by', `${session.name} (${session.username})`],
    ['Printed', printed],
    ['Lines', String(cart.lines.length)],
    ['Approx. weight', kilograms(cart.grams)],
    ['Prices', 'AUD, ex GST unless marked'],
  ])
  doc.down(10)

  if (cart.lines.length === 0) {
    doc.line('You currently have no items in your cart', { size: 11 })
    return doc.save()
  }

  linesTable(doc, cart.lines)
  doc.totals([
    ['Approx. weight', kilograms(cart.grams)],
    ['Subtotal ex GST', `$${pdfMoney(cart.totals.exCents)}`],
    ['GST', `$${pdfMoney(cart.totals.taxCents)}`],
    ['Total inc GST', `$${pdfMoney(cart.totals.incCents)}`],
  ])
  doc.down(10)
  doc.paragraph(
    `Prices are in Australian dollars, ex GST unless marked inc GST, for ${session.accountName} at the ${cart.branch?.name ?? ''} branch on ${printed}. ` +
      'Prices and stock change; they are confirmed when the order is placed.',
    { size: 8, color: 'muted' },
  )
  return doc.save()
}

/**
 * The distributor's logo file (DISTRIBUTOR_LOGO) in a LOGO_SIZE square, or the portal's own mark as in the web
 * app's header (a leaf on a rounded square of the brand colour). A logo at an https:// address is not fetched.
 */
async function drawLogo(doc: PdfDocumentWriter, distributor: Config['distributor']) {
  const page = doc.doc.getPage(0)
  const top = page.getHeight() - doc.left
  const logo = distributor.logo
  if (logo && 'file' in logo) {
    const bytes = readFileSync(logo.file)
    const picture = logo.type === 'image/png' ? await doc.doc.embedPng(bytes) : await doc.doc.embedJpg(bytes)
    const { width, height } = picture.scaleToFit(LOGO_SIZE, LOGO_SIZE)
    page.drawImage(picture, { x: doc.left, y: top - height, width, height })
    return
  }
  const scale = LOGO_SIZE / 32
  page.drawSvgPath('M7 0H25A7 7 0 0 1 32 7V25A7 7 0 0 1 25 32H7A7 7 0 0 1 0 25V7A7 7 0 0 1 7 0Z', {
    x: doc.left,
    y: top,
    scale,
    color: pdfColour(distributor.brandColour),
  })
  page.drawSvgPath('M9 23c0-8 5-13 14-14-1 9-6 14-14 14Zm0 0 8-8', {
    x: doc.left,
    y: top,
    scale,
    borderColor: rgb(1, 1, 1),
    borderWidth: 2.4 * scale,
    borderLineCap: LineCapStyle.Round,
  })
}

/**
 * One row per line: the description (wrapped to two lines) over the product code, then the amounts. A line
 * charged at carton or pallet prices has its breakdown under the code ("2 cartons of 4 at $40.90, 1 at $45.32").
 * The header repeats at the top of every page the table runs onto.
 */
function linesTable(doc: PdfDocumentWriter, lines: PricedLine[]) {
  const productWidth = doc.contentWidth - AMOUNTS.reduce((sum, c) => sum + c.width, 0)
  const amountsAt = (draw: (column: (typeof AMOUNTS)[number], rightEdge: number) => void) => {
    let x = doc.left + productWidth
    for (const column of AMOUNTS) {
      x += column.width
      draw(column, x - PAD)
    }
  }
  const header = () => {
    doc.textAt('Product', doc.left + PAD, { size: SIZE, bold: true })
    amountsAt((column, right) => doc.textAt(column.header, right, { size: SIZE, bold: true, align: 'right' }))
    doc.down(SIZE + 5)
    doc.rule('accent', 0.75)
    doc.down(5)
  }
  doc.ensure(80)
  header()
  for (const line of lines) {
    const description = wrap(doc, line.description, productWidth - 2 * PAD, 2)
    if (doc.ensure(description.length * (SIZE + 3) + 35)) header()
    amountsAt((column, right) => doc.textAt(column.value(line), right, { size: SIZE, align: 'right' }))
    for (const text of description) {
      doc.textAt(text, doc.left + PAD, { size: SIZE }, productWidth - 2 * PAD)
      doc.down(SIZE + 3)
    }
    doc.textAt(line.productCode, doc.left + PAD, { size: 7.5, color: 'muted' }, productWidth - 2 * PAD)
    const breakdown = describeParts(line.parts)
    if (breakdown !== null) {
      doc.down(7.5 + 3)
      doc.textAt(`${breakdown} = $${pdfMoney(partsExCents(line.parts))} ex GST`, doc.left + PAD, { size: 7.5 }, doc.contentWidth - 2 * PAD)
    }
    doc.down(7.5 + 5)
    doc.rule()
    doc.down(5)
  }
}

/** Words into at most `maxLines` lines of `width` points; the last line is cut short with '...' if need be. */
function wrap(doc: PdfDocumentWriter, text: string, width: number, maxLines: number): string[] {
  const lines: string[] = []
  let current = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = current ? `${current} ${word}` : word
    if (current && doc.widthOf(next, { size: SIZE }) > width) {
      lines.push(current)
      current = word
    } else {
      current = next
    }
  }
  if (current) lines.push(current)
  if (lines.length <= maxLines) return lines
  return [...lines.slice(0, maxLines - 1), lines.slice(maxLines - 1).join(' ')]
}
