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
]

export const LARGE_SCALE_LOGINS: readonly DemoLogin[] = [
  { username: 'bigfarm', password: 'Bigfarm2026', description: 'Murray Darling Pastoral Holdings (BIGFARM): 20,000+ orders, for benchmarks' },
]
