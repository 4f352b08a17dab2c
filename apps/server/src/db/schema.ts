import type { ColumnType, Generated } from 'kysely'

/** Database row types. Money columns end in `_cents`; `date` columns are `YYYY-MM-DD` strings. */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
type Json<T> = ColumnType<T, string, string>

export interface BranchTable {
  location_id: string
  name: string
  sort_order: Generated<number>
  phone: string | null
  email: string | null
  /** Whether customers order from it (the branch selector, carts and orders); false for consignment-style locations. */
  trading: Generated<boolean>
}

export interface CustomerAccountTable {
  id: Generated<number>
  code: string
  name: string
  sales_category: string
  is_elders: Generated<boolean>
  credit_limit_cents: Generated<number>
  terms_days: Generated<number>
  balance_cents: Generated<number>
  price_discount_bp: Generated<number>
  default_branch: string
  abn: string | null
  created_at: Timestamp
  active: Generated<boolean>
  /** The ERP put the account on hold: it cannot order on account at all. */
  on_hold: Generated<boolean>
  /** What an order on account past the credit limit meets: a warning to confirm, a refusal, or (null) nothing. */
  credit_mode: 'warn' | 'block' | null
}

export interface AccountBranchTable {
  account_id: number
  location_id: string
}

export type Role = 'Administrator' | 'User'

export interface UserTable {
  id: Generated<number>
  account_id: number
  username: string
  name: string
  email: string
  role: Role
  password_hash: string
  created_at: Timestamp
  password_changed_at: Timestamp
  active: Generated<boolean>
  /** Spending limits, ex GST, and who approves (migrations/0036): a User's only; null: none, any Administrator. */
  order_limit_cents: number | null
  month_limit_cents: number | null
  approver_id: number | null
  /** A User the Administrator allows to pay the account's invoices by card (migrations/0037); Administrators always may. */
  can_pay_invoices: Generated<boolean>
}

export interface SessionTable {
  id: Generated<number>
  token_hash: Buffer | Uint8Array
  user_id: number
  created_at: Timestamp
  last_seen_at: Timestamp
  expires_at: Timestamp
  revoked_at: Timestamp | null
  /** The back office user acting for the session's user (decision 0101), with the back office session they act from. */
  acting_by: ColumnType<number | null, number | null | undefined, number | null>
  acting_session: ColumnType<number | string | null, number | null | undefined, number | null>
}

export interface PasswordResetTokenTable {
  id: Generated<number>
  token_hash: Buffer | Uint8Array
  user_id: number
  created_at: Timestamp
  expires_at: Timestamp
  used_at: Timestamp | null
}

export interface LoginFailureTable {
  id: Generated<number>
  key: string
  failed_at: Timestamp
}

export interface DeliverySiteTable {
  id: Generated<number>
  account_id: number
  site_code: string
  name: string
  address1: Generated<string>
  address2: Generated<string>
  city: Generated<string>
  state: Generated<string>
  postal_code: Generated<string>
  contact: Generated<string>
  email: Generated<string>
  phone: Generated<string>
  fax: Generated<string>
  location_id: string | null
}

export interface CategoryTable {
  id: Generated<number>
  name: string
  title: string
  parent_id: number | null
  display_order: Generated<number>
  icon_name: string | null
  hidden_for_elders: Generated<boolean>
  active: Generated<boolean>
}

export interface BrandTable {
  brand_code: string
  description: string
  hidden_for_elders: Generated<boolean>
  active: Generated<boolean>
}

export interface ProductImageTable {
  id: Generated<number>
  content_type: string
  data: Buffer | Uint8Array
  width: number
  height: number
}

export interface ProductTable {
  id: Generated<number>
  product_code: string
  description: string
  full_description1: Generated<string>
  full_description2: Generated<string>
  full_description3: Generated<string>
  brand_code: string
  category_id: number
  unit_price_cents: number
  carton_price_cents: number | null
  carton_qty: number | null
  pallet_price_cents: number | null
  pallet_qty: number | null
  rrp_cents: Generated<number>
  weight_kg: ColumnType<number, number | string | undefined, number | string>
  barcode: string | null
  info_text: Generated<string>
  image_id: number | null
  is_special: Generated<boolean>
  popularity: Generated<number>
  active: Generated<boolean>
  search_text: ColumnType<string, never, never>
}

export interface ContractPriceTable {
  account_id: number
  product_id: number
  price_cents: number
}

