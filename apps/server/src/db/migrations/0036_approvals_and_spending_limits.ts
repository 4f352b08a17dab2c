/**
 * Approvals and spending limits (decision 0089). A user of role User may have a limit per order and per calendar
 * month (ex GST) and a named approver; an order on account over a limit waits in `order_approvals` until an approver
 * approves it (it becomes an order), rejects it, or its buyer withdraws it.
 *
 * What the database holds whatever the code does:
 * - limits are positive, and only a User has limits or an approver (an Administrator's orders are never limited);
 * - a named approver is a user of the same account, never the user themself (a composite foreign key and a CHECK);
 * - an order waiting for approval belongs to a user of its account; it is approved exactly when it names its order,
 *   and an order is the approval of at most one; no one approves or rejects their own order;
 * - one idempotency key of a user makes at most one approval.
 */
export const up = /* sql */ `
ALTER TABLE users ADD CONSTRAINT users_id_account UNIQUE (id, account_id);
ALTER TABLE users
  ADD COLUMN order_limit_cents integer CHECK (order_limit_cents > 0),
  ADD COLUMN month_limit_cents integer CHECK (month_limit_cents > 0),
  ADD COLUMN approver_id integer,
  ADD CONSTRAINT users_approver_of_the_account FOREIGN KEY (approver_id, account_id) REFERENCES users (id, account_id) ON DELETE SET NULL (approver_id),
  ADD CONSTRAINT users_approver_not_self CHECK (approver_id <> id),
  ADD CONSTRAINT users_limits_for_users_only CHECK (role = 'User' OR (order_limit_cents IS NULL AND month_limit_cents IS NULL AND approver_id IS NULL));

CREATE TABLE order_approvals (
  id               serial PRIMARY KEY,
  account_id       integer NOT NULL REFERENCES customer_accounts(id) ON DELETE CASCADE,
  user_id          integer NOT NULL,
  approver_id      integer,
  location_id      text NOT NULL REFERENCES branches(location_id),
  site_code        text,
  form             jsonb NOT NULL,
  lines            jsonb NOT NULL CHECK (jsonb_typeof(lines) = 'array' AND jsonb_array_length(lines) > 0),
  ex_cents         integer NOT NULL CHECK (ex_cents >= 0),
  inc_cents        integer NOT NULL CHECK (inc_cents >= 0),
  over_limit       text NOT NULL CHECK (over_limit IN ('order', 'month')),
  limit_cents      integer NOT NULL CHECK (limit_cents > 0),
  idempotency_key  text,
  status           text NOT NULL DEFAULT 'awaiting' CHECK (status IN ('awaiting', 'approved', 'rejected', 'withdrawn')),
  decided_by       integer REFERENCES users(id) ON DELETE SET NULL,
  decided_by_name  text,
  decided_at       timestamptz,
  reason           text CHECK (length(reason) <= 500),
  order_id         integer UNIQUE REFERENCES orders(id),
  created_at       timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (user_id, account_id) REFERENCES users (id, account_id) ON DELETE CASCADE,
  FOREIGN KEY (approver_id, account_id) REFERENCES users (id, account_id) ON DELETE SET NULL (approver_id),
  CHECK ((status = 'approved') = (order_id IS NOT NULL)),
  CHECK ((status = 'awaiting') = (decided_at IS NULL)),
  CHECK (status <> 'rejected' OR reason IS NOT NULL),
  CHECK (status NOT IN ('approved', 'rejected') OR decided_by IS DISTINCT FROM user_id)
);
CREATE UNIQUE INDEX order_approvals_key ON order_approvals (user_id, idempotency_key);
CREATE INDEX order_approvals_of_account ON order_approvals (account_id, id DESC);
`
