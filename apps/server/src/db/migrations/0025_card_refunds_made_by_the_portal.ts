/**
 * A card approval that does not become the order is refunded by the portal itself, at once, through the
 * provider (decision 0071): each `card_refunds` row says how that went (`refunded` with the provider's
 * transaction, `failed` with the reason, when staff must refund by hand, or `needed` while it is being made or
 * where the provider gave no transaction to refund). The local SecurePay sandbox keeps the payments it approved
 * and what was refunded of them, as the provider does, so that a refund is checked against a real approval.
 * The Mastercard Gateway sandbox keeps whether a session authorises or pays outright, and what became of an
 * authorisation (the portal's capture or void: its transaction id and type). A pending payment is `capturing`
 * while the portal takes the money of its authorisation: nothing replaces it meanwhile.
 */
export const up = /* sql */ `
ALTER TABLE card_refunds ADD COLUMN status text NOT NULL DEFAULT 'needed' CHECK (status IN ('needed', 'refunded', 'failed'));
ALTER TABLE card_refunds ADD COLUMN refund_transaction_id text;
ALTER TABLE card_refunds ADD COLUMN refunded_at timestamptz;
ALTER TABLE card_refunds ADD COLUMN last_error text;
CREATE TABLE payment_sandbox_securepay (
  transaction_id  text PRIMARY KEY,
  merchant_id     text NOT NULL,
  reference       text NOT NULL,
  amount_cents    bigint NOT NULL,
  approved        boolean NOT NULL,
  refunded_cents  bigint NOT NULL DEFAULT 0 CHECK (refunded_cents <= amount_cents),
  created_at      timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE pending_orders DROP CONSTRAINT pending_orders_status_check;
ALTER TABLE pending_orders ADD CONSTRAINT pending_orders_status_check CHECK (status IN ('pending', 'capturing', 'completed', 'failed', 'superseded'));
ALTER TABLE payment_sandbox_sessions ADD COLUMN operation text NOT NULL DEFAULT 'PURCHASE';
ALTER TABLE payment_sandbox_sessions ADD COLUMN settled_transaction_id text;
ALTER TABLE payment_sandbox_sessions ADD COLUMN settled_type text;
`
