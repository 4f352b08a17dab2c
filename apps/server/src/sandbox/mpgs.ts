import { validCardNumber } from '@portal/contract/payments'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { Config } from '../config'
import type { Database } from '../db/database'
import { escapeHtml, page } from './html'
import * as repo from './repo'
import { MPGS_EXPIRY_OUTCOMES, SANDBOX_TEST_CARDS } from './test-cards'

const error = (reply: FastifyReply, status: number, cause: string, explanation: string) =>
  reply.status(status).send({ result: 'ERROR', error: { cause, explanation } })

/** Basic auth as the gateway wants it: merchant.{merchantId}:{apiPassword}, for the merchant in the path. */
function authorised(req: FastifyRequest, config: Config, merchantId: string): boolean {
  const settings = config.payments.mpgs
  if (!settings || merchantId !== settings.merchantId) return false
  const expected = Buffer.from(`Basic ${Buffer.from(`merchant.${settings.merchantId}:${settings.apiPassword}`).toString('base64')}`)
  const given = Buffer.from(req.headers.authorization ?? '')
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/** Where the browser goes back to, with the gateway's query parameters added. */
function withParams(url: string, params: Record<string, string>): string {
  const target = new URL(url)
  for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v)
  return target.toString()
}

const CHECKOUT_JS = `/* Mastercard Gateway Hosted Checkout: the portal's local sandbox, with the gateway's API. */
(function () {
  var script = document.currentScript;
  var source = new URL(script.src, location.href);
  var base = source.origin + source.pathname.replace(/\\/static\\/checkout\\/checkout\\.min\\.js$/, '');
  var callbacks = { error: script.getAttribute('data-error'), cancel: script.getAttribute('data-cancel'), complete: script.getAttribute('data-complete') };
  var config = null;
  function call(name, args) {
    var target = callbacks[name];
    if (!target) return;
    if (/^(https?:)?\\//.test(target)) { location.assign(target); return; }
    var fn = window[target];
    if (typeof fn === 'function') fn.apply(window, args);
  }
  function show() {
    if (!config || !config.session || !config.session.id) {
      call('error', [{ cause: 'INVALID_REQUEST', explanation: 'Checkout.configure() needs a session id.' }]);
      return;
    }
    location.assign(base + '/checkout/pay/' + encodeURIComponent(config.session.id));
  }
  window.Checkout = {
    configure: function (c) { config = c; },
    showPaymentPage: show,
    showEmbeddedPage: function () { show(); },
    showLightbox: show
  };
  var params = new URLSearchParams(location.search);
  setTimeout(function () {
    if (params.get('resultIndicator')) call('complete', [params.get('resultIndicator'), params.get('sessionVersion')]);
    else if (params.get('cancelled')) call('cancel', []);
  }, 0);
})();
`

function payPage(session: NonNullable<Awaited<ReturnType<typeof repo.findSession>>>, merchantName: string, message?: string): string {
  const cards = SANDBOX_TEST_CARDS.mpgs.map((c) => `<tr><td>${c.number}</td><td>${c.expiry ?? ''}</td><td>${escapeHtml(c.result)}</td></tr>`).join('')
  const action = `/sandbox/mpgs/checkout/pay/${encodeURIComponent(session.id)}`
  return page(
    `Pay ${merchantName}`,
    `<div class="card">
<h1>Pay ${escapeHtml(merchantName)}</h1>
<p>${escapeHtml(session.description)}</p>
<p class="amount">${escapeHtml(session.currency)} ${escapeHtml(session.amount)}</p>
${message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : ''}
<form method="post" action="${action}">
<label for="cardholderName">Name on card</label><input id="cardholderName" name="cardholderName" autocomplete="cc-name">
<label for="cardNumber">Card number</label><input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number">
<div class="row">
<div><label for="expiryMonth">Expiry month (MM)</label><input id="expiryMonth" name="expiryMonth" inputmode="numeric" maxlength="2" placeholder="MM"></div>
<div><label for="expiryYear">Expiry year (YY)</label><input id="expiryYear" name="expiryYear" inputmode="numeric" maxlength="2" placeholder="YY"></div>
</div>
<label for="securityCode">Security code</label><input id="securityCode" name="securityCode" inputmode="numeric" maxlength="4" autocomplete="cc-csc">
<div class="actions"><button type="submit" name="action" value="pay">Pay ${escapeHtml(session.currency)} ${escapeHtml(session.amount)}</button>
<button type="submit" name="action" value="cancel" class="secondary">Cancel</button></div>
</form>
<p class="hint">Test cards: the outcome follows the expiry date.</p>
<table>${cards}</table>
</div>`,
  )
}

