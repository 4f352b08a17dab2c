import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, DEMO, signIn, startTestApp, type TestContext } from '../../../test/helpers'
import { cents, pdfRows } from '../../../test/pdf-text'

let t: TestContext
const tokens: Record<keyof typeof DEMO, string> = { trade: '', staff: '', cash: '', elders: '' }
const accounts: Record<string, number> = {}

beforeAll(async () => {
  t = await startTestApp()
  for (const who of Object.keys(DEMO) as Array<keyof typeof DEMO>) {
    tokens[who] = await signIn(t.app, DEMO[who])
    accounts[who] = (await t.db.selectFrom('users').select('account_id').where('username', '=', who).executeTakeFirstOrThrow()).account_id
  }
})
afterAll(async () => t?.close())

type Row = Record<string, any>
const get = (who: keyof typeof DEMO, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]) })
async function list(who: keyof typeof DEMO, url: string): Promise<Row[]> {
  const res = await get(who, url)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as Row[]
}
const send = (who: keyof typeof DEMO, id: string | number, email: string) =>
  t.app.inject({ method: 'POST', url: `/api/invoices/${id}/send`, headers: bearer(tokens[who]), payload: { email } })

describe('invoice history (GET /api/invoices)', () => {
  it('pages by 20 and ends on a shorter page, then an empty one', async () => {
    const all = await t.db.selectFrom('invoices').select(['invoice']).where('account_id', '=', accounts.trade!).execute()
    expect(all.length).toBeGreaterThan(40)
    const pages: Row[][] = []
    for (let page = 1; page <= Math.floor(all.length / 20) + 2; page++) pages.push(await list('trade', `/api/invoices?startDate=2000-01-01&page=${page}`))
    const lengths = pages.map((p) => p.length)
    expect(lengths.slice(0, Math.floor(all.length / 20)).every((n) => n === 20)).toBe(true)
    expect(lengths.at(-2)).toBe(all.length % 20)
    expect(lengths.at(-1)).toBe(0)
    expect(new Set(pages.flat().map((r) => r.Invoice))).toEqual(new Set(all.map((a) => a.invoice)))
    const dates = pages.flat().map((r) => r.InvoiceDate)
    expect(dates).toEqual([...dates].sort().reverse())
  })

  it('defaults to six months ago to today and includes both bounds', async () => {
    const { today, from } = (
      await sql<{ today: string; from: string }>`SELECT current_date::text AS today, (current_date - interval '6 months')::date::text AS from`.execute(t.db)
    ).rows[0]!
    const expected = await t.db
      .selectFrom('invoices')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('account_id', '=', accounts.trade!)
      .where('invoice_date', '>=', from)
      .where('invoice_date', '<=', today)
      .executeTakeFirstOrThrow()
    let count = 0
    for (let page = 1; ; page++) {
      const rows = await list('trade', `/api/invoices?page=${page}`)
      count += rows.length
      if (rows.length < 20) break
    }
    expect(count).toBe(expected.n)

    const day = await t.db
      .selectFrom('invoices')
      .select(['invoice_date', sql<number>`count(*)::int`.as('n')])
      .where('account_id', '=', accounts.trade!)
      .groupBy('invoice_date')
      .orderBy(sql`count(*)`, 'desc')
      .executeTakeFirstOrThrow()
    const sameDay = await list('trade', `/api/invoices?startDate=${day.invoice_date}&endDate=${day.invoice_date}`)
    expect(sameDay).toHaveLength(day.n)
    expect(sameDay.every((r) => r.InvoiceDate === day.invoice_date)).toBe(true)
  })

  it("finds an order's invoices by its number however old the order is, and searches invoice numbers", async () => {
    const oldest = await t.db
      .selectFrom('invoices')
      .select(['invoice', 'sales_order', 'invoice_date'])
      .where('account_id', '=', accounts.trade!)
      .orderBy('invoice_date')
      .executeTakeFirstOrThrow()
    const forOrder = await list('trade', `/api/invoices?search=${oldest.sales_order}`)
    const expected = await t.db.selectFrom('invoices').select('invoice').where('sales_order', '=', oldest.sales_order).execute()
    expect(forOrder.map((r) => r.Invoice).sort()).toEqual(expected.map((e) => e.invoice).sort())
    expect(forOrder.every((r) => r.SalesOrder === oldest.sales_order)).toBe(true)
    expect((await list('trade', `/api/invoices?search=${oldest.invoice.toLowerCase()}`)).map((r) => r.Invoice)).toEqual([oldest.invoice])
    expect(await list('trade', `/api/invoices?search=${oldest.invoice}&startDate=2100-01-01`)).toEqual([])
  })

  it("never lists another account's invoices", async () => {
    const theirs = await t.db.selectFrom('invoices').select(['invoice', 'sales_order']).where('account_id', '=', accounts.cash!).executeTakeFirstOrThrow()
    expect(await list('trade', `/api/invoices?search=${theirs.invoice}`)).toEqual([])
    expect(await list('trade', `/api/invoices?search=${theirs.sales_order}`)).toEqual([])
    const rows = await list('cash', '/api/invoices?startDate=2000-01-01')
    const own = new Set((await t.db.selectFrom('invoices').select('invoice').where('account_id', '=', accounts.cash!).execute()).map((r) => r.invoice))
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((r) => own.has(r.Invoice))).toBe(true)
  })
})

