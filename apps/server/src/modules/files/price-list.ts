import type { Writable } from 'node:stream'

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export interface PriceListLine {
  code: string
  description: string
  brand: string
  category: string
  /** Dollars ex GST. */
  price: number
  cartonQty: number | null
  cartonPrice: number | null
  palletQty: number | null
  palletPrice: number | null
  rrp: number | null
  available: number
  barcode: string | null
}

export interface PriceList {
  title: string
  subtitle: string
  /** Resellers see one price per product: no carton, pallet or retail columns. */
  onePrice: boolean
  lines: PriceListLine[]
}

type Column = { header: string; width: number; value: (l: PriceListLine) => string | number | null; money?: boolean; count?: boolean }

const columns = (onePrice: boolean): Column[] => [
  { header: 'Product Code', width: 18, value: (l) => l.code },
  { header: 'Description', width: 48, value: (l) => l.description },
  { header: 'Brand', width: 20, value: (l) => l.brand },
  { header: 'Category', width: 24, value: (l) => l.category },
  { header: onePrice ? 'Price' : 'Unit Price', width: 12, value: (l) => l.price, money: true },
  ...(onePrice
    ? []
    : [
        { header: 'Carton Qty', width: 11, value: (l: PriceListLine) => l.cartonQty, count: true },
        { header: 'Carton Price', width: 13, value: (l: PriceListLine) => l.cartonPrice, money: true },
        { header: 'Pallet Qty', width: 11, value: (l: PriceListLine) => l.palletQty, count: true },
        { header: 'Pallet Price', width: 13, value: (l: PriceListLine) => l.palletPrice, money: true },
        { header: 'RRP', width: 11, value: (l: PriceListLine) => l.rrp, money: true },
      ]),
  { header: 'Available', width: 11, value: (l) => l.available, count: true },
  // Text, so that Excel keeps every digit of a 13-digit barcode instead of showing 9.31E+12.
  { header: 'Barcode', width: 17, value: (l) => l.barcode },
]

const HEADER_ROW = 4

/**
 * Writes the price list as an Excel workbook, streamed: a title, the account and date, then one
 * row per product under a frozen, filterable header. Prices are numbers formatted to 2 decimals.
 */
export async function writePriceList(list: PriceList, out: Writable): Promise<void> {
  // Loaded on the first price list, not at start: no other package the server uses takes as long to load.
  const { default: ExcelJS } = await import('exceljs')
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false })
  workbook.creator = list.title
  const cols = columns(list.onePrice)
  const sheet = workbook.addWorksheet('Price List', { views: [{ state: 'frozen', ySplit: HEADER_ROW }] })
  sheet.columns = cols.map((c) => ({ width: c.width, style: c.money ? { numFmt: '#,##0.00' } : c.count ? { numFmt: '0' } : {} }))

  const title = sheet.addRow([list.title])
  title.font = { bold: true, size: 14 }
  title.commit()
  sheet.addRow([list.subtitle]).commit()
  sheet.addRow([]).commit()
  const header = sheet.addRow(cols.map((c) => c.header))
  header.font = { bold: true }
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8F1EB' } }
    cell.border = { bottom: { style: 'thin', color: { argb: 'FFA9B5AD' } } }
  })
  header.commit()
  sheet.autoFilter = { from: { row: HEADER_ROW, column: 1 }, to: { row: HEADER_ROW, column: cols.length } }

  for (const line of list.lines) sheet.addRow(cols.map((c) => c.value(line))).commit()
  sheet.commit()
  await workbook.commit()
}
