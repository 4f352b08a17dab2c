import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { sql, type RawBuilder } from 'kysely'
import type { Database } from '../../src/db/database'
import { DEMO, nextAddress, signIn } from '../helpers'
import { sessionFor, type Who } from './surface'

export type User = Exclude<Who, 'anon'>
export const USERS: readonly User[] = ['trade', 'staff', 'cash', 'elders']
export const WHO: readonly Who[] = ['anon', ...USERS]

/** Records of one customer account, found in the seeded data. */
export interface AccountRecords {
  accountId: number
  /** SalesOrder of a shipped order whose products are all still sold and visible to everyone. */
  order: string
  invoice: string
  site: string
  /** The numeric id of `invoice`, given $10,000 outstanding so that it can be paid; and a payment of it, pending. */
  invoiceId: number
  invoicePayment: string
}

/**
 * Another customer account for each demo user, and a user of it signed in through the database (the
 * seeded users other than the demo logins have no known password). trade, staff and elders look at
 * MCDONALB's records (a cash-sale account); cash looks at KELLYFG's (trade and staff's account).
 */
export interface Fixtures {
  tokens: Record<User, string>
  own: Record<User, AccountRecords>
  other: Record<User, AccountRecords & { username: string; cartLine: number }>
  /** Pending card payments: cash's own and one of MCDONALB, another cash-sale account, with the latter's first gateway session. */
  pending: { cash: string; foreign: string; foreignSession: string }
  product: { id: number; category: string; brand: string; barcode: string; attachment: number }
  hidden: { id: number; category: string; brand: string; attachment: number; attachmentProduct: number }
  period: { finyear: number; period: number }
  content: { post: number; page: number; media: number; file: string }
  /** A saved order list of MCDONALB's, another account for every demo user; lists above it were made by a test. */
  foreignList: number
  /** The reference of a completed card payment of invoices the ERP has not acknowledged (MCDONALB's); exported, so no feed takes it. */
  erpPayment: string
  /** The highest user id once the fixtures are made: users above it were made by a test. */
  maxUserId: number
}

export const checkoutForm = (warehouse: string, extra: Record<string, unknown> = {}) => ({
  DeliveryName: 'Security Suite Pty Ltd',
  Address1: '1 Test Street',
  Address2: '',
  City: 'Wagga Wagga',
  State: 'NSW',
  PostalCode: '2650',
  Contact: 'Sam Tester',
  Email: 'sam@example.com',
  Phone: '02 6900 0000',
  Fax: '',
  CarrierName: 'Own truck',
  CarrierInstructions: '',
  PurchaseOrder: 'SEC-1',
  OrderDesc: '',
  DeliveryType: 1,
  warehouse,
  ...extra,
})

export const pendingDetails = (warehouse: string, extra: Record<string, unknown> = {}) => ({
  deliveryName: 'Security Suite Pty Ltd',
  address1: '1 Test Street',
  address2: '',
  city: 'Melbourne',
  state: 'VIC',
  postalCode: '3000',
  contact: 'Sam Tester',
  email: 'sam@example.com',
  phone: '03 9000 0000',
  fax: '',
  carrierName: 'Own truck',
  carrierInstructions: '',
  purchaseOrder: 'SEC-2',
  orderDesc: '',
  deliveryType: 1,
  warehouse,
  ...extra,
})

export function caller(app: FastifyInstance) {
  return (token: string | null, req: InjectOptions): Promise<LightMyRequestResponse> =>
    app.inject({ remoteAddress: nextAddress(), ...req, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...req.headers } })
}

async function one<T>(db: Database, query: RawBuilder<T>): Promise<T> {
  const row = (await query.execute(db)).rows[0]
  if (!row) throw new Error(`fixture query found nothing: ${query.compile(db).sql}`)
  return row
}

const userId = async (db: Database, username: string) => (await one(db, sql<{ id: number }>`select id from users where username = ${username}`)).id