export interface ProductAttachmentTable {
  id: Generated<number>
  product_id: number
  file_name: string
  description: Generated<string>
  content_type: string
  data: Buffer | Uint8Array
}

export interface StockTable {
  product_id: number
  location_id: string
  qty_available: Generated<number>
}

export interface CartTable {
  id: Generated<number>
  user_id: number
  location_id: string
  checkout_info: Json<unknown> | null
  updated_at: Timestamp
}

export interface CartLineTable {
  id: Generated<number>
  cart_id: number
  product_id: number
  quantity: number
  added_at: Timestamp
  /** Put in by accepting a quote: its quoted price holds for the quoted quantity (migrations/0047_quotes.ts). */
  quote_line_id: Generated<number | null>
}

/** The answer a cart change sent with an Idempotency-Key got (migrations/0006_cart_idempotency.ts). */
export interface CartRequestTable {
  user_id: number
  idempotency_key: string
  answer: Json<unknown> | null
  created_at: Timestamp
}

/** A quote (migrations/0047_quotes.ts, decision 0102). */
export interface QuoteTable {
  id: Generated<number>
  account_id: number
  user_id: number | null
  location_id: string
  status: Generated<'requested' | 'open' | 'accepted' | 'declined'>
  assigned_to: number | null
  note: Generated<string>
  expires_on: string | null
  decline_reason: string | null
  sent_at: Timestamp | null
  accepted_at: Timestamp | null
  accepted_by: number | null
  declined_at: Timestamp | null
  order_id: number | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface QuoteLineTable {
  id: Generated<number>
  quote_id: number
  line_no: number
  product_id: number
  quantity: number
  account_price_cents: number
  quoted_price_cents: number | null
}

export interface QuoteMessageTable {
  id: Generated<number>
  quote_id: number
  from_staff: boolean
  author: string
  body: string
  created_at: Timestamp
}

export interface QuoteRequestTable {
  id: Generated<number>
  user_id: number
  account_id: number
  location_id: string
  lines: Json<unknown>
  created_at: Timestamp
}

interface DeliveryColumns {
  delivery_name: Generated<string>
  delivery_address1: Generated<string>
  delivery_address2: Generated<string>
  delivery_city: Generated<string>
  delivery_state: Generated<string>
  delivery_postal_code: Generated<string>
}

interface TotalsColumns {
  extended_ex_cents: Generated<number>
  tax_cents: Generated<number>
  extended_inc_cents: Generated<number>
}

export interface OrderTable extends DeliveryColumns, TotalsColumns {
  id: Generated<number>
  sales_order: string
  account_id: number
  user_id: number | null
  location_id: string
  site_code: string | null
  status: string
  enter_date: string
  ship_date: string | null
  customer_purchase_order: Generated<string>
  description: Generated<string>
  contact: Generated<string>
  email: Generated<string>
  phone: Generated<string>
  fax: Generated<string>
  carrier_name: Generated<string>
  carrier_instructions: Generated<string>
  delivery_type: Generated<number>
  num_lines: Generated<number>
  idempotency_key: string | null
  payment_reference: string | null
  created_at: Timestamp
  /** The number a portal order was placed under; null for the ERP's history (migrations/0010_erp_interchange.ts). */
  portal_order_id: string | null
  /** When a collector of the ERP orders feed last took it (its lease, decision 0037). */
  erp_collected_at: Timestamp | null
  /** When npm run erp:export wrote it to files (it is not offered again). */
  erp_exported_at: Timestamp | null
  /** When the ERP acknowledged it with its sales order number. */
  erp_acknowledged_at: Timestamp | null
  /** The account's available credit when the order was placed on account, before it; null for any other order. */
  available_credit_cents: ColumnType<string | number | null, number | null | undefined, number | null>
  /** The back office user who entered the order for the customer (decision 0101); null when the customer placed it. */
  entered_by_id: ColumnType<number | null, number | null | undefined, number | null>
  entered_by_email: ColumnType<string | null, string | null | undefined, string | null>
  /** The quote the order was placed from (migrations/0047_quotes.ts): one order a quote. */
  quote_id: Generated<number | null>
}

interface LineColumns {
  id: Generated<number>
  line_no: number
  product_id: number | null
  product_code: string
  description: string
  qty_ordered: number
  qty_back_ordered: Generated<number>
  qty_supplied: Generated<number>
  unit_price_cents: number
  extended_ex_cents: number
  tax_cents: number
  extended_inc_cents: number
}

export interface OrderLineTable extends LineColumns {
  order_id: number
  due_date: string | null
  /** What a portal order's line was charged at each price break (pallets, cartons, units); null: every unit at unit_price_cents. */
  price_breaks: Json<unknown> | null
}

export interface PendingOrderTable {
  id: string
  reference: string
  account_id: number
  user_id: number
  location_id: string
  order_details: Json<unknown>
  amount_cents: number
  provider: string
  provider_session: string | null
  success_indicator: string | null
  status: Generated<'pending' | 'capturing' | 'completed' | 'failed' | 'superseded'>
  last_error: string | null
  order_id: number | null
  created_at: Timestamp
  completed_at: Timestamp | null
  lines: ColumnType<unknown, string | undefined, string>
  provider_timestamp: string | null
  transaction_id: string | null
  idempotency_key: string | null
  /** The order waiting for approval this payment pays (an approver paying for a cash-sale account's order). */
  approval_id: Generated<number | null>
  /** The quote whose quoted prices its lines carry (migrations/0047_quotes.ts). */
  quote_id: Generated<number | null>
}

/** Units a pending card payment holds at its branch until it is paid, cancelled or `expires_at`. */
export interface StockHoldTable {
  pending_order_id: string
  user_id: number
  location_id: string
  product_id: number
  qty: number
  expires_at: Timestamp
}

/** An approved card payment that did not become an order, to be refunded. */
export interface CardRefundTable {
  id: Generated<number>
  pending_order_id: string | null
  invoice_payment_id: string | null
  transaction_id: Generated<string>
  amount_cents: number
  reason: string
  created_at: Timestamp
  status: Generated<'needed' | 'refunded' | 'failed'>
  refund_transaction_id: string | null
  refunded_at: Timestamp | null
  last_error: string | null
}

/** The local SecurePay sandbox's record of the payments it answered (never used in production mode). */
export interface PaymentSandboxSecurePayTable {
  transaction_id: string
  merchant_id: string
  reference: string
  amount_cents: number
  approved: boolean
  refunded_cents: Generated<number>
  created_at: Generated<Timestamp>
}

export interface PaymentSandboxSessionTable {
  id: string
  merchant_id: string
  order_id: string
  amount: string
  currency: string
  description: Generated<string>
  return_url: string
  cancel_url: string | null
  success_indicator: string
  result: string | null
  gateway_code: string | null
  order_status: string | null
  card_summary: string | null
  created_at: Timestamp
  paid_at: Timestamp | null
  /** INITIATE_CHECKOUT's interaction.operation: AUTHORIZE or PURCHASE. */
  operation: Generated<string>
  /** The capture or void of an authorisation: its transaction id and type (CAPTURE, VOID_AUTHORIZATION). */
  settled_transaction_id: string | null
  settled_type: string | null
}

export interface InvoiceTable extends DeliveryColumns, TotalsColumns {
  id: Generated<number>
  invoice: string
  account_id: number
  order_id: number | null
  transaction_type: Generated<string>
  transaction_date: string
  invoice_date: string
  due_date: string
  description: Generated<string>
  reference: Generated<string>
  brn: Generated<string>
  sales_location: string
  sales_order: Generated<string>
  customer_purchase_order: Generated<string>
  carrier: Generated<string>
  consignment_note: Generated<string>
  /** What the ERP says is still owed (inc GST), and when that last changed (migrations/0037). */
  outstanding_cents: Generated<number>
  outstanding_at: Generated<Timestamp>
  outstanding_known: Generated<boolean>
}

export interface InvoiceLineTable extends LineColumns {
  invoice_id: number
}

export interface PaymentTable {
  id: Generated<number>
  account_id: number
  payment_date: string
  amount_cents: number
  reference: Generated<string>
}

/** A card payment of some of an account's invoices (migrations/0037_invoice_payments.ts, decision 0090). */
export interface InvoicePaymentTable {
  id: string
  reference: string
  account_id: number
  user_id: number | null
  payer_name: string
  payer_email: string
  amount_cents: number
  /** What the payer chose to pay of each invoice: [{invoiceId, amountCents}]. */
  allocations: ColumnType<unknown, string, string>
  provider: 'securepay' | 'mpgs'
  provider_timestamp: string | null
  provider_session: string | null
  success_indicator: string | null
  status: Generated<'pending' | 'capturing' | 'completed' | 'failed' | 'superseded'>
  last_error: string | null
  transaction_id: string | null
  idempotency_key: string | null
  created_at: Generated<Timestamp>
  completed_at: Timestamp | null
  erp_collected_at: Timestamp | null
  erp_exported_at: Timestamp | null
  erp_acknowledged_at: Timestamp | null
  erp_receipt: string | null
}

/** Money of an approved invoice payment applied to one invoice; never more than the invoice has open (a trigger). */
export interface InvoicePaymentAllocationTable {
  payment_id: string
  invoice_id: number
  account_id: number
  amount_cents: number
}

export interface FinancialPeriodTable {
  financial_year: number
  financial_period: number
  description: string
  start_date: string
  end_date: string
}

export interface EmailAttachment {
  filename: string
  contentType: string
  /** base64 */
  content: string
}

export interface EmailOutboxTable {
  id: Generated<number>
  to_address: string
  subject: string
  text_body: string
  html_body: string | null
  attachments: Json<EmailAttachment[]>
  status: Generated<'pending' | 'sent' | 'failed' | 'kept'>
  attempts: Generated<number>
  last_error: string | null
  created_at: Timestamp
  sent_at: Timestamp | null
  /** When the mailer may take it next: now for a new e-mail, later after a failed send or while one is claimed. */
  next_attempt_at: Timestamp
}

export interface StatementRequestTable {
  id: Generated<number>
  account_id: number
  user_id: number | null
  email: string
  financial_year: number
  financial_period: number
  outbox_id: number | null
  created_at: Timestamp
}

/** A back-in-stock request (migrations/0035_stock_alerts.ts): open while `closed_at` is null. */
export interface StockAlertTable {
  id: Generated<number>
  user_id: number
  product_id: number
  location_id: string
  quantity: number | null
  created_at: Generated<Timestamp>
  closed_at: Timestamp | null
  closed_as: 'notified' | 'cancelled' | 'lapsed' | null
}

/** An order on account over a spending limit, waiting for approval (migrations/0036_approvals_and_spending_limits.ts). */
export interface OrderApprovalTable {
  id: Generated<number>
  account_id: number
  user_id: number
  approver_id: number | null
  location_id: string
  site_code: string | null
  form: Json<unknown>
  lines: Json<unknown>
  ex_cents: number
  inc_cents: number
  over_limit: 'order' | 'month'
  limit_cents: number
  idempotency_key: string | null
  status: Generated<'awaiting' | 'approved' | 'rejected' | 'withdrawn'>
  decided_by: number | null
  decided_by_name: string | null
  decided_at: Timestamp | null
  reason: string | null
  order_id: number | null
  created_at: Timestamp
}

export interface StandingOrderTable {
  id: Generated<number>
  account_id: number
  user_id: number
  list_id: number
  location_id: string
  every_weeks: number | null
  month_days: number[] | null
  first_run_on: string
  next_run_on: string
  status: Generated<'active' | 'paused'>
  po_prefix: string
  delivery: Json<unknown>
  reminded_for: string | null
  created_at: Generated<Timestamp>
  updated_at: Generated<Timestamp>
}

export interface StandingOrderRunTable {
  id: Generated<number>
  standing_order_id: number
  run_on: string
  ran_on: string
  outcome: 'placed' | 'approval' | 'payment_link' | 'skipped' | 'failed'
  message: string
  order_id: number | null
  approval_id: number | null
  created_at: Generated<Timestamp>
}

export interface CodeSetupRequestTable {
  id: Generated<number>
  account_id: number
  user_id: number
  product_id: number
  location_id: string
  created_at: Timestamp
}

export interface ContentMediaTable {
  id: Generated<number>
  sha256: string
  file_name: string
  mime_type: string
  width: number
  height: number
  alt_text: Generated<string>
  data: Buffer | Uint8Array
  created_at: Timestamp
}

export interface ContentMediaRenditionTable {
  media_id: number
  name: string
  mime_type: string
  width: number
  height: number
  data: Buffer | Uint8Array
  created_at: Timestamp
}

export interface ContentGroupTable {
  id: Generated<number>
  slug: string
  name: string
}

export interface ContentPostTable {
  id: Generated<number>
  /** A banner or a promotion is written in the back office (decision 0096); GET /posts lists type 'post' only. */
  type: 'post' | 'page' | 'banner' | 'promotion'
  slug: string
  status: 'publish' | 'draft'
  title: string
  excerpt_html: Generated<string>
  content_html: Generated<string>
  featured_media_id: number | null
  /** Site-local wall-clock time (`timestamp`, no zone), as WordPress keeps post_date; read it with to_char. */
  published_at: ColumnType<unknown, string, string>
  modified_at: Timestamp
  acf: Json<unknown> | null
  /** The last day shown (YYYY-MM-DD, site-local), never before published_at's day; null: shown until withdrawn. */
  disappear_on: ColumnType<string | null, string | null | undefined, string | null>
  /** 'import' (content:import, the demo data) or 'back office': `content:import --prune` deletes only imported posts. */
  origin: Generated<'import' | 'back office'>
}

export interface ContentPostGroupTable {
  post_id: number
  group_id: number
}

export interface SchemaMigrationTable {
  version: string
  applied_at: Timestamp
}

/** Search synonyms (synonyms.csv): each row's term and synonyms all mean the same (decision 0029). */
export interface SearchSynonymTable {
  term: string
  synonyms: string[]
}

/** A saved order list of an account (migrations/0011_lists_and_buy_again.ts, decision 0030). */
export interface OrderListTable {
  id: Generated<number>
  account_id: number
  created_by: number | null
  name: string
  created_at: Generated<Timestamp>
  updated_at: Generated<Timestamp>
}

export interface OrderListLineTable {
  id: Generated<number>
  list_id: number
  product_id: number
  quantity: number
}

/** What an account bought of a product in a calendar month; kept by triggers on orders and order lines. */
export interface PurchaseMonthTable {
  account_id: number
  product_id: number
  month: string
  order_count: number
  quantity: number
  last_date: string
  last_qty: number
}

/** The account's last 12 months of purchase_months per product, from `window_start` (purchase_total_windows). */
export interface PurchaseTotalTable {
  account_id: number
  product_id: number
  order_count: number
  quantity: number
  last_date: string
  last_qty: number
}

export interface PurchaseTotalWindowTable {
  account_id: number
  window_start: string
}

/** An ERP import, stock delta or export (migrations/0010_erp_interchange.ts). */
export interface ErpRunTable {
  id: Generated<number>
  started_at: Timestamp
  finished_at: Timestamp | null
  who: string
  kind: 'import' | 'stock' | 'export'
  mode: 'delta' | 'full' | 'dry-run'
  added: Generated<number>
  changed: Generated<number>
  withdrawn: Generated<number>
  failed: Generated<number>
  problems: ColumnType<unknown, string | undefined, string>
  status: Generated<'running' | 'succeeded' | 'failed'>
}

/** The back office (migration 0030): the distributor's own people, their sessions, second factors and audit. */
export type BackOfficeRole = 'Administrator' | 'Customer service' | 'Sales representative' | 'Marketing'

export interface BackOfficeUserTable {
  id: Generated<number>
  email: string
  name: string
  roles: BackOfficeRole[]
  password_hash: Generated<string>
  totp_secret: string | null
  totp_pending_secret: string | null
  totp_last_step: Generated<number>
  active: Generated<boolean>
  invited_by: number | null
  created_at: Generated<Date>
  password_changed_at: Date | null
  last_sign_in_at: Date | null
}
export interface BackOfficeSessionTable {
  id: Generated<number>
  token_hash: Buffer | Uint8Array
  user_id: number
  second_factor_at: Date | null
  created_at: Generated<Date>
  last_seen_at: Generated<Date>
  expires_at: Date
  revoked_at: Date | null
}
export interface BackOfficeRecoveryCodeTable {
  user_id: number
  code_hash: Buffer | Uint8Array
  used_at: Date | null
}
export interface BackOfficePasswordTokenTable {
  token_hash: Buffer | Uint8Array
  user_id: number
  expires_at: Date
  used_at: Date | null
}
export interface BackOfficeAssignmentTable {
  account_id: number
  user_id: number
  assigned_at: Generated<Date>
  by_back_office: Generated<boolean>
  by_erp: Generated<boolean>
}
export interface BackOfficeAuditTable {
  id: Generated<number>
  at: Generated<Date>
  user_id: number | null
  user_email: string
  roles: string[]
  action: string
  account_id: number | null
  account_code: string | null
  subject: string | null
  detail: ColumnType<Record<string, unknown>, string | undefined, string>
  address: string
}

/** Applying for a trade account (migrations/0048, decision 0103). */
export type ApplicationStatusColumn = 'received' | 'information requested' | 'approved' | 'declined' | 'opened'

export interface AccountApplicationTable {
  id: Generated<number>
  reference: Generated<string>
  status: Generated<ApplicationStatusColumn>
  business_name: string
  abn: string
  trading_name: Generated<string>
  contact_name: string
  email: string
  phone: string
  branch: string
  kind: 'farm' | 'store' | 'vet' | 'other'
  monthly_spend_cents: ColumnType<string | number, number, number>
  submitted_address: string
  created_at: Timestamp
  decided_at: Timestamp | null
  decided_by: number | null
  decision_reason: string | null
  account_id: number | null
  invited_user_id: number | null
  opened_at: Timestamp | null
  erp_collected_at: Timestamp | null
  erp_exported_at: Timestamp | null
  erp_acknowledged_at: Timestamp | null
  erp_reference: string | null
}

export interface AccountApplicationMessageTable {
  id: Generated<number>
  application_id: number
  author: 'staff' | 'applicant'
  staff_user_id: number | null
  body: string
  created_at: Timestamp
}

export interface AccountApplicationFileTable {
  id: Generated<number>
  application_id: number
  message_id: number | null
  name: string
  content: Buffer | Uint8Array
  created_at: Timestamp
}

export interface AccountApplicationTokenTable {
  token_hash: Buffer | Uint8Array
  application_id: number
  message_id: number
  expires_at: Timestamp
  used_at: Timestamp | null
}

export interface DB {
  branches: BranchTable
  customer_accounts: CustomerAccountTable
  account_branches: AccountBranchTable
  users: UserTable
  sessions: SessionTable
  password_reset_tokens: PasswordResetTokenTable
  login_failures: LoginFailureTable
  delivery_sites: DeliverySiteTable
  categories: CategoryTable
  brands: BrandTable
  product_images: ProductImageTable
  products: ProductTable
  contract_prices: ContractPriceTable
  product_attachments: ProductAttachmentTable
  stock: StockTable
  carts: CartTable
  cart_lines: CartLineTable
  cart_requests: CartRequestTable
  quote_requests: QuoteRequestTable
  quotes: QuoteTable
  quote_lines: QuoteLineTable
  quote_messages: QuoteMessageTable
  orders: OrderTable
  order_lines: OrderLineTable
  pending_orders: PendingOrderTable
  stock_holds: StockHoldTable
  card_refunds: CardRefundTable
  payment_sandbox_sessions: PaymentSandboxSessionTable
  payment_sandbox_securepay: PaymentSandboxSecurePayTable
  invoices: InvoiceTable
  invoice_lines: InvoiceLineTable
  payments: PaymentTable
  invoice_payments: InvoicePaymentTable
  invoice_payment_allocations: InvoicePaymentAllocationTable
  financial_periods: FinancialPeriodTable
  email_outbox: EmailOutboxTable
  statement_requests: StatementRequestTable
  code_setup_requests: CodeSetupRequestTable
  stock_alerts: StockAlertTable
  order_approvals: OrderApprovalTable
  standing_orders: StandingOrderTable
  standing_order_runs: StandingOrderRunTable
  content_media: ContentMediaTable
  content_media_renditions: ContentMediaRenditionTable
  content_groups: ContentGroupTable
  content_posts: ContentPostTable
  content_post_groups: ContentPostGroupTable
  schema_migrations: SchemaMigrationTable
  search_synonyms: SearchSynonymTable
  order_lists: OrderListTable
  order_list_lines: OrderListLineTable
  purchase_months: PurchaseMonthTable
  purchase_totals: PurchaseTotalTable
  purchase_total_windows: PurchaseTotalWindowTable
  erp_runs: ErpRunTable
  back_office_users: BackOfficeUserTable
  back_office_sessions: BackOfficeSessionTable
  back_office_recovery_codes: BackOfficeRecoveryCodeTable
  back_office_password_tokens: BackOfficePasswordTokenTable
  back_office_assignments: BackOfficeAssignmentTable
  back_office_audit: BackOfficeAuditTable
  account_applications: AccountApplicationTable
  account_application_messages: AccountApplicationMessageTable
  account_application_files: AccountApplicationFileTable
  account_application_tokens: AccountApplicationTokenTable
}
