import type { LightMyRequestResponse } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACK_OFFICE, BACK_OFFICE_USERS, backOfficeSessionFor } from '../back-office'
import { startTestApp, TEST_ERP_KEY, type TestContext } from '../helpers'
import { caller, checkoutForm, loadFixtures, pendingDetails, USERS, WHO } from './fixtures'
import { applicationForm, contentBody, createCtx, del, get, MATRIX, post, put, standingOrderBody, tomorrow, type Ctx, type Req, type Row } from './matrix'
import { fingerprint, listRoutes, routeKey, sessionFor, VOLATILE_TABLES, type Route, type Who } from './surface'

/**
 * Generated bad input to every route: each field of a valid request (path, query, header and body, one
 * level into nested objects) replaced in turn by a wrong type, nothing, '', 10,000 characters, -1, 0, 0.5,
 * 1e308, 2^53, NaN-ish strings, unicode (emoji, right-to-left override, NUL, a lone surrogate), SQL and
 * HTML, arrays and objects nested 10, 65, 100 and 8,000 deep (the body limit is 64 levels: plugins/json-body.ts),
 * plus random strings and numbers from a seeded generator (FUZZ_SEED reproduces a run). The
 * fields and their rules come from the OpenAPI document, itself generated from the contract's zod schemas.
 *
 * Every answer must be below 500, and a 4xx must be the API's `{error, message}` (the content service's
 * WordPress `{code, message, data}`). A value the schema refuses must be refused (4xx). The database must
 * not change: a fingerprint of every table (row count and a hash of every row) is taken before and after
 * each route's requests; left out are the tables that change on their own (surface.ts VOLATILE_TABLES:
 * sessions, the sign-in throttle's failures, cached picture renditions). The few routes whose job is to
 * store what they are given (STORES_INPUT) send the values their schema accepts last, without that check.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261121)
const MISSING = Symbol('missing')
type Value = unknown

/**
 * A value sent as this JSON text, written out rather than built: nesting thousands deep is what it is for,
 * and JSON.stringify would walk it with the call stack. Any such value passes the body's depth limit.
 */
