/**
 * The whole domain: accounts, users, products, stock, carts, orders, invoices. Money is integer cents (bigint where it sums),
 * quantities are integers, dates that travel as YYYY-MM-DD are `date`.
 */
export const up = /* sql */ `
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

CREATE TABLE branches (
  location_id   text PRIMARY KEY,
  name          text NOT NULL,
  sort_order    integer NOT NULL DEFAULT 0,
  phone         text,
  email         text
);

CREATE TABLE customer_accounts (
  id                 serial PRIMARY KEY,
  code               text NOT NULL UNIQUE,
  name               text NOT NULL,
  sales_category     text NOT NULL,
  is_elders          boolean NOT NULL DEFAULT false,
  credit_limit_cents bigint NOT NULL DEFAULT 0,
  terms_days         integer NOT NULL DEFAULT 30,
  balance_cents      bigint NOT NULL DEFAULT 0,
  price_discount_bp  integer NOT NULL DEFAULT 0 CHECK (price_discount_bp BETWEEN 0 AND 5000),
  default_branch     text NOT NULL REFERENCES branches(location_id),
  abn                text,
  created_at         timestamptz NOT NULL DEFAULT now()
);

-- The branches an account with a branch group (resellers) orders from.
CREATE TABLE account_branches (
  account_id  integer NOT NULL REFERENCES customer_accounts(id) ON DELETE CASCADE,
  location_id text NOT NULL REFERENCES branches(location_id),
  PRIMARY KEY (account_id, location_id)
);

CREATE TABLE users (
  id             serial PRIMARY KEY,
  account_id     integer NOT NULL REFERENCES customer_accounts(id) ON DELETE CASCADE,
  username       text NOT NULL,
  name           text NOT NULL,
  email          text NOT NULL,
  role           text NOT NULL CHECK (role IN ('Administrator', 'User')),
  password_hash  text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  password_changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_ci ON users (lower(username));
CREATE INDEX users_account ON users (account_id, id);

CREATE TABLE sessions (
  id            bigserial PRIMARY KEY,
  token_hash    bytea NOT NULL UNIQUE,
  user_id       integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  revoked_at    timestamptz
);
CREATE INDEX sessions_user ON sessions (user_id) WHERE revoked_at IS NULL;

CREATE TABLE password_reset_tokens (
  id          bigserial PRIMARY KEY,
  token_hash  bytea NOT NULL UNIQUE,
  user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);

-- Failed sign-in attempts, per username and per address, for throttling.
CREATE TABLE login_failures (
  id           bigserial PRIMARY KEY,
  key          text NOT NULL,
  failed_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_key ON login_failures (key, failed_at);

CREATE TABLE delivery_sites (
  id           serial PRIMARY KEY,
  account_id   integer NOT NULL REFERENCES customer_accounts(id) ON DELETE CASCADE,
  site_code    text NOT NULL,
  name         text NOT NULL,
  address1     text NOT NULL DEFAULT '',
  address2     text NOT NULL DEFAULT '',
  city         text NOT NULL DEFAULT '',
  state        text NOT NULL DEFAULT '',
  postal_code  text NOT NULL DEFAULT '',
  contact      text NOT NULL DEFAULT '',
  email        text NOT NULL DEFAULT '',
  phone        text NOT NULL DEFAULT '',
  fax          text NOT NULL DEFAULT '',
  location_id  text REFERENCES branches(location_id),
  UNIQUE (account_id, site_code)
);

CREATE TABLE categories (
  id                 serial PRIMARY KEY,
  name               text NOT NULL UNIQUE,
  title              text NOT NULL,
  parent_id          integer REFERENCES categories(id),
  display_order      integer NOT NULL DEFAULT 0,
  icon_name          text,
  hidden_for_elders  boolean NOT NULL DEFAULT false
);
CREATE INDEX categories_parent ON categories (parent_id, display_order);

CREATE TABLE brands (
  brand_code         text PRIMARY KEY,
  description        text NOT NULL,
  hidden_for_elders  boolean NOT NULL DEFAULT false
);

CREATE TABLE product_images (
  id            serial PRIMARY KEY,
  content_type  text NOT NULL,
  data          bytea NOT NULL,
  width         integer NOT NULL,
  height        integer NOT NULL
);

CREATE TABLE products (
  id                  serial PRIMARY KEY,
  product_code        text NOT NULL UNIQUE,
  description         text NOT NULL,
  full_description1   text NOT NULL DEFAULT '',
  full_description2   text NOT NULL DEFAULT '',
  full_description3   text NOT NULL DEFAULT '',
  brand_code          text NOT NULL REFERENCES brands(brand_code),
  category_id         integer NOT NULL REFERENCES categories(id),
  unit_price_cents    integer NOT NULL CHECK (unit_price_cents >= 0),
  carton_price_cents  integer CHECK (carton_price_cents >= 0),
  carton_qty          integer CHECK (carton_qty > 0),
  pallet_price_cents  integer CHECK (pallet_price_cents >= 0),
  pallet_qty          integer CHECK (pallet_qty > 0),
  rrp_cents           integer NOT NULL DEFAULT 0 CHECK (rrp_cents >= 0),
  weight_kg           numeric(10,3) NOT NULL DEFAULT 0,
  barcode             text,
  info_text           text NOT NULL DEFAULT '',
  image_id            integer REFERENCES product_images(id),
  is_special          boolean NOT NULL DEFAULT false,
  popularity          integer NOT NULL DEFAULT 0,
  active              boolean NOT NULL DEFAULT true,
  search_text         text GENERATED ALWAYS AS (lower(product_code || ' ' || description || ' ' || brand_code || ' ' || coalesce(barcode, ''))) STORED
);
CREATE INDEX products_category ON products (category_id, description) WHERE active;
CREATE INDEX products_brand ON products (brand_code, description) WHERE active;
CREATE INDEX products_special ON products (description) WHERE active AND is_special;
CREATE INDEX products_popular ON products (popularity DESC) WHERE active;
CREATE INDEX products_barcode ON products (barcode);
CREATE INDEX products_search_trgm ON products USING gin (search_text gin_trgm_ops);
CREATE INDEX products_description_trgm ON products USING gin (lower(description) gin_trgm_ops);

-- Account-specific contract prices; otherwise the list price less the account's discount.
CREATE TABLE contract_prices (
  account_id   integer NOT NULL REFERENCES customer_accounts(id) ON DELETE CASCADE,
  product_id   integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  price_cents  integer NOT NULL CHECK (price_cents >= 0),
  PRIMARY KEY (account_id, product_id)
);

CREATE TABLE product_attachments (
  id            serial PRIMARY KEY,
  product_id    integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  file_name     text NOT NULL,
  description   text NOT NULL DEFAULT '',
  content_type  text NOT NULL,
  data          bytea NOT NULL
);
CREATE INDEX product_attachments_product ON product_attachments (product_id);

CREATE TABLE stock (
  product_id     integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  location_id    text NOT NULL REFERENCES branches(location_id),
  qty_available  integer NOT NULL DEFAULT 0,
  PRIMARY KEY (location_id, product_id)
);
CREATE INDEX stock_product ON stock (product_id);

-- One cart per user; it belongs to one real branch at a time.
CREATE TABLE carts (
  id             serial PRIMARY KEY,
  user_id        integer NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
  location_id    text NOT NULL REFERENCES branches(location_id),
  checkout_info  jsonb,
  updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE cart_lines (
  id          serial PRIMARY KEY,
  cart_id     integer NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
  product_id  integer NOT NULL REFERENCES products(id),
  quantity    integer NOT NULL CHECK (quantity > 0),
  added_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (cart_id, product_id)
);

CREATE TABLE quote_requests (
  id          serial PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  account_id  integer NOT NULL REFERENCES customer_accounts(id) ON DELETE CASCADE,
  location_id text NOT NULL REFERENCES branches(location_id),
  lines       jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE orders (
  id                       serial PRIMARY KEY,
  sales_order              text NOT NULL UNIQUE,
  account_id               integer NOT NULL REFERENCES customer_accounts(id),
  user_id                  integer REFERENCES users(id) ON DELETE SET NULL,
  location_id              text NOT NULL REFERENCES branches(location_id),
  site_code                text,
  status                   text NOT NULL,
  enter_date               date NOT NULL,
  ship_date                date,
  customer_purchase_order  text NOT NULL DEFAULT '',
  description              text NOT NULL DEFAULT '',
  delivery_name            text NOT NULL DEFAULT '',
  delivery_address1        text NOT NULL DEFAULT '',
  delivery_address2        text NOT NULL DEFAULT '',
  delivery_city            text NOT NULL DEFAULT '',
  delivery_state           text NOT NULL DEFAULT '',
  delivery_postal_code     text NOT NULL DEFAULT '',
  contact                  text NOT NULL DEFAULT '',
  email                    text NOT NULL DEFAULT '',
  phone                    text NOT NULL DEFAULT '',
  fax                      text NOT NULL DEFAULT '',
  carrier_name             text NOT NULL DEFAULT '',
  carrier_instructions     text NOT NULL DEFAULT '',
  delivery_type            smallint NOT NULL DEFAULT 1 CHECK (delivery_type IN (1, 2)),
  num_lines                integer NOT NULL DEFAULT 0,
  extended_ex_cents        bigint NOT NULL DEFAULT 0,
  tax_cents                bigint NOT NULL DEFAULT 0,
  extended_inc_cents       bigint NOT NULL DEFAULT 0,
  idempotency_key          text,
  payment_reference        text,
  created_at               timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, idempotency_key)
);
CREATE INDEX orders_account_date ON orders (account_id, enter_date DESC, id DESC);
CREATE INDEX orders_account_site_date ON orders (account_id, site_code, enter_date DESC, id DESC);
CREATE INDEX orders_search_trgm ON orders USING gin (lower(sales_order || ' ' || customer_purchase_order || ' ' || description) gin_trgm_ops);

CREATE TABLE order_lines (
  id                   bigserial PRIMARY KEY,
  order_id             integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  line_no              integer NOT NULL,
  product_id           integer REFERENCES products(id),
  product_code         text NOT NULL,
  description          text NOT NULL,
  qty_ordered          integer NOT NULL,
  qty_back_ordered     integer NOT NULL DEFAULT 0,
  qty_supplied         integer NOT NULL DEFAULT 0,
  unit_price_cents     integer NOT NULL,
  extended_ex_cents    bigint NOT NULL,
  tax_cents            bigint NOT NULL,
  extended_inc_cents   bigint NOT NULL,
  due_date             date,
  UNIQUE (order_id, line_no)
);
CREATE INDEX order_lines_back_ordered ON order_lines (order_id) WHERE qty_back_ordered > 0;

-- Orders waiting for a card payment (CAS accounts).
CREATE TABLE pending_orders (
  id                  uuid PRIMARY KEY,
  reference           text NOT NULL UNIQUE,
  account_id          integer NOT NULL REFERENCES customer_accounts(id),
  user_id             integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  location_id         text NOT NULL REFERENCES branches(location_id),
  order_details       jsonb NOT NULL,
  amount_cents        bigint NOT NULL,
  provider            text NOT NULL,
  provider_session    text,
  success_indicator   text,
  status              text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed', 'failed')),
  last_error          text,
  order_id            integer REFERENCES orders(id),
  created_at          timestamptz NOT NULL DEFAULT now(),
  completed_at        timestamptz
);
CREATE INDEX pending_orders_account ON pending_orders (account_id, created_at DESC);

CREATE TABLE invoices (
  id                       serial PRIMARY KEY,
  invoice                  text NOT NULL UNIQUE,
  account_id               integer NOT NULL REFERENCES customer_accounts(id),
  order_id                 integer REFERENCES orders(id),
  transaction_type         text NOT NULL DEFAULT 'INV',
  transaction_date         date NOT NULL,
  invoice_date             date NOT NULL,
  due_date                 date NOT NULL,
  description              text NOT NULL DEFAULT '',
  reference                text NOT NULL DEFAULT '',
  brn                      text NOT NULL DEFAULT '',
  sales_location           text NOT NULL REFERENCES branches(location_id),
  sales_order              text NOT NULL DEFAULT '',
  customer_purchase_order  text NOT NULL DEFAULT '',
  carrier                  text NOT NULL DEFAULT '',
  consignment_note         text NOT NULL DEFAULT '',
  delivery_name            text NOT NULL DEFAULT '',
  delivery_address1        text NOT NULL DEFAULT '',
  delivery_address2        text NOT NULL DEFAULT '',
  delivery_city            text NOT NULL DEFAULT '',
  delivery_state           text NOT NULL DEFAULT '',
  delivery_postal_code     text NOT NULL DEFAULT '',
  extended_ex_cents        bigint NOT NULL DEFAULT 0,
  tax_cents                bigint NOT NULL DEFAULT 0,
  extended_inc_cents       bigint NOT NULL DEFAULT 0
);
CREATE INDEX invoices_account_date ON invoices (account_id, invoice_date DESC, id DESC);
CREATE INDEX invoices_order ON invoices (order_id);
CREATE INDEX invoices_search_trgm ON invoices USING gin (lower(invoice || ' ' || sales_order || ' ' || customer_purchase_order || ' ' || description) gin_trgm_ops);

CREATE TABLE invoice_lines (
  id                   bigserial PRIMARY KEY,
  invoice_id           integer NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
  line_no              integer NOT NULL,
  product_id           integer REFERENCES products(id),
  product_code         text NOT NULL,
  description          text NOT NULL,
  qty_ordered          integer NOT NULL,
  qty_back_ordered     integer NOT NULL DEFAULT 0,
  qty_supplied         integer NOT NULL DEFAULT 0,
  unit_price_cents     integer NOT NULL,
  extended_ex_cents    bigint NOT NULL,
  tax_cents            bigint NOT NULL,
  extended_inc_cents   bigint NOT NULL,
  UNIQUE (invoice_id, line_no)
);

-- Payments received on account, for balances and statements.
CREATE TABLE payments (
  id            serial PRIMARY KEY,
  account_id    integer NOT NULL REFERENCES customer_accounts(id),
  payment_date  date NOT NULL,
  amount_cents  bigint NOT NULL,
  reference     text NOT NULL DEFAULT ''
);
CREATE INDEX payments_account_date ON payments (account_id, payment_date);

CREATE TABLE financial_periods (
  financial_year    integer NOT NULL,
  financial_period  integer NOT NULL CHECK (financial_period BETWEEN 1 AND 12),
  description       text NOT NULL,
  start_date        date NOT NULL,
  end_date          date NOT NULL,
  PRIMARY KEY (financial_year, financial_period)
);

CREATE TABLE email_outbox (
  id            bigserial PRIMARY KEY,
  to_address    text NOT NULL,
  subject       text NOT NULL,
  text_body     text NOT NULL,
  html_body     text,
  attachments   jsonb NOT NULL DEFAULT '[]',
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'kept')),
  attempts      integer NOT NULL DEFAULT 0,
  last_error    text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  sent_at       timestamptz
);
CREATE INDEX email_outbox_pending ON email_outbox (created_at) WHERE status = 'pending';

CREATE TABLE statement_requests (
  id                bigserial PRIMARY KEY,
  account_id        integer NOT NULL REFERENCES customer_accounts(id),
  user_id           integer REFERENCES users(id) ON DELETE SET NULL,
  email             text NOT NULL,
  financial_year    integer NOT NULL,
  financial_period  integer NOT NULL,
  outbox_id         bigint REFERENCES email_outbox(id),
  created_at        timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (financial_year, financial_period) REFERENCES financial_periods(financial_year, financial_period)
);

CREATE TABLE code_setup_requests (
  id           bigserial PRIMARY KEY,
  account_id   integer NOT NULL REFERENCES customer_accounts(id),
  user_id      integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  product_id   integer NOT NULL REFERENCES products(id),
  location_id  text NOT NULL REFERENCES branches(location_id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, product_id, location_id)
);
`