describe('invoice detail (GET /api/invoices/{id})', () => {
  it('gives the tax invoice fields and lines, by invoice number or InvoiceID', async () => {
    const inv = await t.db
      .selectFrom('invoices')
      .selectAll()
      .where('account_id', '=', accounts.trade!)
      .where('transaction_type', '=', 'INV')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    const res = await get('trade', `/api/invoices/${inv.invoice}`)
    expect(res.statusCode).toBe(200)
    const detail = res.json()
    expect(detail).toMatchObject({
      Invoice: inv.invoice,
      InvoiceID: inv.id,
      TransactionType: 'INV',
      TransactionDate: inv.transaction_date,
      InvoiceDate: inv.invoice_date,
      DueDate: inv.due_date,
      BRN: inv.brn,
      SalesLocation: inv.sales_location,
      SalesOrder: inv.sales_order,
      CustomerPurchaseOrder: inv.customer_purchase_order,
      Carrier: inv.carrier,
      ConsignmentNote: inv.consignment_note,
      DeliveryName: inv.delivery_name,
      ExtendedTotalEx: inv.extended_ex_cents / 100,
      TaxTotal: inv.tax_cents / 100,
      ExtendedTotalInc: inv.extended_inc_cents / 100,
      Amount: inv.extended_inc_cents / 100,
    })
    const lineCount = await t.db
      .selectFrom('invoice_lines')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('invoice_id', '=', inv.id)
      .executeTakeFirstOrThrow()
    expect(detail.items).toHaveLength(lineCount.n)
    expect(detail.items.reduce((s: number, i: Row) => s + Math.round(i.TaxTotal * 100), 0)).toBe(inv.tax_cents)
    expect((await get('trade', `/api/invoices/${inv.id}`)).json()).toEqual(detail)
  })

  it("answers 404 for another account's invoice by number or id", async () => {
    const theirs = await t.db.selectFrom('invoices').select(['id', 'invoice']).where('account_id', '=', accounts.elders!).executeTakeFirstOrThrow()
    for (const id of [theirs.invoice, String(theirs.id)]) {
      expect((await get('trade', `/api/invoices/${id}`)).statusCode).toBe(404)
      expect((await get('trade', `/api/invoices/${id}/pdf`)).statusCode).toBe(404)
    }
  })
})

