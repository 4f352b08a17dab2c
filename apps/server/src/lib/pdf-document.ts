import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib'

/**
 * A small A4 document writer over pdf-lib for the portal's business documents (tax invoices,
 * statements): a running cursor, headings, label/value blocks, and tables whose header repeats
 * on every page. Text is drawn with the standard Helvetica fonts, so it stays selectable and
 * searchable, and characters those fonts cannot encode are replaced rather than failing the document.
 */

const A4: [number, number] = [595.28, 841.89]
const MARGIN = 40
const FOOTER = 28
const INK = rgb(0.11, 0.15, 0.13)
const MUTED = rgb(0.36, 0.4, 0.37)
const RULE = rgb(0.8, 0.84, 0.81)
const SHADE = rgb(0.95, 0.96, 0.95)

export interface TextOptions {
  size?: number
  bold?: boolean
  color?: 'ink' | 'muted' | 'accent'
  align?: 'left' | 'right'
}

export interface Column<Row> {
  header: string
  width: number
  align?: 'left' | 'right'
  value: (row: Row) => string
}

/** #rrggbb as pdf-lib's colour: the distributor's brand colour for the accent (DISTRIBUTOR_BRAND_COLOUR). */
export function pdfColour(hex: string) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number]
  return rgb(r, g, b)
}

const REPLACEMENTS: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u00a0': ' ',
}

export class PdfDocumentWriter {
  private page!: PDFPage
  private pageFont: PDFFont | null = null
  private y = 0
  private readonly pages: PDFPage[] = []
  private readonly charset: Set<number>

  private constructor(
    readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly footerText: string,
    private readonly accent: ReturnType<typeof rgb>,
  ) {
    this.charset = new Set(regular.getCharacterSet())
    this.newPage()
  }

  /** `accent`: the brand colour (#rrggbb) of headings and rules. */
  static async create(meta: { title: string; author: string; subject: string; footer: string; accent: string }): Promise<PdfDocumentWriter> {
    const doc = await PDFDocument.create()
    doc.setTitle(meta.title)
    doc.setAuthor(meta.author)
    doc.setSubject(meta.subject)
    doc.setCreator(meta.author)
    doc.setProducer('Trade ordering portal')
    const [regular, bold] = await Promise.all([doc.embedFont(StandardFonts.Helvetica), doc.embedFont(StandardFonts.HelveticaBold)])
    return new PdfDocumentWriter(doc, regular, bold, meta.footer, pdfColour(meta.accent))
  }

  get left() {
    return MARGIN
  }

  get right() {
    return A4[0] - MARGIN
  }

  get contentWidth() {
    return A4[0] - 2 * MARGIN
  }

  /** Text the standard fonts can draw: typographic quotes become plain ones, anything else unknown becomes '?'. */
  clean(text: string): string {
    let out = ''
    for (const ch of text.normalize('NFC')) {
      const replacement = REPLACEMENTS[ch]
      if (replacement !== undefined) out += replacement
      else if (ch === '\n' || ch === '\t') out += ' '
      else out += this.charset.has(ch.codePointAt(0) ?? 0) ? ch : '?'
    }
    return out
  }

  widthOf(text: string, options: TextOptions = {}): number {
    return this.fontOf(options).widthOfTextAtSize(this.clean(text), options.size ?? 9)
  }

  /** Draws one line of text at x on the current line (the cursor does not move). Right-aligned text ends at x. */
  textAt(text: string, x: number, options: TextOptions = {}, maxWidth?: number): void {
    const size = options.size ?? 9
    const font = this.fontOf(options)
    let value = this.clean(text)
    if (maxWidth !== undefined) value = this.fit(value, font, size, maxWidth)
    if (!value) return
    const width = font.widthOfTextAtSize(value, size)
    // Passing the font to drawText would add a font resource per call; setting it when it changes adds one per switch.
    if (this.pageFont !== font) {
      this.page.setFont(font)
      this.pageFont = font
    }
    this.page.drawText(value, {
      x: options.align === 'right' ? x - width : x,
      y: this.y - size,
      size,
      color: { ink: INK, muted: MUTED, accent: this.accent }[options.color ?? 'ink'],
    })
  }

  /** Moves the cursor down; starts a new page when less than `needed` points are left. */
  down(points: number) {
    this.y -= points
  }

  ensure(needed: number): boolean {
    if (this.y - needed >= MARGIN + FOOTER) return false
    this.newPage()
    return true
  }

  line(text: string, options: TextOptions = {}) {
    const size = options.size ?? 9
    this.ensure(size + 4)
    this.textAt(text, options.align === 'right' ? this.right : this.left, options)
    this.down(size + 4)
  }

