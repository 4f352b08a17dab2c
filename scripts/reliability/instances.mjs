// npm run reliability:instances — two server instances on one PostgreSQL database share sessions and carts
// behind the same client.
//
//   npm run reliability:instances [-- --rounds 10 --adds 40 --port 4530 --keep]
//
// Both instances start at once on an empty database (reliability_instances on RELIABILITY_DATABASE_URL's
// server), so they migrate and load the demo data side by side, as a first deployment of several processes
// would. Then, each round with its own user: sign in on A and use the token on B; add to the cart on A and
// read it on B; change the quantity on B and read it on A; check out on A (with an Idempotency-Key) and
// submit the same key on B (the same order); sign out on B and be refused on A at once. Last, --adds
// concurrent adds of one product to one cart line, alternating between A and B, must leave the line at
// exactly the sum of the quantities added.
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { fmt } from '../lib/figures.mjs'
import { httpClient, newKey } from '../lib/http.mjs'
import { printable, withClient } from '../lib/postgres.mjs'
import { createSuiteDatabase, dropSuiteDatabase, ensureServerBuilt, run, startSuiteServer } from '../lib/reliability.mjs'
import { createUsers, onTermsAccounts, orderForm } from '../lib/users.mjs'

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '10' },
    adds: { type: 'string', default: '40' },
    port: { type: 'string', default: '4530' },
    keep: { type: 'boolean', default: false },
  },
})
const ROUNDS = Number(args.rounds)
const ADDS = Number(args.adds)
const PORT = Number(args.port)
const DB_NAME = 'reliability_instances'
/** Another instance drops a signed-out session from its cache when PostgreSQL's notification arrives: milliseconds. */
const LOGOUT_BOUND_MS = 1000

