import { BulkTable, type Db } from './bulk'
import type { Catalogue, CatalogueProduct } from './catalogue'
import { abn, domainOf, emailLocal, landline, mobile, personName, propertyName, streetAddress, TOWNS, type Town } from './places'
import type { Rng } from './random'
import type { Kind } from './reference'

export type SalesCategory = 'TRADE' | 'FARM' | 'VET' | 'CAS' | 'ELD'

export interface SiteSeed {
  code: string
  name: string
  address1: string
  address2: string
  city: string
  state: string
  postcode: string
  contact: string
  email: string
  phone: string
  fax: string
  locationId: string
}

export interface UserSeed {
  id: number
  username: string
  name: string
  email: string
  role: 'Administrator' | 'User'
  /** A demo login's password; others get a hash nobody knows the password of. */
  password?: string
}

export interface AccountSeed {
  id: number
  code: string
  name: string
  salesCategory: SalesCategory
  isElders: boolean
  terms: number
  discountBp: number
  defaultBranch: string
  abn: string
  branchGroup: string[]
  sites: SiteSeed[]
  users: UserSeed[]
  /** Expected orders on a weekday. */
  ordersPerDay: number
  /** How much of the weekday rate applies on weekends. */
  weekendFactor: number
  favourites: CatalogueProduct[]
  /** Product id to contract price in cents. */
  contract: Map<number, number>
  /** A demo login's account: its recent history always shows a back order. */
  showcase: boolean
  /** Buys whole pallets now and then. */
  buysPallets: boolean
  /** The ERP's credit state (accounts.csv OnHold, CreditMode); `headroomCents` sets the limit that far above the balance. */
  credit?: { mode: 'warn' | 'block'; onHold: boolean; headroomCents: number | null }
}

export { DEMO_LOGINS, LARGE_SCALE_LOGINS, type DemoLogin } from '../lib/demo-logins'

const KIND_WEIGHTS: Record<SalesCategory, Partial<Record<Kind, number>>> = {
  TRADE: { animal: 3, crop: 1.5, seed: 1, fencing: 2, feed: 2, water: 1.5, hardware: 2, livestock: 1, pest: 1, pet: 1.5, workwear: 1 },
  FARM: { animal: 4, crop: 2, seed: 1.5, fencing: 3, feed: 2, water: 1.5, hardware: 1, livestock: 2, pest: 0.5, pet: 0.5, workwear: 0.5 },
  VET: { animal: 8, pet: 3, livestock: 1, pest: 0.5, workwear: 0.5 },
  CAS: { animal: 2, pet: 3, feed: 3, fencing: 1, hardware: 1, seed: 1, pest: 1, water: 1 },
  ELD: { animal: 4, crop: 3, seed: 1.5, fencing: 2, feed: 2, water: 1, hardware: 1.5, livestock: 1.5, pest: 1, pet: 1, workwear: 1 },
}

interface Context {
  rng: Rng
  /** People are drawn from their own stream, so accounts, sites and history do not depend on whether logins are made. */
  userRng: Rng
  catalogue: Catalogue
  branches: Set<string>
  codes: Set<string>
  usernames: Set<string>
  nextUserId: number
  withUsers: boolean
  scale: 'demo' | 'large'
}

function branchOf(town: Town, branches: Set<string>): string {
  return branches.has(town.branches[0]) ? town.branches[0] : town.branches[1]
}

function townNamed(name: string): Town {
  const found = TOWNS.find((t) => t.name === name)
  if (!found) throw new Error(`Unknown town ${name}`)
  return found
}

function uniqueCode(ctx: Context, name: string): string {
  const words = name
    .toUpperCase()
    .replace(/[^A-Z ]/g, '')
    .split(/\s+/)
    .filter(Boolean)
  const base = (
    (words[0] ?? 'ACC').slice(0, 6) +
    words
      .slice(1)
      .map((w) => w.charAt(0))
      .join('')
  ).slice(0, 8)
  let code = base
  for (let n = 2; ctx.codes.has(code); n++) code = `${base.slice(0, 6)}${n}`
  ctx.codes.add(code)
  return code
}

