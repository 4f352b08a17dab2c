/**
 * Invoices paid online by card (decision 0090). The ERP says what is still owed on each invoice
 * (`invoices.outstanding_cents`, invoices.csv Outstanding); a card payment of one or more of the account's
 * invoices is stored as `invoice_payments` with what the payer chose to pay of each, and once the provider
 * approves it the money is applied to the invoices as `invoice_payment_allocations`.
 *
 * What the database holds whatever the code does:
 * - amounts are positive whole cents, and a payment is for its payer's account (composite foreign keys);
 * - an allocation is of an invoice of the payment's own account;
 * - an allocation never exceeds what is still open on its invoice: the ERP's outstanding amount less the portal's
 *   allocations the ERP has not yet taken into it (not acknowledged, or acknowledged after the outstanding amount
 *   was last changed). The trigger locks the invoice's row first, so two payments of one invoice are checked one
 *   after the other and cannot both over-pay it;
 * - a completed payment has its completion time; only a completed payment is acknowledged by the ERP;
 * - one idempotency key of a user makes at most one payment; a refund is of a pending order or an invoice payment.
 */
export const up = /* sql */ `
ALTER TABLE users ADD COLUMN can_pay_invoices boolean NOT NULL DEFAULT false;

ALTER TABLE invoices
  ADD COLUMN outstanding_cents integer NOT NULL DEFAULT 0 CHECK (outstanding_cents >= 0),
  ADD COLUMN outstanding_at timestamptz NOT NULL DEFAULT now(),
  ADD CONSTRAINT invoices_id_account UNIQUE (id, account_id);

CREATE FUNCTION invoices_outstanding_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.outstanding_cents IS DISTINCT FROM OLD.outstanding_cents THEN NEW.outstanding_at := now(); END IF; RETURN NEW; END
$$;
CREATE TRIGGER invoices_outstanding_changed BEFORE UPDATE OF outstanding_cents ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_outstanding_changed();

CREATE TABLE invoice_payments (
  id                  uuid PRIMARY KEY,
  reference           text NOT NULL UNIQUE,
  account_id          integer NOT NULL REFERENCES customer_accounts(id) ON DELETE CASCADE,
  user_id             integer,
  payer_name          text NOT NULL,
  payer_email         text NOT NULL,
  amount_cents        integer NOT NULL CHECK (amount_cents > 0),
  allocations         jsonb NOT NULL CHECK (jsonb_typeof(allocations) = 'array' AND jsonb_array_length(allocations) > 0),
  provider            text NOT NULL CHECK (provider IN ('securepay', 'mpgs')),
  provider_timestamp  text,
  provider_session    text,
  success_indicator   text,
  status              text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'capturing', 'completed', 'failed', 'superseded')),
  last_error          text,
  transaction_id      text,
  idempotency_key     text,
  created_at          timestamptz NOT NULL DEFAULT now(),
  completed_at        timestamptz,
  erp_collected_at    timestamptz,
  erp_exported_at     timestamptz,
  erp_acknowledged_at timestamptz,
  erp_receipt         text,
  UNIQUE (id, account_id),
  FOREIGN KEY (user_id, account_id) REFERENCES users (id, account_id) ON DELETE SET NULL (user_id),
  CHECK ((status = 'completed') = (completed_at IS NOT NULL)),
  CHECK (erp_acknowledged_at IS NULL OR (status = 'completed' AND erp_receipt IS NOT NULL))
);
CREATE UNIQUE INDEX invoice_payments_key ON invoice_payments (user_id, idempotency_key);
CREATE UNIQUE INDEX invoice_payments_session ON invoice_payments (provider_session);
CREATE INDEX invoice_payments_of_account ON invoice_payments (account_id, created_at DESC);
CREATE INDEX invoice_payments_for_the_erp ON invoice_payments (completed_at, id) WHERE status = 'completed' AND erp_acknowledged_at IS NULL;

CREATE TABLE invoice_payment_allocations (
  payment_id   uuid NOT NULL,
  invoice_id   integer NOT NULL,
  account_id   integer NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  PRIMARY KEY (payment_id, invoice_id),
  FOREIGN KEY (payment_id, account_id) REFERENCES invoice_payments (id, account_id) ON DELETE CASCADE,
  FOREIGN KEY (invoice_id, account_id) REFERENCES invoices (id, account_id)
);
CREATE INDEX invoice_payment_allocations_of_invoice ON invoice_payment_allocations (invoice_id);

-- (The migration is split at semicolons that end a line: inside the function none does.)
CREATE FUNCTION invoice_allocation_within_open() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE open_cents bigint; BEGIN
  -- The invoice's row first: a second payment of it waits here until the first has committed or rolled back.
  PERFORM 1 FROM invoices WHERE id = NEW.invoice_id FOR UPDATE; SELECT i.outstanding_cents - coalesce((
      SELECT sum(a.amount_cents)
      FROM invoice_payment_allocations a
      JOIN invoice_payments p ON p.id = a.payment_id
      WHERE a.invoice_id = i.id
        AND a.payment_id <> NEW.payment_id
        AND (p.erp_acknowledged_at IS NULL OR p.erp_acknowledged_at > i.outstanding_at)
    ), 0)
  INTO open_cents
  FROM invoices i WHERE i.id = NEW.invoice_id; IF NEW.amount_cents > open_cents THEN
    RAISE EXCEPTION 'invoice % has % cents open; % cents cannot be allocated', NEW.invoice_id, open_cents, NEW.amount_cents
      USING ERRCODE = 'check_violation', CONSTRAINT = 'invoice_payment_allocations_within_open'; END IF; RETURN NEW; END
$$;
CREATE TRIGGER invoice_allocation_within_open BEFORE INSERT OR UPDATE ON invoice_payment_allocations
  FOR EACH ROW EXECUTE FUNCTION invoice_allocation_within_open();

ALTER TABLE card_refunds
  ALTER COLUMN pending_order_id DROP NOT NULL,
  ADD COLUMN invoice_payment_id uuid REFERENCES invoice_payments(id),
  ADD CONSTRAINT card_refunds_of_one_payment CHECK (num_nonnulls(pending_order_id, invoice_payment_id) = 1);
CREATE UNIQUE INDEX card_refunds_invoice_payment_transaction ON card_refunds (invoice_payment_id, transaction_id);
`
