/**
 * An account's credit state from the ERP (accounts.csv `OnHold`, `CreditMode`) and the available credit each order
 * on account was placed against (the ERP's order feed carries it). `credit_mode` NULL is no credit rule; the check
 * keeps anything but the two rules out of it. Orders not yet invoiced are summed per account over the portal's own
 * orders at every order on account, so they have an index of their own (docs/decisions/0086-the-credit-limit-kept.md).
 */
export const up = /* sql */ `
ALTER TABLE customer_accounts
  ADD COLUMN on_hold boolean NOT NULL DEFAULT false,
  ADD COLUMN credit_mode text CHECK (credit_mode IN ('warn', 'block'));
ALTER TABLE orders ADD COLUMN available_credit_cents bigint;
CREATE INDEX orders_portal_by_account ON orders (account_id) WHERE portal_order_id IS NOT NULL;
`
