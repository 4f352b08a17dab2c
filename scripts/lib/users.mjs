// Users and orders of the scripts' own: accounts to spread them over, users signing in with the demo
// password, buyers with sessions made in the database, the checkout form.
import { createHash, randomBytes } from 'node:crypto'

/**
 * The on-terms (not cash-sale, not reseller) accounts that order on account freely (not on credit hold, no credit
 * rule that could refuse an order), with their default branches, in id order.
 */
export async function onTermsAccounts(client) {
  return (
    await client.query(
      `SELECT id, default_branch FROM customer_accounts
       WHERE upper(trim(sales_category)) <> 'CAS' AND NOT is_elders AND NOT on_hold AND credit_mode IS NULL ORDER BY id`,
    )
  ).rows
}

/**
 * Users of the script's own, spread round-robin over the given accounts ({ id, default_branch }). They sign in
 * with the demo password Trade2026: their hash is the demo user trade's (argon2id, salted; the same hash works
 * for any row). One INSERT for all of them.
 */
export async function createUsers(client, { prefix, accounts, count, name = 'Reliability user', domain = 'reliability.example' }) {
  const hash = (await client.query(`SELECT password_hash FROM users WHERE username = 'trade'`)).rows[0]?.password_hash
  if (!hash) throw new Error('the demo user trade is missing: was the database seeded with the demo logins?')
  const planned = Array.from({ length: count }, (_, i) => ({ i, account: accounts[i % accounts.length], username: `${prefix}-${i}` }))
  const { rows } = await client.query(
    `INSERT INTO users (account_id, username, name, email, role, password_hash)
     SELECT a, u, $3 || ' ' || n, u || '@' || $6, 'User', $4
       FROM unnest($1::int[], $2::text[], $5::text[]) AS t(a, u, n)
     RETURNING id, username`,
    [planned.map((p) => p.account.id), planned.map((p) => p.username), name, hash, planned.map((p) => String(p.i)), domain],
  )
  const ids = new Map(rows.map((r) => [r.username, r.id]))
  return planned.map((p) => ({
    id: ids.get(p.username),
    username: p.username,
    password: 'Trade2026',
    accountId: p.account.id,
    branch: p.account.default_branch,
    account: p.account,
  }))
}

/**
 * `count` buyers, each a user `${prefix}-${i}` of its own on-terms account whose default branch stocks at least
 * `minStock` products, signed in by a session written straight into the database (no sign-in requests, no
 * password hashing): [{ userId, token, accountId, branch }]. Earlier users of the prefix are removed first.
 */
export async function createBuyers(client, { prefix, count, minStock, name = 'Bench buyer', domain = 'buyers.example' }) {
  const { rows: accounts } = await client.query(
    `SELECT a.id, a.default_branch FROM customer_accounts a
     WHERE upper(trim(a.sales_category)) <> 'CAS' AND NOT a.is_elders
       -- Accounts that order on account freely: not on credit hold, no credit rule that could refuse an order.
       AND NOT a.on_hold AND a.credit_mode IS NULL
       AND (SELECT count(*) FROM stock s WHERE s.location_id = a.default_branch) >= $2
     ORDER BY a.id LIMIT $1`,
    [count, minStock],
  )
  if (accounts.length < count) throw new Error(`only ${accounts.length} trade accounts found for ${count} buyers`)
  await client.query(`DELETE FROM users WHERE username LIKE $1`, [`${prefix}-%`])
  const buyers = []
  for (const [i, account] of accounts.entries()) {
    const { rows } = await client.query(
      `INSERT INTO users (account_id, username, name, email, role, password_hash) VALUES ($1, $2, $3, $4, 'User', 'not-a-hash') RETURNING id`,
      [account.id, `${prefix}-${i}`, `${name} ${i}`, `${prefix}-${i}@${domain}`],
    )
    const token = randomBytes(32).toString('base64url')
    const tokenHash = createHash('sha256').update(token).digest()
    await client.query(`INSERT INTO sessions (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [rows[0].id, tokenHash])
    buyers.push({ userId: rows[0].id, token, accountId: account.id, branch: account.default_branch })
  }
  return buyers
}

/** `n` different items of `pool`, at random. */
export function pick(pool, n) {
  const chosen = new Set()
  while (chosen.size < n) chosen.add(pool[Math.floor(Math.random() * pool.length)])
  return [...chosen]
}

/** The checkout form of POST /api/orders for a branch. */
export const orderForm = (branch, po, desc = 'Reliability suite order') => ({
  DeliveryName: 'Reliability Farm Supplies',
  Address1: '1 Test Road',
  Address2: '',
  City: 'Wagga Wagga',
  State: 'NSW',
  PostalCode: '2650',
  Contact: 'Reliability Buyer',
  Email: 'buyer@reliability.example',
  Phone: '02 6900 0000',
  Fax: '',
  CarrierName: 'Toll',
  CarrierInstructions: '',
  PurchaseOrder: po,
  OrderDesc: desc,
  DeliveryType: 1,
  warehouse: branch,
})