describe('e-mailing an invoice (POST /api/invoices/{id}/send)', () => {
  async function lastMail() {
    return t.db.selectFrom('email_outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow()
  }

  it('sends a PDF tax invoice with the supplier ABN and GST per line adding up to the GST total', async () => {
    const busiest = await t.db
      .selectFrom('invoices')
      .innerJoin('invoice_lines', 'invoice_lines.invoice_id', 'invoices.id')
      .select([
        'invoices.id',
        'invoices.invoice',
        'invoices.tax_cents',
        'invoices.extended_ex_cents',
        'invoices.extended_inc_cents',
        sql<number>`count(*)::int`.as('n'),
      ])
      .where('invoices.account_id', '=', accounts.trade!)
      .where('invoices.transaction_type', '=', 'INV')
      .groupBy('invoices.id')
      .orderBy(sql`count(*)`, 'desc')
      .executeTakeFirstOrThrow()
    expect(busiest.n).toBeGreaterThan(3)

    const res = await send('trade', busiest.invoice, 'books@kellysfarm.example')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ message: 'This invoice has been emailed to the address provided.' })

    const mail = await lastMail()
    expect(mail.to_address).toBe('books@kellysfarm.example')
    expect(mail.subject).toContain(busiest.invoice)
    const attachments = typeof mail.attachments === 'string' ? JSON.parse(mail.attachments) : mail.attachments
    expect(attachments).toHaveLength(1)
    expect(attachments[0]).toMatchObject({ filename: `${busiest.invoice}.pdf`, contentType: 'application/pdf' })

    const { rows } = await pdfRows(Buffer.from(attachments[0].content, 'base64'))
    const text = rows.map((r) => r.join(' ')).join('\n')
    expect(text).toContain('Tax Invoice')
    expect(text).toContain(`ABN ${t.config.distributor.abn}`)
    expect(text).toContain(busiest.invoice)

    const header = rows.findIndex((r) => r.join('|') === 'Code|Description|Qty|Unit price|Ex GST|GST|Inc GST')
    expect(header).toBeGreaterThan(-1)
    const totalsAt = rows.findIndex((r) => r[0] === 'Total ex GST')
    const lines = rows.slice(header + 1, totalsAt).filter((r) => r.length === 7)
    expect(lines).toHaveLength(busiest.n)
    const gstTotal = cents(rows.find((r) => r[0] === 'Total GST')![1]!)
    expect(lines.reduce((s, r) => s + cents(r[5]!), 0)).toBe(gstTotal)
    expect(gstTotal).toBe(busiest.tax_cents)
    expect(lines.reduce((s, r) => s + cents(r[4]!), 0)).toBe(cents(rows[totalsAt]![1]!))
    for (const line of lines) expect(cents(line[4]!) + cents(line[5]!)).toBe(cents(line[6]!))
  })

  it('gives the same PDF for download', async () => {
    const inv = await t.db.selectFrom('invoices').select(['id', 'invoice']).where('account_id', '=', accounts.trade!).executeTakeFirstOrThrow()
    const res = await get('trade', `/api/invoices/${inv.id}/pdf`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toContain(`${inv.invoice}.pdf`)
    const { pages, rows } = await pdfRows(res.rawPayload)
    expect(pages).toBe(1)
    expect(rows.flat()).toContain(inv.invoice)
  })

  it("refuses a bad address and another account's invoice, and sends nothing then", async () => {
    const before = await lastMail()
    const own = await t.db.selectFrom('invoices').select('invoice').where('account_id', '=', accounts.trade!).executeTakeFirstOrThrow()
    const bad = await send('trade', own.invoice, 'not-an-address')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fields[0].field).toBe('body.email')
    const theirs = await t.db.selectFrom('invoices').select('invoice').where('account_id', '=', accounts.cash!).executeTakeFirstOrThrow()
    expect((await send('trade', theirs.invoice, 'sam@kellysfarm.example')).statusCode).toBe(404)
    expect((await lastMail()).id).toBe(before.id)
  })
})
