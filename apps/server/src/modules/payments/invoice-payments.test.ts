import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { bearer, DEMO, signIn, startTestApp, TEST_ERP_KEY, type TestContext } from '../../../test/helpers'
import { addBuyer, arriveAt, payWithSecurePay } from '../../../test/payments'

const erpKey = { authorization: `Bearer ${TEST_ERP_KEY}` }
const APPROVED_CARD = { number: '4444333322221111' }

let t: TestContext
let trade: string
let elders: string
let tradeAccount: number

beforeAll(async () => {
  t = await startTestApp()
  ;[trade, elders] = await Promise.all([signIn(t.app, DEMO.trade), signIn(t.app, DEMO.elders)])
  tradeAccount = (await t.db.selectFrom('users').select('account_id').where('username', '=', 'trade').executeTakeFirstOrThrow()).account_id
})
afterAll(async () => t?.close())

// Each test starts with no payment waiting for the ERP.
beforeEach(async () => {
  await t.db
    .updateTable('invoice_payments')
    .set({ erp_acknowledged_at: new Date(), erp_receipt: 'BEFORE' })
    .where('status', '=', 'completed')
    .where('erp_acknowledged_at', 'is', null)
    .execute()
})

const used: number[] = [0]

/** An invoice of the account no test has used, with exactly this much outstanding. */
async function invoiceOwing(accountId: number, cents: number): Promise<{ id: number; invoice: string }> {
  const row = await t.db
    .selectFrom('invoices')
    .select(['id', 'invoice'])
    .where('account_id', '=', accountId)
    .where('id', 'not in', used)
    .where('transaction_type', '=', 'INV')
    .where('extended_inc_cents', '>=', cents)
    .where(sql<boolean>`NOT EXISTS (SELECT 1 FROM invoice_payment_allocations a WHERE a.invoice_id = invoices.id)`)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
  used.push(row.id)
  await t.db.updateTable('invoices').set({ outstanding_cents: cents }).where('id', '=', row.id).execute()
  return row
}

const create = (token: string, invoices: Array<{ InvoiceID: number; Amount: number }>, amount?: number, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/invoice-payments',
    headers: { ...bearer(token), ...headers },
    payload: { invoices, amount: amount ?? invoices.reduce((s, i) => Math.round((s + i.Amount) * 100) / 100, 0) },
  })

const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) })

/** Pays a created payment's card form at the SecurePay sandbox and follows the browser back; answers where it lands. */
async function pay(created: { formData: { fields: Record<string, string> } }) {
  const result = await payWithSecurePay(t.app, created.formData.fields, APPROVED_CARD)
  return { result, landing: await arriveAt(t.app, result) }
}

const allocated = async (invoiceId: number) =>
  Number(
    (await sql<{ s: string | null }>`SELECT sum(amount_cents) AS s FROM invoice_payment_allocations WHERE invoice_id = ${invoiceId}`.execute(t.db)).rows[0]!
      .s ?? 0,
  )