class DeepJson {
  constructor(readonly text: string) {}
}
const deepArrays = (depth: number) => new DeepJson(`${'['.repeat(depth)}${']'.repeat(depth)}`)
const deepObjects = (depth: number) => new DeepJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`)
/** Nested values go in body fields only: a query, path or header carries text. */
const BODY_ONLY = new Set<unknown>()
const bodyOnly = <T>(value: T): T => (BODY_ONLY.add(value), value)
/** Nested within the limit: a plain value, for the schema to judge. */
const nestedArrays = (depth: number): unknown => (depth === 0 ? 'x' : [nestedArrays(depth - 1)])
const nestedObjects = (depth: number): unknown => (depth === 0 ? 'x' : { a: nestedObjects(depth - 1) })

/** Values tried in every field, whatever its type. */
const BAD_VALUES: Array<[string, Value]> = [
  ['missing', MISSING],
  ['empty string', ''],
  ['10k characters', 'x'.repeat(10_000)],
  ['-1', -1],
  ['0', 0],
  ['0.5', 0.5],
  ['1e308', 1e308],
  ['2^53', 2 ** 53],
  ['"NaN"', 'NaN'],
  ['"Infinity"', 'Infinity'],
  ['"-0"', '-0'],
  ['"0x10"', '0x10'],
  ['"1e309"', '1e309'],
  ['true', true],
  ['null', null],
  ['array', ['a', 1]],
  ['object', { a: 1 }],
  ['emoji and CJK', '😀💥 ñ 中文'],
  ['right-to-left override', '\u202Eabc\u202C'],
  ['NUL byte', 'a\u0000b'],
  ['lone surrogate', '\uD800x'],
  ['SQL', "' OR 1=1 --"],
  ['SQL statement', "1'; DROP TABLE users; --"],
  ['HTML', '<script>alert(1)</script>'],
  ['path traversal', '../../../etc/passwd'],
  ['arrays nested 10 deep', bodyOnly(nestedArrays(10))],
  ['objects nested 10 deep', bodyOnly(nestedObjects(10))],
  ['arrays nested 65 deep', bodyOnly(deepArrays(65))],
  ['objects nested 100 deep', bodyOnly(deepObjects(100))],
  ['arrays nested 8,000 deep', bodyOnly(deepArrays(8000))],
  ['objects nested 8,000 deep', bodyOnly(deepObjects(8000))],
]

/**
 * Routes that store what they are given: the values their schema accepts may change the database, and are
 * sent last, each route then putting back what the next routes start from.
 */
const STORES_INPUT: Record<string, (c: Ctx, who: Who) => Promise<unknown>> = {
  'POST /api/cart': (c, who) => (who === 'anon' ? Promise.resolve() : c.as(who, del('/api/cart'))),
  'POST /api/cart/checkout-info': async () => {},
  'POST /api/users': async (c) => t.db.deleteFrom('users').where('id', '>', c.f.maxUserId).execute(),
  'POST /api/lists': async (c) => t.db.deleteFrom('order_lists').where('id', '>', c.f.foreignList).execute(),
  // The demo's requests were made days ago; those of this run are removed.
  'POST /api/stock-alerts': async () =>
    t.db
      .deleteFrom('stock_alerts')
      .where(sql<boolean>`created_at > now() - interval '1 day'`)
      .execute(),
  // An invitation is a user, an e-mail and an audit row; the fingerprint is taken afresh after it.
  'POST /api/staff/users': async () => {},
  // The staff's reads of customers' data are audit rows (decision 0092); the fingerprint is taken afresh after them.
  'GET /api/staff/accounts': async () => {},
  'GET /api/staff/accounts/:code': async () => {},
  'GET /api/staff/orders': async () => {},
  'GET /api/staff/orders/:id': async () => {},
  // Content written, changed, published or deleted is its row, its groups and an audit row (any id the fuzzer
  // sends may be a demo post's): the fingerprint is taken afresh after them.
  'POST /api/staff/content': async () => {},
  'PUT /api/staff/content/:id': async () => {},
  'POST /api/staff/content/:id/publish': async () => {},
  'POST /api/staff/content/:id/unpublish': async () => {},
  'DELETE /api/staff/content/:id': async () => {},
  // An application the form accepts is stored with its e-mail (past the address's limit, a 429); the staff's reads
  // and steps are audit rows (any id the fuzzer sends may be a demo application's): the fingerprint is taken afresh.
  'POST /api/applications': async () => {},
  'GET /api/staff/applications': async () => {},
  'GET /api/staff/applications/:id': async () => {},
  'GET /api/staff/applications/:id/files/:fileId': async () => {},
  'POST /api/staff/applications/:id/request-information': async () => {},
  'POST /api/staff/applications/:id/approve': async () => {},
  'POST /api/staff/applications/:id/decline': async () => {},
}

const NO_SUCH_ID = 2_000_000_000

/** Valid requests that change nothing when sent (the bases fields are replaced in); other routes use the access matrix's. */
const BASES: Record<string, (c: Ctx) => Req> = {
  'POST /api/login': () => post('/api/login', { username: 'trade', password: 'Not-the-password-1' }),
  'POST /api/change-password': () => post('/api/change-password', { currentPassword: 'Not-the-password-1', newPassword: 'Another2030' }),
  'PUT /api/cart': () => put('/api/cart', { item: 2_000_000_000, qty: 1 }),
  'POST /api/cart': (c) => post('/api/cart', { productID: c.f.product.id, qty: 1, warehouse: 'NOPE' }),
  'POST /api/cart/bulk': (c) => post('/api/cart/bulk', { warehouse: 'NOPE', lines: [{ code: 'X', barcode: c.f.product.barcode, qty: 1 }] }),
  'POST /api/orders': () => post('/api/orders', checkoutForm('WAG')),
  'POST /api/payments/create': () => post('/api/payments/create', { orderDetails: pendingDetails('MEL'), amount: 1, accountName: 'Test' }),
  'POST /api/users': () => post('/api/users', { email: 'new@example.com', username: 'trade', password: 'Welcome2026' }),
  'PUT /api/users': () => put('/api/users', { username: 'nobody-here', email: 'changed@example.com' }),
  'DELETE /api/users': () => del('/api/users', { username: 'nobody-here' }),
  'POST /api/statements': (c) => post('/api/statements', { email: 'accounts@example.com', finyear: c.f.period.finyear + 5, period: c.f.period.period }),
  'POST /api/invoices/:id/send': (c) => post(`/api/invoices/${c.f.other.trade.invoice}/send`, { email: 'copy@example.com' }),
  'POST /api/orders/:id/reorder': (c) => post(`/api/orders/${c.f.other.trade.order}/reorder`, { warehouse: 'WAG' }),
  'POST /api/products/code-setup': (c) => post('/api/products/code-setup', { id: c.f.hidden.id, warehouse: 'WAG' }),
  'POST /api/payments/session': (c) => post('/api/payments/session', { orderId: c.f.pending.foreign }),
  // Another account's list: found by no one else, so nothing changes (the matrix's own-list cells make a list first).
  'GET /api/lists/:id': (c) => get(`/api/lists/${c.f.foreignList}`),
  'PUT /api/lists/:id': (c) => put(`/api/lists/${c.f.foreignList}`, { name: 'Taken over', lines: [{ ProductID: c.f.product.id, Quantity: 1 }] }),
  'DELETE /api/lists/:id': (c) => del(`/api/lists/${c.f.foreignList}`),
  'POST /api/lists/:id/lines': (c) => post(`/api/lists/${c.f.foreignList}/lines`, { ProductID: c.f.product.id, Quantity: 1 }),
  'DELETE /api/lists/:id/lines/:productId': (c) => del(`/api/lists/${c.f.foreignList}/lines/${c.f.product.id}`),
  'POST /api/stock-alerts': (c) => post('/api/stock-alerts', { productId: c.f.product.id, warehouse: 'NOPE', quantity: 99_999 }),
  // No one's request: nothing to cancel.
  'DELETE /api/stock-alerts/:id': () => del('/api/stock-alerts/2000000000'),
  'POST /api/erp/stock': () => post('/api/erp/stock', [{ ProductCode: 'NO-SUCH-PRODUCT', LocationID: 'WAG', QtyAvailable: 1 }]),
  'POST /api/erp/orders/:PortalOrderId/ack': () => post('/api/erp/orders/SO8999999/ack', { SalesOrder: 'ERP-FUZZ-1' }),
  // Every run of an import is recorded (erp_runs), so the fuzzer's calls carry no files: they are refused before a run.
  // erp-import.test.ts sends generated bad files to it.
  'POST /api/erp/import': () => post('/api/erp/import?mode=delta&dryRun=true', { 'products.csv': 'x' }),
  // Back office users that do not exist (404), and an invitation to an e-mail that already has a login (409).
  'POST /api/staff/users': () => post('/api/staff/users', { email: BACK_OFFICE.service.email, name: 'Again', roles: ['Marketing'] }),
  'GET /api/staff/users/:id': () => get(`/api/staff/users/${NO_SUCH_ID}`),
  'PUT /api/staff/users/:id/roles': () => put(`/api/staff/users/${NO_SUCH_ID}/roles`, { roles: ['Marketing'] }),
  'POST /api/staff/users/:id/disable': () => post(`/api/staff/users/${NO_SUCH_ID}/disable`),
  'POST /api/staff/users/:id/enable': () => post(`/api/staff/users/${NO_SUCH_ID}/enable`),
  'POST /api/staff/users/:id/second-factor/reset': () => post(`/api/staff/users/${NO_SUCH_ID}/second-factor/reset`),
  // No one's approval, and no one's user: nothing to decide or limit.
  'GET /api/approvals/:id': () => get(`/api/approvals/${NO_SUCH_ID}`),
  'POST /api/approvals/:id/approve': (c) =>
    post(`/api/approvals/${NO_SUCH_ID}/approve`, { lines: [{ ProductID: c.f.product.id, Quantity: 1 }], creditConfirmed: false }),
  'POST /api/approvals/:id/reject': () => post(`/api/approvals/${NO_SUCH_ID}/reject`, { reason: 'Not this month' }),
  'POST /api/approvals/:id/withdraw': () => post(`/api/approvals/${NO_SUCH_ID}/withdraw`),
  'POST /api/approvals/:id/payment': () => post(`/api/approvals/${NO_SUCH_ID}/payment`),
  'PUT /api/users/invoice-payments': () => put('/api/users/invoice-payments', { username: 'nobody-here', allowed: true }),
  'POST /api/invoice-payments': () => post('/api/invoice-payments', { invoices: [{ InvoiceID: NO_SUCH_ID, Amount: 1 }], amount: 1 }),
  'GET /api/invoice-payments/:id': (c) => get(`/api/invoice-payments/${c.f.other.trade.invoicePayment}`),
  'GET /api/invoice-payments/:id/receipt': (c) => get(`/api/invoice-payments/${c.f.other.trade.invoicePayment}/receipt`),
  'POST /api/invoice-payments/session': (c) => post('/api/invoice-payments/session', { paymentId: c.f.other.trade.invoicePayment }),
  'POST /api/invoice-payments/complete': () => post('/api/invoice-payments/complete', { sessionID: 'no-such-session', resultIndicator: 'x' }),
  'POST /api/erp/payments/:PortalPaymentId/ack': () => post('/api/erp/payments/PNOSUCHPAYMNT/ack', { Receipt: 'ERP-FUZZ-1' }),
  'PUT /api/users/limits': () => put('/api/users/limits', { username: 'nobody-here', orderLimit: 100, monthLimit: 1000, approver: 'trade' }),
  'POST /api/staff/users/:id/invitation': () => post(`/api/staff/users/${NO_SUCH_ID}/invitation`),
  'POST /api/staff/users/:id/assignments': () => post(`/api/staff/users/${NO_SUCH_ID}/assignments`, { accountCode: 'KELLYFG' }),
  'DELETE /api/staff/users/:id/assignments/:accountId': () => del(`/api/staff/users/${NO_SUCH_ID}/assignments/${NO_SUCH_ID}`),
  'GET /api/staff/accounts': () => get('/api/staff/accounts?q=kelly'),
  // Applying for a trade account (decision 0103): a form whose honeypot is filled stores nothing; links that are no
  // one's; applications that do not exist.
  'POST /api/applications': () =>
    post('/api/applications', {
      ...applicationForm('53004085616', 'http://robot.example'),
      tradingName: 'Matrix',
      creditApplication: { name: 'a.pdf', contentBase64: 'JVBERi0xLjQK' },
    }),
  'POST /api/applications/reply/question': () => post('/api/applications/reply/question', { token: 'x'.repeat(43) }),
  'POST /api/applications/reply': () =>
    post('/api/applications/reply', { token: 'x'.repeat(43), message: 'Answer', file: { name: 'a.pdf', contentBase64: 'JVBERi0xLjQK' } }),
  'GET /api/staff/applications': () => get('/api/staff/applications?status=received&page=1'),
  'GET /api/staff/applications/:id': () => get(`/api/staff/applications/${NO_SUCH_ID}`),
  'GET /api/staff/applications/:id/files/:fileId': () => get(`/api/staff/applications/${NO_SUCH_ID}/files/${NO_SUCH_ID}`),
  'POST /api/staff/applications/:id/request-information': () => post(`/api/staff/applications/${NO_SUCH_ID}/request-information`, { question: 'Why?' }),
  'POST /api/staff/applications/:id/approve': () => post(`/api/staff/applications/${NO_SUCH_ID}/approve`, { note: 'Fine' }),
  'POST /api/staff/applications/:id/decline': () => post(`/api/staff/applications/${NO_SUCH_ID}/decline`, { reason: 'No' }),
  'POST /api/erp/applications/:PortalApplicationId/ack': () => post('/api/erp/applications/TA999999/ack', { Reference: 'ERP-FUZZ-1' }),
  'GET /api/staff/accounts/:code': () => get('/api/staff/accounts/KELLYFG'),
  'POST /api/staff/accounts/:code/users/:userId/invitation': () => post(`/api/staff/accounts/KELLYFG/users/${NO_SUCH_ID}/invitation`),
  'POST /api/staff/accounts/:code/users/:userId/disable': () => post(`/api/staff/accounts/KELLYFG/users/${NO_SUCH_ID}/disable`),
  'POST /api/staff/accounts/:code/users/:userId/enable': () => post(`/api/staff/accounts/KELLYFG/users/${NO_SUCH_ID}/enable`),
  'POST /api/staff/accounts/:code/users/:userId/unlock': () => post(`/api/staff/accounts/KELLYFG/users/${NO_SUCH_ID}/unlock`),
  'POST /api/staff/accounts/:code/users/:userId/password-reset': () => post(`/api/staff/accounts/KELLYFG/users/${NO_SUCH_ID}/password-reset`),
  'POST /api/staff/accounts/:code/users/:userId/act': () => post(`/api/staff/accounts/KELLYFG/users/${NO_SUCH_ID}/act`),
  'POST /api/acting/stop': () => post('/api/acting/stop'),
  'POST /api/acting/payment-link': () => post('/api/acting/payment-link'),
  'POST /api/staff/accounts/:code/orders/:orderId/confirmation': () =>
    post(`/api/staff/accounts/KELLYFG/orders/${NO_SUCH_ID}/confirmation`, { to: 'someone@elsewhere.example' }),
  'POST /api/staff/accounts/:code/invoices/:invoiceId/send': () =>
    post(`/api/staff/accounts/KELLYFG/invoices/${NO_SUCH_ID}/send`, { to: 'someone@elsewhere.example' }),
  'POST /api/staff/accounts/:code/statements': (c) =>
    post('/api/staff/accounts/KELLYFG/statements', { to: 'someone@elsewhere.example', year: c.f.period.finyear, period: c.f.period.period }),
  'GET /api/staff/orders': () => get('/api/staff/orders?branch=WAG&from=2026-01-01&to=2026-12-31&status=Entered&channel=web&erp=waiting&q=kelly&page=1'),
  'GET /api/staff/orders/:id': () => get(`/api/staff/orders/${NO_SUCH_ID}`),
  // Quotes (decision 0102): quotes that do not exist (404).
  'GET /api/quotes': () => get('/api/quotes'),
  'GET /api/quotes/:id': () => get(`/api/quotes/${NO_SUCH_ID}`),
  'POST /api/quotes/:id/accept': () => post(`/api/quotes/${NO_SUCH_ID}/accept`),
  'POST /api/quotes/:id/decline': () => post(`/api/quotes/${NO_SUCH_ID}/decline`, { reason: 'Found it elsewhere' }),
  'POST /api/quotes/:id/messages': () => post(`/api/quotes/${NO_SUCH_ID}/messages`, { body: 'Could you do 20?' }),
  'GET /api/staff/quotes': () => get('/api/staff/quotes?state=open'),
  'GET /api/staff/quotes/:id': () => get(`/api/staff/quotes/${NO_SUCH_ID}`),
  'POST /api/staff/quotes/:id/send': () =>
    post(`/api/staff/quotes/${NO_SUCH_ID}/send`, { lines: [{ productCode: 'X1', quantity: 1, priceCents: 100 }], note: 'A note', expiresOn: tomorrow() }),
  'POST /api/staff/quotes/:id/messages': () => post(`/api/staff/quotes/${NO_SUCH_ID}/messages`, { body: 'A new price is on its way.' }),
  'GET /api/users/staff-changes': () => get('/api/users/staff-changes'),
  // Content (decision 0096): items that do not exist (404), and an upload that is no multipart form (400).
  'GET /api/staff/content': () => get('/api/staff/content?kind=news&state=published&page=1'),
  'POST /api/staff/content': () =>
    post('/api/staff/content', {
      ...contentBody('Fuzzed news'),
      appearOn: tomorrow(),
      disappearOn: tomorrow(),
      featuredMediaId: null,
      heading: 'Heading',
      text: 'Words',
      link: '/specials',
    }),
  'POST /api/staff/content/media': () => post('/api/staff/content/media', { alt: 'A picture' }),
  'GET /api/staff/content/:id': () => get(`/api/staff/content/${NO_SUCH_ID}`),
  'PUT /api/staff/content/:id': () => put(`/api/staff/content/${NO_SUCH_ID}`, contentBody('Changed')),
  'POST /api/staff/content/:id/publish': () => post(`/api/staff/content/${NO_SUCH_ID}/publish`),
  'POST /api/staff/content/:id/unpublish': () => post(`/api/staff/content/${NO_SUCH_ID}/unpublish`),
  'DELETE /api/staff/content/:id': () => del(`/api/staff/content/${NO_SUCH_ID}`),
  // Another account's list, and no one's standing order: nothing is made or changed.
  'POST /api/standing-orders': (c) => post('/api/standing-orders', standingOrderBody(c.f.foreignList, 'trade')),
  'GET /api/standing-orders/:id': () => get(`/api/standing-orders/${NO_SUCH_ID}`),
  'PUT /api/standing-orders/:id': () => put(`/api/standing-orders/${NO_SUCH_ID}`, { schedule: { kind: 'monthDays', days: [1, 15] }, firstRun: tomorrow() }),
  'DELETE /api/standing-orders/:id': () => del(`/api/standing-orders/${NO_SUCH_ID}`),
  'POST /api/standing-orders/:id/skip': () => post(`/api/standing-orders/${NO_SUCH_ID}/skip`, { runOn: tomorrow() }),
  'POST /api/standing-orders/:id/pause': () => post(`/api/standing-orders/${NO_SUCH_ID}/pause`),
  'POST /api/standing-orders/:id/resume': () => post(`/api/standing-orders/${NO_SUCH_ID}/resume`),
}

/** mulberry32: small, fast and the same everywhere. */
function rng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function randomValues(next: () => number): Array<[string, Value]> {
  const ranges = [
    [0x20, 0x7e],
    [0x00, 0x1f],
    [0xa0, 0x2fff],
    [0x1f300, 0x1faff],
    [0xe000, 0xfffd],
  ] as const
  const text = () => {
    const length = 1 + Math.floor(next() * 300)
    let out = ''
    for (let i = 0; i < length; i++) {
      const [lo, hi] = ranges[Math.floor(next() * ranges.length)]!
      out += String.fromCodePoint(lo + Math.floor(next() * (hi - lo + 1)))
    }
    return out
  }
  const number = () => (next() < 0.5 ? -1 : 1) * next() * 10 ** Math.floor(next() * 40 - 10)
  return [
    ['random text', text()],
    ['random text', text()],
    ['random number', number()],
    ['random integer', Math.floor((next() - 0.5) * 2 ** 40)],
  ]
}

// ---- The OpenAPI document: where each route's fields and rules come from. -------------------------------------

type Schema = Record<string, any>
interface Field {
  in: 'path' | 'query' | 'header' | 'body'
  /** Body fields: the property path, e.g. ['orderDetails', 'email']. */
  path: string[]
  schema?: Schema
  required: boolean
}

function operationOf(doc: any, route: Route): any {
  return doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()]
}

function deref(doc: any, schema: Schema | undefined): Schema | undefined {
  let s = schema
  while (s?.$ref) s = doc.components.schemas[String(s.$ref).split('/').pop()!]
  return s
}

/** The object form of a body schema (a nullable body is anyOf [object, null]). */
function objectSchema(doc: any, schema: Schema | undefined): Schema | undefined {
  const s = deref(doc, schema)
  if (!s) return undefined
  if (s.type === 'object') return s
  for (const option of s.anyOf ?? s.oneOf ?? []) {
    const o = objectSchema(doc, option)
    if (o) return o
  }
  return undefined
}

function fieldsOf(doc: any, route: Route, op: any, base: ParsedRequest): Field[] {
  const fields: Field[] = []
  const params = (op?.parameters ?? []) as Array<{ in: string; name: string; schema: Schema; required?: boolean }>
  for (const name of route.url.match(/:(\w+)|\*/g) ?? []) {
    const key = name === '*' ? '*' : name.slice(1)
    fields.push({ in: 'path', path: [key], schema: params.find((p) => p.in === 'path' && p.name === key)?.schema, required: key !== '*' })
  }
  const query = new Set([...params.filter((p) => p.in === 'query').map((p) => p.name), ...Object.keys(base.query)])
  if (query.size === 0) query.add('q')
  for (const name of query) {
    const p = params.find((x) => x.in === 'query' && x.name === name)
    fields.push({ in: 'query', path: [name], schema: p?.schema, required: p?.required ?? false })
  }
  for (const p of params.filter((x) => x.in === 'header')) fields.push({ in: 'header', path: [p.name], schema: p.schema, required: p.required ?? false })

  const bodySchema = op?.requestBody?.content?.['application/json']?.schema
  if (route.method !== 'GET') fields.push({ in: 'body', path: [], schema: bodySchema, required: op?.requestBody?.required ?? false })
  const walk = (schema: Schema | undefined, at: string[], sample: unknown, depth: number) => {
    const object = objectSchema(doc, schema)
    const names = new Set([...Object.keys(object?.properties ?? {}), ...(sample && typeof sample === 'object' ? Object.keys(sample) : [])])
    for (const name of names) {
      const child = object?.properties?.[name]
      fields.push({ in: 'body', path: [...at, name], schema: child, required: (object?.required ?? []).includes(name) })
      if (depth < 1) walk(child, [...at, name], (sample as Record<string, unknown> | undefined)?.[name], depth + 1)
    }
  }
  if (route.method !== 'GET') walk(bodySchema, [], base.body, 0)
  return fields
}

// ---- Would the schema accept it? -------------------------------------------------------------------------------

/** true or false when the schema decides, undefined when there is no schema to ask. Query, path and header values travel as text. */
function accepts(doc: any, schema: Schema | undefined, value: Value, text: boolean): boolean | undefined {
  const s = deref(doc, schema)
  if (!s) return undefined
  // OpenAPI 3.0 says a field may be null with `nullable: true` beside its type.
  if (value === null && s.nullable === true) return true
  if (s.anyOf || s.oneOf) {
    const verdicts = (s.anyOf ?? s.oneOf).map((option: Schema) => accepts(doc, option, value, text))
    return verdicts.includes(true) ? true : verdicts.includes(undefined) ? undefined : false
  }
  if (text) {
    if (Array.isArray(value)) return false
    value = String(value)
  }
  if ('const' in s) return value === (text ? String(s.const) : s.const)
  if (s.enum) return s.enum.map((e: unknown) => (text ? String(e) : e)).includes(value)
  switch (s.type) {
    case 'integer':
    case 'number': {
      const n = text ? Number(value) : value
      if (typeof n !== 'number' || !Number.isFinite(n)) return false
      if (s.type === 'integer' && !Number.isInteger(n)) return false
      if (s.minimum !== undefined && (s.exclusiveMinimum === true ? n <= s.minimum : n < s.minimum)) return false
      if (typeof s.exclusiveMinimum === 'number' && n <= s.exclusiveMinimum) return false
      if (s.maximum !== undefined && (s.exclusiveMaximum === true ? n >= s.maximum : n > s.maximum)) return false
      if (typeof s.exclusiveMaximum === 'number' && n >= s.exclusiveMaximum) return false
      return true
    }
    case 'string': {
      if (typeof value !== 'string') return false
      // Text that is not valid Unicode (NUL, an unpaired surrogate) is refused before any schema (plugins/errors.ts).
      // eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
      if (/\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value)) return false
      const fits = (v: string) => {
        const length = [...v].length // zod measures code points
        if (s.minLength !== undefined && length < s.minLength) return false
        if (s.maxLength !== undefined && length > s.maxLength) return false
        if (s.pattern && !new RegExp(s.pattern).test(v)) return false
        if (s.format === 'uuid' && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v)) return false
        return true
      }
      if (fits(value)) return true
      // Many fields are trimmed first, which the OpenAPI document does not say: then the answer is not known.
      return fits(value.trim()) ? undefined : false
    }
    case 'boolean':
      return text ? value === 'true' || value === 'false' : typeof value === 'boolean'
    case 'null':
      return value === null
    case 'array':
      return Array.isArray(value)
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value) && (s.required ?? []).every((k: string) => k in (value as object))
    default:
      return undefined
  }
}

// ---- Requests ---------------------------------------------------------------------------------------------------

interface ParsedRequest {
  method: string
  pathParams: Record<string, string>
  query: Record<string, string>
  headers: Record<string, string>
  body: unknown
}

function parse(route: Route, req: Req): ParsedRequest {
  const url = new URL(req.url, 'http://portal.test')
  const pattern = route.url.split('/')
  const actual = url.pathname.split('/')
  const pathParams: Record<string, string> = {}
  pattern.forEach((part, i) => {
    if (part.startsWith(':')) pathParams[part.slice(1)] = decodeURIComponent(actual[i]!)
    if (part === '*') pathParams['*'] = actual.slice(i).join('/')
  })
  return { method: req.method, pathParams, query: Object.fromEntries(url.searchParams), headers: {}, body: req.payload }
}

/** Percent-encodes a path segment; a lone surrogate becomes the bytes it would be, invalid UTF-8 and all. */
function encodePart(value: string, keepSlashes = false): string {
  const encoded = value.replace(/[\uD800-\uDFFF]/g, (c) => `%ED%${(0xa0 + ((c.charCodeAt(0) >> 6) & 0x1f)).toString(16).toUpperCase()}%80`)
  const parts = keepSlashes ? encoded.split('/') : [encoded]
  return parts
    .map((part) =>
      part
        .split(/(%ED%[0-9A-F]{2}%80)/)
        .map((bit, i) => (i % 2 ? bit : encodeURIComponent(bit)))
        .join(''),
    )
    .join('/')
}

/** The value as the server receives it: text in the path and headers, repeated keys for a list in the query. */
function sentAs(field: Field, value: Value): Value {
  const asText = (v: Value) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v))
  if (field.in === 'path') return asText(value)
  if (field.in === 'header') return asText(value).replace(/[^\t\x20-\x7e]/g, '?')
  // A query string is UTF-8: an unpaired surrogate arrives as U+FFFD.
  const wellFormed = (v: string) => v.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
  if (field.in === 'query') return Array.isArray(value) ? value.map((v) => wellFormed(asText(v))) : wellFormed(asText(value))
  return value
}

const clone = <T>(v: T): T => (v === undefined ? v : structuredClone(v))
const DEEP_PLACEHOLDER = '<deep value goes here>'

function withValue(route: Route, base: ParsedRequest, field: Field, value: Value): Req {
  const p = { pathParams: { ...base.pathParams }, query: { ...base.query }, headers: { ...base.headers }, body: clone(base.body) }
  const repeated: Array<[string, string]> = []
  const text = (v: Value) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v))
  const [name] = field.path as [string]
  if (field.in === 'path') p.pathParams[name] = value === MISSING ? '' : text(value)
  if (field.in === 'header') {
    if (value === MISSING) delete p.headers[name]
    else p.headers[name] = text(value).replace(/[^\t\x20-\x7e]/g, '?')
  }
  if (field.in === 'query') {
    delete p.query[name]
    if (Array.isArray(value)) for (const v of value) repeated.push([name, text(v)])
    else if (value !== MISSING) p.query[name] = text(value)
  }
  let rawBody: string | undefined
  if (field.in === 'body') {
    if (field.path.length === 0) rawBody = value === MISSING ? undefined : value instanceof DeepJson ? value.text : JSON.stringify(value)
    else {
      const holder = field.path.slice(0, -1).reduce<any>((o, k) => (o && typeof o === 'object' ? o[k] : undefined), (p.body ??= {}))
      const last = field.path.at(-1)!
      if (holder && typeof holder === 'object') {
        if (value === MISSING) delete holder[last]
        else if (value instanceof DeepJson) {
          holder[last] = DEEP_PLACEHOLDER
          rawBody = JSON.stringify(p.body).replace(JSON.stringify(DEEP_PLACEHOLDER), value.text)
        } else holder[last] = value
      }
    }
  }
  const path = route.url
    .split('/')
    .map((part) => (part.startsWith(':') ? encodePart(p.pathParams[part.slice(1)]!) : part === '*' ? encodePart(p.pathParams['*']!, true) : part))
    .join('/')
  const search = new URLSearchParams([...Object.entries(p.query), ...repeated]).toString()
  const req: Req = { method: route.method, url: `${path}${search ? `?${search}` : ''}`, headers: p.headers }
  if (rawBody !== undefined) return { ...req, payload: rawBody, headers: { ...p.headers, 'content-type': 'application/json' } }
  if (field.in === 'body' && field.path.length === 0) return req
  return p.body === undefined ? req : { ...req, payload: p.body as object }
}

// ---- The run ----------------------------------------------------------------------------------------------------

let t: TestContext
let ctx: Ctx
beforeAll(async () => {
  t = await startTestApp()
  ctx = await createCtx(t, await loadFixtures(t.app, t.db))
  for (const who of USERS) await ctx.as(who, del('/api/cart'))
}, 300_000)
afterAll(async () => t?.close())

/** The ERP interchange's routes are sent the ERP key, so that the input reaches the service. */
const keyFor = (row: Row): string | null => (row.erp !== undefined && row.erp < 400 ? TEST_ERP_KEY : null)

/**
 * The back office routes are sent a back office session: the first demo back office user the matrix lets
 * through (the Administrator where every one is told 409, already done), a new one for signing out.
 */
async function backOfficeTokenFor(row: Row): Promise<string | null> {
  if (!row.backOffice) return null
  const who = BACK_OFFICE_USERS.find((_, i) => row.backOffice![i]! < 400) ?? 'admin'
  return row.route === 'POST /api/staff/sign-out' ? backOfficeSessionFor(t.db, BACK_OFFICE[who].email) : ctx.backOffice[who]
}

/** The first user the access matrix lets through, so that the input reaches the service. */
function fuzzUser(row: Row): Who {
  const order: Who[] = ['trade', 'staff', 'cash', 'elders', 'anon']
  return order.find((who) => row.expect[WHO.indexOf(who)]! < 400) ?? 'trade'
}

function errorShapeProblem(url: string, res: LightMyRequestResponse): string | null {
  if (res.statusCode < 400 || res.statusCode >= 500) return null
  if (url.startsWith('/api/')) {
    const body = (() => {
      try {
        return res.json()
      } catch {
        return null
      }
    })()
    return typeof body?.error === 'string' && typeof body?.message === 'string' ? null : 'not the API error shape'
  }
  if (url.startsWith('/content/wp-json/')) {
    const body = res.json()
    return typeof body?.code === 'string' && body?.data?.status === res.statusCode ? null : 'not the WordPress error shape'
  }
  return null
}

describe('fuzzing every route', () => {
  it('answers generated bad input below 500, in the error shape, refusing what the schema refuses, changing nothing', async () => {
    const doc = t.app.swagger() as any
    const next = rng(SEED)
    const call = caller(t.app)
    const problems: string[] = []
    const changed: string[] = []
    let sent = 0
    let stored = 0
    const routes = listRoutes(t.app)
    expect(routes.map(routeKey).sort()).toEqual(MATRIX.map((r) => r.route).sort())

    // A fingerprint after each route that may write (any method but GET), and once at the end for the GETs.
    let last = await fingerprint(t.db)
    let since: string[] = []
    const compare = async () => {
      const now = await fingerprint(t.db)
      const tables = Object.keys(last).filter((name) => last[name] !== now[name])
      if (tables.length > 0) changed.push(`${since.join(' | ')} changed ${tables.join(', ')}`)
      last = now
      since = []
    }

    for (const route of routes) {
      const key = routeKey(route)
      const row = MATRIX.find((r) => r.route === key)!
      const who = fuzzUser(row)
      const base = parse(route, await (BASES[key]?.(ctx) ?? row.request(ctx, who)))
      const op = operationOf(doc, route)
      const later: Array<{ req: Req; label: string }> = []

      for (const field of fieldsOf(doc, route, op, base)) {
        const inBase =
          field.in === 'path' ||
          (field.in === 'query' && field.path[0]! in base.query) ||
          (field.in === 'body' && (field.path.length === 0 ? base.body !== undefined : hasPath(base.body, field.path)))
        for (const [label, value] of [...BAD_VALUES, ...randomValues(next)]) {
          if (value === MISSING && !inBase) continue
          if (field.in !== 'body' && typeof value === 'object' && value !== null && !Array.isArray(value)) continue
          if (field.in !== 'body' && BODY_ONLY.has(value)) continue
          const req = withValue(route, base, field, value)
          const where = `${key} ${field.in}${field.path.length ? `.${field.path.join('.')}` : ''} = ${label}`
          const verdict =
            value instanceof DeepJson ? false : value === MISSING ? !field.required : accepts(doc, field.schema, sentAs(field, value), field.in !== 'body')
          if (verdict !== false && STORES_INPUT[key]) {
            later.push({ req, label: where })
            continue
          }
          const token =
            keyFor(row) ??
            (await backOfficeTokenFor(row)) ??
            (who === 'anon' ? null : key === 'POST /api/logout' ? await sessionFor(t.db, await userIdOf(who)) : ctx.f.tokens[who])
          const res = await call(token, req)
          sent++
          if (res.statusCode >= 500) problems.push(`${where}: ${res.statusCode} ${res.body.slice(0, 300)}`)
          const shape = errorShapeProblem(req.url, res)
          if (shape) problems.push(`${where}: ${res.statusCode} ${shape}: ${res.body.slice(0, 200)}`)
          if (verdict === false && res.statusCode < 400) {
            problems.push(
              `${where}: accepted (${res.statusCode}) a value its schema refuses: ${JSON.stringify(sentAs(field, value))?.slice(0, 120)} ${req.url.slice(0, 200)}`,
            )
          }
        }
      }
      since.push(key)
      if (route.method !== 'GET') await compare()

      for (const { req, label } of later) {
        const res = await call(keyFor(row) ?? (await backOfficeTokenFor(row)) ?? (who === 'anon' ? null : ctx.f.tokens[who]), req)
        sent++
        stored++
        if (res.statusCode >= 500) problems.push(`${label}: ${res.statusCode} ${res.body.slice(0, 300)}`)
        const shape = errorShapeProblem(req.url, res)
        if (shape) problems.push(`${label}: ${res.statusCode} ${shape}`)
      }
      if (later.length > 0) {
        await STORES_INPUT[key]!(ctx, who)
        last = await fingerprint(t.db)
      }
    }
    if (since.length > 0) await compare()

    console.log(
      `fuzz: ${sent} requests to ${routes.length} routes (seed ${SEED}); ${stored} of them schema-valid values to routes that store input; ` +
        `fingerprint leaves out ${VOLATILE_TABLES.join(', ')}`,
    )
    if (problems.length > 0 || changed.length > 0) console.log([...changed, ...problems].join('\n'))
    expect({ problems: problems.slice(0, 40), problemCount: problems.length, changed }).toEqual({ problems: [], problemCount: 0, changed: [] })
  }, 1_200_000)
})

describe('bodies that are too deep, or empty', () => {
  /** Each route that may take a body, with the matrix's (or the fuzzer's) valid request for the first user it lets through. */
  const bodyRoutes = async () => {
    const out: Array<{ key: string; who: Who; public: boolean; req: Req }> = []
    for (const route of listRoutes(t.app).filter((r) => r.method !== 'GET')) {
      const key = routeKey(route)
      const row = MATRIX.find((r) => r.route === key)!
      const who = fuzzUser(row)
      out.push({ key, who, public: row.expect[0] < 400, req: await (BASES[key]?.(ctx) ?? row.request(ctx, who)) })
    }
    return out
  }
  const tokenOf = async (who: Who, key: string) =>
    keyFor(MATRIX.find((r) => r.route === key)!) ??
    (await backOfficeTokenFor(MATRIX.find((r) => r.route === key)!)) ??
    (who === 'anon' ? null : key === 'POST /api/logout' ? await sessionFor(t.db, await userIdOf(who)) : ctx.f.tokens[who])

  it('answers a body nested 8,000 deep with 400 on every route, signed in or not, before anything walks it', async () => {
    const call = caller(t.app)
    const problems: string[] = []
    const routes = await bodyRoutes()
    for (const { key, who, public: open, req } of routes) {
      const fields = typeof req.payload === 'object' && req.payload !== null && !Array.isArray(req.payload) ? JSON.stringify(req.payload).slice(1, -1) : ''
      for (const [label, deep] of [
        ['arrays', deepArrays(8000)],
        ['objects', deepObjects(8000)],
      ] as const) {
        // The issue's shape: the route's own fields, and one more nested 8,000 deep (16 KB or more).
        const payload = `{${fields}${fields ? ',' : ''}"x":${deep.text}}`
        for (const as of open ? (['anon', who] as const) : ([who] as const)) {
          const res = await call(await tokenOf(as, key), { method: req.method, url: req.url, headers: { 'content-type': 'application/json' }, payload })
          const body = res.statusCode === 400 ? res.json() : null
          if (res.statusCode !== 400 || body?.error !== 'body_too_deep' || body?.fields?.[0]?.field !== 'body')
            problems.push(`${key} as ${as}, ${label}: ${res.statusCode} ${res.body.slice(0, 160)}`)
        }
      }
    }
    expect(routes.length).toBeGreaterThan(20)
    expect(problems).toEqual([])
  })

  it('takes an empty body sent as application/json as no body, on every route', async () => {
    const call = caller(t.app)
    const problems: string[] = []
    const routes = await bodyRoutes()
    for (const { key, who, req } of routes) {
      const { payload: _payload, ...bare } = req
      const without = await call(await tokenOf(who, key), { ...bare, headers: { ...bare.headers } })
      const empty = await call(await tokenOf(who, key), { ...bare, headers: { ...bare.headers, 'content-type': 'application/json' }, payload: '' })
      if (empty.statusCode !== without.statusCode || empty.statusCode >= 500)
        problems.push(`${key} as ${who}: ${empty.statusCode} with an empty JSON body, ${without.statusCode} without a body: ${empty.body.slice(0, 160)}`)
    }
    expect(problems).toEqual([])
    const token = ctx.f.tokens.trade
    const emptied = await call(token, { method: 'DELETE', url: '/api/cart', headers: { 'content-type': 'application/json' }, payload: '' })
    expect(emptied.statusCode).toBe(200)
  })
})

function hasPath(body: unknown, path: string[]): boolean {
  let at: any = body
  for (const k of path) {
    if (!at || typeof at !== 'object' || !(k in at)) return false
    at = at[k]
  }
  return true
}

const userIds = new Map<Who, number>()
async function userIdOf(who: Who): Promise<number> {
  if (!userIds.has(who)) {
    const row = await t.db.selectFrom('users').select('id').where('username', '=', who).executeTakeFirstOrThrow()
    userIds.set(who, row.id)
  }
  return userIds.get(who)!
}