  /** A paragraph wrapped to the content width. */
  paragraph(text: string, options: TextOptions = {}) {
    const size = options.size ?? 9
    const font = this.fontOf(options)
    const words = this.clean(text).split(/\s+/).filter(Boolean)
    let current = ''
    for (const word of words) {
      const next = current ? `${current} ${word}` : word
      if (font.widthOfTextAtSize(next, size) > this.contentWidth && current) {
        this.line(current, options)
        current = word
      } else {
        current = next
      }
    }
    if (current) this.line(current, options)
  }

  rule(color: 'rule' | 'accent' = 'rule', thickness = 0.75) {
    this.page.drawLine({
      start: { x: this.left, y: this.y },
      end: { x: this.right, y: this.y },
      thickness,
      color: color === 'accent' ? this.accent : RULE,
    })
  }

  /** Label/value pairs in two columns of `pairs.length / 2` rows each. */
  details(pairs: Array<[string, string]>, columns = 2) {
    const columnWidth = this.contentWidth / columns
    const rows = Math.ceil(pairs.length / columns)
    const size = 8.5
    this.ensure(rows * (size + 5))
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < columns; c++) {
        const pair = pairs[c * rows + r]
        if (!pair) continue
        const x = this.left + c * columnWidth
        this.textAt(pair[0], x, { size, color: 'muted' }, 92)
        this.textAt(pair[1], x + 96, { size }, columnWidth - 104)
      }
      this.down(size + 5)
    }
  }

  /**
   * A table: a shaded header row, then one row per item, the header repeated on each new page.
   * Column widths are in points and should add up to the content width.
   */
  table<Row>(columns: Array<Column<Row>>, rows: Row[], options: { size?: number; zebra?: boolean } = {}) {
    const size = options.size ?? 8.5
    const rowHeight = size + 6
    const header = () => {
      this.page.drawRectangle({ x: this.left, y: this.y - rowHeight, width: this.contentWidth, height: rowHeight, color: SHADE })
      this.down(3)
      this.cells(
        columns,
        columns.map((c) => c.header),
        { size, bold: true },
      )
      this.down(rowHeight - 3)
    }
    this.ensure(rowHeight * 3)
    header()
    rows.forEach((row, index) => {
      if (this.ensure(rowHeight)) header()
      if (options.zebra && index % 2 === 1) {
        this.page.drawRectangle({ x: this.left, y: this.y - rowHeight + 1, width: this.contentWidth, height: rowHeight - 1, color: rgb(0.975, 0.98, 0.975) })
      }
      this.down(3)
      this.cells(
        columns,
        columns.map((c) => c.value(row)),
        { size },
      )
      this.down(rowHeight - 3)
    })
    this.rule()
  }

  /** Right-aligned label and amount pairs under a table, the last one bold. */
  totals(pairs: Array<[string, string]>, options: { boldLast?: boolean } = {}) {
    const size = 9.5
    this.down(6)
    pairs.forEach(([label, value], i) => {
      const bold = options.boldLast !== false && i === pairs.length - 1
      this.ensure(size + 6)
      this.textAt(label, this.right - 90, { size, bold, align: 'right' })
      this.textAt(value, this.right, { size, bold, align: 'right' })
      this.down(size + 6)
    })
  }

  async save(): Promise<Uint8Array> {
    const count = this.pages.length
    this.pages.forEach((page, i) => {
      const label = `${this.footerText}   Page ${i + 1} of ${count}`
      page.setFont(this.regular)
      page.drawText(this.clean(label), { x: MARGIN, y: MARGIN - 10, size: 7.5, color: MUTED })
    })
    return this.doc.save()
  }

  private cells(columns: Array<{ width: number; align?: 'left' | 'right' }>, values: string[], options: TextOptions) {
    let x = this.left
    columns.forEach((column, i) => {
      const pad = 4
      const value = values[i] ?? ''
      if (column.align === 'right') this.textAt(value, x + column.width - pad, { ...options, align: 'right' }, column.width - 2 * pad)
      else this.textAt(value, x + pad, options, column.width - 2 * pad)
      x += column.width
    })
  }

  private fit(text: string, font: PDFFont, size: number, maxWidth: number): string {
    if (font.widthOfTextAtSize(text, size) <= maxWidth) return text
    let cut = text
    while (cut.length > 1 && font.widthOfTextAtSize(`${cut}...`, size) > maxWidth) cut = cut.slice(0, -1)
    return `${cut.trimEnd()}...`
  }

  private fontOf(options: TextOptions) {
    return options.bold ? this.bold : this.regular
  }

  private newPage() {
    this.page = this.doc.addPage(A4)
    this.pageFont = null
    this.pages.push(this.page)
    this.y = A4[1] - MARGIN
  }
}

/** Cents as the documents print them: 1,234.56 and -12.30. */
export function pdfMoney(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(Math.round(cents))
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${sign}${dollars}.${String(abs % 100).padStart(2, '0')}`
}

/** A YYYY-MM-DD date as documents print it in Australia: 03/03/2024. */
export function pdfDate(iso: string | null | undefined): string {
  if (!iso) return ''
  const [y, m, d] = iso.split('-')
  return `${d}/${m}/${y}`
}
