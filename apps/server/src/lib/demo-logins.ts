import type { Kysely } from 'kysely'
import type { DB } from '../db/schema'

/**
 * The demo's well-known logins (DEMO_MODE): made by the demo loader (src/demo), printed by npm start and shown on
 * the sign-in page. A plain list below every layer, so the site module need not reach up into the demo.
 */
export interface DemoLogin {
  username: string
  password: string
  description: string
}

export const DEMO_LOGINS: readonly DemoLogin[] = [
  { username: 'trade', password: 'Trade2026', description: "Kelly's Farm & Garden Supplies: trade account on 30-day terms, Administrator, branch WAG" },
  { username: 'staff', password: 'Staff2026', description: "Kelly's Farm & Garden Supplies: sub-user, Role User" },
  { username: 'cash', password: 'Cash2026', description: 'Bellbrae Hobby Farm: cash sale account (CAS, pays by card), Administrator, branch MEL' },
  { username: 'elders', password: 'Elders2026', description: 'Elders Rural Services Southern Region: reseller (isElders), branches WAG, SHE, MEL, ADE' },
  { username: 'nearlimit', password: 'Nearlimit2026', description: 'a trade account $300 short of its credit limit (credit mode warn), Administrator' },
  { username: 'onhold', password: 'Onhold2026', description: 'a farm account on credit hold: it cannot order on account, Administrator' },
  { username: 'junior', password: 'Junior2026', description: "Kelly's Farm & Garden Supplies: User limited to $250 an order, $2,000 a month; trade approves" },
]

export const LARGE_SCALE_LOGINS: readonly DemoLogin[] = [
  { username: 'bigfarm', password: 'Bigfarm2026', description: 'Murray Darling Pastoral Holdings (BIGFARM): 20,000+ orders, for benchmarks' },
]

/**
 * The demo logins that are really there: active users of those names in this database. A portal started in demo
 * mode on its ERP's data alone (SEED_SCALE=none) has none of them, and offers none on its sign-in page.
 */
export async function presentDemoLogins(db: Kysely<DB>): Promise<DemoLogin[]> {
  const all = [...DEMO_LOGINS, ...LARGE_SCALE_LOGINS]
  const rows = await db
    .selectFrom('users')
    .select('username')
    .where(
      'username',
      'in',
      all.map((l) => l.username),
    )
    .where('active', '=', true)
    .execute()
  const present = new Set(rows.map((r) => r.username))
  return all.filter((l) => present.has(l.username))
}

/**
 * The demo's back office users (DEMO_MODE only): they sign in with their e-mail on the same login page, then give
 * a code of the one demo TOTP secret below (any authenticator app takes it typed in). `rep` looks after a few
 * demo accounts.
 */
export interface DemoBackOfficeLogin {
  email: string
  password: string
  name: string
  roles: readonly ('Administrator' | 'Customer service' | 'Sales representative' | 'Marketing')[]
  description: string
  /** Sales representatives: the demo accounts they look after, by code. */
  accounts?: readonly string[]
}

/** Base32, shared by every demo back office user; as public as the demo passwords. */
export const DEMO_TOTP_SECRET = 'RIVERINADEMOBACKOFFICETOTPSECRET'

export const DEMO_BACK_OFFICE_LOGINS: readonly DemoBackOfficeLogin[] = [
  { email: 'admin@riverinarural.example', password: 'Admin2026', name: 'Alex Admin', roles: ['Administrator'], description: 'back office Administrator' },
  {
    email: 'service@riverinarural.example',
    password: 'Service2026',
    name: 'Casey Service',
    roles: ['Customer service'],
    description: 'back office Customer service',
  },
  {
    email: 'rep@riverinarural.example',
    password: 'Reps2026',
    name: 'Robin Rep',
    roles: ['Sales representative'],
    description: 'back office Sales representative (KELLYFG, BELLBRAE)',
    accounts: ['KELLYFG', 'BELLBRAE'],
  },
  { email: 'marketing@riverinarural.example', password: 'Marketing2026', name: 'Morgan Marketing', roles: ['Marketing'], description: 'back office Marketing' },
]