describe('paying invoices by card', () => {
  it('lists open invoices, pays part of one and all of another, e-mails a receipt, and shows the payment on the balance at once', async () => {
    const a = await invoiceOwing(tradeAccount, 10_000)
    const b = await invoiceOwing(tradeAccount, 2_550)
    const open = await get(trade, '/api/invoice-payments/open')
    expect(open.statusCode).toBe(200)
    expect(open.json().canPay).toBe(true)
    expect(open.json().invoices).toEqual(
      expect.arrayContaining([expect.objectContaining({ InvoiceID: a.id, Open: 100 }), expect.objectContaining({ InvoiceID: b.id, Open: 25.5 })]),
    )

    const res = await create(trade, [
      { InvoiceID: a.id, Amount: 40 },
      { InvoiceID: b.id, Amount: 25.5 },
    ])
    expect(res.statusCode, res.body).toBe(200)
    const created = res.json()
    expect(created.reference).toMatch(/^P[0-9A-F]{12}$/)
    expect(created.formData.fields.EPS_AMOUNT).toBe('65.50')
    expect((await get(trade, `/api/invoice-payments/${created.paymentId}`)).json().status).toBe('pending')

    const mails = await t.db.selectFrom('email_outbox').select('id').execute()
    const { landing } = await pay(created)
    expect(landing).toBe(`/invoices?paid=${created.paymentId}`)
    const status = (await get(trade, `/api/invoice-payments/${created.paymentId}`)).json()
    expect(status).toMatchObject({
      status: 'completed',
      amount: 65.5,
      invoices: [
        { InvoiceID: a.id, Invoice: a.invoice, Amount: 40 },
        { InvoiceID: b.id, Amount: 25.5 },
      ],
    })

    // a is partly paid, b paid: only a is still open, for the rest.
    const after = (await get(trade, '/api/invoice-payments/open')).json().invoices as Array<{ InvoiceID: number; Open: number }>
    expect(after.find((i) => i.InvoiceID === a.id)?.Open).toBe(60)
    expect(after.find((i) => i.InvoiceID === b.id)).toBeUndefined()

    const receipt = await get(trade, `/api/invoice-payments/${created.paymentId}/receipt`)
    expect(receipt.statusCode).toBe(200)
    expect(receipt.headers['content-type']).toBe('application/pdf')
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')

    const sent = await t.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('id', 'not in', mails.length ? mails.map((m) => m.id) : [0])
      .execute()
    const receiptMail = sent.find((m) => m.subject.startsWith(`Receipt ${created.reference}`))
    expect(receiptMail?.to_address ?? (receiptMail as any)?.to).toBeTruthy()
    expect(receiptMail!.subject).toBe(`Receipt ${created.reference}: your payment of $65.50 to ${t.config.distributor.name}`)

    const balance = (await get(trade, '/api/account-balance')).json()
    expect(balance.PaymentsNotProcessed).toBe(65.5)
    expect(balance.UnprocessedPayments).toEqual([expect.objectContaining({ Reference: created.reference, Amount: 65.5, PaymentID: created.paymentId })])
  })

  it("says in the invoice history which invoices are paid or partly paid, by the ERP's Outstanding and by payments not yet processed", async () => {
    const a = await invoiceOwing(tradeAccount, 10_000)
    const b = await invoiceOwing(tradeAccount, 2_550)
    const amounts = new Map(
      (await t.db.selectFrom('invoices').select(['id', 'extended_inc_cents']).where('id', 'in', [a.id, b.id]).execute()).map((i) => [
        i.id,
        Number(i.extended_inc_cents),
      ]),
    )
    // The ERP says part of each is paid already, or none of it when the Outstanding is the whole amount.
    await t.db
      .updateTable('invoices')
      .set({ outstanding_cents: amounts.get(a.id)! })
      .where('id', '=', a.id)
      .execute()
    const row = async (invoice: string) => {
      // The invoice history's pages are cached until the database's notification of a change arrives: the test's own
      // writes straight in the database are waited for, as another instance's would be.
      await t.changes.caughtUp()
      const rows = (await get(trade, `/api/invoices?search=${invoice}`)).json() as Array<{ Invoice: string; Paid: string | null; Open: number | null }>
      return rows.find((r) => r.Invoice === invoice)!
    }
    expect(await row(a.invoice)).toMatchObject({ Paid: null, Open: amounts.get(a.id)! / 100 })
    expect(await row(b.invoice)).toMatchObject({ Paid: amounts.get(b.id)! > 2_550 ? 'part paid' : null, Open: 25.5 })

    // Paid in the portal: the history shows it at once, before the ERP has taken the payment in.
    const created = (
      await create(trade, [
        { InvoiceID: a.id, Amount: 40 },
        { InvoiceID: b.id, Amount: 25.5 },
      ])
    ).json()
    await pay(created)
    expect(await row(a.invoice)).toMatchObject({ Paid: 'part paid', Open: (amounts.get(a.id)! - 4_000) / 100 })
    expect(await row(b.invoice)).toMatchObject({ Paid: 'paid', Open: 0 })

    // The ERP takes it in: Outstanding 0 after the acknowledgement still reads paid.
    await t.db.updateTable('invoice_payments').set({ erp_acknowledged_at: new Date(), erp_receipt: 'R1' }).where('id', '=', created.paymentId).execute()
    await t.db.updateTable('invoices').set({ outstanding_cents: 0 }).where('id', '=', b.id).execute()
    expect(await row(b.invoice)).toMatchObject({ Paid: 'paid', Open: 0 })

    // An invoice whose Outstanding the ERP never gave says nothing of its payment, nor does a credit note.
    await t.db.updateTable('invoices').set({ outstanding_known: false }).where('id', '=', b.id).execute()
    expect(await row(b.invoice)).toMatchObject({ Paid: null, Open: null })
    const credit = await t.db
      .selectFrom('invoices')
      .select('invoice')
      .where('account_id', '=', tradeAccount)
      .where('extended_inc_cents', '<', 0)
      .executeTakeFirst()
    if (credit) expect(await row(credit.invoice)).toMatchObject({ Paid: null, Open: null })
  })

  it('refuses more than is owing on an invoice (400 at the amount) and a total that does not add up, and changes nothing', async () => {
    const a = await invoiceOwing(tradeAccount, 5_000)
    const over = await create(trade, [{ InvoiceID: a.id, Amount: 50.01 }])
    expect(over.statusCode).toBe(400)
    expect(over.json().fields).toEqual([{ field: 'invoices.0.Amount', message: `Invoice ${a.invoice} has $50.00 owing. Pay at most that.` }])
    const mismatch = await create(trade, [{ InvoiceID: a.id, Amount: 20 }], 25)
    expect(mismatch.statusCode).toBe(400)
    expect(mismatch.json().fields[0].field).toBe('amount')
    for (const bad of [0, -5, 10.001]) expect((await create(trade, [{ InvoiceID: a.id, Amount: bad }], 10)).statusCode).toBe(400)
    const count = await t.db
      .selectFrom('invoice_payments')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('account_id', '=', tradeAccount)
      .executeTakeFirstOrThrow()
    expect((await create(trade, [{ InvoiceID: a.id, Amount: 60 }])).statusCode).toBe(400)
    expect(
      (
        await t.db
          .selectFrom('invoice_payments')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('account_id', '=', tradeAccount)
          .executeTakeFirstOrThrow()
      ).n,
    ).toBe(count.n)
  })

  it("answers 404 for another account's invoice and for another account's payment", async () => {
    const other = await t.db.selectFrom('customer_accounts').select('id').where('code', '=', 'MCDONALB').executeTakeFirstOrThrow()
    const theirs = await invoiceOwing(other.id, 5_000)
    expect((await create(trade, [{ InvoiceID: theirs.id, Amount: 10 }])).statusCode).toBe(404)
    const mine = await invoiceOwing(tradeAccount, 5_000)
    const created = (await create(trade, [{ InvoiceID: mine.id, Amount: 10 }])).json()
    const buyer = await addBuyer(t.db, other.id, 'other-payer')
    await t.db.updateTable('users').set({ can_pay_invoices: true }).where('id', '=', buyer.userId).execute()
    expect((await get(buyer.token, `/api/invoice-payments/${created.paymentId}`)).statusCode).toBe(404)
    expect((await get(buyer.token, `/api/invoice-payments/${created.paymentId}/receipt`)).statusCode).toBe(404)
  })

  it('lets a User pay only once the Administrator allows it (PUT /api/users/invoice-payments)', async () => {
    const a = await invoiceOwing(tradeAccount, 5_000)
    const staff = await signIn(t.app, DEMO.staff)
    expect((await get(staff, '/api/invoice-payments/open')).json().canPay).toBe(false)
    const refused = await create(staff, [{ InvoiceID: a.id, Amount: 10 }])
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe('Paying invoices online is for your Administrator and the users they allow. Ask your Administrator to allow you.')
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/users/invoice-payments', headers: bearer(staff), payload: { username: 'staff', allowed: true } }))
        .statusCode,
    ).toBe(403)
    const allow = await t.app.inject({
      method: 'PUT',
      url: '/api/users/invoice-payments',
      headers: bearer(trade),
      payload: { username: 'staff', allowed: true },
    })
    expect(allow.statusCode, allow.body).toBe(200)
    expect(allow.json().CanPayInvoices).toBe(true)
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/users/invoice-payments', headers: bearer(trade), payload: { username: 'trade', allowed: false } }))
        .statusCode,
    ).toBe(422)
    expect((await create(staff, [{ InvoiceID: a.id, Amount: 10 }])).statusCode).toBe(200)
    await t.app.inject({ method: 'PUT', url: '/api/users/invoice-payments', headers: bearer(trade), payload: { username: 'staff', allowed: false } })
    expect((await create(staff, [{ InvoiceID: a.id, Amount: 10 }])).statusCode).toBe(403)
  })

  it('lets a reseller pay the invoices its invoices screen shows', async () => {
    const account = (await t.db.selectFrom('users').select('account_id').where('username', '=', 'elders').executeTakeFirstOrThrow()).account_id
    const a = await invoiceOwing(account, 3_000)
    const res = await create(elders, [{ InvoiceID: a.id, Amount: 30 }])
    expect(res.statusCode, res.body).toBe(200)
    const { landing } = await pay(res.json())
    expect(landing).toBe(`/invoices?paid=${res.json().paymentId}`)
  })

  it('believes no forged result, applies a replayed one once, and never applies a replaced (stale) form', async () => {
    const a = await invoiceOwing(tradeAccount, 8_000)
    const created = (await create(trade, [{ InvoiceID: a.id, Amount: 30 }])).json()
    const result = await payWithSecurePay(t.app, created.formData.fields, APPROVED_CARD)
    // Forged: the amount changed, or the fingerprint.
    for (const [field, value] of [
      ['amount', '1.00'],
      ['fingerprint', 'f'.repeat(64)],
    ] as const) {
      const forged = new URL(result)
      forged.searchParams.set(field, value)
      expect(await arriveAt(t.app, forged)).toContain('/invoices?error=')
    }
    expect(await allocated(a.id)).toBe(0)
    // The real result, twice: applied once.
    expect(await arriveAt(t.app, result)).toBe(`/invoices?paid=${created.paymentId}`)
    expect(await arriveAt(t.app, result)).toBe(`/invoices?paid=${created.paymentId}`)
    expect(await allocated(a.id)).toBe(3_000)

    // A stale form: replaced by a newer payment, it is refused by the server and its approval refunded.
    const older = (await create(trade, [{ InvoiceID: a.id, Amount: 10 }])).json()
    const newer = (await create(trade, [{ InvoiceID: a.id, Amount: 20 }])).json()
    expect((await get(trade, `/api/invoice-payments/${older.paymentId}`)).json()).toMatchObject({ status: 'failed' })
    const stale = await pay(older)
    expect(stale.landing).toContain('/invoices?error=')
    expect(decodeURIComponent(stale.landing.replace(/\+/g, ' '))).toContain(
      'This payment was replaced by a newer payment of your invoices, so it was not applied. It has been refunded in full.',
    )
    expect(await allocated(a.id)).toBe(3_000)
    const refund = await t.db.selectFrom('card_refunds').selectAll().where('invoice_payment_id', '=', older.paymentId).executeTakeFirstOrThrow()
    expect(refund.status).toBe('refunded')
    expect((await pay(newer)).landing).toBe(`/invoices?paid=${newer.paymentId}`)
    expect(await allocated(a.id)).toBe(5_000)
  })

  it('refunds an approval whose invoice was paid meanwhile: the database never lets it be over-paid', async () => {
    const a = await invoiceOwing(tradeAccount, 4_000)
    const staff = (await t.db.selectFrom('users').select('id').where('username', '=', 'staff').executeTakeFirstOrThrow()).id
    await t.db.updateTable('users').set({ can_pay_invoices: true }).where('id', '=', staff).execute()
    const staffToken = await signIn(t.app, DEMO.staff)
    const first = (await create(trade, [{ InvoiceID: a.id, Amount: 40 }])).json()
    const second = (await create(staffToken, [{ InvoiceID: a.id, Amount: 40 }])).json()
    expect((await pay(first)).landing).toBe(`/invoices?paid=${first.paymentId}`)
    const late = await pay(second)
    expect(decodeURIComponent(late.landing.replace(/\+/g, ' '))).toContain('no longer have that much owing')
    expect(await allocated(a.id)).toBe(4_000)
    expect((await get(staffToken, `/api/invoice-payments/${second.paymentId}`)).json().status).toBe('failed')
    await t.db.updateTable('users').set({ can_pay_invoices: false }).where('id', '=', staff).execute()
  })

  it('refuses an allocation over what is open in the database itself, and two concurrent payments cannot both over-pay', async () => {
    const a = await invoiceOwing(tradeAccount, 1_000)
    const payment = async (reference: string) => {
      const id = (await sql<{ id: string }>`SELECT gen_random_uuid()::text AS id`.execute(t.db)).rows[0]!.id
      const user = (await t.db.selectFrom('users').select('id').where('username', '=', 'trade').executeTakeFirstOrThrow()).id
      await t.db
        .insertInto('invoice_payments')
        .values({
          id,
          reference,
          account_id: tradeAccount,
          user_id: user,
          payer_name: 'T',
          payer_email: 't@example.com',
          amount_cents: 800,
          allocations: '[{"invoiceId":1,"amountCents":800}]',
          provider: 'securepay',
        })
        .execute()
      return id
    }
    const [p1, p2] = [await payment('PTEST00000001'), await payment('PTEST00000002')]
    const allocate = (id: string) =>
      t.db.transaction().execute(async (trx) => {
        await trx.insertInto('invoice_payment_allocations').values({ payment_id: id, invoice_id: a.id, account_id: tradeAccount, amount_cents: 800 }).execute()
        await sql`SELECT pg_sleep(0.2)`.execute(trx)
      })
    const outcomes = await Promise.allSettled([allocate(p1), allocate(p2)])
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1)
    expect(await allocated(a.id)).toBe(800)
    // Not whole positive cents, or another account's invoice: refused too.
    await expect(
      t.db.insertInto('invoice_payment_allocations').values({ payment_id: p2, invoice_id: a.id, account_id: tradeAccount, amount_cents: 0 }).execute(),
    ).rejects.toThrow()
    const other = await t.db.selectFrom('invoices').select(['id', 'account_id']).where('account_id', '<>', tradeAccount).executeTakeFirstOrThrow()
    await expect(
      t.db.insertInto('invoice_payment_allocations').values({ payment_id: p2, invoice_id: other.id, account_id: tradeAccount, amount_cents: 1 }).execute(),
    ).rejects.toThrow()
    await expect(
      t.db.insertInto('invoice_payment_allocations').values({ payment_id: p2, invoice_id: other.id, account_id: other.account_id, amount_cents: 1 }).execute(),
    ).rejects.toThrow()
  })
})

