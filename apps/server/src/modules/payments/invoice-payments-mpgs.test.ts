import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, DEMO, signIn, startTestApp, type TestContext } from '../../../test/helpers'

// A payment of invoices through the Mastercard Gateway sandbox (decision 0090): the gateway's session, the hosted
// page, and the result the browser hands back, applied once however often it is handed back.

let t: TestContext
let trade: string
let tradeAccount: number

beforeAll(async () => {
  t = await startTestApp({ PAYMENT_PROVIDER: 'mpgs' })
  trade = await signIn(t.app, DEMO.trade)
  tradeAccount = (await t.db.selectFrom('users').select('account_id').where('username', '=', 'trade').executeTakeFirstOrThrow()).account_id
})
afterAll(async () => t?.close())

const used: number[] = [0]

/** An invoice of trade's account no test has used, with exactly this much outstanding. */
async function invoiceOwing(cents: number) {
  const row = await t.db
    .selectFrom('invoices')
    .select(['id', 'invoice'])
    .where('account_id', '=', tradeAccount)
    .where('id', 'not in', used)
    .where('transaction_type', '=', 'INV')
    .where('extended_inc_cents', '>=', cents)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
  used.push(row.id)
  await t.db.updateTable('invoices').set({ outstanding_cents: cents }).where('id', '=', row.id).execute()
  return row
}

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(trade), payload })

/** The payer on the gateway's hosted page; answers where the gateway sends the browser back to. */
async function payOnHostedPage(sessionId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/sandbox/mpgs/checkout/pay/${sessionId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ cardNumber: '5123450000000008', expiryMonth: '01', expiryYear: '39', securityCode: '100', action: 'pay' }).toString(),
  })
  expect(res.statusCode).toBe(303)
  return new URL(res.headers.location as string)
}

const allocated = async (invoiceId: number) =>
  Number(
    (await sql<{ s: string | null }>`SELECT sum(amount_cents) AS s FROM invoice_payment_allocations WHERE invoice_id = ${invoiceId}`.execute(t.db)).rows[0]!
      .s ?? 0,
  )

describe('paying invoices through the Mastercard Gateway sandbox', () => {
  it('opens a session for the stored amount, and applies an approved payment once however often it is reported', async () => {
    const invoice = await invoiceOwing(12_345)
    const created = await post('/api/invoice-payments', { invoices: [{ InvoiceID: invoice.id, Amount: 100 }], amount: 100 })
    expect(created.statusCode, created.body).toBe(200)
    const { paymentId } = created.json() as { paymentId: string }

    const session = await post('/api/invoice-payments/session', { paymentId })
    expect(session.statusCode, session.body).toBe(200)
    const { sessionId } = session.json() as { sessionId: string }
    const page = await t.app.inject({ method: 'GET', url: `/sandbox/mpgs/checkout/pay/${sessionId}` })
    expect(page.body).toContain('AUD 100.00')

    const back = await payOnHostedPage(sessionId)
    const resultIndicator = back.searchParams.get('resultIndicator')!
    expect(resultIndicator).toBeTruthy()

    // A forged indicator changes nothing.
    const forged = await post('/api/invoice-payments/complete', { sessionID: sessionId, resultIndicator: 'forged0000000000' })
    expect(forged.statusCode).toBe(422)
    expect(await allocated(invoice.id)).toBe(0)

    const done = await post('/api/invoice-payments/complete', { sessionID: sessionId, resultIndicator })
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json()).toMatchObject({ status: 'completed', amount: 100 })
    const again = await post('/api/invoice-payments/complete', { sessionID: sessionId, resultIndicator })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toMatchObject({ status: 'completed' })
    expect(await allocated(invoice.id)).toBe(10_000)

    const balance = (await t.app.inject({ method: 'GET', url: '/api/account-balance', headers: bearer(trade) })).json()
    expect(balance.UnprocessedPayments).toEqual(expect.arrayContaining([expect.objectContaining({ PaymentID: paymentId, Amount: 100 })]))
  })

  it('answers 404 for a session of a payment it does not know', async () => {
    const res = await post('/api/invoice-payments/session', { paymentId: '00000000-0000-4000-8000-000000000000' })
    expect(res.statusCode).toBe(404)
  })
})
