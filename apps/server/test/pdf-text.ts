import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFPage } from 'pdf-lib'

export interface PdfText {
  page: number
  x: number
  y: number
  size: number
  text: string
}

/**
 * Reads back the text a PDF draws (pdf-lib's own output: `x y Tm` then `<hex> Tj`), so tests check
 * what a reader of the document sees. Rows come in reading order: page by page, top to bottom, cells left to right.
 */
export async function pdfRows(bytes: Uint8Array | Buffer): Promise<{ pages: number; rows: string[][]; items: PdfText[] }> {
  const doc = await PDFDocument.load(bytes)
  const items: PdfText[] = []
  doc.getPages().forEach((page, index) => items.push(...pageText(doc, page, index + 1)))
  const rows = new Map<string, PdfText[]>()
  for (const item of items) {
    const key = `${item.page}:${Math.round(item.y)}`
    rows.set(key, [...(rows.get(key) ?? []), item])
  }
  const ordered = [...rows.values()].sort((a, b) => a[0]!.page - b[0]!.page || b[0]!.y - a[0]!.y)
  return { pages: doc.getPageCount(), rows: ordered.map((row) => row.sort((a, b) => a.x - b.x).map((i) => i.text)), items }
}

function pageText(doc: PDFDocument, page: PDFPage, pageNo: number): PdfText[] {
  const contents = page.node.Contents()
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents]
  const out: PdfText[] = []
  for (const stream of streams) {
    if (!(stream instanceof PDFRawStream)) continue
    const source = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1')
    let x = 0
    let y = 0
    let size = 0
    for (const line of source.split('\n')) {
      const tf = /\s([\d.]+) Tf$/.exec(line)
      if (tf) size = Number(tf[1])
      const tm = /^[-\d.]+ [-\d.]+ [-\d.]+ [-\d.]+ ([-\d.]+) ([-\d.]+) Tm$/.exec(line)
      if (tm) {
        x = Number(tm[1])
        y = Number(tm[2])
      }
      const tj = /^<([0-9A-Fa-f]*)> Tj$/.exec(line)
      if (tj) out.push({ page: pageNo, x, y, size, text: Buffer.from(tj[1]!, 'hex').toString('latin1') })
    }
  }
  return out
}

/** '1,234.56' or '-12.30' as cents. */
export function cents(value: string): number {
  const match = /^(-?)([\d,]+)\.(\d{2})$/.exec(value.trim())
  if (!match) throw new Error(`Not an amount: "${value}"`)
  return (match[1] ? -1 : 1) * (Number(match[2]!.replace(/,/g, '')) * 100 + Number(match[3]))
}
