import { validCardNumber } from '@portal/contract/payments'
import type { FastifyInstance } from 'fastify'
import { randomInt } from 'node:crypto'
import type { Config } from '../config'
import type { Database } from '../db/database'
import {
  CLOCK_SKEW_MS,
  FINGERPRINT_VALIDITY_MS,
  fingerprintsMatch,
  parseTimestamp,
  requestFingerprint,
  resultFingerprint,
  timestampOf,
  TXN_PAYMENT,
  TXN_REFUND,
  xmlValue,
} from '../modules/payments/securepay'
import { escapeHtml, page } from './html'
import { SECUREPAY_DECLINES } from './test-cards'

/** SecurePay's test environment approves amounts ending in these cents (with that response code) and declines the rest. */
const APPROVED_CENTS = new Set(['00', '08', '11', '16'])
const RESPONSE_TEXTS: Record<string, string> = {
  '00': 'Approved',
  '08': 'Honour with ID',
  '11': 'Approved VIP',
  '16': 'Approved, Update Track 3',
  '05': 'Do Not Honour',
  '12': 'Invalid Transaction',
  '51': 'Insufficient Funds',
  '54': 'Expired Card',
  '91': 'Issuer Inoperative',
}

interface Outcome {
  summarycode: '1' | '2' | '3'
  rescode: string
  restext: string
}

const approved = (rescode = '00'): Outcome => ({ summarycode: '1', rescode, restext: RESPONSE_TEXTS[rescode] ?? 'Approved' })
const declined = (rescode: string, restext = RESPONSE_TEXTS[rescode] ?? 'Declined'): Outcome => ({ summarycode: '2', rescode, restext })
const failed = (rescode: string, restext: string): Outcome => ({ summarycode: '3', rescode, restext })

function fourDigitYear(year: string): number {
  const n = Number(year)
  return year.length === 2 ? 2000 + n : n
}

/** What the provider does with a Direct Post request, checked the way the real one checks it. */
function decide(f: Record<string, string | undefined>, password: string, testAmounts: boolean, now: Date): Outcome {
  const expected = requestFingerprint(password, {
    merchant: f.EPS_MERCHANT ?? '',
    txnType: f.EPS_TXNTYPE ?? '',
    referenceId: f.EPS_REFERENCEID ?? '',
    amount: f.EPS_AMOUNT ?? '',
    timestamp: f.EPS_TIMESTAMP ?? '',
  })
  if (!fingerprintsMatch(expected, f.EPS_FINGERPRINT)) return failed('575', 'Invalid Fingerprint')
  const sent = parseTimestamp(f.EPS_TIMESTAMP)
  if (!sent || now.getTime() - sent.getTime() > FINGERPRINT_VALIDITY_MS || sent.getTime() - now.getTime() > CLOCK_SKEW_MS)
    return failed('576', 'Timestamp Expired')
  if (f.EPS_TXNTYPE !== TXN_PAYMENT) return failed('577', 'Unsupported Transaction Type')
  if (!/^\d+\.\d{2}$/.test(f.EPS_AMOUNT ?? '')) return failed('578', 'Invalid Amount')
  const card = (f.EPS_CARDNUMBER ?? '').replace(/\D/g, '')
  if (!validCardNumber(card)) return failed('101', 'Invalid Credit Card Number')
  const month = Number(f.EPS_EXPIRYMONTH)
  const year = fourDigitYear(f.EPS_EXPIRYYEAR ?? '')
  const expired = !(month >= 1 && month <= 12) || year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
  if (expired) return declined('54')
  if (!/^\d{3,4}$/.test(f.EPS_CCV ?? '')) return failed('104', 'Invalid CCV')
  const decline = SECUREPAY_DECLINES[card]
  if (decline) return declined(decline.rescode, decline.restext)
  if (testAmounts) {
    const cents = f.EPS_AMOUNT!.slice(-2)
    return APPROVED_CENTS.has(cents) ? approved(cents) : declined(cents)
  }
  return approved()
}

const masked = (card: string) => (card.length >= 10 ? `${card.slice(0, 6)}...${card.slice(-3)}` : '')

/**
 * The SecurePay Direct Post stand-in: POST /sandbox/securepay/directpost/authorise takes the card form,
 * decides, signs the result with the merchant's transaction password and sends the browser to
 * EPS_RESULTURL (a GET with the result when EPS_REDIRECT is TRUE, else a form that posts it).
 */
