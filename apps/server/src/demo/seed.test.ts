import { sql, type RawBuilder } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyPassword } from '../modules/auth/passwords'
import { openDatabase, type Database, type DatabaseHandle } from '../db/database'
import { migrate } from '../db/migrate'
import { DEMO_LOGINS, loadDemo as seedDemo, type SeedSummary } from './demo'
import { BRANDS, CATEGORY_TREE } from './reference'

const TODAY = '2026-11-21'

async function freshSeed(demoLogins = true): Promise<{ handle: DatabaseHandle; summary: SeedSummary }> {
  const handle = await openDatabase({})
  await migrate(handle.db)
  const summary = await seedDemo(handle.db, { scale: 'demo', demoLogins, today: TODAY })
  return { handle, summary }
}

async function rows<T>(db: Database, query: RawBuilder<T>): Promise<T[]> {
  return (await query.execute(db)).rows
}

async function count(db: Database, query: RawBuilder<{ n: number }>): Promise<number> {
  return Number((await query.execute(db)).rows[0]?.n ?? -1)
}

/** A digest of the rows that make the demo: the same seed must give the same data. */
async function fingerprint(db: Database): Promise<Record<string, string>> {
  const digest = async (name: string, select: string) => {
    const result = await sql<{ md5: string }>`SELECT md5(coalesce(string_agg(t::text, '|'), '')) AS md5 FROM (${sql.raw(select)}) t`.execute(db)
    return [name, result.rows[0]?.md5 ?? ''] as const
  }
  return Object.fromEntries(
    await Promise.all([
      digest(
        'products',
        `SELECT id, product_code, description, full_description1, brand_code, category_id, unit_price_cents, carton_price_cents, carton_qty,
        pallet_price_cents, pallet_qty, rrp_cents, weight_kg, barcode, info_text, image_id, is_special, popularity FROM products ORDER BY id`,
      ),
      digest('stock', 'SELECT product_id, location_id, qty_available FROM stock ORDER BY product_id, location_id'),
      digest('accounts', 'SELECT id, code, name, sales_category, is_elders, balance_cents, credit_limit_cents, abn FROM customer_accounts ORDER BY id'),
      digest(
        'orders',
        `SELECT id, sales_order, account_id, user_id, location_id, site_code, status, enter_date, ship_date, customer_purchase_order,
        delivery_name, num_lines, extended_ex_cents, tax_cents, extended_inc_cents FROM orders ORDER BY id`,
      ),
      digest(
        'order_lines',
        'SELECT order_id, line_no, product_id, qty_ordered, qty_back_ordered, qty_supplied, unit_price_cents, extended_ex_cents, due_date FROM order_lines ORDER BY order_id, line_no',
      ),
      digest('invoices', 'SELECT id, invoice, account_id, order_id, transaction_type, invoice_date, due_date, extended_inc_cents FROM invoices ORDER BY id'),
      digest('payments', 'SELECT id, account_id, payment_date, amount_cents FROM payments ORDER BY id'),
    ]),
  )
}

