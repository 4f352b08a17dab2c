import type { Config } from '../../config'
import { PdfDocumentWriter, pdfDate, pdfMoney, type Column } from '../../lib/pdf-document'

export interface ReceiptDocument {
  reference: string
  paidOn: string
  paidBy: string
  account: { code: string; name: string }
  provider: string
  transactionId: string | null
  invoices: Array<{ invoice: string; amountCents: number }>
  amountCents: number
}

/** How the receipt names the provider. */
const PROVIDER_NAMES: Record<string, string> = { securepay: 'SecurePay', mpgs: 'Mastercard Gateway' }

/** A receipt for a card payment of invoices: who paid, when, how much of each invoice, and the payment's reference. */
export async function receiptPdf(config: Config, doc: ReceiptDocument): Promise<Uint8Array> {
  const { distributor } = config
  const pdf = await PdfDocumentWriter.create({
    title: `Receipt ${doc.reference}`,
    author: distributor.name,
    subject: `Receipt ${doc.reference} for ${doc.account.name}`,
    footer: `${distributor.name}  ABN ${distributor.abn}  Receipt ${doc.reference}`,
    accent: distributor.brandColour,
  })
  pdf.textAt(distributor.name, pdf.left, { size: 16, bold: true, color: 'accent' })
  pdf.textAt('Receipt', pdf.right, { size: 18, bold: true, align: 'right' })
  pdf.down(22)
  pdf.textAt(`ABN ${distributor.abn}`, pdf.left, { size: 10, bold: true })
  pdf.textAt(doc.reference, pdf.right, { size: 11, bold: true, align: 'right' })
  pdf.down(14)
  pdf.textAt(`Phone ${distributor.phone}   ${distributor.email}`, pdf.left, { size: 8.5, color: 'muted' })
  pdf.textAt(`Paid ${pdfDate(doc.paidOn)}`, pdf.right, { size: 9, align: 'right' })
  pdf.down(11)
  pdf.textAt(distributor.address, pdf.left, { size: 8.5, color: 'muted' }, pdf.contentWidth / 2)
  pdf.down(16)
  pdf.rule('accent', 1.5)
  pdf.down(12)
  pdf.details([
    ['Received from', doc.account.name],
    ['Account', doc.account.code],
    ['Paid by', doc.paidBy],
    ['Date paid', pdfDate(doc.paidOn)],
    ['Payment reference', doc.reference],
    ['Paid by card through', PROVIDER_NAMES[doc.provider] ?? doc.provider],
    ['Card transaction', doc.transactionId ?? ''],
  ])
  pdf.down(10)
  type Line = ReceiptDocument['invoices'][number]
  const columns: Array<Column<Line>> = [
    { header: 'Invoice', width: 300, value: (l) => l.invoice },
    { header: 'Amount paid', width: 215.28, align: 'right', value: (l) => pdfMoney(l.amountCents) },
  ]
  pdf.table(columns, doc.invoices, { zebra: true, size: 9 })
  pdf.totals([['Total paid inc GST', pdfMoney(doc.amountCents)]])
  pdf.down(14)
  pdf.paragraph('All amounts are in Australian dollars. This receipt is not a tax invoice: the tax invoices are the invoices it pays.', {
    size: 8,
    color: 'muted',
  })
  return pdf.save()
}
