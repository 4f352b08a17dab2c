/**
 * An approver pays by card for a cash-sale account's order waiting for approval (decision 0089): the card payment
 * names the approval it pays. Its order is placed, and the approval approved, only if the approval still waits when
 * the payment is approved (payments/service.ts convert).
 */
export const up = /* sql */ `
ALTER TABLE pending_orders ADD COLUMN approval_id integer REFERENCES order_approvals(id) ON DELETE SET NULL;
CREATE INDEX pending_orders_approval ON pending_orders (approval_id) WHERE approval_id IS NOT NULL;
`
