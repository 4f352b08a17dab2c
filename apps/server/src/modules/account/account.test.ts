import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, DEMO, signIn, startTestApp, type TestContext } from '../../../test/helpers'
import { cents, pdfRows } from '../../../test/pdf-text'
import { ageBalance } from './statement'

let t: TestContext
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(async () => t?.close())

describe('delivery sites', () => {
  it("lists only the signed-in account's sites, with their contact fields", async () => {
    const token = await signIn(t.app, DEMO.trade)
    const res = await t.app.inject({ method: 'GET', url: '/api/delivery-sites', headers: bearer(token) })
    expect(res.statusCode).toBe(200)
    const sites = res.json() as Array<Record<string, string>>
    expect(sites.length).toBeGreaterThan(0)
    expect(Object.keys(sites[0]!)).toEqual(
      expect.arrayContaining(['SiteCode', 'Name', 'Address1', 'Address2', 'City', 'State', 'PostalCode', 'Contact', 'Email', 'Phone', 'Fax']),
    )

    const account = await t.db
      .selectFrom('users')
      .innerJoin('delivery_sites', 'delivery_sites.account_id', 'users.account_id')
      .select('delivery_sites.site_code')
      .where('users.username', '=', 'trade')
      .execute()
    expect(sites.map((s) => s.SiteCode).sort()).toEqual(account.map((r) => r.site_code).sort())
  })

  it("never shows another account's sites", async () => {
    const trade = (await t.app.inject({ method: 'GET', url: '/api/delivery-sites', headers: bearer(await signIn(t.app, DEMO.trade)) })).json()
    const cash = (await t.app.inject({ method: 'GET', url: '/api/delivery-sites', headers: bearer(await signIn(t.app, DEMO.cash)) })).json()
    const tradeNames = new Set(trade.map((s: { Name: string }) => s.Name))
    expect(cash.length).toBeGreaterThan(0)
    expect(cash.some((s: { Name: string }) => tradeNames.has(s.Name))).toBe(false)
  })

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/delivery-sites' })).statusCode).toBe(401)
  })
})

async function accountOf(username: string) {
  return t.db
    .selectFrom('users')
    .innerJoin('customer_accounts', 'customer_accounts.id', 'users.account_id')
    .select([
      'customer_accounts.id',
      'customer_accounts.code',
      'customer_accounts.balance_cents',
      'customer_accounts.credit_limit_cents',
      'customer_accounts.terms_days',
    ])
    .where('users.username', '=', username)
    .executeTakeFirstOrThrow()
}

describe('account balance (GET /api/account-balance)', () => {
  it("gives the signed-in account's balance, credit limit and terms in days", async () => {
    for (const who of ['trade', 'cash'] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/api/account-balance', headers: bearer(await signIn(t.app, DEMO[who])) })
      expect(res.statusCode).toBe(200)
      const account = await accountOf(who)
      expect(res.json()).toEqual({
        Total: account.balance_cents / 100,
        CreditLimit: account.credit_limit_cents / 100,
        Terms: account.terms_days,
        PaymentsNotProcessed: 0,
        UnprocessedPayments: [],
      })
    }
    const trade = await accountOf('trade')
    expect(trade.terms_days).toBe(30)
    expect(trade.credit_limit_cents).toBeGreaterThan(0)
    expect((await t.app.inject({ method: 'GET', url: '/api/account-balance' })).statusCode).toBe(401)
  })
})

describe('financial periods (GET /api/financial-periods)', () => {
  it('lists the periods that have begun, latest first, with their descriptions', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/financial-periods', headers: bearer(await signIn(t.app, DEMO.staff)) })
    expect(res.statusCode).toBe(200)
    const periods = res.json() as Array<{ financialPeriod: number; financialYear: number; DESCRIPTION: string }>
    const today = (await sql<{ d: string }>`SELECT current_date::text AS d`.execute(t.db)).rows[0]!.d
    const expected = await t.db.selectFrom('financial_periods').selectAll().where('start_date', '<=', today).orderBy('start_date', 'desc').execute()
    expect(periods.length).toBeGreaterThan(12)
    expect(periods).toEqual(expected.map((p) => ({ financialPeriod: p.financial_period, financialYear: p.financial_year, DESCRIPTION: p.description })))
    // July is period 1 of the year named by the June it ends in.
    const july = expected.find((p) => p.start_date.slice(5, 7) === '07')!
    expect(july.financial_period).toBe(1)
    expect(july.financial_year).toBe(Number(july.start_date.slice(0, 4)) + 1)
  })
})