function site(ctx: Context, town: Town, name: string, domain: string, rural: boolean, code?: string): SiteSeed {
  const rng = ctx.rng
  const person = personName(rng)
  return {
    code:
      code ??
      town.name
        .toUpperCase()
        .replace(/[^A-Z]/g, '')
        .slice(0, 6),
    name,
    address1: streetAddress(rng, rural),
    address2: rng.chance(0.15) ? `PO Box ${rng.int(10, 999)}` : '',
    city: town.name,
    state: town.state,
    postcode: town.postcode,
    contact: `${person.first} ${person.last}`,
    email: `${emailLocal(person.first, person.last)}@${domain}`,
    phone: rng.chance(0.7) ? landline(rng, town.state) : mobile(rng),
    fax: rng.chance(0.25) ? landline(rng, town.state) : '',
    locationId: branchOf(town, ctx.branches),
  }
}

function uniqueSiteCodes(sites: SiteSeed[]): SiteSeed[] {
  const seen = new Map<string, number>()
  return sites.map((s) => {
    const n = (seen.get(s.code) ?? 0) + 1
    seen.set(s.code, n)
    return n === 1 ? s : { ...s, code: `${s.code}${n}` }
  })
}

function user(ctx: Context, username: string, name: string, email: string, role: UserSeed['role'], password?: string): UserSeed {
  ctx.usernames.add(username.toLowerCase())
  return { id: ctx.nextUserId++, username, name, email, role, ...(password ? { password } : {}) }
}

/** Other people of an account; their username carries the account code, so it cannot meet a name a test picks. */
function staffUsers(ctx: Context, code: string, domain: string, count: number): UserSeed[] {
  const users: UserSeed[] = []
  for (let i = 0; i < count; i++) {
    const person = personName(ctx.userRng)
    let username = `${code.toLowerCase()}.${person.first.toLowerCase()}`
    for (let n = 2; ctx.usernames.has(username); n++) username = `${code.toLowerCase()}.${person.first.toLowerCase()}${n}`
    users.push(user(ctx, username, `${person.first} ${person.last}`, `${emailLocal(person.first, person.last)}@${domain}`, i === 0 ? 'Administrator' : 'User'))
  }
  return users
}

function favourites(ctx: Context, category: SalesCategory, count: number, excludeHidden: boolean): CatalogueProduct[] {
  const weights = Object.entries(KIND_WEIGHTS[category])
    .filter(([kind]) => (ctx.catalogue.byKind.get(kind as Kind)?.length ?? 0) > 0)
    .map(([kind, weight]) => [kind as Kind, weight ?? 0] as const)
  const chosen = new Map<number, CatalogueProduct>()
  for (let attempt = 0; chosen.size < count && attempt < count * 20; attempt++) {
    const list = ctx.catalogue.byKind.get(ctx.rng.weighted(weights)) ?? []
    const product = ctx.rng.pickSkewed(list, 2.2)
    if (excludeHidden && product.hidden) continue
    chosen.set(product.id, product)
  }
  return [...chosen.values()]
}

function contractPrices(ctx: Context, products: CatalogueProduct[], count: number): Map<number, number> {
  const prices = new Map<number, number>()
  for (const product of ctx.rng.sample(products, count)) {
    prices.set(product.id, Math.max(5, Math.round((product.unitPrice * ctx.rng.float(0.84, 0.94)) / 5) * 5))
  }
  return prices
}

function favouriteCount(ctx: Context, base: number): number {
  return ctx.scale === 'large' ? Math.round(base * 1.6) : base
}

