import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { hashPassword } from '../../src/modules/auth/passwords'
import { BACK_OFFICE, BACK_OFFICE_USERS, backOfficeSessionFor, type BackOfficeWho } from '../back-office'
import { DEMO, type TestContext } from '../helpers'
import { caller, checkoutForm, pendingDetails, type Fixtures, type User } from './fixtures'
import type { Who } from './surface'
import { isValidAbn } from '@portal/contract/applications'

/**
 * The access matrix: every route of the app, called with no session, as each demo user, and with
 * another account's ids (or, for the catalogue, a record hidden from resellers), against the status
 * written out for each cell. A route the app has and this table does not list fails the suite, and so
 * does a row whose route no longer exists.
 *
 * Columns: anonymous, trade (Administrator), staff (User, same account as trade), cash (CAS,
 * Administrator), elders (reseller, Administrator). "Other" columns: the same call with another
 * account's record (fixtures.ts says whose) for trade, staff, cash and elders.
 * Every anonymous cell is also sent with a revoked token and with an expired one, which must answer
 * exactly as no token does. One more column, `erp`: the call with the ERP interchange's key, which only
 * the /api/erp routes accept (customers' sessions get 401 there).
 * Four more columns, `backOffice`: the call with a back office session (second factor given) of each demo
 * back office user, an Administrator, Customer service, a Sales representative and Marketing. Only the
 * /api/staff routes accept one; to every other route it is no session at all, and a customer's session is
 * none to /api/staff (decision 0083).
 */
export type BackOfficeFour = readonly [admin: number, service: number, rep: number, marketing: number]

export type Five = readonly [anon: number, trade: number, staff: number, cash: number, elders: number]
export type Four = readonly [trade: number, staff: number, cash: number, elders: number]
export type Req = InjectOptions & { method: string; url: string }

export interface Ctx {
  f: Fixtures
  /** The Mastercard Gateway session a pending order has now (each POST /api/payments/session opens a new one). */
  gatewaySession(pendingId: string): Promise<string>
  /** Calls the API as a user, for preparing a cell. */
  as(who: User, req: Req): Promise<LightMyRequestResponse>
  /** A user of the account that can be changed or deleted in a cell. */
  spareUser(who: User): Promise<string>
  /** Each demo back office user's session. */
  backOffice: Record<BackOfficeWho, string>
  /** Calls the API as a back office user. */
  asBackOffice(who: BackOfficeWho, req: Req): Promise<LightMyRequestResponse>
  /** A back office user (invited, a Sales representative) that a cell can change. */
  spareBackOfficeUser(): Promise<number>
  /** An order waiting for approval, of a new User of the user's own account or of the other account fixtures.ts names. */
  approvalOf(who: User, whose: 'own' | 'other'): Promise<number>
  /** A standing order (first run tomorrow) of a new User of the user's own account or of the other account. */
  standingOrderOf(who: User, whose: 'own' | 'other'): Promise<number>
  /**
   * A quote (decision 0102) of the user's own account asked for by the user, or of the other account: open (priced,
   * expiring in a month) or, with `requested`, waiting in the back office's inbox. One line of the everyday product.
   */
  quoteOf(who: User, whose: 'own' | 'other', state?: 'open' | 'requested'): Promise<number>
}

export interface Row {
  route: string
  expect: Five
  other?: Four
  request(c: Ctx, who: Who): Req | Promise<Req>
  otherRequest?(c: Ctx, who: User): Req | Promise<Req>
  /** Runs before each cell (own and other) of a signed-in user. */
  prepare?(c: Ctx, who: User): Promise<unknown>
  /** The cell ends its own session (logout): it gets a session of its own. */
  fresh?: boolean
  /**
   * The status with the ERP interchange's key (ERP_API_KEY) as the bearer token. Left out: the anonymous cell's,
   * since to every customer route the key is no session at all.
   */
  erp?: number
  /** The statuses with each back office user's session. Left out: the anonymous cell's, four times. */
  backOffice?: BackOfficeFour
}