describe('demo data', () => {
  let handle: DatabaseHandle
  let db: Database
  let summary: SeedSummary

  beforeAll(async () => {
    ;({ handle, summary } = await freshSeed())
    db = handle.db
  }, 60_000)

  afterAll(async () => {
    await handle?.close()
  })

  it('creates the demo logins on the documented accounts', async () => {
    const users = await rows(
      db,
      sql<{
        username: string
        role: string
        name: string
        email: string
        code: string
        sales_category: string
        is_elders: boolean
        default_branch: string
        password_hash: string
      }>`
      SELECT u.username, u.role, u.name, u.email, a.code, a.sales_category, a.is_elders, a.default_branch, u.password_hash
      FROM users u JOIN customer_accounts a ON a.id = u.account_id
      WHERE u.username IN ('trade', 'staff', 'cash', 'elders', 'nearlimit', 'onhold', 'junior') ORDER BY u.username`,
    )
    const byName = Object.fromEntries(users.map((u) => [u.username, u]))
    expect(byName.trade).toMatchObject({
      role: 'Administrator',
      code: 'KELLYFG',
      sales_category: 'TRADE',
      is_elders: false,
      default_branch: 'WAG',
      name: 'Sam Kelly',
    })
    expect(byName.staff).toMatchObject({ role: 'User', code: 'KELLYFG' })
    expect(byName.cash).toMatchObject({ role: 'Administrator', sales_category: 'CAS', is_elders: false, default_branch: 'MEL' })
    expect(byName.elders).toMatchObject({ role: 'Administrator', sales_category: 'ELD', is_elders: true, default_branch: 'WAG' })
    for (const user of users) expect(user.email).toMatch(/^[^@\s]+@[a-z0-9.-]+\.example$/)
    for (const login of DEMO_LOGINS) {
      expect(await verifyPassword(byName[login.username]?.password_hash ?? '', login.password)).toBe(true)
    }
    const group = await rows(
      db,
      sql<{ location_id: string }>`
      SELECT ab.location_id FROM account_branches ab JOIN customer_accounts a ON a.id = ab.account_id WHERE a.code = 'ELDSTH' ORDER BY 1`,
    )
    expect(group.map((g) => g.location_id)).toEqual(['ADE', 'MEL', 'SHE', 'WAG'])
    const sites = await count(
      db,
      sql<{ n: number }>`
      SELECT count(*) AS n FROM delivery_sites s JOIN customer_accounts a ON a.id = s.account_id
      WHERE a.code = 'ELDSTH' AND s.location_id IN ('ADE', 'MEL', 'SHE', 'WAG')`,
    )
    expect(sites).toBeGreaterThanOrEqual(5)
    expect(summary.logins.map((l) => l.username)).toEqual(['trade', 'staff', 'cash', 'elders', 'nearlimit', 'onhold', 'junior'])
  })

  it('has a User with spending limits (junior, of trade’s account) and an order of theirs waiting for approval', async () => {
    const [junior] = await rows(
      db,
      sql<{ role: string; code: string; order_limit_cents: number; month_limit_cents: number; approver_id: number | null }>`
      SELECT u.role, a.code, u.order_limit_cents, u.month_limit_cents, u.approver_id FROM users u JOIN customer_accounts a ON a.id = u.account_id WHERE u.username = 'junior'`,
    )
    expect(junior).toEqual({ role: 'User', code: 'KELLYFG', order_limit_cents: 25_000, month_limit_cents: 200_000, approver_id: null })
    const waiting = await rows(
      db,
      sql<{ status: string; over: boolean; lines: number }>`
      SELECT a.status, a.ex_cents > a.limit_cents AS over, jsonb_array_length(a.lines) AS lines
      FROM order_approvals a JOIN users u ON u.id = a.user_id WHERE u.username = 'junior'`,
    )
    expect(waiting).toEqual([{ status: 'awaiting', over: true, lines: 3 }])
  })

  it('has a standing order of trade’s saved list, every two weeks at Wagga Wagga, its reminder due', async () => {
    const standing = await rows(
      db,
      sql<{ name: string; lines: number; every_weeks: number; location_id: string; next_run_on: string; status: string }>`
      SELECT l.name, (SELECT count(*)::int FROM order_list_lines ll WHERE ll.list_id = l.id) AS lines, s.every_weeks, s.location_id,
        s.next_run_on::text, s.status
      FROM standing_orders s JOIN order_lists l ON l.id = s.list_id JOIN users u ON u.id = s.user_id WHERE u.username = 'trade'`,
    )
    const [y, m, d] = TODAY.split('-').map(Number) as [number, number, number]
    const inTwoDays = new Date(Date.UTC(y, m - 1, d + 2)).toISOString().slice(0, 10)
    expect(standing).toEqual([{ name: 'Fortnightly calf rearing', lines: 3, every_weeks: 2, location_id: 'WAG', next_run_on: inTwoDays, status: 'active' }])
  })

  it('has an account near its credit limit (warn) and one on hold, each with its login', async () => {
    const accounts = await rows(
      db,
      sql<{ username: string; sales_category: string; credit_mode: string | null; on_hold: boolean; headroom: string }>`
      SELECT u.username, a.sales_category, a.credit_mode, a.on_hold, (a.credit_limit_cents - a.balance_cents)::text AS headroom
      FROM users u JOIN customer_accounts a ON a.id = u.account_id WHERE u.username IN ('nearlimit', 'onhold') ORDER BY u.username`,
    )
    expect(accounts).toEqual([
      { username: 'nearlimit', sales_category: 'TRADE', credit_mode: 'warn', on_hold: false, headroom: expect.any(String) },
      { username: 'onhold', sales_category: 'FARM', credit_mode: 'block', on_hold: true, headroom: expect.any(String) },
    ])
    expect(Number(accounts[0]!.headroom)).toBeLessThanOrEqual(30_000)
    expect(await count(db, sql<{ n: number }>`SELECT count(*) AS n FROM customer_accounts WHERE credit_mode IS NOT NULL OR on_hold`)).toBe(2)
  })

  it('gives every demo account two years of orders, recent orders, back orders and invoices', async () => {
    const stats = await rows(
      db,
      sql<{ code: string; orders: number; first: string; last: string; recent: number; back_ordered: number; invoices: number }>`
      SELECT a.code,
        (SELECT count(*) FROM orders o WHERE o.account_id = a.id) AS orders,
        (SELECT min(enter_date) FROM orders o WHERE o.account_id = a.id) AS first,
        (SELECT max(enter_date) FROM orders o WHERE o.account_id = a.id) AS last,
        (SELECT count(*) FROM orders o WHERE o.account_id = a.id AND o.enter_date > date '2026-05-21') AS recent,
        (SELECT count(*) FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.account_id = a.id AND l.qty_back_ordered > 0) AS back_ordered,
        (SELECT count(*) FROM invoices i WHERE i.account_id = a.id) AS invoices
      FROM customer_accounts a WHERE a.code IN ('KELLYFG', 'BELLBRAE', 'ELDSTH') ORDER BY a.code`,
    )
    expect(stats).toHaveLength(3)
    for (const s of stats) {
      expect(Number(s.orders), s.code).toBeGreaterThanOrEqual(150)
      expect(s.first < '2025-01-01', s.code).toBe(true)
      expect(s.last >= '2026-11-01', s.code).toBe(true)
      expect(Number(s.recent), s.code).toBeGreaterThanOrEqual(10)
      expect(Number(s.back_ordered), s.code).toBeGreaterThan(0)
      expect(Number(s.invoices), s.code).toBeGreaterThan(100)
    }
    const noSite = await count(
      db,
      sql<{ n: number }>`
      SELECT count(*) AS n FROM orders o WHERE NOT EXISTS (SELECT 1 FROM delivery_sites s WHERE s.account_id = o.account_id AND s.site_code = o.site_code)`,
    )
    expect(noSite).toBe(0)
    const accountsWithoutOrders = await count(
      db,
      sql<{ n: number }>`
      SELECT count(*) AS n FROM customer_accounts a WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.account_id = a.id)`,
    )
    expect(accountsWithoutOrders).toBe(0)
  })

  it('keeps order and invoice totals equal to their lines, with GST rounded per line', async () => {
    const badLines = await count(
      db,
      sql<{ n: number }>`
      SELECT count(*) AS n FROM (
        SELECT qty_ordered AS qty, unit_price_cents, extended_ex_cents, tax_cents, extended_inc_cents FROM order_lines
        UNION ALL SELECT qty_supplied, unit_price_cents, extended_ex_cents, tax_cents, extended_inc_cents FROM invoice_lines
      ) l
      WHERE extended_ex_cents <> qty * unit_price_cents
         OR tax_cents <> round(extended_ex_cents / 10.0)
         OR extended_inc_cents <> extended_ex_cents + tax_cents`,
    )
    expect(badLines).toBe(0)
    const badOrders = await count(
      db,
      sql<{ n: number }>`
      SELECT count(*) AS n FROM orders o
      JOIN (SELECT order_id, count(*) AS n, sum(extended_ex_cents) AS ex, sum(tax_cents) AS tax, sum(extended_inc_cents) AS inc FROM order_lines GROUP BY order_id) l ON l.order_id = o.id
      WHERE o.num_lines <> l.n OR o.extended_ex_cents <> l.ex OR o.tax_cents <> l.tax OR o.extended_inc_cents <> l.inc`,
    )
    expect(badOrders).toBe(0)
    const badInvoices = await count(
      db,
      sql<{ n: number }>`
      SELECT count(*) AS n FROM invoices i
      JOIN (SELECT invoice_id, sum(extended_ex_cents) AS ex, sum(tax_cents) AS tax, sum(extended_inc_cents) AS inc FROM invoice_lines GROUP BY invoice_id) l ON l.invoice_id = i.id
      WHERE i.extended_ex_cents <> l.ex OR i.tax_cents <> l.tax OR i.extended_inc_cents <> l.inc`,
    )
    expect(badInvoices).toBe(0)
    const badSupply = await count(
      db,
      sql<{ n: number }>`
      SELECT count(*) AS n FROM order_lines l JOIN orders o ON o.id = l.order_id
      WHERE o.status IN ('Shipped', 'Back Order') AND l.qty_supplied <> l.qty_ordered - l.qty_back_ordered`,
    )
    expect(badSupply).toBe(0)
    const badDueDates = await count(
      db,
      sql<{ n: number }>`
      SELECT count(*) AS n FROM invoices
      WHERE due_date <> (date_trunc('month', invoice_date) + interval '1 month' + interval '24 days')::date`,
    )
    expect(badDueDates).toBe(0)
    const orphanedBackOrders = await count(db, sql<{ n: number }>`SELECT count(*) AS n FROM order_lines WHERE qty_back_ordered > 0 AND due_date IS NULL`)
    expect(orphanedBackOrders).toBe(0)
  })

  it('sets every balance to invoices less payments', async () => {
    const mismatched = await count(
      db,
      sql<{ n: number }>`
      SELECT count(*) AS n FROM customer_accounts a
      WHERE a.balance_cents <> coalesce((SELECT sum(extended_inc_cents) FROM invoices i WHERE i.account_id = a.id), 0)
                             - coalesce((SELECT sum(amount_cents) FROM payments p WHERE p.account_id = a.id), 0)`,
    )
    expect(mismatched).toBe(0)
    const trade = await rows(
      db,
      sql<{ balance_cents: number; credit_limit_cents: number }>`SELECT balance_cents, credit_limit_cents FROM customer_accounts WHERE code = 'KELLYFG'`,
    )
    expect(trade[0]?.balance_cents).toBeGreaterThan(0)
    expect(trade[0]?.credit_limit_cents).toBeGreaterThan(trade[0]?.balance_cents ?? 0)
  })

  it('hides the isElders categories and brands, and has products under both', async () => {
    const hiddenParents = CATEGORY_TREE.filter((c) => c.hidden).map((c) => c.title)
    expect(hiddenParents).toHaveLength(11)
    const parents = await rows(
      db,
      sql<{ title: string; hidden_for_elders: boolean; children: number; hidden_children: number }>`
      SELECT p.title, p.hidden_for_elders, count(c.id) AS children, count(c.id) FILTER (WHERE c.hidden_for_elders) AS hidden_children
      FROM categories p LEFT JOIN categories c ON c.parent_id = p.id WHERE p.parent_id IS NULL GROUP BY p.id ORDER BY p.display_order`,
    )
    for (const title of hiddenParents) {
      const parent = parents.find((p) => p.title === title)
      expect(parent, title).toBeDefined()
      expect(parent?.hidden_for_elders, title).toBe(true)
      expect(Number(parent?.children), title).toBeGreaterThan(0)
      expect(Number(parent?.hidden_children), title).toBe(Number(parent?.children))
    }
    for (const parent of parents) expect(Number(parent.children), parent.title).toBeGreaterThan(0)
    const brands = await rows(db, sql<{ description: string; hidden_for_elders: boolean }>`SELECT description, hidden_for_elders FROM brands`)
    const hiddenBrands = BRANDS.filter((b) => b.hidden).map((b) => b.name)
    expect(hiddenBrands).toEqual(
      expect.arrayContaining([
        'Apparent',
        'iO Animal Health',
        'iO Bird',
        'iO Equine',
        'iO General',
        'iO Milk Replacers',
        'iO Minerals',
        'iO Pest Control',
        'iO pet',
        'iO Premium Grains',
      ]),
    )
    for (const name of hiddenBrands) expect(brands.find((b) => b.description === name)?.hidden_for_elders, name).toBe(true)
    const groups = ['A', 'BC', 'DEF', 'GHIJ', 'KLMN', 'OPQR', 'STUV', 'WYZ']
    for (const group of groups) {
      const visible = brands.filter((b) => !b.hidden_for_elders && group.includes(b.description.charAt(0).toUpperCase()))
      expect(visible.length, group).toBeGreaterThanOrEqual(2)
    }
    const hiddenBrandInVisibleCategory = await count(
      db,
      sql<{ n: number }>`
      SELECT count(*) AS n FROM products p JOIN brands b ON b.brand_code = p.brand_code JOIN categories c ON c.id = p.category_id
      WHERE b.hidden_for_elders AND NOT c.hidden_for_elders`,
    )
    expect(hiddenBrandInVisibleCategory).toBeGreaterThan(0)
    const eldersBoughtHidden = await count(
      db,
      sql<{ n: number }>`
      SELECT count(*) AS n FROM order_lines l JOIN orders o ON o.id = l.order_id JOIN customer_accounts a ON a.id = o.account_id
      JOIN products p ON p.id = l.product_id JOIN brands b ON b.brand_code = p.brand_code JOIN categories c ON c.id = p.category_id
      WHERE a.is_elders AND (b.hidden_for_elders OR c.hidden_for_elders)`,
    )
    expect(eldersBoughtHidden).toBe(0)
  })

  it('has the products the search tests look for, with sane prices and barcodes', async () => {
    expect(await count(db, sql<{ n: number }>`SELECT count(*) AS n FROM products WHERE description LIKE '%Ivomec%'`)).toBeGreaterThan(0)
    expect(await count(db, sql<{ n: number }>`SELECT count(*) AS n FROM products WHERE description ILIKE '%drench%'`)).toBeGreaterThan(0)
    const stats = await rows(
      db,
      sql<{ n: number; cartons: number; pallets: number; images: number; ean: number; bad_check: number; cheaper_cartons: number; rrp_above: number }>`
      SELECT count(*) AS n,
        count(*) FILTER (WHERE carton_qty IS NOT NULL) AS cartons,
        count(*) FILTER (WHERE pallet_qty IS NOT NULL) AS pallets,
        count(*) FILTER (WHERE image_id IS NOT NULL) AS images,
        count(*) FILTER (WHERE barcode ~ '^[0-9]{13}$') AS ean,
        count(*) FILTER (WHERE barcode ~ '^[0-9]{13}$' AND (
          (SELECT sum(substr(barcode, i, 1)::int * CASE WHEN i % 2 = 1 THEN 1 ELSE 3 END) FROM generate_series(1, 12) i) + substr(barcode, 13, 1)::int) % 10 <> 0) AS bad_check,
        count(*) FILTER (WHERE carton_price_cents IS NULL OR carton_price_cents < unit_price_cents) AS cheaper_cartons,
        count(*) FILTER (WHERE rrp_cents > unit_price_cents) AS rrp_above
      FROM products`,
    )
    const s = stats[0]
    if (!s) throw new Error('no product stats')
    const n = Number(s.n)
    expect(n).toBeGreaterThanOrEqual(550)
    expect(Number(s.cartons) / n).toBeGreaterThan(0.5)
    expect(Number(s.pallets) / n).toBeGreaterThan(0.1)
    expect(Number(s.images) / n).toBeGreaterThan(0.6)
    expect(Number(s.ean) / n).toBeGreaterThan(0.7)
    expect(Number(s.bad_check)).toBe(0)
    expect(Number(s.cheaper_cartons)).toBe(n)
    expect(Number(s.rrp_above)).toBe(n)
    const zeroAtMel = await count(db, sql<{ n: number }>`SELECT count(*) AS n FROM stock WHERE location_id = 'MEL' AND qty_available = 0`)
    expect(zeroAtMel).toBeGreaterThan(0)
    const imageBytes = await count(db, sql<{ n: number }>`SELECT sum(length(data)) AS n FROM product_images`)
    expect(imageBytes).toBeLessThan(5_000_000)
  })

  it('covers three financial years of periods up to the current month', async () => {
    const periods = await rows(
      db,
      sql<{ financial_year: number; financial_period: number; description: string; start_date: string }>`
      SELECT financial_year, financial_period, description, start_date FROM financial_periods ORDER BY start_date`,
    )
    expect(periods[0]).toMatchObject({ financial_year: 2024, financial_period: 1, description: 'July 2023', start_date: '2023-07-01' })
    expect(periods.at(-1)).toMatchObject({ financial_year: 2027, financial_period: 5, description: 'November 2026' })
  })

  it('goes through the ERP import: one run by demo that added every record and found no problem, and no invitation e-mails', async () => {
    const runs = await rows(db, sql<{ who: string; status: string; added: number; failed: number }>`SELECT who, status, added, failed FROM erp_runs`)
    expect(runs).toEqual([{ who: 'demo', status: 'succeeded', added: expect.any(Number), failed: 0 }])
    const imported = summary.counts
    expect(runs[0]!.added).toBeGreaterThan(imported.products! + imported.order_lines! + imported.invoice_lines!)
    expect(await count(db, sql<{ n: number }>`SELECT count(*) AS n FROM email_outbox`)).toBe(0)
    // A brand's pack shot, sent for each of its products, is stored once.
    expect(summary.counts.product_images).toBeLessThanOrEqual(BRANDS.length)
  })

  it('gives the same data for the same seed', async () => {
    const second = await freshSeed()
    try {
      expect(await fingerprint(second.handle.db)).toEqual(await fingerprint(db))
    } finally {
      await second.handle.close()
    }
  }, 60_000)

  it('creates no users without demo logins, and the same history otherwise', async () => {
    const bare = await freshSeed(false)
    try {
      expect(await count(bare.handle.db, sql<{ n: number }>`SELECT count(*) AS n FROM users`)).toBe(0)
      expect(bare.summary.logins).toEqual([])
      const same = async (d: Database) =>
        (
          await sql<{
            md5: string
          }>`SELECT md5(string_agg(concat_ws(',', sales_order, account_id, status, extended_inc_cents), '|' ORDER BY id)) AS md5 FROM orders`.execute(d)
        ).rows[0]?.md5
      expect(await same(bare.handle.db)).toBe(await same(db))
    } finally {
      await bare.handle.close()
    }
  }, 60_000)
})
