import { sql } from 'kysely'

/**
 * The portal's card payments of an invoice (of a query reading `invoices`) that the ERP has not yet taken into its
 * outstanding amount: those not acknowledged, or acknowledged after the outstanding amount last changed. What is
 * still open is `invoices.outstanding_cents` less this, as the trigger invoice_allocation_within_open counts it
 * (migration 0037). Shared by the payments of invoices and the invoice history, so that both say the same.
 */
export const unprocessedCents = sql<number>`coalesce((
  SELECT sum(a.amount_cents) FROM invoice_payment_allocations a JOIN invoice_payments p ON p.id = a.payment_id
  WHERE a.invoice_id = invoices.id AND (p.erp_acknowledged_at IS NULL OR p.erp_acknowledged_at > invoices.outstanding_at)), 0)::int`