/** A product anyone may see and buy, in stock at every demo branch, with a barcode and a document. */
const VISIBLE = sql`
  p.active and not exists (select 1 from brands b where b.brand_code = p.brand_code and b.hidden_for_elders)
  and not exists (select 1 from categories c left join categories cp on cp.id = c.parent_id
                  where c.id = p.category_id and (c.hidden_for_elders or coalesce(cp.hidden_for_elders, false)))`

async function accountRecords(db: Database, accountId: number): Promise<AccountRecords> {
  const order = await one(
    db,
    sql<{ sales_order: string }>`
      select o.sales_order from orders o where o.account_id = ${accountId} and o.status = 'Shipped'
      and not exists (select 1 from order_lines l left join products p on p.id = l.product_id where l.order_id = o.id and (p.id is null or not (${VISIBLE})))
      order by o.id limit 1`,
  )
  const invoice = await one(db, sql<{ invoice: string; id: number }>`select invoice, id from invoices where account_id = ${accountId} order by id limit 1`)
  const site = await one(db, sql<{ site_code: string }>`select site_code from delivery_sites where account_id = ${accountId} order by id limit 1`)
  await sql`update invoices set outstanding_cents = 1000000 where id = ${invoice.id}`.execute(db)
  const payment = await one(
    db,
    sql<{ id: string }>`
      insert into invoice_payments (id, reference, account_id, user_id, payer_name, payer_email, amount_cents, allocations, provider, provider_timestamp)
      select gen_random_uuid(), 'P' || upper(substr(md5(random()::text), 1, 12)), ${accountId}, null, u.name, u.email, 100,
        jsonb_build_array(jsonb_build_object('invoiceId', ${invoice.id}::int, 'amountCents', 100)), 'securepay', '20261207000000'
      from users u where u.account_id = ${accountId} order by u.id limit 1
      returning id::text`,
  )
  return { accountId, order: order.sales_order, invoice: invoice.invoice, site: site.site_code, invoiceId: invoice.id, invoicePayment: payment.id }
}