function kellys(ctx: Context, id: number): AccountSeed {
  const domain = 'kellysfarm.example'
  const wagga = townNamed('Wagga Wagga')
  const sites = [
    {
      ...site(ctx, wagga, "Kelly's Farm & Garden Supplies", domain, false, 'MAIN'),
      address1: '42 Fitzmaurice Street',
      contact: 'Sam Kelly',
      email: 'orders@kellysfarm.example',
    },
    { ...site(ctx, townNamed('Junee'), "Kelly's Junee Store", domain, false, 'JUNEE'), contact: 'Jess Morgan', email: 'junee@kellysfarm.example' },
    { ...site(ctx, townNamed('Narrandera'), 'Kelly Family Farm', domain, true, 'FARM'), contact: 'Sam Kelly', email: 'sam@kellysfarm.example' },
  ]
  const users = ctx.withUsers
    ? [
        user(ctx, 'trade', 'Sam Kelly', 'sam@kellysfarm.example', 'Administrator', 'Trade2026'),
        user(ctx, 'staff', 'Jess Morgan', 'jess@kellysfarm.example', 'User', 'Staff2026'),
        user(ctx, 'kellyfg.liam', 'Liam Kelly', 'liam@kellysfarm.example', 'User'),
        user(ctx, 'kellyfg.accounts', 'Fiona Kelly', 'accounts@kellysfarm.example', 'Administrator'),
      ]
    : []
  const favs = favourites(ctx, 'TRADE', favouriteCount(ctx, 90), false)
  ctx.codes.add('KELLYFG')
  return {
    id,
    code: 'KELLYFG',
    name: "Kelly's Farm & Garden Supplies",
    salesCategory: 'TRADE',
    isElders: false,
    terms: 30,
    discountBp: 500,
    defaultBranch: 'WAG',
    abn: abn(ctx.rng),
    branchGroup: [],
    sites,
    users,
    ordersPerDay: 0.33,
    weekendFactor: 0.2,
    favourites: favs,
    contract: contractPrices(ctx, favs, 24),
    showcase: true,
    buysPallets: true,
  }
}

function bellbrae(ctx: Context, id: number): AccountSeed {
  const domain = 'bellbraehobbyfarm.example'
  const sites = [
    { ...site(ctx, townNamed('Daylesford'), 'Bellbrae Hobby Farm', domain, true, 'HOME'), contact: 'Priya Sharma', email: 'priya@bellbraehobbyfarm.example' },
    { ...site(ctx, townNamed('Kyneton'), 'Bellbrae Paddock Block', domain, true, 'KYNETON'), contact: 'Raj Sharma', email: 'raj@bellbraehobbyfarm.example' },
  ]
  const users = ctx.withUsers ? [user(ctx, 'cash', 'Priya Sharma', 'priya@bellbraehobbyfarm.example', 'Administrator', 'Cash2026')] : []
  ctx.codes.add('BELLBRAE')
  return {
    id,
    code: 'BELLBRAE',
    name: 'Bellbrae Hobby Farm',
    salesCategory: 'CAS',
    isElders: false,
    terms: 0,
    discountBp: 0,
    defaultBranch: 'MEL',
    abn: abn(ctx.rng),
    branchGroup: [],
    sites,
    users,
    ordersPerDay: 0.3,
    weekendFactor: 0.6,
    favourites: favourites(ctx, 'CAS', favouriteCount(ctx, 45), false),
    contract: new Map(),
    showcase: true,
    buysPallets: false,
  }
}

