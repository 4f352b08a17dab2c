import { ORDERS_PAGE_SIZE, type StaffOrder, type StaffOrdersPage, type StaffOrdersQuery } from '@portal/contract/back-office-orders'
import type { Deps } from '../../lib/context'
import { badRequest, notFound } from '../../lib/errors'
import { scopeOf } from './accounts'
import { recordAudit, type Actor } from './audit'
import * as repo from './orders-repo'

type Db = Deps['db']

/** The most e-mails an order's page lists: its confirmation and a few copies or notices, never the whole outbox. */
const EMAILS = 20

/** A calendar day as given, or a 400 naming the field (2026-02-30 is no day). */
function day(value: string | undefined, field: 'from' | 'to'): string | undefined {
  if (value === undefined) return undefined
  const date = new Date(`${value}T00:00:00Z`)
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value)
    throw badRequest('invalid_date', `${field}: Not a date.`, `querystring.${field}`)
  return value
}

/** The query's filters, checked: real days in order, a branch that exists. */
async function filtersOf(db: Db, query: StaffOrdersQuery): Promise<repo.OrderFilters> {
  const from = day(query.from, 'from')
  const to = day(query.to, 'to')
  if (from && to && from > to) throw badRequest('invalid_range', 'to: The end of the range comes before its start.', 'querystring.to')
  const branch = query.branch?.toUpperCase()
  if (branch && !(await repo.branchExists(db, branch))) throw badRequest('unknown_branch', 'branch: No such branch.', 'querystring.branch')
  return { branch, from, to, status: query.status, channel: query.channel, erp: query.erp, q: query.q || undefined }
}

const alertSecondsOf = (config: Deps['config']) => config.erp.orderAlertMs / 1000
const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString())

/**
 * GET /api/staff/orders: a page of the orders of the accounts the user may see, newest first. The read is recorded
 * with its filters, as an account search is.
 */
export async function listOrders({ db, config }: Deps, actor: Actor, query: StaffOrdersQuery): Promise<StaffOrdersPage> {
  const filters = await filtersOf(db, query)
  const [rows, branches] = await Promise.all([
    repo.ordersPage(db, scopeOf(actor.session), filters, alertSecondsOf(config), ORDERS_PAGE_SIZE + 1, (query.page - 1) * ORDERS_PAGE_SIZE),
    repo.branches(db),
  ])
  const orders = rows.slice(0, ORDERS_PAGE_SIZE).map((r) => ({
    id: r.id,
    salesOrder: r.sales_order,
    portalOrderId: r.portal_order_id,
    accountCode: r.account_code,
    accountName: r.account_name,
    branch: r.location_id,
    enterDate: r.enter_date,
    status: r.status_word,
    channel: r.channel,
    erpState: r.erp_state,
    purchaseOrder: r.customer_purchase_order,
    totalIncCents: Number(r.extended_inc_cents),
  }))
  const { page, ...asked } = query
  await recordAudit(db, actor, { action: 'orders searched', detail: { ...asked, page, results: orders.length } })
  return {
    orders,
    page,
    hasMore: rows.length > ORDERS_PAGE_SIZE,
    branches: branches.map((b) => ({ code: b.location_id, name: b.name })),
    erpAlertMinutes: config.erp.orderAlertMs / 60_000,
  }
}

/** An order's number stands whole in a subject: not as the start of a longer number. */
function namesWhole(subject: string, number: string): boolean {
  const text = subject.toLowerCase()
  const sought = `order ${number.toLowerCase()}`
  for (let at = text.indexOf(sought); at >= 0; at = text.indexOf(sought, at + 1)) {
    const before = at === 0 ? '' : text[at - 1]!
    const after = text[at + sought.length] ?? ''
    if (!/[a-z0-9]/.test(before) && !/[a-z0-9]/.test(after)) return true
  }
  return false
}

/**
 * GET /api/staff/orders/:id: one order whole. An order of an account out of the user's scope answers 404, as no
 * order, as an account out of scope does (decision 0092). The read is recorded against the order's account.
 */
export async function orderPage({ db, config }: Deps, actor: Actor, id: number): Promise<StaffOrder> {
  const o = await repo.findOrder(db, scopeOf(actor.session), id, alertSecondsOf(config))
  if (!o) throw notFound('order')
  const numbers = [...new Set([o.sales_order, o.portal_order_id].filter((n): n is string => Boolean(n)))]
  const [lines, payment, mails] = await Promise.all([
    repo.orderLines(db, o.id),
    o.channel === 'card' ? repo.cardPayment(db, o.id) : undefined,
    repo.emailsNaming(db, numbers, EMAILS * 2),
  ])
  const address = [o.delivery_address1, o.delivery_address2, [o.delivery_city, o.delivery_state, o.delivery_postal_code].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ')
  const page: StaffOrder = {
    id: o.id,
    salesOrder: o.sales_order,
    portalOrderId: o.portal_order_id,
    account: { code: o.account_code, name: o.account_name, salesCategory: o.sales_category },
    branch: o.location_id,
    branchName: o.branch_name,
    enterDate: o.enter_date,
    shipDate: o.ship_date,
    status: o.status_word,
    channel: o.channel,
    purchaseOrder: o.customer_purchase_order,
    description: o.description,
    delivery: { name: o.delivery_name, address, siteCode: o.site_code, carrier: o.carrier_name, instructions: o.carrier_instructions },
    contact: { name: o.contact, email: o.email, phone: o.phone },
    placedBy: o.username === null ? null : { username: o.username, name: o.user_name ?? '', email: o.user_email ?? '' },
    enteredBy: o.entered_by_email,
    placedAt: new Date(o.created_at).toISOString(),
    erp:
      o.erp_state === null
        ? null
        : { state: o.erp_state, collectedAt: iso(o.erp_collected_at), exportedAt: iso(o.erp_exported_at), acknowledgedAt: iso(o.erp_acknowledged_at) },
    lines: lines.map((l) => ({
      lineNo: l.line_no,
      productCode: l.product_code,
      description: l.description,
      quantity: l.qty_ordered,
      backOrdered: l.qty_back_ordered,
      supplied: l.qty_supplied,
      unitPriceCents: Number(l.unit_price_cents),
      totalExCents: Number(l.extended_ex_cents),
      gstCents: Number(l.tax_cents),
      totalIncCents: Number(l.extended_inc_cents),
    })),
    totalExCents: Number(o.extended_ex_cents),
    gstCents: Number(o.tax_cents),
    totalIncCents: Number(o.extended_inc_cents),
    payment: payment
      ? {
          reference: payment.reference,
          provider: payment.provider,
          amountCents: Number(payment.amount_cents),
          state: payment.status,
          transactionId: payment.transaction_id,
          completedAt: iso(payment.completed_at),
        }
      : null,
    emails: mails
      .filter((m) => numbers.some((n) => namesWhole(m.subject, n)))
      .slice(0, EMAILS)
      .map((m) => ({ id: m.id, subject: m.subject, to: m.to_address, status: m.status, createdAt: iso(m.created_at)!, sentAt: iso(m.sent_at) })),
  }
  await recordAudit(db, actor, {
    action: 'order viewed',
    account: { id: o.account_id, code: o.account_code },
    subject: o.sales_order,
    detail: { orderId: o.id },
  })
  return page
}