export async function loadFixtures(app: FastifyInstance, db: Database): Promise<Fixtures> {
  const call = caller(app)
  const tokens = {} as Record<User, string>
  for (const who of USERS) tokens[who] = await signIn(app, DEMO[who])

  const accountOf = async (username: string) =>
    (await one(db, sql<{ account_id: number }>`select account_id from users where username = ${username}`)).account_id
  const own = {} as Fixtures['own']
  for (const who of USERS) own[who] = await accountRecords(db, await accountOf(who))

  const product = await one(
    db,
    sql<{ id: number; category: string; brand: string; barcode: string; attachment: number }>`
      select p.id, c.name as category, p.brand_code as brand, p.barcode, a.id as attachment
      from products p join categories c on c.id = p.category_id join product_attachments a on a.product_id = p.id
      where ${VISIBLE} and p.barcode is not null
        and (select min(s.qty_available) from stock s where s.product_id = p.id and s.location_id in ('WAG', 'MEL')) >= 100
      order by p.id limit 1`,
  )
  const hiddenProduct = await one(
    db,
    sql<{ id: number; category: string }>`
      select p.id, c.name as category from products p join categories c on c.id = p.category_id
      where p.active and c.hidden_for_elders order by p.id limit 1`,
  )
  const hiddenCategory = await one(db, sql<{ name: string }>`select name from categories where hidden_for_elders and parent_id is null order by id limit 1`)
  const hiddenBrand = await one(db, sql<{ brand_code: string }>`select brand_code from brands where hidden_for_elders order by brand_code limit 1`)
  const hiddenAttachment = await one(
    db,
    sql<{ id: number; product_id: number }>`
      select a.id, a.product_id from product_attachments a join products p on p.id = a.product_id
      where p.active and not (${VISIBLE}) order by a.id limit 1`,
  )
  const period = await one(
    db,
    sql<{
      finyear: number
      period: number
    }>`select financial_year as finyear, financial_period as period from financial_periods order by end_date desc limit 1`,
  )
  const post = await one(db, sql<{ id: number }>`select id from content_posts where type = 'post' and status = 'publish' order by id limit 1`)
  const page = await one(db, sql<{ id: number }>`select id from content_posts where type = 'page' and status = 'publish' order by id limit 1`)
  const media = await one(db, sql<{ id: number }>`select id from content_media order by id limit 1`)
  // The smallest picture the media item offers, as its WordPress record names it.
  const sizes = Object.values((await call(null, { method: 'GET', url: `/content/wp-json/wp/v2/media/${media.id}` })).json().media_details.sizes) as Array<{
    width: number
    source_url: string
  }>
  const smallest = sizes.sort((a, b) => a.width - b.width)[0]!.source_url

  // Other accounts' users, each with a line in the cart.
  const others = { mcdonalb: await sessionFor(db, await userId(db, 'mcdonalb.will')), kellyfg: await sessionFor(db, await userId(db, 'kellyfg.accounts')) }
  const cartLine = async (token: string, warehouse: string) => {
    await call(token, { method: 'POST', url: '/api/cart', payload: { productID: product.id, qty: 1, warehouse } })
    const items = await call(token, { method: 'GET', url: '/api/cart/items' })
    const line = items.json()[0]?.ShopCartLineID as number | undefined
    if (!line) throw new Error(`no cart line: ${items.body}`)
    return line
  }
  const mcdonalbLine = await cartLine(others.mcdonalb, 'MEL')
  const kellyfgLine = await cartLine(others.kellyfg, 'WAG')
  const mcdonalb = { ...(await accountRecords(db, await accountOf('mcdonalb.will'))), username: 'mcdonalb.jess', cartLine: mcdonalbLine }
  const kellyfg = { ...(await accountRecords(db, await accountOf('kellyfg.accounts'))), username: 'kellyfg.liam', cartLine: kellyfgLine }
  const other = { trade: mcdonalb, staff: mcdonalb, elders: mcdonalb, cash: kellyfg }
  const erpPayment = await one(
    db,
    sql<{ reference: string }>`
      update invoice_payments set status = 'completed', completed_at = now(), transaction_id = 'FIXTURE-1', erp_exported_at = now()
      where id = ${mcdonalb.invoicePayment}::uuid returning reference`,
  )

  // Pending card payments, each with a Mastercard Gateway session.
  const pendingOf = async (token: string) => {
    await call(token, { method: 'DELETE', url: '/api/cart' })
    await call(token, { method: 'POST', url: '/api/cart', payload: { productID: product.id, qty: 1, warehouse: 'MEL' } })
    const amount = (await call(token, { method: 'GET', url: '/api/cart' })).json().Value as number
    const created = await call(token, {
      method: 'POST',
      url: '/api/payments/create',
      payload: { orderDetails: pendingDetails('MEL'), amount, accountName: 'Test' },
    })
    if (created.statusCode !== 200) throw new Error(`payments/create: ${created.body}`)
    const orderId = created.json().orderId as string
    const session = await call(token, { method: 'POST', url: '/api/payments/session', payload: { orderId } })
    if (session.statusCode !== 200) throw new Error(`payments/session: ${session.body}`)
    return { orderId, sessionId: session.json().sessionId as string }
  }
  const foreignList = await call(others.mcdonalb, {
    method: 'POST',
    url: '/api/lists',
    payload: { name: 'Weekly order', lines: [{ ProductID: product.id, Quantity: 2 }] },
  })
  if (foreignList.statusCode !== 201) throw new Error(`lists: ${foreignList.body}`)

  const cashPending = await pendingOf(tokens.cash)
  const foreignPending = await pendingOf(others.mcdonalb)

  return {
    tokens,
    own,
    other,
    erpPayment: erpPayment.reference,
    pending: { cash: cashPending.orderId, foreign: foreignPending.orderId, foreignSession: foreignPending.sessionId },
    product,
    hidden: {
      id: hiddenProduct.id,
      category: hiddenCategory.name,
      brand: hiddenBrand.brand_code,
      attachment: hiddenAttachment.id,
      attachmentProduct: hiddenAttachment.product_id,
    },
    period,
    content: { post: post.id, page: page.id, media: media.id, file: smallest.split('/').pop()! },
    foreignList: foreignList.json().id as number,
    maxUserId: (await one(db, sql<{ id: number }>`select max(id) as id from users`)).id,
  }
}