run('reliability:instances', async () => {
  const failures = []
  const fail = (text) => failures.push(text)
  ensureServerBuilt()
  const url = await createSuiteDatabase(DB_NAME)
  // Demo mode, so that the instances themselves load the demo data (and its demo logins) into the empty database.
  const env = { DEMO_MODE: 'true' }
  const a = startSuiteServer({ name: 'instance-a', port: PORT, url, env })
  const b = startSuiteServer({ name: 'instance-b', port: PORT + 1, url, env })
  try {
    const started = performance.now()
    const ready = await Promise.allSettled([a.ready(), b.ready()])
    for (const [i, r] of ready.entries())
      if (r.status === 'rejected') fail(`instance ${'AB'[i]} did not start beside the other on an empty database: ${r.reason.message}`)
    if (failures.length) return failures
    console.log(
      `Database ${printable(url)}; A on port ${a.port} (pid ${a.pid}), B on port ${b.port} (pid ${b.pid}); both started on the empty database in ${fmt((performance.now() - started) / 1000)} s`,
    )
    const counts = await withClient(url, async (db) => {
      const row = (
        await db.query(
          `SELECT (SELECT count(*) FROM products)::int AS products, (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM schema_migrations)::int AS migrations`,
        )
      ).rows[0]
      return row
    })
    console.log(`Loaded once: ${counts.products} products, ${counts.users} users, ${counts.migrations} migrations applied`)

    const users = await withClient(url, async (db) => createUsers(db, { prefix: 'rel-inst', accounts: await onTermsAccounts(db), count: ROUNDS + 1 }))
    const A = httpClient(a.base)
    const B = httpClient(b.base)
    const steps = { total: 0, failed: 0 }
    const logout = { atOnce: 0, late: 0, worstMs: 0 }
    const check = (ok, what) => {
      steps.total++
      if (!ok) {
        steps.failed++
        fail(what)
      }
      return ok
    }

    for (let round = 0; round < ROUNDS; round++) {
      const user = users[round]
      const who = `round ${round + 1} (${user.username})`
      const login = await A.request('POST', '/api/login', { body: { username: user.username, password: user.password } })
      if (!check(login.status === 200, `${who}: sign-in on A answered ${login.status}`)) continue
      const token = login.body.token
      const branch = login.body.settings.DefaultWareHouse
      const me = await B.request('GET', '/api/me', { token })
      check(me.status === 200 && me.body.user?.username === user.username, `${who}: A's token on B answered ${me.status}`)

      const list = await B.request('GET', `/api/categories/drenches/products?warehouse=${branch}&page=1&size=40`, { token })
      if (!check(list.status === 200 && list.body.length >= 2, `${who}: the category page on B answered ${list.status}`)) continue
      const [p1, p2] = list.body
      const add1 = await A.request('POST', '/api/cart', { token, body: { productID: p1.ProductID, qty: 3, warehouse: branch } })
      const add2 = await A.request('POST', '/api/cart', { token, body: { productID: p2.ProductID, qty: 1, warehouse: branch } })
      check(add1.status === 200 && add2.status === 200, `${who}: adds on A answered ${add1.status}, ${add2.status}`)
      const onB = await B.request('GET', `/api/cart/items?warehouse=${branch}`, { token })
      const line = onB.body?.find?.((l) => l.ProductID === p1.ProductID)
      check(
        onB.status === 200 && onB.body.length === 2 && line?.Quantity === 3,
        `${who}: B reads the cart A filled as ${JSON.stringify(onB.body).slice(0, 200)}`,
      )
      const summaryB = await B.request('GET', '/api/cart', { token })
      check(summaryB.body?.Count === 2, `${who}: B's cart summary counts ${summaryB.body?.Count} lines`)

      const put = await B.request('PUT', '/api/cart', { token, body: { item: line?.ShopCartLineID ?? 0, qty: 7 } })
      check(put.status === 200, `${who}: the update on B answered ${put.status}`)
      const onA = await A.request('GET', `/api/cart/items?warehouse=${branch}`, { token })
      check(
        onA.body?.find?.((l) => l.ProductID === p1.ProductID)?.Quantity === 7,
        `${who}: A reads the quantity B set as ${JSON.stringify(onA.body).slice(0, 200)}`,
      )

      const key = newKey()
      const form = orderForm(branch, `INST-${round}`)
      const order = await A.request('POST', '/api/orders', { token, body: form, headers: { 'idempotency-key': key } })
      check(
        order.status === 201 && order.body.items?.length === 2 && order.body.items.some((i) => i.ProductID === p1.ProductID && i.QuantityOrdered === 7),
        `${who}: the checkout on A answered ${order.status} ${JSON.stringify(order.body).slice(0, 200)}`,
      )
      const again = await B.request('POST', '/api/orders', { token, body: form, headers: { 'idempotency-key': key } })
      check(
        again.status === 201 && again.body.OrderID === order.body.OrderID,
        `${who}: the same key on B answered ${again.status} order ${again.body?.OrderID} (A placed ${order.body.OrderID})`,
      )
      const emptied = await B.request('GET', '/api/cart', { token })
      check(emptied.body?.Count === 0, `${who}: B sees ${emptied.body?.Count} lines in the cart after the order on A`)
      const history = await B.request('GET', `/api/orders/${order.body.OrderID}`, { token })
      check(history.status === 200, `${who}: B answers the order A placed with ${history.status}`)

      // Both instances have the session in hand (and in any cache) before it ends.
      await A.request('GET', '/api/me', { token })
      const out = await B.request('POST', '/api/logout', { token })
      check(out.status === 204, `${who}: sign-out on B answered ${out.status}`)
      // A learns of the sign-out from PostgreSQL's NOTIFY (its session cache, decision 0015): how soon?
      const outAt = performance.now()
      let after = await A.request('GET', '/api/me', { token })
      if (after.status === 401) logout.atOnce++
      else {
        logout.late++
        while (after.status === 200 && performance.now() - outAt < LOGOUT_BOUND_MS) after = await A.request('GET', '/api/me', { token })
        logout.worstMs = Math.max(logout.worstMs, performance.now() - outAt)
      }
      check(after.status === 401, `${who}: A still accepts the token B signed out ${LOGOUT_BOUND_MS} ms later (${after.status})`)
      const afterB = await B.request('GET', '/api/cart', { token })
      check(afterB.status === 401, `${who}: B still accepts its own signed-out token (${afterB.status})`)
    }
    console.log(`Shared session and cart: ${ROUNDS} rounds, ${steps.total} checks, ${steps.failed} failed`)
    console.log(
      `Signed out on B, the next request on A: refused at once in ${logout.atOnce} of ${ROUNDS} rounds` +
        (logout.late ? `; in ${logout.late} A answered it once more and refused it within ${fmt(logout.worstMs)} ms` : ''),
    )

    // Concurrent adds to one cart line through both instances.
    const user = users[ROUNDS]
    const login = await B.request('POST', '/api/login', { body: { username: user.username, password: user.password } })
    const token = login.body.token
    const branch = login.body.settings.DefaultWareHouse
    const list = await A.request('GET', `/api/categories/drenches/products?warehouse=${branch}&page=1&size=40`, { token })
    const productID = list.body[0].ProductID
    const quantities = Array.from({ length: ADDS }, (_, i) => 1 + (i % 5))
    const results = await Promise.all(
      quantities.map((qty, i) => (i % 2 ? B : A).request('POST', '/api/cart', { token, body: { productID, qty, warehouse: branch } })),
    )
    const statuses = {}
    for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1
    const okSum = results.reduce((s, r, i) => s + (r.status === 200 ? quantities[i] : 0), 0)
    const lines = (await A.request('GET', `/api/cart/items?warehouse=${branch}`, { token })).body
    const final = lines.find((l) => l.ProductID === productID)?.Quantity
    console.log(
      `Concurrent adds: ${ADDS} adds of one product through A and B at once (statuses ${JSON.stringify(statuses)}); line quantity ${final}, expected ${okSum} (sum of all ${quantities.reduce((s, q) => s + q, 0)})`,
    )
    if (statuses[200] !== ADDS) fail(`concurrent adds: ${ADDS - (statuses[200] ?? 0)} were refused (${JSON.stringify(statuses)})`)
    if (final !== okSum) fail(`concurrent adds: the line holds ${final}, the acknowledged adds sum to ${okSum}`)
    if (lines.length !== 1) fail(`concurrent adds: the cart has ${lines.length} lines for one product`)
    A.close()
    B.close()
    for (const s of [a, b]) {
      const stopped = await s.stop()
      if (stopped.code !== 0) fail(`${s.name} did not stop cleanly on SIGTERM (code ${stopped.code}, signal ${stopped.signal})`)
    }
    return failures
  } finally {
    await Promise.all([a.stop(), b.stop()])
    if (!args.keep) await dropSuiteDatabase(DB_NAME).catch(() => {})
    else console.log(`Kept the database ${DB_NAME}; logs: ${a.logFile}, ${b.logFile}`)
  }
})