describe('statements (POST /api/statements)', () => {
  type Statement = {
    opening: number
    invoiced: number
    paid: number
    closing: number
    invoiceLines: Array<{ number: string; amount: number }>
    paymentLines: number[]
    invoiceTotal: number
    paymentTotal: number
    ageing: number[]
    text: string
  }

  /** Reads the statement back from the PDF as its reader would. */
  async function readStatement(pdf: Buffer): Promise<Statement> {
    const { rows } = await pdfRows(pdf)
    const date = /^\d{2}\/\d{2}\/\d{4}$/
    const value = (label: string) => cents(rows.find((r) => r[0] === label)![1]!)
    let section = ''
    const s: Statement = {
      opening: value('Opening balance'),
      invoiced: value('plus Invoices and credits'),
      paid: value('less Payments'),
      closing: value('Closing balance'),
      invoiceLines: [],
      paymentLines: [],
      invoiceTotal: value('Total invoices and credits'),
      paymentTotal: value('Total payments'),
      ageing: [],
      text: rows.map((r) => r.join(' ')).join('\n'),
    }
    for (const row of rows) {
      if (row.length === 1 && ['Invoices and credits', 'Payments received', 'Ageing of the closing balance'].includes(row[0]!)) section = row[0]!
      else if (section === 'Invoices and credits' && date.test(row[0]!)) s.invoiceLines.push({ number: row[1]!, amount: cents(row.at(-1)!) })
      else if (section === 'Payments received' && date.test(row[0]!)) s.paymentLines.push(cents(row.at(-1)!))
      else if (section === 'Ageing of the closing balance' && row.length === 5 && row[0] !== 'Current') s.ageing = row.map(cents)
    }
    return s
  }

  async function request(who: keyof typeof DEMO, body: Record<string, unknown>) {
    return t.app.inject({ method: 'POST', url: '/api/statements', headers: bearer(await signIn(t.app, DEMO[who])), payload: body })
  }

  async function lastMail() {
    const mail = await t.db.selectFrom('email_outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow()
    const attachments = typeof mail.attachments === 'string' ? JSON.parse(mail.attachments) : mail.attachments
    return { ...mail, attachments: attachments as Array<{ filename: string; contentType: string; content: string }> }
  }

  it('e-mails the period statement as a PDF whose totals add up: closing = opening + invoices - payments, ageing = closing', async () => {
    const account = await accountOf('trade')
    const period = await t.db
      .selectFrom('financial_periods')
      .selectAll()
      .where('start_date', '<=', sql<string>`current_date - interval '2 months'`)
      .orderBy('start_date', 'desc')
      .executeTakeFirstOrThrow()
    const res = await request('trade', { email: 'accounts@kellysfarm.example', finyear: period.financial_year, period: period.financial_period })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ message: 'Statement request submitted! Please check your emails.' })

    const mail = await lastMail()
    expect(mail.to_address).toBe('accounts@kellysfarm.example')
    expect(mail.subject).toContain(period.description)
    expect(mail.attachments[0]).toMatchObject({ contentType: 'application/pdf' })
    const s = await readStatement(Buffer.from(mail.attachments[0]!.content, 'base64'))

    expect(s.text).toContain(`ABN ${t.config.distributor.abn}`)
    expect(s.text).toContain(period.description)
    expect(s.invoiceLines.length).toBeGreaterThan(0)
    expect(s.paymentLines.length).toBeGreaterThan(0)
    expect(s.invoiceLines.reduce((sum, l) => sum + l.amount, 0)).toBe(s.invoiceTotal)
    expect(s.paymentLines.reduce((sum, p) => sum + p, 0)).toBe(s.paymentTotal)
    expect(s.invoiced).toBe(s.invoiceTotal)
    expect(s.paid).toBe(s.paymentTotal)
    expect(s.closing).toBe(s.opening + s.invoiced - s.paid)
    expect(s.ageing).toHaveLength(5)
    expect(s.ageing[0]! + s.ageing[1]! + s.ageing[2]! + s.ageing[3]!).toBe(s.closing)
    expect(s.ageing[4]).toBe(s.closing)

    // The same figures from the ledger itself.
    const own = await t.db
      .selectFrom('invoices')
      .select(['invoice', 'extended_inc_cents'])
      .where('account_id', '=', account.id)
      .where('invoice_date', '>=', period.start_date)
      .where('invoice_date', '<=', period.end_date)
      .execute()
    expect(s.invoiceLines.map((l) => l.number).sort()).toEqual(own.map((i) => i.invoice).sort())
    const before = await sql<{ inv: number; paid: number }>`SELECT
        coalesce((SELECT sum(extended_inc_cents) FROM invoices WHERE account_id = ${account.id} AND invoice_date < ${period.start_date}::date), 0)::bigint AS inv,
        coalesce((SELECT sum(amount_cents) FROM payments WHERE account_id = ${account.id} AND payment_date < ${period.start_date}::date), 0)::bigint AS paid`.execute(
      t.db,
    )
    expect(s.opening).toBe(Number(before.rows[0]!.inv) - Number(before.rows[0]!.paid))

    const recorded = await t.db.selectFrom('statement_requests').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow()
    expect(recorded).toMatchObject({
      account_id: account.id,
      email: 'accounts@kellysfarm.example',
      financial_year: period.financial_year,
      financial_period: period.financial_period,
    })
    expect(Number(recorded.outbox_id)).toBe(Number(mail.id))
  })

  it("closes the current period on the account's balance", async () => {
    const account = await accountOf('trade')
    const current = await t.db
      .selectFrom('financial_periods')
      .selectAll()
      .where('start_date', '<=', sql<string>`current_date`)
      .orderBy('start_date', 'desc')
      .executeTakeFirstOrThrow()
    expect((await request('trade', { email: 'sam@kellysfarm.example', finyear: current.financial_year, period: current.financial_period })).statusCode).toBe(
      200,
    )
    const s = await readStatement(Buffer.from((await lastMail()).attachments[0]!.content, 'base64'))
    expect(s.closing).toBe(account.balance_cents)
  })

  it("holds only the signed-in account's transactions", async () => {
    const cash = await accountOf('cash')
    const current = await t.db
      .selectFrom('financial_periods')
      .selectAll()
      .where('start_date', '<=', sql<string>`current_date - interval '1 month'`)
      .orderBy('start_date', 'desc')
      .executeTakeFirstOrThrow()
    expect(
      (await request('cash', { email: 'priya@bellbraehobbyfarm.example', finyear: current.financial_year, period: current.financial_period })).statusCode,
    ).toBe(200)
    const s = await readStatement(Buffer.from((await lastMail()).attachments[0]!.content, 'base64'))
    const owners = await t.db
      .selectFrom('invoices')
      .select('account_id')
      .distinct()
      .where(
        'invoice',
        'in',
        s.invoiceLines.map((l) => l.number),
      )
      .execute()
    expect(owners.map((o) => o.account_id)).toEqual([cash.id])
    expect(s.text).toContain(cash.code)
  })

  it('refuses a period that does not exist, a bad address, and sends nothing then', async () => {
    const before = await lastMail()
    const missing = await request('trade', { email: 'sam@kellysfarm.example', finyear: 2001, period: 3 })
    expect(missing.statusCode).toBe(422)
    expect(missing.json().error).toBe('unknown_period')
    const bad = await request('trade', { email: 'nope', finyear: 2026, period: 3 })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fields[0].field).toBe('body.email')
    expect((await request('trade', { email: 'sam@kellysfarm.example', finyear: 2026, period: 13 })).statusCode).toBe(400)
    expect((await lastMail()).id).toBe(before.id)
  })
})

