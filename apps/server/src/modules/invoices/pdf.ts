import type { Config } from '../../config'
import { PdfDocumentWriter, pdfDate, pdfMoney, type Column } from '../../lib/pdf-document'

export interface InvoiceDocument {
  invoice: string
  transactionType: string
  invoiceDate: string
  dueDate: string
  salesOrder: string
  customerPurchaseOrder: string
  description: string
  branchName: string
  brn: string
  carrier: string
  consignmentNote: string
  account: { code: string; name: string; abn: string | null }
  delivery: { name: string; address1: string; address2: string; city: string; state: string; postalCode: string }
  lines: Array<{ productCode: string; description: string; quantity: number; unitPriceCents: number; exCents: number; taxCents: number; incCents: number }>
  totals: { exCents: number; taxCents: number; incCents: number }
}

/** The document's title: a tax invoice, or for a credit the adjustment note the ATO asks for. */
export function invoiceTitle(transactionType: string): string {
  return transactionType === 'CRN' ? 'Adjustment Note' : 'Tax Invoice'
}

/**
 * An Australian tax invoice: the supplier's name and ABN, the words 'Tax Invoice', the date, the
 * buyer, each line with its GST and the GST in total (prices ex GST, GST 10%).
 */
export async function invoicePdf(config: Config, doc: InvoiceDocument): Promise<Uint8Array> {
  const { distributor } = config
  const title = invoiceTitle(doc.transactionType)
  const pdf = await PdfDocumentWriter.create({
    title: `${title} ${doc.invoice}`,
    author: distributor.name,
    subject: `${title} ${doc.invoice} for ${doc.account.name}`,
    footer: `${distributor.name}  ABN ${distributor.abn}  ${title} ${doc.invoice}`,
    accent: distributor.brandColour,
  })

  pdf.textAt(distributor.name, pdf.left, { size: 16, bold: true, color: 'accent' })
  pdf.textAt(title, pdf.right, { size: 18, bold: true, align: 'right' })
  pdf.down(22)
  pdf.textAt(`ABN ${distributor.abn}`, pdf.left, { size: 10, bold: true })
  pdf.textAt(doc.invoice, pdf.right, { size: 11, bold: true, align: 'right' })
  pdf.down(14)
  pdf.textAt(`Phone ${distributor.phone}   ${distributor.email}`, pdf.left, { size: 8.5, color: 'muted' })
  pdf.textAt(`Date of issue ${pdfDate(doc.invoiceDate)}`, pdf.right, { size: 9, align: 'right' })
  pdf.down(11)
  pdf.textAt(distributor.address, pdf.left, { size: 8.5, color: 'muted' }, pdf.contentWidth / 2)
  pdf.down(16)
  pdf.rule('accent', 1.5)
  pdf.down(12)

  const half = pdf.contentWidth / 2
  const address = [
    doc.delivery.name,
    doc.delivery.address1,
    doc.delivery.address2,
    `${doc.delivery.city} ${doc.delivery.state} ${doc.delivery.postalCode}`.trim(),
  ].filter((l) => l.trim() !== '')
  const billTo = [doc.account.name, `Account ${doc.account.code}`, ...(doc.account.abn ? [`ABN ${doc.account.abn}`] : [])]
  pdf.textAt('Bill to', pdf.left, { size: 8, bold: true, color: 'muted' })
  pdf.textAt('Deliver to', pdf.left + half, { size: 8, bold: true, color: 'muted' })
  pdf.down(12)
  for (let i = 0; i < Math.max(billTo.length, address.length); i++) {
    pdf.textAt(billTo[i] ?? '', pdf.left, { size: 9, bold: i === 0 }, half - 12)
    pdf.textAt(address[i] ?? '', pdf.left + half, { size: 9, bold: i === 0 }, half - 12)
    pdf.down(12)
  }
  pdf.down(8)

  const credit = doc.transactionType === 'CRN'
  pdf.details([
    [credit ? 'Adjustment note' : 'Invoice number', doc.invoice],
    [credit ? 'Date' : 'Invoice date', pdfDate(doc.invoiceDate)],
    ...(credit ? [] : ([['Payment due', pdfDate(doc.dueDate)]] as Array<[string, string]>)),
    ['Sales order', doc.salesOrder],
    ['Purchase order', doc.customerPurchaseOrder],
    ['Branch', doc.branchName],
    ['BRN', doc.brn],
    ['Carrier', doc.carrier],
    ['Consignment note', doc.consignmentNote],
    ['Description', doc.description],
  ])
  pdf.down(10)

  type Line = InvoiceDocument['lines'][number]
  const columns: Array<Column<Line>> = [
    { header: 'Code', width: 100, value: (l) => l.productCode },
    { header: 'Description', width: 160, value: (l) => l.description },
    { header: 'Qty', width: 28, align: 'right', value: (l) => String(l.quantity) },
    { header: 'Unit price', width: 52, align: 'right', value: (l) => pdfMoney(l.unitPriceCents) },
    { header: 'Ex GST', width: 58, align: 'right', value: (l) => pdfMoney(l.exCents) },
    { header: 'GST', width: 46, align: 'right', value: (l) => pdfMoney(l.taxCents) },
    { header: 'Inc GST', width: 71.28, align: 'right', value: (l) => pdfMoney(l.incCents) },
  ]
  pdf.table(columns, doc.lines, { zebra: true, size: 8 })
  pdf.totals([
    ['Total ex GST', pdfMoney(doc.totals.exCents)],
    ['Total GST', pdfMoney(doc.totals.taxCents)],
    [doc.totals.incCents < 0 ? 'Total credit inc GST' : 'Total payable inc GST', pdfMoney(doc.totals.incCents)],
  ])
  pdf.down(14)
  pdf.paragraph('All amounts are in Australian dollars. Unit prices are ex GST; GST is charged at 10% on the amount ex GST of each line.', {
    size: 8,
    color: 'muted',
  })
  if (doc.totals.incCents > 0) {
    pdf.paragraph(`Please pay by ${pdfDate(doc.dueDate)} (the 25th of the month after the invoice date), quoting invoice ${doc.invoice}.`, {
      size: 8,
      color: 'muted',
    })
  }
  return pdf.save()
}
