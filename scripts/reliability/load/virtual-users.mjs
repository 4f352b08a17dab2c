// The mixed load of the reliability suite (scripts/reliability/load.mjs): virtual users who sign in, browse,
// search, fill their carts and check out on account, and the figures of what they asked for.
import { performance } from 'node:perf_hooks'
import { setTimeout as delay } from 'node:timers/promises'
import { Tally } from '../../lib/figures.mjs'
import { newKey } from '../../lib/http.mjs'
import { orderForm } from '../../lib/users.mjs'

/** The kinds of request, each with its own figures. */
export const KINDS = ['browse', 'product', 'search', 'cart', 'checkout', 'session']
const SEARCHES = [
  'drench',
  'ivomec',
  'vaccine',
  'pour on',
  'electric fence',
  'dog food',
  'glyphosate',
  'ear tags',
  'drentch',
  'vacine',
  'insulater',
  'fencing wire',
]

const pick = (list) => list[Math.floor(Math.random() * list.length)]

/** What every virtual user shares: the client and the counters. */
export class Load {
  constructor(client) {
    this.client = client
    this.active = 0
    this.stopped = false
    this.ordersTotal = 0
    this.reset()
  }
  reset() {
    this.tallies = Object.fromEntries(KINDS.map((k) => [k, new Tally()]))
    this.unexpected = []
    this.ordersAcknowledged = 0
    this.since = performance.now()
  }
  /** One request, counted under its kind; answers that are not the expected status are kept as examples. */
  async call(kind, expected, method, path, options) {
    let res
    try {
      res = await this.client.request(method, path, options)
    } catch (error) {
      this.tallies[kind].fail(error.code)
      if (this.unexpected.length < 20) this.unexpected.push(`${method} ${path}: no answer (${error.code})`)
      return null
    }
    this.tallies[kind].add(res.status, res.ms)
    if (res.status !== expected) {
      if (this.unexpected.length < 20) this.unexpected.push(`${method} ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`)
      return null
    }
    return res.body
  }
}

export class VirtualUser {
  constructor(load, index, user) {
    this.load = load
    this.index = index
    this.user = user
    this.token = null
    this.branch = user.branch
    this.seen = []
    this.visits = 0
  }
  get running() {
    return !this.load.stopped && this.index < this.load.active
  }
  async signIn() {
    const body = await this.load.call('session', 200, 'POST', '/api/login', { body: { username: this.user.username, password: this.user.password } })
    if (!body) return false
    this.token = body.token
    this.branch = body.settings.DefaultWareHouse
    this.orders = !body.user.isElders && body.user.SalesCategory.trim().toUpperCase() !== 'CAS'
    // The menu, as the web app loads it: a reseller's leaves out the categories hidden from resellers.
    if (!this.categories) {
      const tree = await this.load.call('browse', 200, 'GET', '/api/categories', { token: this.token })
      if (!tree) return false
      this.categories = tree.flatMap((c) => [{ name: c.name, top: true }, ...(c.acf?.child_categories ?? []).map((k) => ({ name: k.category, top: false }))])
    }
    return true
  }
  remember(products) {
    if (!Array.isArray(products)) return
    for (const p of products) if (p.Availability?.Available > 0) this.seen.push(p.ProductID)
    if (this.seen.length > 60) this.seen.splice(0, this.seen.length - 60)
  }
  async browse() {
    const category = pick(this.categories)
    const page = category.top && Math.random() < 0.3 ? 2 : 1
    const list = await this.load.call('browse', 200, 'GET', `/api/categories/${category.name}/products?warehouse=${this.branch}&page=${page}&size=40`, {
      token: this.token,
    })
    this.remember(list)
    return list
  }
  async visit() {
    const { load, token, branch } = this
    const list = await this.browse()
    if (Array.isArray(list) && list.length > 0) {
      await load.call('product', 200, 'GET', `/api/product/${pick(list).ProductID}?warehouse=${branch}`, { token })
    }
    const found = await load.call('search', 200, 'POST', `/api/search?warehouse=${branch}&page=1&size=20`, { token, body: { search: pick(SEARCHES) } })
    this.remember(found)
    await this.browse()
    const adds = 1 + Math.floor(Math.random() * 3)
    let added = 0
    for (let i = 0; i < adds && this.seen.length > 0; i++) {
      const product = pick(this.seen)
      if (await load.call('cart', 200, 'POST', '/api/cart', { token, body: { productID: product, qty: 1 + Math.floor(Math.random() * 3), warehouse: branch } }))
        added++
    }
    await load.call('cart', 200, 'GET', `/api/cart/items?warehouse=${branch}`, { token })
    await load.call('cart', 200, 'GET', '/api/cart', { token })
    if (this.orders && added > 0) {
      const placed = await load.call('checkout', 201, 'POST', '/api/orders', {
        token,
        headers: { 'idempotency-key': newKey() },
        body: orderForm(branch, `REL-${this.index}-${this.visits}`),
      })
      if (placed) {
        load.ordersAcknowledged++
        load.ordersTotal++
      }
    } else {
      await load.call('cart', 200, 'DELETE', '/api/cart', { token })
    }
    this.visits++
    if (this.visits % 8 === 0) {
      await load.call('session', 204, 'POST', '/api/logout', { token })
      this.token = null
    }
  }
  async loop() {
    while (this.running) {
      if (!this.token && !(await this.signIn())) {
        await delay(200)
        continue
      }
      await this.visit()
    }
  }
}

/** All kinds' figures together since the last reset: { seconds, all, rps, count, p50, p99, ... }. */
export function totals(load) {
  const seconds = (performance.now() - load.since) / 1000
  const all = new Tally()
  for (const t of Object.values(load.tallies)) {
    for (const [s, c] of t.statuses) all.statuses.set(s, (all.statuses.get(s) ?? 0) + c)
    for (const [e, c] of t.errors) all.errors.set(e, (all.errors.get(e) ?? 0) + c)
    for (const ms of t.latencies) all.latencies.push(ms)
  }
  return { seconds, all, rps: all.count / seconds, ...all.summary() }
}
