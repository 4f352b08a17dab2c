import type { Config } from '../../config'
import { PdfDocumentWriter, pdfDate, pdfMoney, type Column } from '../../lib/pdf-document'

export interface StatementData {
  account: { code: string; name: string; abn: string | null; termsDays: number }
  period: { description: string; from: string; to: string }
  /** The day the statement is made up to: the period's last day, or today while the period runs. */
  asAt: string
  dueDate: string
  openingCents: number
  invoices: Array<{ date: string; number: string; type: string; salesOrder: string; purchaseOrder: string; dueDate: string; cents: number }>
  payments: Array<{ date: string; reference: string; cents: number }>
  invoicedCents: number
  paidCents: number
  closingCents: number
  ageing: Ageing
}

export interface Ageing {
  currentCents: number
  days30Cents: number
  days60Cents: number
  days90Cents: number
}

/**
 * Ages what is owed at the end of a month by calendar month, oldest debts settled first: payments and
 * credit notes pay off the oldest invoices; what is left of this month's invoices is current, last
 * month's 30 days, the month before 60 days, anything older 90+ days. Unapplied credit counts as current.
 * The buckets always add up to invoiced less credited.
 */
export function ageBalance(invoicedByMonth: Array<{ month: string; cents: number }>, creditedCents: number, statementMonth: string): Ageing {
  const monthNumber = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1
  const now = monthNumber(statementMonth)
  const ageing: Ageing = { currentCents: 0, days30Cents: 0, days60Cents: 0, days90Cents: 0 }
  let credit = creditedCents
  for (const { month, cents } of [...invoicedByMonth].sort((a, b) => a.month.localeCompare(b.month))) {
    const applied = Math.min(Math.max(credit, 0), cents)
    credit -= applied
    const left = cents - applied
    const age = now - monthNumber(month)
    if (age <= 0) ageing.currentCents += left
    else if (age === 1) ageing.days30Cents += left
    else if (age === 2) ageing.days60Cents += left
    else ageing.days90Cents += left
  }
  ageing.currentCents -= credit
  return ageing
}

const TYPE_NAMES: Record<string, string> = { INV: 'Invoice', CRN: 'Credit note' }

/** The account statement for a period: opening balance, the period's invoices and payments, closing balance and ageing. */
export async function statementPdf(config: Config, s: StatementData): Promise<Uint8Array> {
  const { distributor } = config
  const pdf = await PdfDocumentWriter.create({
    title: `Statement ${s.period.description} ${s.account.code}`,
    author: distributor.name,
    subject: `Account statement for ${s.account.name}, ${s.period.description}`,
    footer: `${distributor.name}  ABN ${distributor.abn}  Statement ${s.period.description}  Account ${s.account.code}`,
    accent: distributor.brandColour,
  })

  pdf.textAt(distributor.name, pdf.left, { size: 16, bold: true, color: 'accent' })
  pdf.textAt('Statement', pdf.right, { size: 18, bold: true, align: 'right' })
  pdf.down(22)
  pdf.textAt(`ABN ${distributor.abn}`, pdf.left, { size: 10, bold: true })
  pdf.textAt(s.period.description, pdf.right, { size: 11, bold: true, align: 'right' })
  pdf.down(14)
  pdf.textAt(`Accounts ${distributor.accountsPhone}   ${distributor.email}`, pdf.left, { size: 8.5, color: 'muted' })
  pdf.textAt(`As at ${pdfDate(s.asAt)}`, pdf.right, { size: 9, align: 'right' })
  pdf.down(11)
  // Payments by post go to the postal address.
  pdf.textAt(distributor.postalAddress, pdf.left, { size: 8.5, color: 'muted' }, pdf.contentWidth / 2)
  pdf.down(16)
  pdf.rule('accent', 1.5)
  pdf.down(12)

  pdf.details([
    ['Account', s.account.name],
    ['Account number', s.account.code],
    ['ABN', s.account.abn ?? ''],
    ['Period', `${pdfDate(s.period.from)} to ${pdfDate(s.period.to)}`],
    ['Trading terms', `${s.account.termsDays} days`],
    ['Payment due', pdfDate(s.dueDate)],
  ])
  pdf.down(10)

  pdf.line('Account summary', { size: 11, bold: true })
  pdf.down(2)
  pdf.totals(
    [
      ['Opening balance', pdfMoney(s.openingCents)],
      ['plus Invoices and credits', pdfMoney(s.invoicedCents)],
      ['less Payments', pdfMoney(s.paidCents)],
      ['Closing balance', pdfMoney(s.closingCents)],
    ],
    { boldLast: true },
  )
  pdf.down(10)

  pdf.line('Invoices and credits', { size: 11, bold: true })
  pdf.down(2)
  type Invoice = StatementData['invoices'][number]
  const invoiceColumns: Array<Column<Invoice>> = [
    { header: 'Date', width: 62, value: (i) => pdfDate(i.date) },
    { header: 'Number', width: 72, value: (i) => i.number },
    { header: 'Type', width: 62, value: (i) => TYPE_NAMES[i.type] ?? i.type },
    { header: 'Sales order', width: 72, value: (i) => i.salesOrder },
    { header: 'Purchase order', width: 110, value: (i) => i.purchaseOrder },
    { header: 'Due', width: 62, value: (i) => pdfDate(i.dueDate) },
    { header: 'Amount', width: 75.28, align: 'right', value: (i) => pdfMoney(i.cents) },
  ]
  if (s.invoices.length > 0) pdf.table(invoiceColumns, s.invoices, { zebra: true })
  else pdf.line('No invoices or credits in this period.', { color: 'muted' })
  pdf.totals([['Total invoices and credits', pdfMoney(s.invoicedCents)]])
  pdf.down(10)

  pdf.line('Payments received', { size: 11, bold: true })
  pdf.down(2)
  type Payment = StatementData['payments'][number]
  const paymentColumns: Array<Column<Payment>> = [
    { header: 'Date', width: 62, value: (p) => pdfDate(p.date) },
    { header: 'Reference', width: 378, value: (p) => p.reference },
    { header: 'Amount', width: 75.28, align: 'right', value: (p) => pdfMoney(p.cents) },
  ]
  if (s.payments.length > 0) pdf.table(paymentColumns, s.payments, { zebra: true })
  else pdf.line('No payments in this period.', { color: 'muted' })
  pdf.totals([['Total payments', pdfMoney(s.paidCents)]])
  pdf.down(10)

  pdf.line('Ageing of the closing balance', { size: 11, bold: true })
  pdf.down(2)
  const buckets: Array<Column<Ageing & { total: number }>> = [
    { header: 'Current', width: 103, align: 'right', value: (a) => pdfMoney(a.currentCents) },
    { header: '30 days', width: 103, align: 'right', value: (a) => pdfMoney(a.days30Cents) },
    { header: '60 days', width: 103, align: 'right', value: (a) => pdfMoney(a.days60Cents) },
    { header: '90+ days', width: 103, align: 'right', value: (a) => pdfMoney(a.days90Cents) },
    { header: 'Total due', width: 103.28, align: 'right', value: (a) => pdfMoney(a.total) },
  ]
  pdf.table(buckets, [{ ...s.ageing, total: s.closingCents }])
  pdf.down(14)
  pdf.paragraph(
    `Invoices are due on the 25th of the month after the invoice date. Please pay the closing balance by ${pdfDate(s.dueDate)}; any amount in the 30, 60 or 90+ days columns is overdue and should be paid immediately. Questions about your account or credit limit: call accounts receivable on ${distributor.accountsPhone}.`,
    { size: 8.5, color: 'muted' },
  )
  return pdf.save()
}
