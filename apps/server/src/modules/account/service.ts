import type { AccountBalance, FinancialPeriod, StatementBody } from '@portal/contract/account'
import type { Message } from '@portal/contract/common'
import type { DeliverySite } from '@portal/contract/reference'
import type { Deps, Session } from '../../lib/context'
import { today } from '../../lib/date-range'
import { AppError, tooManyRequests } from '../../lib/errors'
import { dollars } from '../../lib/money'
import { enqueueMail } from '../mail/outbox'
import * as repo from './repo'
import { ageBalance, statementPdf, type StatementData } from './statement'

export async function deliverySites({ db }: Deps, session: Session): Promise<DeliverySite[]> {
  const rows = await repo.listDeliverySites(db, session.accountId)
  return rows.map((s) => ({
    SiteCode: s.site_code,
    Name: s.name,
    Address1: s.address1,
    Address2: s.address2,
    City: s.city,
    State: s.state,
    PostalCode: s.postal_code,
    Contact: s.contact,
    Email: s.email,
    Phone: s.phone,
    Fax: s.fax,
    LocationID: s.location_id,
  }))
}

export async function balance({ db }: Deps, session: Session): Promise<AccountBalance> {
  const [row, unprocessed] = await Promise.all([repo.findBalance(db, session.accountId), repo.paymentsNotProcessed(db, session.accountId)])
  return {
    Total: dollars(row.balance_cents),
    CreditLimit: dollars(row.credit_limit_cents),
    Terms: row.terms_days,
    // Card payments of invoices show at once; the ERP's next balance takes them in (decision 0090).
    PaymentsNotProcessed: dollars(unprocessed.reduce((sum, p) => sum + p.amount_cents, 0)),
    UnprocessedPayments: unprocessed.map((p) => ({ Reference: p.reference, PaidOn: p.paid_on, Amount: dollars(p.amount_cents), PaymentID: p.id })),
  }
}

export async function financialPeriods({ db }: Deps): Promise<FinancialPeriod[]> {
  const rows = await repo.listFinancialPeriods(db, today())
  return rows.map((p) => ({ financialPeriod: p.financial_period, financialYear: p.financial_year, DESCRIPTION: p.description }))
}

/** The 25th of the month after a day. */
function dueDate(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number]
  return m === 12 ? `${y + 1}-01-25` : `${y}-${String(m + 1).padStart(2, '0')}-25`
}

/** The account's statement for one financial period, with everything its PDF prints. */
export async function buildStatement({ db }: Deps, session: Session, year: number, period: number): Promise<StatementData> {
  const found = await repo.findFinancialPeriod(db, year, period)
  const now = today()
  if (!found || found.start_date > now) throw new AppError(422, 'unknown_period', 'There is no statement for that period.')
  const asAt = found.end_date < now ? found.end_date : now
  const [account, openingCents, invoices, payments, invoicedByMonth, creditedCents] = await Promise.all([
    repo.findBalance(db, session.accountId),
    repo.balanceBefore(db, session.accountId, found.start_date),
    repo.invoicesBetween(db, session.accountId, found.start_date, found.end_date),
    repo.paymentsBetween(db, session.accountId, found.start_date, found.end_date),
    repo.invoicedByMonth(db, session.accountId, found.end_date),
    repo.creditedUpTo(db, session.accountId, found.end_date),
  ])
  const invoicedCents = invoices.reduce((sum, i) => sum + i.extended_inc_cents, 0)
  const paidCents = payments.reduce((sum, p) => sum + p.amount_cents, 0)
  return {
    account: { code: account.code, name: account.name, abn: account.abn, termsDays: account.terms_days },
    period: { description: found.description, from: found.start_date, to: found.end_date },
    asAt,
    dueDate: dueDate(found.end_date),
    openingCents,
    invoices: invoices.map((i) => ({
      date: i.invoice_date,
      number: i.invoice,
      type: i.transaction_type,
      salesOrder: i.sales_order,
      purchaseOrder: i.customer_purchase_order,
      dueDate: i.due_date,
      cents: i.extended_inc_cents,
    })),
    payments: payments.map((p) => ({ date: p.payment_date, reference: p.reference, cents: p.amount_cents })),
    invoicedCents,
    paidCents,
    closingCents: openingCents + invoicedCents - paidCents,
    ageing: ageBalance(invoicedByMonth, creditedCents, found.end_date.slice(0, 7)),
  }
}

/** Each statement is a PDF built on request and an e-mail to any address: enough for a month-end, not for a flood. */
export const STATEMENTS_PER_HOUR = 20

/** Builds the period's statement as a PDF and e-mails it (outbox), keeping a record of the request. */
export async function requestStatement(deps: Deps, session: Session, body: StatementBody): Promise<Message> {
  if ((await repo.recentStatementRequests(deps.db, session.userId)) >= STATEMENTS_PER_HOUR) {
    throw tooManyRequests('You have requested a lot of statements in the last hour. Please try again later.')
  }
  const statement = await buildStatement(deps, session, body.finyear, body.period)
  const pdf = await statementPdf(deps.config, statement)
  const { distributor } = deps.config
  await deps.db.transaction().execute(async (trx) => {
    const outboxId = await enqueueMail(trx, {
      to: body.email,
      subject: `Your ${distributor.name} statement for ${statement.period.description}`,
      text: [
        'Hello,',
        '',
        `Attached is the statement of account ${statement.account.code} (${statement.account.name}) for ${statement.period.description}, requested by ${session.name}.`,
        '',
        `Closing balance: $${(statement.closingCents / 100).toFixed(2)}. Invoices are due on the 25th of the month after the invoice date.`,
        `Questions about your account: call accounts receivable on ${distributor.accountsPhone}.`,
        '',
        distributor.name,
        `ABN ${distributor.abn}`,
        distributor.postalAddress,
      ].join('\n'),
      attachments: [
        {
          filename: `statement-${statement.account.code}-${body.finyear}-${String(body.period).padStart(2, '0')}.pdf`,
          contentType: 'application/pdf',
          content: Buffer.from(pdf).toString('base64'),
        },
      ],
    })
    await repo.recordStatementRequest(trx, {
      accountId: session.accountId,
      userId: session.userId,
      email: body.email,
      year: body.finyear,
      period: body.period,
      outboxId,
    })
  })
  return { message: 'Statement request submitted! Please check your emails.' }
}