export function securePaySandbox(app: FastifyInstance, config: Config, db: Database) {
  refundsSandbox(app, config, db)
  app.post('/securepay/directpost/authorise', { schema: { hide: true } }, async (req, reply) => {
    const settings = config.payments.securepay
    const f = (req.body ?? {}) as Record<string, string | undefined>
    const fail = (message: string) =>
      reply
        .status(400)
        .type('text/html; charset=utf-8')
        .send(page('Payment error', `<div class="card"><h1>Payment error</h1><p class="error">${escapeHtml(message)}</p></div>`))
    if (!settings) return fail('The SecurePay sandbox is not configured.')
    if (f.EPS_MERCHANT !== settings.merchantId) return fail('Invalid merchant.')
    if (!f.EPS_RESULTURL || !/^https?:\/\//.test(f.EPS_RESULTURL)) return fail('EPS_RESULTURL is missing.')
    const now = new Date()
    const outcome = decide(f, settings.password, config.payments.sandboxTestAmounts, now)
    const card = (f.EPS_CARDNUMBER ?? '').replace(/\D/g, '')
    const timestamp = timestampOf(now)
    const result: Record<string, string> = {
      merchant: settings.merchantId,
      refid: f.EPS_REFERENCEID ?? '',
      amount: f.EPS_AMOUNT ?? '',
      timestamp,
      summarycode: outcome.summarycode,
      rescode: outcome.rescode,
      restext: outcome.restext,
      txnid: String(randomInt(10_000_000, 99_999_999)),
      settdate: timestamp.slice(0, 8),
      pan: masked(card),
      expirydate: `${(f.EPS_EXPIRYMONTH ?? '').padStart(2, '0')}${(f.EPS_EXPIRYYEAR ?? '').slice(-2)}`,
    }
    // Kept as the provider keeps it, so that a refund is checked against a real approval.
    await db
      .insertInto('payment_sandbox_securepay')
      .values({
        transaction_id: result.txnid!,
        merchant_id: settings.merchantId,
        reference: result.refid!,
        amount_cents: Math.round(Number(result.amount) * 100) || 0,
        approved: outcome.summarycode === '1',
      })
      .onConflict((oc) => oc.column('transaction_id').doNothing())
      .execute()
    result.fingerprint = resultFingerprint(settings.password, {
      merchant: result.merchant!,
      referenceId: result.refid!,
      amount: result.amount!,
      timestamp,
      summaryCode: outcome.summarycode,
    })
    if ((f.EPS_REDIRECT ?? '').toUpperCase() === 'TRUE') {
      const target = new URL(f.EPS_RESULTURL)
      for (const [k, v] of Object.entries(result)) target.searchParams.set(k, v)
      return reply.redirect(target.toString(), 302)
    }
    const inputs = Object.entries(result)
      .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
      .join('')
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Payment result',
          `<div class="card"><h1>Payment ${outcome.summarycode === '1' ? 'approved' : 'not approved'}</h1><p>${escapeHtml(outcome.restext)}</p>` +
            `<form method="post" action="${escapeHtml(f.EPS_RESULTURL)}">${inputs}<div class="actions"><button type="submit">Return to the merchant</button></div></form></div>`,
        ),
      )
  })
}

const xmlAnswer = (status: string, description: string, txn?: { approved: boolean; code: string; text: string; txnId: string; messageId: string }) =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<SecurePayMessage>',
    `<MessageInfo><messageID>${escapeHtml(txn?.messageId ?? '')}</messageID><apiVersion>xml-4.2</apiVersion></MessageInfo>`,
    '<RequestType>Payment</RequestType>',
    `<Status><statusCode>${status}</statusCode><statusDescription>${escapeHtml(description)}</statusDescription></Status>`,
    txn
      ? `<Payment><TxnList count="1"><Txn ID="1"><txnType>${TXN_REFUND}</txnType><approved>${txn.approved ? 'Yes' : 'No'}</approved>` +
        `<responseCode>${txn.code}</responseCode><responseText>${escapeHtml(txn.text)}</responseText><txnID>${escapeHtml(txn.txnId)}</txnID></Txn></TxnList></Payment>`
      : '',
    '</SecurePayMessage>',
  ].join('')

/**
 * The XML API's refund (POST /sandbox/securepay/xmlapi/payment, txnType 4), checked as the provider checks it: our
 * merchant and transaction password, an approved payment of that transaction id and reference, and no more
 * refunded of it in all than was paid.
 */
function refundsSandbox(app: FastifyInstance, config: Config, db: Database) {
  app.addContentTypeParser(['text/xml', 'application/xml'], { parseAs: 'string' }, (_req, body, done) => done(null, body))
  app.post('/securepay/xmlapi/payment', { schema: { hide: true } }, async (req, reply) => {
    reply.type('text/xml; charset=utf-8')
    const settings = config.payments.securepay
    const xml = typeof req.body === 'string' ? req.body : ''
    const messageId = xmlValue(xml, 'messageID') ?? ''
    if (!settings || xmlValue(xml, 'merchantID') !== settings.merchantId || xmlValue(xml, 'password') !== settings.password) {
      return xmlAnswer('504', 'Invalid merchant ID or password')
    }
    const txn = xmlValue(xml, 'Txn') ?? ''
    if (xmlValue(txn, 'txnType') !== TXN_REFUND)
      return xmlAnswer('000', 'Normal', { approved: false, code: '177', text: 'Unsupported transaction type', txnId: '', messageId })
    const amount = Number(xmlValue(txn, 'amount'))
    const paid = await db
      .selectFrom('payment_sandbox_securepay')
      .selectAll()
      .where('transaction_id', '=', xmlValue(txn, 'txnID') ?? '')
      .where('merchant_id', '=', settings.merchantId)
      .executeTakeFirst()
    const refuse = (code: string, text: string) => xmlAnswer('000', 'Normal', { approved: false, code, text, txnId: '', messageId })
    if (!paid || !paid.approved || paid.reference !== xmlValue(txn, 'purchaseOrderNo')) return refuse('100', 'Invalid Transaction ID')
    if (!Number.isInteger(amount) || amount <= 0) return refuse('101', 'Invalid Amount')
    const refunded = await db
      .updateTable('payment_sandbox_securepay')
      .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', amount) }))
      .where('transaction_id', '=', paid.transaction_id)
      .where((eb) => eb(eb('refunded_cents', '+', amount), '<=', eb.ref('amount_cents')))
      .executeTakeFirst()
    if (Number(refunded.numUpdatedRows) !== 1) return refuse('134', 'Refund amount exceeds the amount of the original transaction')
    return xmlAnswer('000', 'Normal', { approved: true, code: '00', text: 'Approved', txnId: String(randomInt(100000, 999999)), messageId })
  })
}