function eldersSouthern(ctx: Context, id: number): AccountSeed {
  const domain = 'eldersrural.example'
  const group = ['WAG', 'SHE', 'MEL', 'ADE']
  const stores: Array<[string, string]> = [
    ['Wagga Wagga', 'WAGGA'],
    ['Narrandera', 'NARRAN'],
    ['Shepparton', 'SHEPP'],
    ['Kyabram', 'KYABRAM'],
    ['Ballarat', 'BALLARAT'],
    ['Mount Gambier', 'MTGAMB'],
  ]
  const sites = stores.map(([townName, code]) => site(ctx, townNamed(townName), `Elders ${townName}`, domain, false, code))
  const users = ctx.withUsers
    ? [
        user(ctx, 'elders', 'Chris Nguyen', 'chris.nguyen@eldersrural.example', 'Administrator', 'Elders2026'),
        ...staffUsers(ctx, 'ELDSTH', domain, 2).map((u) => ({ ...u, role: 'User' as const })),
      ]
    : []
  ctx.codes.add('ELDSTH')
  return {
    id,
    code: 'ELDSTH',
    name: 'Elders Rural Services Southern Region',
    salesCategory: 'ELD',
    isElders: true,
    terms: 30,
    discountBp: 1200,
    defaultBranch: 'WAG',
    abn: abn(ctx.rng),
    branchGroup: group,
    sites,
    users,
    ordersPerDay: 0.35,
    weekendFactor: 0.1,
    favourites: favourites(ctx, 'ELD', favouriteCount(ctx, 120), true),
    contract: new Map(),
    showcase: true,
    buysPallets: true,
  }
}

function bigFarm(ctx: Context, id: number): AccountSeed {
  const domain = 'mdpastoral.example'
  const towns = ['Griffith', 'Leeton', 'Hay', 'Echuca'].map((name) => townNamed(name))
  const sites = uniqueSiteCodes(
    towns.map((town, i) => site(ctx, town, `Murray Darling Pastoral ${['Head Office', 'North Aggregation', 'Feedlot', 'River Station'][i]}`, domain, i > 0)),
  )
  const users = ctx.withUsers
    ? [user(ctx, 'bigfarm', 'Angus Drummond', 'angus.drummond@mdpastoral.example', 'Administrator', 'Bigfarm2026'), ...staffUsers(ctx, 'BIGFARM', domain, 3)]
    : []
  ctx.codes.add('BIGFARM')
  const favs = favourites(ctx, 'FARM', 600, false)
  return {
    id,
    code: 'BIGFARM',
    name: 'Murray Darling Pastoral Holdings',
    salesCategory: 'FARM',
    isElders: false,
    terms: 30,
    discountBp: 800,
    defaultBranch: 'WAG',
    abn: abn(ctx.rng),
    branchGroup: [],
    sites,
    users,
    ordersPerDay: 32,
    weekendFactor: 1,
    favourites: favs,
    contract: contractPrices(ctx, favs, 150),
    showcase: false,
    buysPallets: true,
  }
}

function accountName(rng: Rng, category: SalesCategory, town: Town): string {
  const { first, last } = personName(rng)
  switch (category) {
    case 'TRADE':
      return rng.pick([
        `${town.name} Rural Supplies`,
        `${last} Produce & Hardware`,
        `${town.name} Farm & Garden`,
        `${last}'s Stock & Station`,
        `${town.name} Ag Centre`,
      ])
    case 'FARM':
      return rng.pick([
        `${last} Pastoral Co`,
        `${last} Bros Grazing`,
        `${propertyName(rng)} Station`,
        `${last} Family Farms`,
        `${propertyName(rng)} Merinos`,
        `${propertyName(rng)} Angus`,
      ])
    case 'VET':
      return rng.pick([`${town.name} Veterinary Clinic`, `${town.name} Vet Hospital`, `${last} Large Animal Vets`])
    case 'CAS':
      return rng.pick([`${first} ${last}`, `${propertyName(rng)} Hobby Farm`, `${last} Lifestyle Block`])
    case 'ELD':
      return `Elders ${town.name}`
  }
}

const RATES: Record<SalesCategory, [number, number]> = {
  TRADE: [0.12, 0.4],
  FARM: [0.03, 0.15],
  VET: [0.08, 0.25],
  CAS: [0.02, 0.08],
  ELD: [0.2, 0.5],
}