describe('the ERP collects payments of invoices exactly once', () => {
  const collect = () => t.app.inject({ method: 'GET', url: '/api/erp/payments?status=new&limit=100', headers: erpKey })
  const ack = (id: string, Receipt: string) => t.app.inject({ method: 'POST', url: `/api/erp/payments/${id}/ack`, headers: erpKey, payload: { Receipt } })

  it('offers a completed payment once (leased), takes its receipt once, and then the balance no longer shows it', async () => {
    const a = await invoiceOwing(tradeAccount, 6_000)
    const created = (await create(trade, [{ InvoiceID: a.id, Amount: 60 }])).json()
    expect((await collect()).json()).toEqual([])
    await pay(created)
    const first = await collect()
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual([
      expect.objectContaining({
        PortalPaymentId: created.reference,
        AccountCode: 'KELLYFG',
        Amount: 60,
        Provider: 'securepay',
        allocations: [{ Invoice: a.invoice, Amount: 60 }],
      }),
    ])
    expect(first.json()[0].PaymentDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect((await collect()).json()).toEqual([])
    const done = await ack(created.reference, 'RC-1001')
    expect(done.json()).toEqual({ PortalPaymentId: created.reference, Receipt: 'RC-1001', acknowledged: 'now' })
    expect((await ack(created.reference, 'RC-1001')).json().acknowledged).toBe('already')
    expect((await ack(created.reference, 'RC-2002')).statusCode).toBe(409)
    expect((await ack('PNOSUCHPAYMNT', 'RC-1')).statusCode).toBe(404)
    expect((await ack(created.reference, 'has space')).statusCode).toBe(400)
    const balance = (await get(trade, '/api/account-balance')).json()
    expect(balance.UnprocessedPayments.map((p: { Reference: string }) => p.Reference)).not.toContain(created.reference)
    // Acknowledged, the payment still counts against the invoice until the ERP's outstanding amount changes.
    expect((await get(trade, '/api/invoice-payments/open')).json().invoices.find((i: { InvoiceID: number }) => i.InvoiceID === a.id)).toBeUndefined()
    await t.db.updateTable('invoices').set({ outstanding_cents: 0 }).where('id', '=', a.id).execute()
    expect((await get(trade, '/api/invoice-payments/open')).json().invoices.find((i: { InvoiceID: number }) => i.InvoiceID === a.id)).toBeUndefined()
  })
})