export const get = (url: string): Req => ({ method: 'GET', url })
export const post = (url: string, payload?: object): Req => ({ method: 'POST', url, ...(payload ? { payload } : {}) })
export const put = (url: string, payload: object): Req => ({ method: 'PUT', url, payload })
export const del = (url: string, payload?: object): Req => ({ method: 'DELETE', url, ...(payload ? { payload } : {}) })
/** A multipart/form-data request, each file a part named by its path (POST /api/erp/import). */
export function multipart(url: string, files: Record<string, string>): Req {
  const boundary = 'matrix-boundary-7f3a'
  const parts = Object.entries(files).map(
    ([path, body]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${path}"; filename="${path.split('/').pop()}"\r\nContent-Type: text/csv\r\n\r\n${body}\r\n`,
  )
  return { method: 'POST', url, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: `${parts.join('')}--${boundary}--\r\n` }
}
/** A picture for the back office's Content (a 1x1 PNG) and its alt text, as the browser uploads it. */
const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPj/HwADAgH/eL9GtQAAAABJRU5ErkJggg==', 'base64')
export function pictureUpload(url: string, alt: string): Req {
  const boundary = 'matrix-picture-1b2c'
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dot.png"\r\nContent-Type: image/png\r\n\r\n`),
    ONE_PIXEL_PNG,
    Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="alt"\r\n\r\n${alt}\r\n--${boundary}--\r\n`),
  ])
  return { method: 'POST', url, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload }
}
/** A news post as the back office's editor sends it. */
export const contentBody = (title: string) => ({
  kind: 'news',
  title,
  body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'A line of news.' }] }] },
  groups: ['trade'],
})
/** A draft news post written by Marketing, for a cell to read or change. */
const contentDraft = async (c: Ctx) => (await c.asBackOffice('marketing', post('/api/staff/content', contentBody('Matrix draft')))).json().id as number
const publishedContent = async (c: Ctx) => {
  const id = await contentDraft(c)
  await c.asBackOffice('marketing', post(`/api/staff/content/${id}/publish`))
  return id
}

/** Applying for a trade account (decision 0103): a form whose honeypot is filled is answered as stored, and stores nothing. */
export const applicationForm = (abn = '53004085616', website = '') => ({
  businessName: 'Matrix Farms',
  abn,
  contactName: 'Mat Rix',
  email: 'mat@matrixfarms.example',
  phone: '02 6920 0000',
  branch: 'WAG',
  kind: 'farm',
  monthlySpendCents: 100_000,
  website,
})
let applicationNo = 0
/** A new application waiting for the staff, from an address of its own (the form's limits count by address). */
const freshApplication = async (c: Ctx) => {
  let abn = ''
  for (let n = 8_100_000 + applicationNo * 1000; !abn; n++) if (isValidAbn(`${n}0000`)) abn = `${n}0000`
  applicationNo++
  const form = { ...applicationForm(abn), email: `mat${applicationNo}@matrixfarms.example` }
  const res = await c.asBackOffice('admin', { ...post('/api/applications', form), remoteAddress: `192.0.2.${100 + (applicationNo % 150)}` })
  if (res.statusCode !== 201) throw new Error(`application for the matrix: ${res.statusCode} ${res.body}`)
  const page = (await c.asBackOffice('admin', get('/api/staff/applications?status=received'))).json()
  return page.applications[0].id as number
}

const userOr = (who: Who, fallback: User = 'trade'): User => (who === 'anon' ? fallback : who)
let invited = 0

/** The cart holds one line of the everyday product at the user's default branch (in the branch group for elders). */
const oneLineInCart = async (c: Ctx, who: User) => {
  await c.as(who, del('/api/cart'))
  await c.as(who, post('/api/cart', { productID: c.f.product.id, qty: 1, warehouse: who === 'cash' ? 'MEL' : 'WAG' }))
}
const emptyCart = (c: Ctx, who: User) => c.as(who, del('/api/cart'))
const ownLine = async (c: Ctx, who: Who) => {
  if (who === 'anon') return 1
  const items = await c.as(who, get('/api/cart/items'))
  return items.json()[0].ShopCartLineID as number
}

/** A delivery site's address of KELLYFG (trade's account), where the back office may send its documents. */
const KELLY_ADDRESS = 'orders@kellysfarm.example'
/** KELLYFG's page as an Administrator of the back office reads it. */
const kellyPage = async (c: Ctx) => (await c.asBackOffice('admin', get('/api/staff/accounts/KELLYFG'))).json()
/** A new portal user of KELLYFG (with a password), by id, for a back office action on it. */
const kellyUser = async (c: Ctx) => {
  const username = await c.spareUser('trade')
  return (await kellyPage(c)).users.find((u: { username: string }) => u.username === username).id as number
}

// prettier-ignore
export const MATRIX: Row[] = [
  // expect: [anon, trade, staff, cash, elders]; other: [trade, staff, cash, elders] with another account's record.
  // Sign-in and the session.
  { route: 'POST /api/login',                           expect: [200, 200, 200, 200, 200], request: (_, who) => post('/api/login', DEMO[userOr(who)]) },
  { route: 'POST /api/logout',                          expect: [401, 204, 204, 204, 204], fresh: true, request: () => post('/api/logout') },
  // Only a session of staff ordering for a customer stops or sends a payment link (decision 0101): a customer's own is 403.
  { route: 'POST /api/acting/stop',                     expect: [401, 403, 403, 403, 403], request: () => post('/api/acting/stop') },
  { route: 'POST /api/acting/payment-link',             expect: [401, 403, 403, 403, 403], request: () => post('/api/acting/payment-link') },
  { route: 'GET /api/me',                               expect: [401, 200, 200, 200, 200], request: () => get('/api/me') },
  { route: 'POST /api/password-reset',                  expect: [200, 200, 200, 200, 200], request: () => post('/api/password-reset', { username: 'nobody', email: 'nobody@example.com' }) },
  { route: 'POST /api/applications',                   expect: [201, 201, 201, 201, 201], request: () => post('/api/applications', applicationForm('53004085616', 'http://robot.example')) },
  { route: 'POST /api/applications/reply/question',     expect: [404, 404, 404, 404, 404], request: () => post('/api/applications/reply/question', { token: 'x'.repeat(43) }) },
  { route: 'POST /api/applications/reply',              expect: [404, 404, 404, 404, 404], request: () => post('/api/applications/reply', { token: 'x'.repeat(43), message: 'Answer' }) },
  { route: 'POST /api/password-reset/complete',         expect: [400, 400, 400, 400, 400], request: () => post('/api/password-reset/complete', { token: 'x'.repeat(43), newPassword: 'Another2030' }) },
  { route: 'POST /api/change-password',                 expect: [401, 200, 200, 200, 200],
    request: (_, who) => post('/api/change-password', { currentPassword: DEMO[userOr(who)].password, newPassword: DEMO[userOr(who)].password }) },
  { route: 'GET /api/site',                             expect: [200, 200, 200, 200, 200], request: () => get('/api/site') },
  // The distributor's logo file (DISTRIBUTOR_LOGO), public like the pages showing it; the suite's portal has none.
  { route: 'GET /api/site/logo',                        expect: [404, 404, 404, 404, 404], request: () => get('/api/site/logo') },
  // The installable app's manifest, made from the distributor's name and colour.
  { route: 'GET /manifest.webmanifest',                 expect: [200, 200, 200, 200, 200], request: () => get('/manifest.webmanifest') },

  // Reference data and the catalogue. "Other" is a record hidden from resellers.
  { route: 'GET /api/warehouses',                       expect: [200, 200, 200, 200, 200], request: () => get('/api/warehouses') },
  { route: 'GET /api/categories',                       expect: [200, 200, 200, 200, 200], request: () => get('/api/categories') },
  { route: 'GET /api/brands',                           expect: [200, 200, 200, 200, 200], request: () => get('/api/brands') },
  { route: 'GET /api/categories/:name/products',        expect: [401, 200, 200, 200, 200], other: [200, 200, 200, 404],
    request: (c) => get(`/api/categories/${c.f.product.category}/products`), otherRequest: (c) => get(`/api/categories/${c.f.hidden.category}/products`) },
  { route: 'GET /api/categories/:name/random-products', expect: [401, 200, 200, 200, 200], other: [200, 200, 200, 404],
    request: (c) => get(`/api/categories/${c.f.product.category}/random-products`), otherRequest: (c) => get(`/api/categories/${c.f.hidden.category}/random-products`) },
  { route: 'GET /api/brands/:code/products',            expect: [401, 200, 200, 200, 200], other: [200, 200, 200, 404],
    request: (c) => get(`/api/brands/${c.f.product.brand}/products`), otherRequest: (c) => get(`/api/brands/${c.f.hidden.brand}/products`) },
  { route: 'GET /api/specials',                         expect: [401, 200, 200, 200, 200], request: () => get('/api/specials') },
  { route: 'GET /api/specials/count',                   expect: [401, 200, 200, 200, 200], request: () => get('/api/specials/count') },
  { route: 'GET /api/categories/:name/products/count',  expect: [401, 200, 200, 200, 200], other: [200, 200, 200, 404],
    request: (c) => get(`/api/categories/${c.f.product.category}/products/count`), otherRequest: (c) => get(`/api/categories/${c.f.hidden.category}/products/count`) },
  { route: 'GET /api/brands/:code/products/count',      expect: [401, 200, 200, 200, 200], other: [200, 200, 200, 404],
    request: (c) => get(`/api/brands/${c.f.product.brand}/products/count`), otherRequest: (c) => get(`/api/brands/${c.f.hidden.brand}/products/count`) },
  { route: 'GET /api/popular',                          expect: [401, 200, 200, 200, 200], request: () => get('/api/popular') },
  { route: 'POST /api/search',                          expect: [401, 200, 200, 200, 200], request: () => post('/api/search', { search: 'drench' }) },
  { route: 'GET /api/search/suggest',                   expect: [401, 200, 200, 200, 200], request: () => get('/api/search/suggest?text=dren') },
  { route: 'GET /api/product/:id',                      expect: [401, 200, 200, 200, 200], other: [200, 200, 200, 404],
    request: (c) => get(`/api/product/${c.f.product.id}`), otherRequest: (c) => get(`/api/product/${c.f.hidden.id}`) },
  { route: 'POST /api/products/code-setup',             expect: [401, 403, 403, 403, 200], other: [403, 403, 403, 404],
    request: (c) => post('/api/products/code-setup', { id: c.f.product.id, warehouse: 'WAG' }),
    otherRequest: (c) => post('/api/products/code-setup', { id: c.f.hidden.id, warehouse: 'WAG' }) },
  // Pictures of a product every account may see are anybody's (an <img> sends no token); a hidden product's only
  // its viewers' (PICTURES below: each case with its Cache-Control).
  { route: 'GET /api/product/:id/image',                expect: [200, 200, 200, 200, 200], other: [200, 200, 200, 404],
    request: (c) => get(`/api/product/${c.f.product.id}/image`), otherRequest: (c) => get(`/api/product/${c.f.hidden.id}/image`) },
  { route: 'GET /api/product/:id/attachment/:attachmentId', expect: [401, 200, 200, 200, 200], other: [200, 200, 200, 404],
    request: (c) => get(`/api/product/${c.f.product.id}/attachment/${c.f.product.attachment}`),
    otherRequest: (c) => get(`/api/product/${c.f.hidden.attachmentProduct}/attachment/${c.f.hidden.attachment}`) },
  { route: 'GET /api/products/by-code',                 expect: [401, 200, 200, 200, 200], other: [200, 200, 200, 404],
    request: (c) => get(`/api/products/by-code?code=${c.f.product.barcode}`), otherRequest: async (c) => get(`/api/products/by-code?code=${await hiddenCode(c)}`) },
  { route: 'GET /api/barcode/:barcode',                 expect: [200, 200, 200, 200, 200], request: (c) => get(`/api/barcode/${c.f.product.barcode}`) },
  { route: 'GET /api/price-list',                       expect: [401, 200, 200, 200, 200], request: () => get('/api/price-list') },

  // The account. "Other" is another account's delivery site, order, invoice, cart line or user.
  { route: 'GET /api/delivery-sites',                   expect: [401, 200, 200, 200, 200], request: () => get('/api/delivery-sites') },
  { route: 'GET /api/account-balance',                  expect: [401, 200, 200, 200, 200], request: () => get('/api/account-balance') },
  { route: 'GET /api/financial-periods',                expect: [401, 200, 200, 200, 200], request: () => get('/api/financial-periods') },
  { route: 'POST /api/statements',                      expect: [401, 200, 200, 200, 200],
    request: (c) => post('/api/statements', { email: 'accounts@example.com', finyear: c.f.period.finyear, period: c.f.period.period }) },
  { route: 'GET /api/orders',                           expect: [401, 200, 200, 200, 200], other: [400, 400, 400, 400],
    request: (c, who) => get(`/api/orders?branch=${c.f.own[userOr(who)].site}`), otherRequest: (c, who) => get(`/api/orders?branch=${c.f.other[who].site}`) },
  { route: 'GET /api/orders/:id',                       expect: [401, 200, 200, 200, 200], other: [404, 404, 404, 404],
    request: (c, who) => get(`/api/orders/${c.f.own[userOr(who)].order}`), otherRequest: (c, who) => get(`/api/orders/${c.f.other[who].order}`) },
  { route: 'POST /api/orders/:id/reorder',              expect: [401, 200, 200, 200, 200], other: [404, 404, 404, 404], prepare: emptyCart,
    request: (c, who) => post(`/api/orders/${c.f.own[userOr(who)].order}/reorder`), otherRequest: (c, who) => post(`/api/orders/${c.f.other[who].order}/reorder`) },
  { route: 'GET /api/back-orders',                      expect: [401, 200, 200, 200, 200], other: [400, 400, 400, 400],
    request: (c, who) => get(`/api/back-orders?branch=${c.f.own[userOr(who)].site}`), otherRequest: (c, who) => get(`/api/back-orders?branch=${c.f.other[who].site}`) },
  { route: 'GET /api/invoice-payments/open',            expect: [401, 200, 200, 200, 200], request: () => get('/api/invoice-payments/open') },
  { route: 'POST /api/invoice-payments',                expect: [401, 200, 403, 200, 200], other: [404, 403, 404, 404],
    request: (c, who) => post('/api/invoice-payments', { invoices: [{ InvoiceID: c.f.own[userOr(who)].invoiceId, Amount: 1 }], amount: 1 }),
    otherRequest: (c, who) => post('/api/invoice-payments', { invoices: [{ InvoiceID: c.f.other[who].invoiceId, Amount: 1 }], amount: 1 }) },
  { route: 'GET /api/invoice-payments/:id',             expect: [401, 200, 200, 200, 200], other: [404, 404, 404, 404],
    request: (c, who) => get(`/api/invoice-payments/${c.f.own[userOr(who)].invoicePayment}`),
    otherRequest: (c, who) => get(`/api/invoice-payments/${c.f.other[who].invoicePayment}`) },
  { route: 'GET /api/invoice-payments/:id/receipt',     expect: [401, 409, 409, 409, 409], other: [404, 404, 404, 404],
    request: (c, who) => get(`/api/invoice-payments/${c.f.own[userOr(who)].invoicePayment}/receipt`),
    otherRequest: (c, who) => get(`/api/invoice-payments/${c.f.other[who].invoicePayment}/receipt`) },
  { route: 'POST /api/invoice-payments/session',        expect: [401, 200, 403, 200, 200], other: [404, 403, 404, 404],
    request: (c, who) => post('/api/invoice-payments/session', { paymentId: c.f.own[userOr(who)].invoicePayment }),
    otherRequest: (c, who) => post('/api/invoice-payments/session', { paymentId: c.f.other[who].invoicePayment }) },
  { route: 'POST /api/invoice-payments/complete',       expect: [401, 404, 404, 404, 404],
    request: () => post('/api/invoice-payments/complete', { sessionID: 'no-such-session', resultIndicator: 'x' }) },
  { route: 'GET /api/invoices',                         expect: [401, 200, 200, 200, 200], request: () => get('/api/invoices') },
  { route: 'GET /api/invoices/:id',                     expect: [401, 200, 200, 200, 200], other: [404, 404, 404, 404],
    request: (c, who) => get(`/api/invoices/${c.f.own[userOr(who)].invoice}`), otherRequest: (c, who) => get(`/api/invoices/${c.f.other[who].invoice}`) },
  { route: 'GET /api/invoices/:id/pdf',                 expect: [401, 200, 200, 200, 200], other: [404, 404, 404, 404],
    request: (c, who) => get(`/api/invoices/${c.f.own[userOr(who)].invoice}/pdf`), otherRequest: (c, who) => get(`/api/invoices/${c.f.other[who].invoice}/pdf`) },
  { route: 'POST /api/invoices/:id/send',               expect: [401, 200, 200, 200, 200], other: [404, 404, 404, 404],
    request: (c, who) => post(`/api/invoices/${c.f.own[userOr(who)].invoice}/send`, { email: 'copy@example.com' }),
    otherRequest: (c, who) => post(`/api/invoices/${c.f.other[who].invoice}/send`, { email: 'copy@example.com' }) },

  // The cart. Resellers keep a cart (to print it) but cannot check out.
  { route: 'GET /api/cart',                             expect: [401, 200, 200, 200, 200], request: () => get('/api/cart') },
  { route: 'POST /api/cart',                            expect: [401, 200, 200, 200, 200], other: [200, 200, 200, 404], prepare: emptyCart,
    request: (c) => post('/api/cart', { productID: c.f.product.id, qty: 1 }), otherRequest: (c) => post('/api/cart', { productID: c.f.hidden.id, qty: 1 }) },
  { route: 'PUT /api/cart',                             expect: [401, 200, 200, 200, 200], other: [404, 404, 404, 404], prepare: oneLineInCart,
    request: async (c, who) => put('/api/cart', { item: await ownLine(c, who), qty: 2 }), otherRequest: (c, who) => put('/api/cart', { item: c.f.other[who].cartLine, qty: 5 }) },
  // Bulk add: a reseller's hidden product is reported as an unknown code (200), never added.
  { route: 'POST /api/cart/bulk',                       expect: [401, 200, 200, 200, 200], other: [200, 200, 200, 200], prepare: emptyCart,
    request: (c, who) => post('/api/cart/bulk', { warehouse: who === 'cash' ? 'MEL' : 'WAG', lines: [{ barcode: c.f.product.barcode, qty: 1 }] }),
    otherRequest: async (c, who) => post('/api/cart/bulk', { warehouse: who === 'cash' ? 'MEL' : 'WAG', lines: [{ code: await hiddenCode(c), qty: 1 }] }) },
  { route: 'DELETE /api/cart',                          expect: [401, 200, 200, 200, 200], request: () => del('/api/cart') },
  { route: 'GET /api/cart/items',                       expect: [401, 200, 200, 200, 200], request: () => get('/api/cart/items') },
  { route: 'POST /api/cart/quote',                      expect: [401, 200, 200, 200, 200], prepare: oneLineInCart, request: () => post('/api/cart/quote') },
  { route: 'GET /api/print-cart',                       expect: [401, 200, 200, 200, 200], prepare: oneLineInCart, request: () => get('/api/print-cart') },
  { route: 'POST /api/cart/checkout-info',              expect: [401, 200, 200, 200, 403], request: () => post('/api/cart/checkout-info', { DeliveryName: 'Saved for later' }) },
  { route: 'GET /api/cart/checkout-info',               expect: [401, 200, 200, 200, 200], request: () => get('/api/cart/checkout-info') },
  // The account's credit: every signed-in user's own account's (null for cash-sale and reseller accounts); no id to reach another's.
  { route: 'GET /api/cart/credit',                      expect: [401, 200, 200, 200, 200], request: () => get('/api/cart/credit') },

  // Saved order lists: the account's, used by all its users, changed by their creator and Administrators.
  // Each cell's list is made by the account's Administrator (trade for staff, who may use it but not change it);
  // "other" is MCDONALB's list.
  { route: 'GET /api/lists',                            expect: [401, 200, 200, 200, 200], request: () => get('/api/lists') },
  { route: 'POST /api/lists',                           expect: [401, 201, 201, 201, 201],
    request: (c) => post('/api/lists', { name: 'From the cart', lines: [{ ProductID: c.f.product.id, Quantity: 3 }] }) },
  { route: 'GET /api/lists/:id',                        expect: [401, 200, 200, 200, 200], other: [404, 404, 404, 404],
    request: async (c, who) => get(`/api/lists/${await listOf(c, who)}`), otherRequest: (c) => get(`/api/lists/${c.f.foreignList}`) },
  { route: 'PUT /api/lists/:id',                        expect: [401, 200, 403, 200, 200], other: [404, 404, 404, 404],
    request: async (c, who) => put(`/api/lists/${await listOf(c, who)}`, { name: 'Renamed', lines: [{ ProductID: c.f.product.id, Quantity: 5 }] }),
    otherRequest: (c) => put(`/api/lists/${c.f.foreignList}`, { name: 'Taken over' }) },
  { route: 'DELETE /api/lists/:id',                     expect: [401, 204, 403, 204, 204], other: [404, 404, 404, 404],
    request: async (c, who) => del(`/api/lists/${await listOf(c, who)}`), otherRequest: (c) => del(`/api/lists/${c.f.foreignList}`) },
  { route: 'POST /api/lists/:id/lines',                 expect: [401, 200, 403, 200, 200], other: [404, 404, 404, 404],
    request: async (c, who) => post(`/api/lists/${await listOf(c, who)}/lines`, { ProductID: c.f.product.id, Quantity: 1 }),
    otherRequest: (c) => post(`/api/lists/${c.f.foreignList}/lines`, { ProductID: c.f.product.id, Quantity: 1 }) },
  { route: 'DELETE /api/lists/:id/lines/:productId',    expect: [401, 200, 403, 200, 200], other: [404, 404, 404, 404],
    request: async (c, who) => del(`/api/lists/${await listOf(c, who)}/lines/${c.f.product.id}`),
    otherRequest: (c) => del(`/api/lists/${c.f.foreignList}/lines/${c.f.product.id}`) },
  // Back-in-stock requests: each user's own; another user's, of the same account or another, is not found.
  // The everyday product has fewer than 99,999 at every branch, so each may ask for that many.
  { route: 'GET /api/stock-alerts',                     expect: [401, 200, 200, 200, 200], request: () => get('/api/stock-alerts') },
  { route: 'POST /api/stock-alerts',                    expect: [401, 201, 201, 201, 201], other: [201, 201, 201, 404], prepare: cancelAlerts,
    request: (c, who) => post('/api/stock-alerts', { productId: c.f.product.id, warehouse: branchOf(who), quantity: 99_999 }),
    otherRequest: (c, who) => post('/api/stock-alerts', { productId: c.f.hidden.id, warehouse: branchOf(who), quantity: 99_999 }) },
  { route: 'DELETE /api/stock-alerts/:id',              expect: [401, 204, 204, 204, 204], other: [404, 404, 404, 404],
    request: async (c, who) => del(`/api/stock-alerts/${await alertOf(c, who)}`),
    otherRequest: async (c, who) => del(`/api/stock-alerts/${await alertOf(c, ALERT_PARTNER[who])}`) },
  { route: 'GET /api/buy-again',                        expect: [401, 200, 200, 200, 200], request: () => get('/api/buy-again') },

  // Checkout: on account for trade accounts, by card for cash-sale accounts, never for resellers.
  { route: 'POST /api/orders',                          expect: [401, 201, 201, 403, 403], other: [400, 400, 403, 403], prepare: oneLineInCart,
    request: () => post('/api/orders', checkoutForm('WAG')),
    otherRequest: (c, who) => post('/api/orders', checkoutForm('WAG', { SiteCode: c.f.other[who].site })) },
  { route: 'POST /api/payments/create',                 expect: [401, 403, 403, 200, 403], other: [403, 403, 400, 403], prepare: oneLineInCart,
    request: async (c, who) => post('/api/payments/create', { orderDetails: pendingDetails('MEL'), amount: await cartValue(c, who), accountName: 'Test' }),
    otherRequest: async (c, who) =>
      post('/api/payments/create', { orderDetails: pendingDetails('MEL', { siteCode: c.f.other[who].site }), amount: await cartValue(c, who), accountName: 'Test' }) },
  // Only cash-sale accounts have pending payments: every column asks for cash's; "other" is another cash-sale account's.
  { route: 'GET /api/payments/pending/:id',             expect: [401, 404, 404, 200, 404], other: [404, 404, 404, 404],
    request: (c) => get(`/api/payments/pending/${c.f.pending.cash}`), otherRequest: (c) => get(`/api/payments/pending/${c.f.pending.foreign}`) },
  { route: 'POST /api/payments/session',                expect: [401, 404, 404, 200, 403], other: [404, 404, 404, 403],
    request: async (c) => post('/api/payments/session', { orderId: await livePending(c) }), otherRequest: (c) => post('/api/payments/session', { orderId: c.f.pending.foreign }) },
  // cash reaches the gateway, which has no payment for the session: 422, not paid.
  { route: 'POST /api/payments/complete',               expect: [401, 404, 404, 422, 403], other: [404, 404, 404, 403],
    request: async (c) => post('/api/payments/complete', { sessionID: await c.gatewaySession(c.f.pending.cash), resultIndicator: 'not-the-indicator' }),
    otherRequest: async (c) => post('/api/payments/complete', { sessionID: await c.gatewaySession(c.f.pending.foreign), resultIndicator: 'not-the-indicator' }) },
  // The provider's result URL: public, believed only on its fingerprint; a forged one goes back to checkout.
  { route: 'GET /api/payments/callback',                expect: [303, 303, 303, 303, 303], request: () => get('/api/payments/callback?refid=W000000000000&summarycode=1&fingerprint=00') },
  { route: 'POST /api/payments/callback',               expect: [303, 303, 303, 303, 303], request: () => post('/api/payments/callback', { refid: 'W000000000000', summarycode: '1', fingerprint: '00' }) },

  // Users: Administrators only, within their own account.
  { route: 'GET /api/users',                            expect: [401, 200, 403, 200, 200], request: () => get('/api/users') },
  { route: 'POST /api/users',                           expect: [401, 201, 403, 201, 201],
    request: (_, who) => post('/api/users', { email: 'new@example.com', username: `new-${who}-${Date.now()}`, password: 'Welcome2026' }) },
  { route: 'PUT /api/users',                            expect: [401, 200, 403, 200, 200], other: [404, 403, 404, 404],
    request: async (c, who) => put('/api/users', { username: await c.spareUser(userOr(who)), email: 'changed@example.com' }),
    otherRequest: (c, who) => put('/api/users', { username: c.f.other[who].username, email: 'taken-over@example.com', password: 'TakeOver2026' }) },
  { route: 'DELETE /api/users',                         expect: [401, 200, 403, 200, 200], other: [404, 403, 404, 404],
    request: async (c, who) => del('/api/users', { username: await c.spareUser(userOr(who)) }),
    otherRequest: (c, who) => del('/api/users', { username: c.f.other[who].username }) },
  { route: 'GET /api/users/staff-changes',              expect: [401, 200, 403, 200, 200], request: () => get('/api/users/staff-changes') },
  // Spending limits (decision 0089): an Administrator's, for a User of an account that orders on account.
  { route: 'PUT /api/users/invoice-payments',           expect: [401, 200, 403, 200, 200], other: [404, 403, 404, 404],
    request: async (c, who) => put('/api/users/invoice-payments', { username: await c.spareUser(userOr(who)), allowed: true }),
    otherRequest: (c, who) => put('/api/users/invoice-payments', { username: c.f.other[who].username, allowed: true }) },
  { route: 'PUT /api/users/limits',                     expect: [401, 200, 403, 200, 403], other: [404, 403, 404, 403],
    request: async (c, who) => put('/api/users/limits', { username: await c.spareUser(userOr(who)), orderLimit: 100, monthLimit: null, approver: null }),
    otherRequest: (c, who) => put('/api/users/limits', { username: c.f.other[who].username, orderLimit: 100, monthLimit: null, approver: null }) },

  // Orders waiting for approval: seen and decided by the account's Administrators (and their buyer and named approver,
  // approvals.test.ts); another User of the account and another account find none; resellers have none. An approval
  // of a cash-sale account's cannot be placed on account (409).
  { route: 'GET /api/approvals',                        expect: [401, 200, 200, 200, 403], request: () => get('/api/approvals') },
  { route: 'GET /api/approvals/:id',                    expect: [401, 200, 404, 200, 403], other: [404, 404, 404, 403],
    request: async (c, who) => get(`/api/approvals/${await c.approvalOf(userOr(who), 'own')}`),
    otherRequest: async (c, who) => get(`/api/approvals/${await c.approvalOf(who, 'other')}`) },
  { route: 'POST /api/approvals/:id/approve',           expect: [401, 200, 404, 409, 403], other: [404, 404, 404, 403],
    request: async (c, who) => post(`/api/approvals/${await c.approvalOf(userOr(who), 'own')}/approve`, {}),
    otherRequest: async (c, who) => post(`/api/approvals/${await c.approvalOf(who, 'other')}/approve`, {}) },
  { route: 'POST /api/approvals/:id/reject',            expect: [401, 200, 404, 200, 403], other: [404, 404, 404, 403],
    request: async (c, who) => post(`/api/approvals/${await c.approvalOf(userOr(who), 'own')}/reject`, { reason: 'Not this month' }),
    otherRequest: async (c, who) => post(`/api/approvals/${await c.approvalOf(who, 'other')}/reject`, { reason: 'Not this month' }) },
  // A cash-sale account's order waiting is paid for by its approver's card (approval-payments.test.ts): an order on
  // account is approved instead (409).
  { route: 'POST /api/approvals/:id/payment',           expect: [401, 409, 404, 200, 403], other: [404, 404, 404, 403],
    request: async (c, who) => post(`/api/approvals/${await c.approvalOf(userOr(who), 'own')}/payment`),
    otherRequest: async (c, who) => post(`/api/approvals/${await c.approvalOf(who, 'other')}/payment`) },
  // Only its buyer withdraws it (approvals.test.ts): an Administrator is refused.
  { route: 'POST /api/approvals/:id/withdraw',          expect: [401, 403, 404, 403, 403], other: [404, 404, 404, 403],
    request: async (c, who) => post(`/api/approvals/${await c.approvalOf(userOr(who), 'own')}/withdraw`),
    otherRequest: async (c, who) => post(`/api/approvals/${await c.approvalOf(who, 'other')}/withdraw`) },

  // Standing orders (decision 0093): their owner's and the account's Administrators'; another User of the account and
  // another account find none; resellers never order online. Each cell's standing order is a new User's, first run tomorrow.
  { route: 'GET /api/standing-orders',                  expect: [401, 200, 200, 200, 403], request: () => get('/api/standing-orders') },
  { route: 'POST /api/standing-orders',                 expect: [401, 201, 403, 201, 403],
    request: async (c, who) => post('/api/standing-orders', standingOrderBody(await listOf(c, who), userOr(who))) },
  { route: 'GET /api/standing-orders/:id',              expect: [401, 200, 404, 200, 403], other: [404, 404, 404, 403],
    request: async (c, who) => get(`/api/standing-orders/${await c.standingOrderOf(userOr(who), 'own')}`),
    otherRequest: async (c, who) => get(`/api/standing-orders/${await c.standingOrderOf(who, 'other')}`) },
  { route: 'PUT /api/standing-orders/:id',              expect: [401, 200, 404, 200, 403], other: [404, 404, 404, 403],
    request: async (c, who) => put(`/api/standing-orders/${await c.standingOrderOf(userOr(who), 'own')}`, { purchaseOrderPrefix: 'CHANGED-' }),
    otherRequest: async (c, who) => put(`/api/standing-orders/${await c.standingOrderOf(who, 'other')}`, { purchaseOrderPrefix: 'TAKEN-' }) },
  { route: 'DELETE /api/standing-orders/:id',           expect: [401, 204, 404, 204, 403], other: [404, 404, 404, 403],
    request: async (c, who) => del(`/api/standing-orders/${await c.standingOrderOf(userOr(who), 'own')}`),
    otherRequest: async (c, who) => del(`/api/standing-orders/${await c.standingOrderOf(who, 'other')}`) },
  { route: 'POST /api/standing-orders/:id/skip',        expect: [401, 200, 404, 200, 403], other: [404, 404, 404, 403],
    request: async (c, who) => post(`/api/standing-orders/${await c.standingOrderOf(userOr(who), 'own')}/skip`, { runOn: tomorrow() }),
    otherRequest: async (c, who) => post(`/api/standing-orders/${await c.standingOrderOf(who, 'other')}/skip`, { runOn: tomorrow() }) },
  { route: 'POST /api/standing-orders/:id/pause',       expect: [401, 200, 404, 200, 403], other: [404, 404, 404, 403],
    request: async (c, who) => post(`/api/standing-orders/${await c.standingOrderOf(userOr(who), 'own')}/pause`),
    otherRequest: async (c, who) => post(`/api/standing-orders/${await c.standingOrderOf(who, 'other')}/pause`) },
  { route: 'POST /api/standing-orders/:id/resume',      expect: [401, 200, 404, 200, 403], other: [404, 404, 404, 403],
    request: async (c, who) => post(`/api/standing-orders/${await c.standingOrderOf(userOr(who), 'own')}/resume`),
    otherRequest: async (c, who) => post(`/api/standing-orders/${await c.standingOrderOf(who, 'other')}/resume`) },

  // The back office (decision 0083): its own sessions only; roles enforced per route. Customers' sessions get 401.
  // backOffice: [admin, service, rep, marketing]. Every session here has given its second factor, so enrolling or giving it again is 409.
  { route: 'GET /api/staff/me',                         expect: [401, 401, 401, 401, 401], backOffice: [200, 200, 200, 200], request: () => get('/api/staff/me') },
  { route: 'POST /api/staff/sign-out',                  expect: [401, 401, 401, 401, 401], backOffice: [204, 204, 204, 204], fresh: true, request: () => post('/api/staff/sign-out') },
  { route: 'GET /api/staff/enrolment',                  expect: [401, 401, 401, 401, 401], backOffice: [409, 409, 409, 409], request: () => get('/api/staff/enrolment') },
  { route: 'POST /api/staff/enrolment',                 expect: [401, 401, 401, 401, 401], backOffice: [409, 409, 409, 409], request: () => post('/api/staff/enrolment', { code: '123456' }) },
  { route: 'POST /api/staff/second-factor',             expect: [401, 401, 401, 401, 401], backOffice: [409, 409, 409, 409], request: () => post('/api/staff/second-factor', { code: '123456' }) },
  { route: 'GET /api/staff/users',                      expect: [401, 401, 401, 401, 401], backOffice: [200, 403, 403, 403], request: () => get('/api/staff/users') },
  { route: 'POST /api/staff/users',                     expect: [401, 401, 401, 401, 401], backOffice: [201, 403, 403, 403],
    request: () => post('/api/staff/users', { email: `matrix-${++invited}@riverinarural.example`, name: 'Matrix', roles: ['Marketing'] }) },
  { route: 'GET /api/staff/users/:id',                  expect: [401, 401, 401, 401, 401], backOffice: [200, 403, 403, 403],
    request: async (c) => get(`/api/staff/users/${await c.spareBackOfficeUser()}`) },
  { route: 'PUT /api/staff/users/:id/roles',            expect: [401, 401, 401, 401, 401], backOffice: [200, 403, 403, 403],
    request: async (c) => put(`/api/staff/users/${await c.spareBackOfficeUser()}/roles`, { roles: ['Customer service', 'Marketing'] }) },
  { route: 'POST /api/staff/users/:id/disable',         expect: [401, 401, 401, 401, 401], backOffice: [200, 403, 403, 403],
    request: async (c) => post(`/api/staff/users/${await c.spareBackOfficeUser()}/disable`) },
  { route: 'POST /api/staff/users/:id/enable',          expect: [401, 401, 401, 401, 401], backOffice: [200, 403, 403, 403],
    request: async (c) => post(`/api/staff/users/${await c.spareBackOfficeUser()}/enable`) },
  { route: 'POST /api/staff/users/:id/second-factor/reset', expect: [401, 401, 401, 401, 401], backOffice: [200, 403, 403, 403],
    request: async (c) => post(`/api/staff/users/${await c.spareBackOfficeUser()}/second-factor/reset`) },
  { route: 'POST /api/staff/users/:id/invitation',      expect: [401, 401, 401, 401, 401], backOffice: [200, 403, 403, 403],
    request: async (c) => post(`/api/staff/users/${await c.spareBackOfficeUser()}/invitation`) },
  { route: 'POST /api/staff/users/:id/assignments',     expect: [401, 401, 401, 401, 401], backOffice: [200, 403, 403, 403],
    request: async (c) => post(`/api/staff/users/${await c.spareBackOfficeUser()}/assignments`, { accountCode: 'KELLYFG' }) },
  { route: 'DELETE /api/staff/users/:id/assignments/:accountId', expect: [401, 401, 401, 401, 401], backOffice: [200, 403, 403, 403],
    request: async (c) => {
      const id = await c.spareBackOfficeUser()
      const assigned = await c.asBackOffice('admin', post(`/api/staff/users/${id}/assignments`, { accountCode: 'KELLYFG' }))
      return del(`/api/staff/users/${id}/assignments/${assigned.json().assignments[0].accountId}`)
    } },
  // Customer accounts (decision 0092): Customer service and Administrators every account, the rep their own (KELLYFG is).
  { route: 'GET /api/staff/accounts',                   expect: [401, 401, 401, 401, 401], backOffice: [200, 200, 200, 403], request: () => get('/api/staff/accounts?q=kelly') },
  { route: 'GET /api/staff/accounts/:code',             expect: [401, 401, 401, 401, 401], backOffice: [200, 200, 200, 403], request: () => get('/api/staff/accounts/KELLYFG') },
  { route: 'POST /api/staff/accounts/:code/users/:userId/invitation', expect: [401, 401, 401, 401, 401], backOffice: [409, 409, 409, 403],
    request: async (c) => post(`/api/staff/accounts/KELLYFG/users/${await kellyUser(c)}/invitation`) },
  { route: 'POST /api/staff/accounts/:code/users/:userId/disable', expect: [401, 401, 401, 401, 401], backOffice: [200, 200, 200, 403],
    request: async (c) => post(`/api/staff/accounts/KELLYFG/users/${await kellyUser(c)}/disable`) },
  { route: 'POST /api/staff/accounts/:code/users/:userId/enable', expect: [401, 401, 401, 401, 401], backOffice: [200, 200, 200, 403],
    request: async (c) => post(`/api/staff/accounts/KELLYFG/users/${await kellyUser(c)}/enable`) },
  { route: 'POST /api/staff/accounts/:code/users/:userId/unlock', expect: [401, 401, 401, 401, 401], backOffice: [200, 200, 200, 403],
    request: async (c) => post(`/api/staff/accounts/KELLYFG/users/${await kellyUser(c)}/unlock`) },
  { route: 'POST /api/staff/accounts/:code/users/:userId/password-reset', expect: [401, 401, 401, 401, 401], backOffice: [200, 200, 200, 403],
    request: async (c) => post(`/api/staff/accounts/KELLYFG/users/${await kellyUser(c)}/password-reset`) },
  // Ordering for a customer (decision 0101): a customer session of one of the account's users; Marketing 403.
  { route: 'POST /api/staff/accounts/:code/users/:userId/act', expect: [401, 401, 401, 401, 401], backOffice: [200, 200, 200, 403],
    request: async (c) => post(`/api/staff/accounts/KELLYFG/users/${await kellyUser(c)}/act`) },
  { route: 'POST /api/staff/accounts/:code/orders/:orderId/confirmation', expect: [401, 401, 401, 401, 401], backOffice: [200, 200, 200, 403],
    request: async (c) => post(`/api/staff/accounts/KELLYFG/orders/${(await kellyPage(c)).orders[0].id}/confirmation`, { to: KELLY_ADDRESS }) },
  { route: 'POST /api/staff/accounts/:code/invoices/:invoiceId/send', expect: [401, 401, 401, 401, 401], backOffice: [200, 200, 200, 403],
    request: (c) => post(`/api/staff/accounts/KELLYFG/invoices/${c.f.own.trade.invoiceId}/send`, { to: KELLY_ADDRESS }) },
  { route: 'POST /api/staff/accounts/:code/statements',  expect: [401, 401, 401, 401, 401], backOffice: [200, 200, 200, 403],
    request: (c) => post('/api/staff/accounts/KELLYFG/statements', { to: KELLY_ADDRESS, year: c.f.period.finyear, period: c.f.period.period }) },
  { route: 'GET /api/staff/orders',                     expect: [401, 401, 401, 401, 401], backOffice: [200, 200, 200, 403], request: () => get('/api/staff/orders?channel=erp&q=so') },
  { route: 'GET /api/staff/orders/:id',                 expect: [401, 401, 401, 401, 401], backOffice: [200, 200, 200, 403],
    request: async (c) => get(`/api/staff/orders/${(await kellyPage(c)).orders[0].id}`) },
  // Trade account applications (decision 0103): Administrators and Customer service; reps and Marketing 403.
  { route: 'GET /api/staff/applications',               expect: [401, 401, 401, 401, 401], backOffice: [200, 200, 403, 403], request: () => get('/api/staff/applications?status=received') },
  { route: 'GET /api/staff/applications/:id',           expect: [401, 401, 401, 401, 401], backOffice: [200, 200, 403, 403],
    request: async (c) => get(`/api/staff/applications/${await freshApplication(c)}`) },
  { route: 'GET /api/staff/applications/:id/files/:fileId', expect: [401, 401, 401, 401, 401], backOffice: [200, 200, 403, 403],
    request: async (c) => {
      const page = (await c.asBackOffice('admin', get('/api/staff/applications?status=received'))).json()
      const withPdf = page.applications.find((a: { reference: string }) => a.reference === 'TA000101')
      const detail = (await c.asBackOffice('admin', get(`/api/staff/applications/${withPdf.id}`))).json()
      return get(`/api/staff/applications/${withPdf.id}/files/${detail.creditApplication.id}`)
    } },
  { route: 'POST /api/staff/applications/:id/request-information', expect: [401, 401, 401, 401, 401], backOffice: [200, 200, 403, 403],
    request: async (c) => post(`/api/staff/applications/${await freshApplication(c)}/request-information`, { question: 'Two trade references, please.' }) },
  { route: 'POST /api/staff/applications/:id/approve',  expect: [401, 401, 401, 401, 401], backOffice: [200, 200, 403, 403],
    request: async (c) => post(`/api/staff/applications/${await freshApplication(c)}/approve`, { note: '' }) },
  { route: 'POST /api/staff/applications/:id/decline',  expect: [401, 401, 401, 401, 401], backOffice: [200, 200, 403, 403],
    request: async (c) => post(`/api/staff/applications/${await freshApplication(c)}/decline`, { reason: 'Not in our area.' }) },
  // Quotes (decision 0102): the account's users read and write on its quotes; the one who asked (an Administrator:
  // any of the account's) accepts or declines; another account's quote is 404.
  { route: 'GET /api/quotes',                           expect: [401, 200, 200, 200, 200], request: () => get('/api/quotes') },
  { route: 'GET /api/quotes/:id',                       expect: [401, 200, 200, 200, 200], other: [404, 404, 404, 404],
    request: async (c, who) => get(`/api/quotes/${await c.quoteOf(userOr(who), 'own')}`),
    otherRequest: async (c, who) => get(`/api/quotes/${await c.quoteOf(who, 'other')}`) },
  { route: 'POST /api/quotes/:id/accept',               expect: [401, 200, 200, 200, 200], other: [404, 404, 404, 404], prepare: emptyCart,
    request: async (c, who) => post(`/api/quotes/${await c.quoteOf(userOr(who), 'own')}/accept`),
    otherRequest: async (c, who) => post(`/api/quotes/${await c.quoteOf(who, 'other')}/accept`) },
  { route: 'POST /api/quotes/:id/decline',              expect: [401, 200, 200, 200, 200], other: [404, 404, 404, 404],
    request: async (c, who) => post(`/api/quotes/${await c.quoteOf(userOr(who), 'own')}/decline`, { reason: 'Found it elsewhere' }),
    otherRequest: async (c, who) => post(`/api/quotes/${await c.quoteOf(who, 'other')}/decline`, { reason: 'Found it elsewhere' }) },
  { route: 'POST /api/quotes/:id/messages',             expect: [401, 200, 200, 200, 200], other: [404, 404, 404, 404],
    request: async (c, who) => post(`/api/quotes/${await c.quoteOf(userOr(who), 'own')}/messages`, { body: 'Could you do 20?' }),
    otherRequest: async (c, who) => post(`/api/quotes/${await c.quoteOf(who, 'other')}/messages`, { body: 'Could you do 20?' }) },
  // The Quotes inbox: the roles and scope of Accounts (KELLYFG is the rep's); Marketing 403.
  { route: 'GET /api/staff/quotes',                     expect: [401, 401, 401, 401, 401], backOffice: [200, 200, 200, 403], request: () => get('/api/staff/quotes?state=open') },
  { route: 'GET /api/staff/quotes/:id',                 expect: [401, 401, 401, 401, 401], backOffice: [200, 200, 200, 403],
    request: async (c) => get(`/api/staff/quotes/${await c.quoteOf('trade', 'own')}`) },
  { route: 'POST /api/staff/quotes/:id/send',           expect: [401, 401, 401, 401, 401], backOffice: [200, 200, 200, 403],
    request: async (c) => post(`/api/staff/quotes/${await c.quoteOf('trade', 'own', 'requested')}/send`, await quoteSent(c)) },
  { route: 'POST /api/staff/quotes/:id/messages',       expect: [401, 401, 401, 401, 401], backOffice: [200, 200, 200, 403],
    request: async (c) => post(`/api/staff/quotes/${await c.quoteOf('trade', 'own')}/messages`, { body: 'A new price is on its way.' }) },
  // Content (decision 0096): Marketing and Administrators; Customer service and reps 403.
  { route: 'GET /api/staff/content',                    expect: [401, 401, 401, 401, 401], backOffice: [200, 403, 403, 200], request: () => get('/api/staff/content?kind=news') },
  { route: 'POST /api/staff/content',                   expect: [401, 401, 401, 401, 401], backOffice: [201, 403, 403, 201], request: () => post('/api/staff/content', contentBody('Matrix news')) },
  { route: 'POST /api/staff/content/media',             expect: [401, 401, 401, 401, 401], backOffice: [201, 403, 403, 201],
    request: () => pictureUpload('/api/staff/content/media', 'A dot') },
  { route: 'GET /api/staff/content/:id',                expect: [401, 401, 401, 401, 401], backOffice: [200, 403, 403, 200],
    request: async (c) => get(`/api/staff/content/${await contentDraft(c)}`) },
  { route: 'PUT /api/staff/content/:id',                expect: [401, 401, 401, 401, 401], backOffice: [200, 403, 403, 200],
    request: async (c) => put(`/api/staff/content/${await contentDraft(c)}`, contentBody('Matrix changed')) },
  { route: 'POST /api/staff/content/:id/publish',       expect: [401, 401, 401, 401, 401], backOffice: [200, 403, 403, 200],
    request: async (c) => post(`/api/staff/content/${await contentDraft(c)}/publish`) },
  { route: 'POST /api/staff/content/:id/unpublish',     expect: [401, 401, 401, 401, 401], backOffice: [200, 403, 403, 200],
    request: async (c) => post(`/api/staff/content/${await publishedContent(c)}/unpublish`) },
  { route: 'DELETE /api/staff/content/:id',             expect: [401, 401, 401, 401, 401], backOffice: [204, 403, 403, 204],
    request: async (c) => del(`/api/staff/content/${await contentDraft(c)}`) },
  { route: 'GET /api/staff/audit',                      expect: [401, 401, 401, 401, 401], backOffice: [200, 403, 403, 403], request: () => get('/api/staff/audit?action=user%20invited') },
  { route: 'GET /api/staff/audit/csv',                  expect: [401, 401, 401, 401, 401], backOffice: [200, 403, 403, 403], request: () => get('/api/staff/audit/csv?from=2026-01-01') },

  // Operations: liveness and readiness for load balancers; metrics open outside production only (observability.ts).
  { route: 'GET /api/health',                           expect: [200, 200, 200, 200, 200], request: () => get('/api/health') },
  { route: 'GET /api/ready',                            expect: [200, 200, 200, 200, 200], request: () => get('/api/ready') },
  { route: 'GET /metrics',                              expect: [200, 200, 200, 200, 200], request: () => get('/metrics') },

  // The OpenAPI document and its browser: public.
  { route: 'GET /api/docs',                             expect: [200, 200, 200, 200, 200], request: () => get('/api/docs') },
  { route: 'GET /api/docs/ui',                          expect: [200, 200, 200, 200, 200], request: () => get('/api/docs/ui') },
  { route: 'GET /api/docs/ui/',                         expect: [200, 200, 200, 200, 200], request: () => get('/api/docs/ui/') },
  { route: 'GET /api/docs/ui/json',                     expect: [200, 200, 200, 200, 200], request: () => get('/api/docs/ui/json') },
  { route: 'GET /api/docs/ui/yaml',                     expect: [200, 200, 200, 200, 200], request: () => get('/api/docs/ui/yaml') },
  { route: 'GET /api/docs/ui/static/*',                 expect: [200, 200, 200, 200, 200], request: () => get('/api/docs/ui/static/swagger-ui.css') },
  { route: 'GET /api/docs/ui/static/index.html',        expect: [302, 302, 302, 302, 302], request: () => get('/api/docs/ui/static/index.html') },
  { route: 'GET /api/docs/ui/static/swagger-initializer.js', expect: [200, 200, 200, 200, 200], request: () => get('/api/docs/ui/static/swagger-initializer.js') },

  // The ERP interchange (docs/erp-interchange.md): the ERP key only; a customer's session is refused (401).
  { route: 'GET /api/erp/runs',                         expect: [401, 401, 401, 401, 401], erp: 200, request: () => get('/api/erp/runs') },
  { route: 'POST /api/erp/stock',                       expect: [401, 401, 401, 401, 401], erp: 200,
    request: async (c) => post('/api/erp/stock', [{ ProductCode: await productCode(c), LocationID: 'WAG', QtyAvailable: 250 }]) },
  { route: 'GET /api/erp/payments',                     expect: [401, 401, 401, 401, 401], erp: 200, request: () => get('/api/erp/payments?status=new&limit=5') },
  { route: 'POST /api/erp/payments/:PortalPaymentId/ack', expect: [401, 401, 401, 401, 401], erp: 200,
    request: (c) => post(`/api/erp/payments/${c.f.erpPayment}/ack`, { Receipt: 'ERP-ACCESS-1' }) },
  { route: 'GET /api/erp/applications',                 expect: [401, 401, 401, 401, 401], erp: 200, request: () => get('/api/erp/applications?status=new&limit=5') },
  { route: 'POST /api/erp/applications/:PortalApplicationId/ack', expect: [401, 401, 401, 401, 401], erp: 200,
    request: () => post('/api/erp/applications/TA000105/ack', { Reference: 'APP-20417' }) },
  { route: 'GET /api/erp/orders',                       expect: [401, 401, 401, 401, 401], erp: 200, request: () => get('/api/erp/orders?status=new&limit=5') },
  { route: 'POST /api/erp/orders/:PortalOrderId/ack',   expect: [401, 401, 401, 401, 401], erp: 200,
    request: async (c) => post(`/api/erp/orders/${await portalOrder(c)}/ack`, { SalesOrder: 'ERP-ACCESS-1' }) },
  { route: 'POST /api/erp/import',                      expect: [401, 401, 401, 401, 401], erp: 200,
    request: () => multipart('/api/erp/import?mode=delta&dryRun=true', { 'branches.csv': 'LocationID,NAME\nWAG,Wagga Wagga\n' }) },

  // The content service: published news and pages, public like a WordPress site's REST API.
  { route: 'GET /content/wp-json/wp/v2/posts',          expect: [200, 200, 200, 200, 200], request: () => get('/content/wp-json/wp/v2/posts') },
  { route: 'GET /content/wp-json/wp/v2/posts/:id',      expect: [200, 200, 200, 200, 200], request: (c) => get(`/content/wp-json/wp/v2/posts/${c.f.content.post}`) },
  { route: 'GET /content/wp-json/wp/v2/pages',          expect: [200, 200, 200, 200, 200], request: () => get('/content/wp-json/wp/v2/pages?slug=home') },
  { route: 'GET /content/wp-json/wp/v2/pages/:id',      expect: [200, 200, 200, 200, 200], request: (c) => get(`/content/wp-json/wp/v2/pages/${c.f.content.page}`) },
  { route: 'GET /content/wp-json/wp/v2/media/:id',      expect: [200, 200, 200, 200, 200], request: (c) => get(`/content/wp-json/wp/v2/media/${c.f.content.media}`) },
  { route: 'GET /content/wp-json/wp/v2/product_category', expect: [200, 200, 200, 200, 200], request: () => get('/content/wp-json/wp/v2/product_category') },
  { route: 'GET /content/uploads/:id/:file',            expect: [200, 200, 200, 200, 200], request: (c) => get(`/content/uploads/${c.f.content.media}/${c.f.content.file}`) },

  // Development only (never registered in production mode, see the production test below): the outbox and the payment sandboxes.
  { route: 'GET /dev/outbox',                           expect: [200, 200, 200, 200, 200], request: () => get('/dev/outbox') },
  { route: 'GET /dev/outbox/:id',                       expect: [404, 404, 404, 404, 404], request: () => get('/dev/outbox/999999') },
  { route: 'POST /sandbox/securepay/directpost/authorise', expect: [400, 400, 400, 400, 400], request: () => post('/sandbox/securepay/directpost/authorise', { EPS_MERCHANT: 'nobody' }) },
  // The gateway's API wants the merchant's API password (HTTP Basic), whoever calls.
  { route: 'POST /sandbox/mpgs/api/rest/version/:version/merchant/:merchantId/session', expect: [401, 401, 401, 401, 401],
    request: () => post('/sandbox/mpgs/api/rest/version/72/merchant/TESTRIVERINA01/session', { apiOperation: 'INITIATE_CHECKOUT' }) },
  { route: 'GET /sandbox/mpgs/api/rest/version/:version/merchant/:merchantId/order/:orderId', expect: [401, 401, 401, 401, 401],
    request: () => get('/sandbox/mpgs/api/rest/version/72/merchant/TESTRIVERINA01/order/W000000000000') },
  // SecurePay's XML API refund: the provider's own answer (status 504) to anyone without the merchant's password.
  { route: 'POST /sandbox/securepay/xmlapi/payment', expect: [200, 200, 200, 200, 200], request: () => post('/sandbox/securepay/xmlapi/payment', { merchantID: 'nobody' }) },
  { route: 'PUT /sandbox/mpgs/api/rest/version/:version/merchant/:merchantId/order/:orderId/transaction/:transactionId', expect: [401, 401, 401, 401, 401],
    request: () => put('/sandbox/mpgs/api/rest/version/72/merchant/TESTRIVERINA01/order/W000000000000/transaction/portal-capture', { apiOperation: 'CAPTURE' }) },
  { route: 'GET /sandbox/mpgs/static/checkout/checkout.min.js', expect: [200, 200, 200, 200, 200], request: () => get('/sandbox/mpgs/static/checkout/checkout.min.js') },
  // The gateway's hosted payment page: its session id is the secret, as at the real gateway; without a valid card it stays unpaid.
  { route: 'GET /sandbox/mpgs/checkout/pay/:sessionId', expect: [200, 200, 200, 200, 200], request: (c) => get(`/sandbox/mpgs/checkout/pay/${c.f.pending.foreignSession}`) },
  { route: 'POST /sandbox/mpgs/checkout/pay/:sessionId', expect: [400, 400, 400, 400, 400],
    request: (c) => post(`/sandbox/mpgs/checkout/pay/${c.f.pending.foreignSession}`, { action: 'pay', cardNumber: '1234' }) },
]

/**
 * Product pictures, each visibility case against each demo user and no session, asked for with the session's
 * token (as an API client does) and with the picture cookie alone (as a browser's <img> does): the status and
 * the Cache-Control. A picture every account may see is public; a trade-only product's (hidden from
 * resellers) is private to those who may see it, 404 for a reseller (as an unknown product) and 401 without
 * a session, which is also what an unknown id gets without one.
 */
export type PictureCase = {
  product: 'everyone' | 'trade-only' | 'unknown'
  expect: Five
  cache: readonly [anon: string, trade: string, staff: string, cash: string, elders: string]
}
const PUBLIC_WEEK = 'public, max-age=604800, immutable'
const PRIVATE_WEEK = 'private, max-age=604800, immutable'
const NONE = 'no-store'
// prettier-ignore
export const PICTURES: PictureCase[] = [
  { product: 'everyone',   expect: [200, 200, 200, 200, 200], cache: [PUBLIC_WEEK, PUBLIC_WEEK, PUBLIC_WEEK, PUBLIC_WEEK, PUBLIC_WEEK] },
  { product: 'trade-only', expect: [401, 200, 200, 200, 404], cache: [NONE, PRIVATE_WEEK, PRIVATE_WEEK, PRIVATE_WEEK, NONE] },
  { product: 'unknown',    expect: [401, 404, 404, 404, 404], cache: [NONE, NONE, NONE, NONE, NONE] },
]

/** The branch each user's back-in-stock requests are for: their default (elders' group holds WAG). */
const branchOf = (who: Who) => (who === 'cash' ? 'MEL' : 'WAG')

/** Cancels every waiting back-in-stock request of the user, so that the next one is new. */
async function cancelAlerts(c: Ctx, who: User) {
  const alerts = (await c.as(who, get('/api/stock-alerts'))).json() as Array<{ id: number; status: string }>
  for (const alert of alerts.filter((a) => a.status === 'waiting')) await c.as(who, del(`/api/stock-alerts/${alert.id}`))
}

/** A waiting back-in-stock request of the user's (1 for no one). */
async function alertOf(c: Ctx, who: Who): Promise<number> {
  if (who === 'anon') return 1
  const made = await c.as(who, post('/api/stock-alerts', { productId: c.f.product.id, warehouse: branchOf(who), quantity: 99_999 }))
  return made.json().id as number
}

/** Whose request each user tries to cancel: another user of the same account where there is one. */
const ALERT_PARTNER: Record<User, User> = { trade: 'staff', staff: 'trade', cash: 'elders', elders: 'cash' }

/** A new list of the caller's account holding the everyday product, made by its Administrator (trade for staff). */
async function listOf(c: Ctx, who: Who): Promise<number> {
  if (who === 'anon') return c.f.foreignList
  const admin = who === 'staff' ? 'trade' : who
  const made = await c.as(admin, post('/api/lists', { name: `List of ${admin}`, lines: [{ ProductID: c.f.product.id, Quantity: 2 }] }))
  return made.json().id as number
}

/** The day after today, YYYY-MM-DD: a standing order's first run. */
export const tomorrow = () => {
  const d = new Date(Date.now() + 86_400_000)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

/** A standing order of `list` at WAG, weekly from tomorrow, delivered as the user's checkout form would be. */
export function standingOrderBody(list: number, who: User) {
  const { PurchaseOrder: _po, warehouse: _branch, ...delivery } = checkoutForm('WAG')
  return { listId: list, warehouse: 'WAG', firstRun: tomorrow(), schedule: { kind: 'weeks', everyWeeks: 1 }, purchaseOrderPrefix: `${who}-`, delivery }
}

/** The everyday product's code. */
async function productCode(c: Ctx): Promise<string> {
  return (await c.as('trade', get(`/api/product/${c.f.product.id}`))).json().ProductCode as string
}

const portalOrders = new WeakMap<Ctx, Promise<string>>()
/** A portal order of trade's, placed once per suite, for the ERP to acknowledge (again and again: the same number is answered again). */
function portalOrder(c: Ctx): Promise<string> {
  let order = portalOrders.get(c)
  if (!order) {
    order = (async () => {
      await oneLineInCart(c, 'trade')
      const placed = await c.as('trade', post('/api/orders', checkoutForm('WAG')))
      if (placed.statusCode !== 201) throw new Error(`placing the portal order failed: ${placed.statusCode} ${placed.body}`)
      return placed.json().SalesOrder as string
    })()
    portalOrders.set(c, order)
  }
  return order
}

/** The body of a quote sent: the everyday product at no charge (never above the account's price), expiring in a month. */
async function quoteSent(c: Ctx) {
  const code = (await c.as('trade', get(`/api/product/${c.f.product.id}`))).json().ProductCode as string
  return { lines: [{ productCode: code, quantity: 2, priceCents: 0 }], note: 'Matrix quote', expiresOn: inAMonth() }
}

const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)

/** The product code of the record hidden from resellers, as a user who may see it reads it. */
async function hiddenCode(c: Ctx): Promise<string> {
  return (await c.as('trade', get(`/api/product/${c.f.hidden.id}`))).json().ProductCode as string
}

/**
 * A live pending card payment of cash's. The fixture's may have been replaced by a later row's payments/create
 * (a cart has one live payment: decision 0024), and a replaced payment cannot open a gateway session.
 */
async function livePending(c: Ctx): Promise<string> {
  await oneLineInCart(c, 'cash')
  const created = await c.as(
    'cash',
    post('/api/payments/create', { orderDetails: pendingDetails('MEL'), amount: await cartValue(c, 'cash'), accountName: 'Test' }),
  )
  return created.json().orderId as string
}

async function cartValue(c: Ctx, who: Who): Promise<number> {
  if (who === 'anon') return 1
  return (await c.as(who, get('/api/cart'))).json().Value as number
}

/** What the table's requests need: the fixtures, calls as each user, and spare users to change or delete. */
export async function createCtx(t: TestContext, f: Fixtures): Promise<Ctx> {
  const call = caller(t.app)
  const spareHash = await hashPassword('Spare2026x')
  let spares = 0
  const backOffice = {} as Record<BackOfficeWho, string>
  for (const who of BACK_OFFICE_USERS) backOffice[who] = await backOfficeSessionFor(t.db, BACK_OFFICE[who].email)
  return {
    f,
    backOffice,
    asBackOffice: (who, req) => call(backOffice[who], req),
    async spareBackOfficeUser() {
      const row = await t.db
        .insertInto('back_office_users')
        .values({ email: `spare-${++spares}@riverinarural.example`, name: 'Spare', roles: ['Sales representative'] })
        .returning('id')
        .executeTakeFirstOrThrow()
      return row.id
    },
    as: (who, req) => call(f.tokens[who], req),
    gatewaySession: async (id) =>
      (await t.db.selectFrom('pending_orders').select('provider_session').where('id', '=', id).executeTakeFirstOrThrow()).provider_session ?? '',
    async approvalOf(who, whose) {
      const accountId = f[whose][who].accountId
      const buyer = await t.db
        .insertInto('users')
        .values({
          account_id: accountId,
          username: `buyer-${who}-${++spares}`,
          name: 'Waiting buyer',
          email: `buyer-${spares}@example.com`,
          role: 'User',
          password_hash: spareHash,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const line = { productId: f.product.id, productCode: 'MATRIX', description: 'Matrix line', quantity: 1, unitPriceCents: 1000 }
      const row = await t.db
        .insertInto('order_approvals')
        .values({
          account_id: accountId,
          user_id: buyer.id,
          location_id: 'WAG',
          form: JSON.stringify(checkoutForm('WAG')),
          lines: JSON.stringify([line]),
          ex_cents: 1000,
          inc_cents: 1100,
          over_limit: 'order',
          limit_cents: 100,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      return row.id
    },
    async standingOrderOf(who, whose) {
      const accountId = f[whose][who].accountId
      const owner = await t.db
        .insertInto('users')
        .values({
          account_id: accountId,
          username: `owner-${who}-${++spares}`,
          name: 'Standing owner',
          email: `owner-${spares}@example.com`,
          role: 'User',
          password_hash: spareHash,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const list = await t.db
        .insertInto('order_lists')
        .values({ account_id: accountId, created_by: owner.id, name: 'Standing' })
        .returning('id')
        .executeTakeFirstOrThrow()
      await t.db.insertInto('order_list_lines').values({ list_id: list.id, product_id: f.product.id, quantity: 1 }).execute()
      const { delivery } = standingOrderBody(list.id, who)
      const row = await t.db
        .insertInto('standing_orders')
        .values({
          account_id: accountId,
          user_id: owner.id,
          list_id: list.id,
          location_id: 'WAG',
          every_weeks: 1,
          first_run_on: tomorrow(),
          next_run_on: tomorrow(),
          po_prefix: 'MATRIX-',
          delivery: JSON.stringify(delivery),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      return row.id
    },
    async quoteOf(who, whose, state = 'open') {
      const accountId = f[whose][who].accountId
      const asker =
        whose === 'own'
          ? await t.db.selectFrom('users').select('id').where('username', '=', who).executeTakeFirstOrThrow()
          : await t.db.selectFrom('users').select('id').where('account_id', '=', accountId).orderBy('id').executeTakeFirstOrThrow()
      const open = state === 'open'
      const quote = await t.db
        .insertInto('quotes')
        .values({
          account_id: accountId,
          user_id: asker.id,
          location_id: who === 'cash' ? 'MEL' : 'WAG',
          status: state,
          expires_on: open ? inAMonth() : null,
          sent_at: open ? new Date() : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await t.db
        .insertInto('quote_lines')
        .values({ quote_id: quote.id, line_no: 1, product_id: f.product.id, quantity: 1, account_price_cents: 1000, quoted_price_cents: open ? 900 : null })
        .execute()
      return quote.id
    },
    async spareUser(who) {
      const username = `spare-${who}-${++spares}`
      await t.db
        .insertInto('users')
        .values({ account_id: f.own[who].accountId, username, name: username, email: `${username}@example.com`, role: 'User', password_hash: spareHash })
        .execute()
      return username
    },
  }
}
