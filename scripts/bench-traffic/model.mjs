// The traffic model: the mix of requests a trade customer sends, what each user's session can do next, the
// answers expected, and the figures of each kind of request.
import { performance } from 'node:perf_hooks'
import { Tally } from '../lib/figures.mjs'
import { newKey } from '../lib/http.mjs'
import { orderForm } from '../lib/users.mjs'
import { zipf } from './random.mjs'

/** Kinds of request, the share of requests each gets (out of 1,000) and the status each must answer. */
const MIX = [
  ['category', 230, 200],
  ['brand', 80, 200],
  ['specials', 30, 200],
  ['product', 200, 200],
  ['search', 110, 200],
  ['suggest', 50, 200],
  ['cart summary', 60, 200],
  ['cart items', 50, 200],
  ['cart add', 75, 200],
  ['cart update', 25, 200],
  ['checkout', 33, 201],
  ['order history', 57, 200],
]
const EXPECTED = Object.fromEntries(MIX.map(([kind, , status]) => [kind, status]))

export class Traffic {
  constructor({ client, users, catalogue, random }) {
    this.client = client
    this.users = users
    this.catalogue = catalogue
    this.random = random
    this.stopped = false
    this.ordersPlaced = 0
    this.unexpected = []
    this.pick = {
      category: { all: zipf(catalogue.categories.all.length, 1.1, random), elders: zipf(catalogue.categories.elders.length, 1.1, random) },
      brand: { all: zipf(catalogue.brands.all.length, 1.1, random), elders: zipf(catalogue.brands.elders.length, 1.1, random) },
      product: { all: zipf(catalogue.products.all.length, 1.05, random), elders: zipf(catalogue.products.elders.length, 1.05, random) },
      query: zipf(catalogue.queries.length, 0.9, random),
      page: zipf(5, 1.6, random),
    }
    const cumulative = []
    let total = 0
    for (const [kind, share] of MIX) cumulative.push([kind, (total += share)])
    this.kinds = cumulative
    this.kindTotal = total
    this.reset()
  }
  reset() {
    this.tallies = Object.fromEntries(MIX.map(([kind]) => [kind, new Tally()]))
    /** Cash customers' cart changes refused because the branch has run out: the stock rule's right answer, not an error. */
    this.refused = 0
    this.since = performance.now()
  }
  kind() {
    const x = this.random() * this.kindTotal
    return this.kinds.find(([, upTo]) => x < upTo)[0]
  }
  async call(kind, method, path, user, options = {}) {
    let res
    try {
      res = await this.client.request(method, path, { token: user.token, ...options })
    } catch (error) {
      this.tallies[kind].fail(error.code)
      if (this.unexpected.length < 20) this.unexpected.push(`${kind}: ${method} ${path}: no answer (${error.code})`)
      return null
    }
    if (refusedForStock(kind, user, res)) {
      this.refused++
      return null
    }
    this.tallies[kind].add(res.status, res.ms)
    if (res.status !== EXPECTED[kind]) {
      if (this.unexpected.length < 20)
        this.unexpected.push(`${kind}: ${method} ${path} as ${user.username}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`)
      return null
    }
    return res
  }
  /**
   * Notes a page's well-stocked products for the user's later product pages and adds. Parsing a 32 KB page
   * costs the load generator as much as the server spends serving it, so once the user has 40 it reads one page in 4.
   */
  remember(user, res) {
    if (!res || (user.seen.length >= 40 && this.random() >= 0.25)) return
    const products = res.body
    if (!Array.isArray(products)) return
    // A cash-sale account may only take what is in stock (its cart line adds up): it picks well-stocked products.
    const enough = user.isCash ? 50 : 1
    for (const p of products) if (p.Availability?.Available >= enough) user.seen.push(p.ProductID)
    if (user.seen.length > 40) user.seen.splice(0, user.seen.length - 40)
  }
  from(list, picker, user) {
    const which = user.isElders ? 'elders' : 'all'
    return list[which][picker[which]()]
  }
  async step(user) {
    const { catalogue } = this
    const branch = user.branch
    const page = 1 + this.pick.page()
    let kind = this.kind()
    // What a session cannot do yet becomes what it would do first.
    if (kind === 'checkout' && !user.onTerms) kind = 'cart items'
    if (kind === 'checkout' && user.cartCount === 0) kind = 'cart add'
    if (kind === 'cart update' && user.lines.length === 0) kind = 'cart items'
    if (kind === 'cart add' && user.seen.length === 0) kind = 'category'
    switch (kind) {
      case 'category': {
        const name = this.from(catalogue.categories, this.pick.category, user)
        return this.remember(user, await this.call(kind, 'GET', `/api/categories/${name}/products?warehouse=${branch}&page=${page}&size=40`, user))
      }
      case 'brand': {
        const code = this.from(catalogue.brands, this.pick.brand, user)
        return this.remember(
          user,
          await this.call(kind, 'GET', `/api/brands/${encodeURIComponent(code)}/products?warehouse=${branch}&page=${page}&size=40`, user),
        )
      }
      case 'specials':
        return this.remember(user, await this.call(kind, 'GET', `/api/specials?warehouse=${branch}&page=${Math.min(page, 2)}&size=20`, user))
      case 'product': {
        const id =
          user.seen.length > 0 && this.random() < 0.4
            ? user.seen[Math.floor(this.random() * user.seen.length)]
            : this.from(catalogue.products, this.pick.product, user)
        return this.call(kind, 'GET', `/api/product/${id}?warehouse=${branch}`, user)
      }
      case 'search': {
        const search = catalogue.queries[this.pick.query()]
        return this.remember(
          user,
          await this.call(kind, 'POST', `/api/search?warehouse=${branch}&page=${page <= 2 ? page : 1}&size=20`, user, { body: { search } }),
        )
      }
      case 'suggest': {
        const query = catalogue.queries[this.pick.query()]
        const text = query.slice(0, 2 + Math.floor(this.random() * Math.max(1, query.length - 1)))
        return this.call(kind, 'GET', `/api/search/suggest?warehouse=${branch}&text=${encodeURIComponent(text)}`, user)
      }
      case 'cart summary': {
        const res = await this.call(kind, 'GET', '/api/cart', user)
        if (res) user.cartCount = res.body.Count
        return
      }
      case 'cart items': {
        const lines = (await this.call(kind, 'GET', `/api/cart/items?warehouse=${branch}`, user))?.body
        if (Array.isArray(lines)) {
          user.lines = lines.map((l) => l.ShopCartLineID)
          user.cartCount = lines.length
        }
        return
      }
      case 'cart add': {
        const productID = user.seen[Math.floor(this.random() * user.seen.length)]
        const qty = user.isCash ? 1 : 1 + Math.floor(this.random() * 3)
        const res = await this.call(kind, 'POST', '/api/cart', user, { body: { productID, qty, warehouse: branch } })
        if (res) user.cartCount = res.body.Count
        // A cash-sale or reseller cart (no checkout on account) is emptied now and then, as such a customer pays by card.
        if (!user.onTerms && user.cartCount > 12) {
          await this.client.request('DELETE', '/api/cart', { token: user.token }).catch(() => null)
          user.cartCount = 0
          user.lines = []
        }
        return
      }
      case 'cart update': {
        const item = user.lines[Math.floor(this.random() * user.lines.length)]
        // A cash sale may not ask for more than the branch has (decision 0007): such a customer changes a line to 1, as it adds.
        const qty = user.isCash ? 1 : 1 + Math.floor(this.random() * 5)
        const res = await this.call(kind, 'PUT', '/api/cart', user, { body: { item, qty } })
        if (res) user.cartCount = res.body.Count
        else user.lines = []
        return
      }
      case 'checkout': {
        const placed = await this.call(kind, 'POST', '/api/orders', user, {
          headers: { 'idempotency-key': newKey() },
          body: orderForm(branch, `TRAFFIC-${user.username}-${++user.orders}`, 'bench:traffic order'),
        })
        if (placed) this.ordersPlaced++
        user.cartCount = 0
        user.lines = []
        return
      }
      case 'order history':
        return this.call(kind, 'GET', `/api/orders?page=${page <= 2 ? page : 1}`, user)
    }
  }
  async worker(users) {
    for (let i = 0; !this.stopped; i++) await this.step(users[Math.floor(this.random() * users.length)])
  }
  results() {
    const seconds = (performance.now() - this.since) / 1000
    const kinds = {}
    const all = new Tally()
    for (const [kind, tally] of Object.entries(this.tallies)) {
      const s = tally.summary()
      kinds[kind] = {
        rps: Number((s.count / seconds).toFixed(1)),
        p50: round(s.p50),
        p99: round(s.p99),
        max: round(s.max),
        requests: s.count,
        errors: s.count - countStatus(tally, EXPECTED[kind]) + tally.errorCount(),
        statuses: tally.statusText(),
      }
      for (const [st, c] of tally.statuses) all.statuses.set(st, (all.statuses.get(st) ?? 0) + c)
      for (const [e, c] of tally.errors) all.errors.set(e, (all.errors.get(e) ?? 0) + c)
      for (const ms of tally.latencies) all.latencies.push(ms)
    }
    const s = all.summary()
    const errors = Object.values(kinds).reduce((n, k) => n + k.errors, 0)
    return {
      seconds: Number(seconds.toFixed(1)),
      total: { rps: Number((s.count / seconds).toFixed(1)), p50: round(s.p50), p99: round(s.p99), max: round(s.max), requests: s.count, errors },
      kinds,
    }
  }
}

/**
 * A cash sale may not take more than the branch has (decision 0007): when other buyers and the ERP's deltas have
 * emptied it, a cash customer's add or change is refused with 409 quantity_not_available, as it should be. Such
 * answers are counted apart (neither an error nor in the kind's figures).
 */
const refusedForStock = (kind, user, res) =>
  user.isCash && (kind === 'cart add' || kind === 'cart update') && res.status === 409 && res.body?.error === 'quantity_not_available'

/** Requests of a kind that answered `status`; the errors of a kind are all its other answers and no-answers. */
const countStatus = (tally, status) => tally.statuses.get(status) ?? 0
const round = (ms) => (Number.isFinite(ms) ? Number(ms.toFixed(1)) : null)