function generatedAccount(ctx: Context, id: number, category: SalesCategory, rateScale: number): AccountSeed {
  const rng = ctx.rng
  const town = rng.pick(TOWNS)
  const name = accountName(rng, category, town)
  const code = uniqueCode(ctx, name)
  const domain = domainOf(name)
  const isElders = category === 'ELD'
  const home = branchOf(town, ctx.branches)
  const nearby = TOWNS.filter((t) => t.state === town.state)
  const siteCount = isElders ? rng.int(5, 7) : rng.int(1, 4)
  const sites = uniqueSiteCodes(
    Array.from({ length: siteCount }, (_, i) => {
      const where = i === 0 ? town : rng.pick(nearby)
      const siteName = isElders ? `Elders ${where.name}` : i === 0 ? name : `${name} ${where.name}`
      return site(ctx, where, siteName, domain, category === 'FARM' || category === 'CAS')
    }),
  )
  const group = isElders ? [...new Set([home, ...sites.map((s) => s.locationId)])] : []
  const [low, high] = RATES[category]
  const favs = favourites(ctx, category, favouriteCount(ctx, rng.int(20, 80)), isElders)
  return {
    id,
    code,
    name,
    salesCategory: category,
    isElders,
    terms:
      category === 'CAS'
        ? 0
        : rng.weighted([
            [30, 8],
            [14, 1],
            [60, 1],
          ] as const),
    discountBp: category === 'CAS' ? 0 : category === 'ELD' ? rng.int(10, 15) * 100 : rng.int(0, 10) * 50,
    defaultBranch: home,
    abn: abn(rng),
    branchGroup: group,
    sites,
    users: ctx.withUsers ? staffUsers(ctx, code, domain, ctx.userRng.int(1, 3)) : [],
    ordersPerDay: rng.float(low, high) * rateScale,
    weekendFactor: category === 'CAS' ? 0.6 : 0.15,
    favourites: favs,
    contract: category !== 'CAS' && category !== 'ELD' && rng.chance(0.3) ? contractPrices(ctx, favs, rng.int(3, 20)) : new Map(),
    showcase: false,
    buysPallets: category === 'TRADE' || category === 'ELD',
  }
}

export function buildAccounts(rng: Rng, catalogue: Catalogue, options: { scale: 'demo' | 'large'; withUsers: boolean; branches: string[] }): AccountSeed[] {
  const ctx: Context = {
    rng,
    userRng: rng.fork('users'),
    catalogue,
    branches: new Set(options.branches),
    codes: new Set(),
    usernames: new Set(),
    nextUserId: 1,
    withUsers: options.withUsers,
    scale: options.scale,
  }
  const accounts = [kellys(ctx, 1), bellbrae(ctx, 2), eldersSouthern(ctx, 3)]
  if (options.scale === 'large') accounts.push(bigFarm(ctx, accounts.length + 1))
  const total = options.scale === 'large' ? 5000 : 40
  const rotation: SalesCategory[] = ['TRADE', 'FARM', 'VET', 'CAS', 'ELD']
  const rateScale = options.scale === 'large' ? 0.9 : 1
  while (accounts.length < total) {
    const category =
      accounts.length < 3 + rotation.length * 2
        ? (rotation[accounts.length % rotation.length] ?? 'FARM')
        : rng.weighted([
            ['TRADE', 30],
            ['FARM', 40],
            ['VET', 12],
            ['CAS', 10],
            ['ELD', 8],
          ] as const)
    accounts.push(generatedAccount(ctx, accounts.length + 1, category, rateScale))
  }
  if (options.scale === 'demo') creditDemos(ctx, accounts)
  return accounts
}

/** Demo credit limit near its end, in dollars above the balance. */
const NEAR_LIMIT_HEADROOM_CENTS = 30_000

/**
 * Two of the generated accounts show the credit rule (decision 0086): the first trade account is near its limit
 * with credit mode warn, the first farm account is on hold. Their logins come after every other user, so no other
 * user's id moves.
 */