function outcomeFor(month: number, year: number, now: Date): string {
  const key = `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`
  const known = MPGS_EXPIRY_OUTCOMES[key]
  if (known) return known
  const full = 2000 + (year % 100)
  return full < now.getUTCFullYear() || (full === now.getUTCFullYear() && month < now.getUTCMonth() + 1) ? 'EXPIRED_CARD' : 'APPROVED'
}

/**
 * The Mastercard Gateway stand-in: the REST calls the portal makes (INITIATE_CHECKOUT, retrieve order), the
 * checkout.min.js the browser loads, and a hosted payment page that sends the payer back to the returnUrl
 * with a resultIndicator (the session's successIndicator when approved).
 */
export function mpgsSandbox(app: FastifyInstance, config: Config, db: Database) {
  const api = '/mpgs/api/rest/version/:version/merchant/:merchantId'

  app.post(`${api}/session`, { schema: { hide: true } }, async (req, reply) => {
    const { merchantId } = req.params as { merchantId: string }
    if (!authorised(req, config, merchantId)) return error(reply, 401, 'INVALID_REQUEST', 'Invalid credentials.')
    const body = (req.body ?? {}) as {
      apiOperation?: string
      order?: { id?: string; amount?: string | number; currency?: string; description?: string }
      interaction?: { returnUrl?: string; cancelUrl?: string; operation?: string }
    }
    if (body.apiOperation !== 'INITIATE_CHECKOUT') return error(reply, 400, 'INVALID_REQUEST', 'apiOperation must be INITIATE_CHECKOUT.')
    const amount = String(body.order?.amount ?? '')
    if (!body.order?.id || !/^\d+(\.\d{1,2})?$/.test(amount) || !body.order.currency)
      return error(reply, 400, 'INVALID_REQUEST', 'order.id, order.amount and order.currency are required.')
    if (!body.interaction?.returnUrl || !/^https?:\/\//.test(body.interaction.returnUrl))
      return error(reply, 400, 'INVALID_REQUEST', 'interaction.returnUrl is required.')
    const operation = body.interaction?.operation ?? 'PURCHASE'
    if (operation !== 'AUTHORIZE' && operation !== 'PURCHASE')
      return error(reply, 400, 'INVALID_REQUEST', 'interaction.operation must be AUTHORIZE or PURCHASE.')
    const session = {
      id: `SESSION0002${randomBytes(12).toString('hex').toUpperCase()}`,
      operation: operation as 'AUTHORIZE' | 'PURCHASE',
      merchantId,
      orderId: body.order.id,
      amount: Number(amount).toFixed(2),
      currency: body.order.currency,
      description: body.order.description ?? '',
      returnUrl: body.interaction.returnUrl,
      cancelUrl: body.interaction.cancelUrl ?? null,
      successIndicator: randomBytes(8).toString('hex'),
    }
    await repo.insertSession(db, session)
    return {
      checkoutMode: 'WEBSITE',
      merchant: merchantId,
      result: 'SUCCESS',
      session: { id: session.id, updateStatus: 'SUCCESS', version: randomBytes(5).toString('hex') },
      successIndicator: session.successIndicator,
    }
  })

  app.get(`${api}/order/:orderId`, { schema: { hide: true } }, async (req, reply) => {
    const { merchantId, orderId } = req.params as { merchantId: string; orderId: string }
    if (!authorised(req, config, merchantId)) return error(reply, 401, 'INVALID_REQUEST', 'Invalid credentials.')
    const payments = await repo.paymentsForOrder(db, merchantId, orderId)
    const last = payments.at(-1)
    if (!last) return error(reply, 400, 'INVALID_REQUEST', 'Unable to find order.')
    const captured = payments.find((p) => p.result === 'SUCCESS')
    const shown = captured ?? last
    return {
      id: orderId,
      amount: Number(shown.amount),
      currency: shown.currency,
      description: shown.description,
      result: shown.result,
      status: shown.order_status,
      totalCapturedAmount: captured?.order_status === 'CAPTURED' ? Number(captured.amount) : 0,
      transaction: payments.flatMap((p, i) => [
        {
          result: p.result,
          response: { gatewayCode: p.gateway_code },
          transaction: { id: String(i + 1), type: p.operation === 'AUTHORIZE' ? 'AUTHORIZATION' : 'PAYMENT', amount: Number(p.amount), currency: p.currency },
          sourceOfFunds: { provided: { card: { number: p.card_summary } } },
        },
        ...(p.settled_transaction_id
          ? [
              {
                result: 'SUCCESS',
                response: { gatewayCode: 'APPROVED' },
                transaction: { id: p.settled_transaction_id, type: p.settled_type, amount: Number(p.amount), currency: p.currency },
              },
            ]
          : []),
      ]),
    }
  })

  // CAPTURE (in full), VOID of an order's authorisation, or REFUND (in full) of its capture: PUT {api}/order/{orderId}/transaction/{transactionId}.
  app.put(`${api}/order/:orderId/transaction/:transactionId`, { schema: { hide: true } }, async (req, reply) => {
    const { merchantId, orderId, transactionId } = req.params as { merchantId: string; orderId: string; transactionId: string }
    if (!authorised(req, config, merchantId)) return error(reply, 401, 'INVALID_REQUEST', 'Invalid credentials.')
    const body = (req.body ?? {}) as { apiOperation?: string; transaction?: { amount?: string | number; currency?: string; targetTransactionId?: string } }
    const payments = await repo.paymentsForOrder(db, merchantId, orderId)
    const index = payments.findIndex((p) => p.result === 'SUCCESS' && p.operation === 'AUTHORIZE')
    const authorized = payments[index]
    if (!authorized) return error(reply, 400, 'INVALID_REQUEST', 'The order has no authorisation.')
    const answer = (status: string) => ({
      result: 'SUCCESS',
      order: { id: orderId, status },
      response: { gatewayCode: 'APPROVED' },
      transaction: { id: transactionId },
    })
    if (body.apiOperation === 'CAPTURE') {
      if (Number(body.transaction?.amount) !== Number(authorized.amount) || body.transaction?.currency !== authorized.currency)
        return error(reply, 400, 'INVALID_REQUEST', 'The capture must be of the authorised amount and currency.')
      if (authorized.order_status === 'CAPTURED' && authorized.settled_transaction_id === transactionId) return answer('CAPTURED')
      if (!(await repo.settleAuthorization(db, authorized.id, { status: 'CAPTURED', transactionId, type: 'CAPTURE' })))
        return error(reply, 400, 'INVALID_REQUEST', `The authorisation is ${authorized.order_status}.`)
      return answer('CAPTURED')
    }
    if (body.apiOperation === 'VOID') {
      if (body.transaction?.targetTransactionId !== String(index + 1)) return error(reply, 400, 'INVALID_REQUEST', 'Unknown target transaction.')
      if (authorized.order_status === 'CANCELLED' && authorized.settled_transaction_id === transactionId) return answer('CANCELLED')
      if (!(await repo.settleAuthorization(db, authorized.id, { status: 'CANCELLED', transactionId, type: 'VOID_AUTHORIZATION' })))
        return error(reply, 400, 'INVALID_REQUEST', `The authorisation is ${authorized.order_status}.`)
      return answer('CANCELLED')
    }
    if (body.apiOperation === 'REFUND') {
      if (Number(body.transaction?.amount) !== Number(authorized.amount) || body.transaction?.currency !== authorized.currency)
        return error(reply, 400, 'INVALID_REQUEST', 'The refund must be of the captured amount and currency.')
      if (authorized.order_status === 'REFUNDED' && authorized.settled_transaction_id === transactionId) return answer('REFUNDED')
      if (!(await repo.refundCapture(db, authorized.id, transactionId)))
        return error(reply, 400, 'INVALID_REQUEST', `The payment is ${authorized.order_status}.`)
      return answer('REFUNDED')
    }
    return error(reply, 400, 'INVALID_REQUEST', 'apiOperation must be CAPTURE, VOID or REFUND.')
  })

  app.get('/mpgs/static/checkout/checkout.min.js', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('application/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(CHECKOUT_JS),
  )

  const html = (reply: FastifyReply, status: number, body: string) => reply.status(status).type('text/html; charset=utf-8').send(body)

  app.get('/mpgs/checkout/pay/:sessionId', { schema: { hide: true } }, async (req, reply) => {
    const session = await repo.findSession(db, (req.params as { sessionId: string }).sessionId)
    if (!session)
      return html(
        reply,
        404,
        page('Session not found', '<div class="card"><h1>Session not found</h1><p>This checkout session does not exist or has expired.</p></div>'),
      )
    if (session.result) return html(reply, 409, page('Already paid', '<div class="card"><h1>This checkout session is complete</h1></div>'))
    return html(reply, 200, payPage(session, config.distributor.name))
  })

  app.post('/mpgs/checkout/pay/:sessionId', { schema: { hide: true } }, async (req, reply) => {
    const session = await repo.findSession(db, (req.params as { sessionId: string }).sessionId)
    if (!session) return html(reply, 404, page('Session not found', '<div class="card"><h1>Session not found</h1></div>'))
    const f = (req.body ?? {}) as Record<string, string | undefined>
    if (f.action === 'cancel') return reply.redirect(session.cancel_url ?? withParams(session.return_url, { cancelled: 'true' }), 303)
    if (session.result) return html(reply, 409, page('Already paid', '<div class="card"><h1>This checkout session is complete</h1></div>'))
    const card = String(f.cardNumber ?? '').replace(/\D/g, '')
    const month = Number(f.expiryMonth)
    const year = Number(f.expiryYear)
    if (!validCardNumber(card)) return html(reply, 400, payPage(session, config.distributor.name, 'Enter a valid card number.'))
    if (!(month >= 1 && month <= 12) || !/^\d{2}$/.test(f.expiryYear ?? ''))
      return html(reply, 400, payPage(session, config.distributor.name, 'Enter the expiry as MM and YY.'))
    if (!/^\d{3}$/.test(f.securityCode ?? '')) return html(reply, 400, payPage(session, config.distributor.name, 'Enter the 3-digit security code.'))
    const gatewayCode = outcomeFor(month, year, new Date())
    const approved = gatewayCode === 'APPROVED'
    const recorded = await repo.recordPayment(db, session.id, {
      result: approved ? 'SUCCESS' : 'FAILURE',
      gatewayCode,
      orderStatus: approved ? (session.operation === 'AUTHORIZE' ? 'AUTHORIZED' : 'CAPTURED') : 'FAILED',
      cardSummary: `${card.slice(0, 6)}xxxxxx${card.slice(-4)}`,
    })
    if (!recorded) return html(reply, 409, page('Already paid', '<div class="card"><h1>This checkout session is complete</h1></div>'))
    // A declined payment still goes back with a resultIndicator, one that is not the success indicator.
    const resultIndicator = approved ? session.success_indicator : randomBytes(8).toString('hex')
    return reply.redirect(withParams(session.return_url, { resultIndicator, sessionVersion: randomBytes(5).toString('hex') }), 303)
  })
}