describe('statement requests in bulk', () => {
  it('stops a user after 20 statements in an hour', async () => {
    const staff = await t.db.selectFrom('users').select(['id', 'account_id']).where('username', '=', 'staff').executeTakeFirstOrThrow()
    const period = await t.db.selectFrom('financial_periods').selectAll().orderBy('start_date', 'desc').offset(2).executeTakeFirstOrThrow()
    await t.db
      .insertInto('statement_requests')
      .values(
        Array.from({ length: 20 }, () => ({
          account_id: staff.account_id,
          user_id: staff.id,
          email: 'jess@kellysfarm.example',
          financial_year: period.financial_year,
          financial_period: period.financial_period,
        })),
      )
      .execute()
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/statements',
      headers: bearer(await signIn(t.app, DEMO.staff)),
      payload: { email: 'jess@kellysfarm.example', finyear: period.financial_year, period: period.financial_period },
    })
    expect(res.statusCode).toBe(429)
    expect(res.json().error).toBe('too_many_requests')
    // Another user of the same account is not held up.
    const trade = await t.app.inject({
      method: 'POST',
      url: '/api/statements',
      headers: bearer(await signIn(t.app, DEMO.trade)),
      payload: { email: 'sam@kellysfarm.example', finyear: period.financial_year, period: period.financial_period },
    })
    expect(trade.statusCode).toBe(200)
  })
})

describe('ageing of a balance', () => {
  it('settles the oldest months first and buckets what is left by calendar month', () => {
    const months = [
      { month: '2026-05', cents: 10_000 },
      { month: '2026-06', cents: 20_000 },
      { month: '2026-07', cents: 30_000 },
      { month: '2026-08', cents: 40_000 },
      { month: '2026-09', cents: 50_000 },
    ]
    expect(ageBalance(months, 25_000, '2026-09')).toEqual({ currentCents: 50_000, days30Cents: 40_000, days60Cents: 30_000, days90Cents: 5_000 })
    expect(ageBalance(months, 100_000, '2026-09')).toEqual({ currentCents: 50_000, days30Cents: 0, days60Cents: 0, days90Cents: 0 })
  })

  it('shows unapplied credit as a negative current amount', () => {
    expect(ageBalance([{ month: '2026-09', cents: 1_000 }], 1_500, '2026-09')).toEqual({ currentCents: -500, days30Cents: 0, days60Cents: 0, days90Cents: 0 })
  })
})