function creditDemos(ctx: Context, accounts: AccountSeed[]) {
  const near = accounts.find((a) => a.id > 3 && a.salesCategory === 'TRADE')
  const held = accounts.find((a) => a.id > 3 && a.salesCategory === 'FARM')
  if (!near || !held) throw new Error('The demo has no trade or farm account for the credit demos')
  near.credit = { mode: 'warn', onHold: false, headroomCents: NEAR_LIMIT_HEADROOM_CENTS }
  held.credit = { mode: 'block', onHold: true, headroomCents: null }
  if (!ctx.withUsers) return
  const login = (a: AccountSeed, username: string, password: string) => {
    const contact = a.sites[0]!
    a.users.push(user(ctx, username, contact.contact, contact.email, 'Administrator', password))
  }
  login(near, 'nearlimit', 'Nearlimit2026')
  login(held, 'onhold', 'Onhold2026')
}

export async function insertAccounts(db: Db, accounts: AccountSeed[], hashes: Map<string, string>, unusableHash: string): Promise<Record<string, number>> {
  const accountRows = new BulkTable<Record<string, unknown>>('customer_accounts', [
    ['id', 'int4'],
    ['code', 'text'],
    ['name', 'text'],
    ['sales_category', 'text'],
    ['is_elders', 'bool'],
    ['credit_limit_cents', 'int8'],
    ['terms_days', 'int4'],
    ['price_discount_bp', 'int4'],
    ['default_branch', 'text'],
    ['abn', 'text'],
  ])
  const groupRows = new BulkTable<{ account_id: number; location_id: string }>('account_branches', [
    ['account_id', 'int4'],
    ['location_id', 'text'],
  ])
  const userRows = new BulkTable<Record<string, unknown>>('users', [
    ['id', 'int4'],
    ['account_id', 'int4'],
    ['username', 'text'],
    ['name', 'text'],
    ['email', 'text'],
    ['role', 'text'],
    ['password_hash', 'text'],
  ])
  const siteRows = new BulkTable<Record<string, unknown>>('delivery_sites', [
    ['account_id', 'int4'],
    ['site_code', 'text'],
    ['name', 'text'],
    ['address1', 'text'],
    ['address2', 'text'],
    ['city', 'text'],
    ['state', 'text'],
    ['postal_code', 'text'],
    ['contact', 'text'],
    ['email', 'text'],
    ['phone', 'text'],
    ['fax', 'text'],
    ['location_id', 'text'],
  ])
  const contractRows = new BulkTable<{ account_id: number; product_id: number; price_cents: number }>('contract_prices', [
    ['account_id', 'int4'],
    ['product_id', 'int4'],
    ['price_cents', 'int4'],
  ])
  for (const a of accounts) {
    accountRows.push({
      id: a.id,
      code: a.code,
      name: a.name,
      sales_category: a.salesCategory,
      is_elders: a.isElders,
      credit_limit_cents: 0,
      terms_days: a.terms,
      price_discount_bp: a.discountBp,
      default_branch: a.defaultBranch,
      abn: a.abn,
    })
    for (const locationId of a.branchGroup) groupRows.push({ account_id: a.id, location_id: locationId })
    for (const u of a.users) {
      userRows.push({
        id: u.id,
        account_id: a.id,
        username: u.username,
        name: u.name,
        email: u.email,
        role: u.role,
        password_hash: (u.password && hashes.get(u.password)) || unusableHash,
      })
    }
    for (const s of a.sites) {
      siteRows.push({
        account_id: a.id,
        site_code: s.code,
        name: s.name,
        address1: s.address1,
        address2: s.address2,
        city: s.city,
        state: s.state,
        postal_code: s.postcode,
        contact: s.contact,
        email: s.email,
        phone: s.phone,
        fax: s.fax,
        location_id: s.locationId,
      })
    }
    for (const [productId, price] of a.contract) contractRows.push({ account_id: a.id, product_id: productId, price_cents: price })
  }
  await accountRows.flush(db)
  await groupRows.flush(db)
  await userRows.flush(db)
  await siteRows.flush(db)
  await contractRows.flush(db)
  return {
    customer_accounts: accountRows.inserted,
    account_branches: groupRows.inserted,
    users: userRows.inserted,
    delivery_sites: siteRows.inserted,
    contract_prices: contractRows.inserted,
  }
}
