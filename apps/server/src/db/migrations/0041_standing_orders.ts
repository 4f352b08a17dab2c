/**
 * Standing orders (decision 0093): a saved list ordered at a branch every N weeks or on chosen days of the month,
 * for the user who set it up (its owner), and the record of each of its runs.
 *
 * What the database holds whatever the code does:
 * - a standing order's owner is a user of its account, and its list is one of that account's lists (composite
 *   foreign keys); a list a standing order orders cannot be deleted (RESTRICT): the standing order goes first;
 * - it has exactly one schedule: every 1 to 52 weeks from its first run, or 1 to 4 distinct days of the month;
 * - its next run is never before its first;
 * - **a run happens once**: one row per standing order and day due (UNIQUE), written in the same transaction as
 *   the order, the approval or the decision it made; a second instance or a retry after a crash that tries the same
 *   run again fails on it and writes nothing. An order is the run of at most one standing order, and so is an approval;
 *   a run that placed an order names it, and only such a run does (likewise for approvals).
 * - the scheduler finds due runs by a partial index on the next run of active standing orders.
 */
export const up = /* sql */ `
ALTER TABLE order_lists ADD CONSTRAINT order_lists_id_account UNIQUE (id, account_id);

CREATE TABLE standing_orders (
  id            serial PRIMARY KEY,
  account_id    integer NOT NULL REFERENCES customer_accounts(id) ON DELETE CASCADE,
  user_id       integer NOT NULL,
  list_id       integer NOT NULL,
  location_id   text NOT NULL REFERENCES branches(location_id),
  every_weeks   integer CHECK (every_weeks BETWEEN 1 AND 52),
  month_days    integer[] CHECK (cardinality(month_days) BETWEEN 1 AND 4 AND month_days <@ ARRAY[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31] AND array_position(month_days, NULL) IS NULL),
  first_run_on  date NOT NULL,
  next_run_on   date NOT NULL,
  status        text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused')),
  po_prefix     text NOT NULL CHECK (length(po_prefix) BETWEEN 1 AND 21),
  delivery      jsonb NOT NULL CHECK (jsonb_typeof(delivery) = 'object'),
  reminded_for  date,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (user_id, account_id) REFERENCES users (id, account_id) ON DELETE CASCADE,
  FOREIGN KEY (list_id, account_id) REFERENCES order_lists (id, account_id) ON DELETE RESTRICT,
  CHECK ((every_weeks IS NULL) <> (month_days IS NULL)),
  CHECK (next_run_on >= first_run_on)
);
CREATE INDEX standing_orders_due ON standing_orders (next_run_on, id) WHERE status = 'active';
CREATE INDEX standing_orders_of_account ON standing_orders (account_id, id);
CREATE INDEX standing_orders_of_list ON standing_orders (list_id);

CREATE TABLE standing_order_runs (
  id                 serial PRIMARY KEY,
  standing_order_id  integer NOT NULL REFERENCES standing_orders(id) ON DELETE CASCADE,
  run_on             date NOT NULL,
  ran_on             date NOT NULL,
  outcome            text NOT NULL CHECK (outcome IN ('placed', 'approval', 'payment_link', 'skipped', 'failed')),
  message            text NOT NULL,
  order_id           integer UNIQUE REFERENCES orders(id) ON DELETE SET NULL,
  approval_id        integer UNIQUE REFERENCES order_approvals(id) ON DELETE SET NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  UNIQUE (standing_order_id, run_on),
  CHECK (outcome = 'placed' OR order_id IS NULL),
  CHECK (outcome = 'approval' OR approval_id IS NULL)
);
`
