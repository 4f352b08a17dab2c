// The traffic's users (traffic-0 ... traffic-999): created once on a stratified sample of the accounts, then kept.
import { withClient } from '../lib/postgres.mjs'
import { createUsers } from '../lib/users.mjs'

/** 500 accounts in the data set's proportions of sales category and branch, and two users of each. */
export async function prepareUsers(databaseUrl, { userCount, accountCount }) {
  return withClient(databaseUrl, async (db) => {
    const existing = (
      await db.query(
        `SELECT u.username, u.account_id, a.default_branch, upper(trim(a.sales_category)) AS category, a.is_elders
           FROM users u JOIN customer_accounts a ON a.id = u.account_id WHERE u.username LIKE 'traffic-%' ORDER BY u.id`,
      )
    ).rows
    if (existing.length === userCount) {
      return existing.map((r) => ({ username: r.username, password: 'Trade2026', branch: r.default_branch, category: r.category, isElders: r.is_elders }))
    }
    await db.query(`DELETE FROM users WHERE username LIKE 'traffic-%'`)
    // Every k-th account in (category, branch, id) order: a stratified sample of the data set.
    const all = (await db.query(`SELECT id, default_branch, upper(trim(sales_category)) AS category, is_elders FROM customer_accounts ORDER BY 3, 2, 1`)).rows
    const step = all.length / accountCount
    const accounts = Array.from({ length: accountCount }, (_, i) => all[Math.floor(i * step)])
    const users = await createUsers(db, { prefix: 'traffic', accounts, count: userCount, name: 'Traffic user', domain: 'traffic.example' })
    return users.map((u) => ({ username: u.username, password: u.password, branch: u.branch, category: u.account.category, isElders: u.account.is_elders }))
  })
}
