import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestContext } from '../../test/helpers'
import { invoicesPageQuery } from '../modules/invoices/repo'
import { ordersPageQuery } from '../modules/orders/repo'
import { searchesWords } from './history-search'

let t: TestContext
let accountId: number

beforeAll(async () => {
  t = await startTestApp()
  accountId = (await t.db.selectFrom('users').select('account_id').where('username', '=', 'trade').executeTakeFirstOrThrow()).account_id
})
afterAll(async () => t?.close())

/** The account's words of at least four letters, the most used first. */
function wordsByUse(texts: string[]): string[] {
  const uses = new Map<string, number>()
  for (const text of texts) for (const word of new Set(text.toLowerCase().match(/[a-z]{4,}/g) ?? [])) uses.set(word, (uses.get(word) ?? 0) + 1)
  return [...uses].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([word]) => word)
}

/** Searches of every kind: the most used word, one used once, a word used nowhere, and two words together. */
function searchesFrom(texts: string[]): string[] {
  const words = wordsByUse(texts)
  expect(words.length).toBeGreaterThan(2)
  return [words[0]!, words.at(-1)!, 'zzyzx', `${words[0]} ${words[1]}`.slice(0, 12)]
}

const pages = [
  { limit: 3, offset: 0 },
  { limit: 3, offset: 2 },
  { limit: 20, offset: 0 },
  { limit: 100, offset: 0 },
]
/** Walks shorter than a page, than the matches, than the account's history, and longer than all of it. */
const walks = [1, 4, 15, 10_000]

describe('a search for words walks the newest rows first (decision 0062)', () => {
  it('tells words from numbers', () => {
    expect(searchesWords('drench')).toBe(true)
    expect(searchesWords('fencing job')).toBe(true)
    expect(searchesWords('SO1747433')).toBe(false)
    expect(searchesWords('in31')).toBe(false)
  })

  it('finds the invoices the trigram index finds, in the same order, however long the walk', async () => {
    const texts = (await t.db.selectFrom('invoices').select('description').where('account_id', '=', accountId).execute()).map((r) => r.description)
    for (const search of searchesFrom(texts)) {
      for (const range of [{}, { from: '2000-01-01', to: '2100-01-01' }]) {
        for (const { limit, offset } of pages) {
          const expected = await invoicesPageQuery(t.db, accountId, { range, search }, limit, offset, 0).execute()
          for (const walk of walks) {
            const found = await invoicesPageQuery(t.db, accountId, { range, search }, limit, offset, walk).execute()
            expect(found, `"${search}", ${limit} from ${offset}, a walk of ${walk}`).toEqual(expected)
          }
        }
      }
    }
  })

  it('finds the orders the trigram index finds, in the same order, however long the walk', async () => {
    const rows = await t.db.selectFrom('orders').select(['description', 'site_code']).where('account_id', '=', accountId).execute()
    const site = rows.find((r) => r.site_code !== null)?.site_code ?? undefined
    for (const search of searchesFrom(rows.map((r) => r.description))) {
      for (const filters of [{ range: {} }, { range: { from: '2000-01-01' }, siteCode: site }] as const) {
        for (const { limit, offset } of pages) {
          const expected = await ordersPageQuery(t.db, accountId, { ...filters, search }, limit, offset, 0).execute()
          for (const walk of walks) {
            const found = await ordersPageQuery(t.db, accountId, { ...filters, search }, limit, offset, walk).execute()
            expect(found, `"${search}", ${limit} from ${offset}, a walk of ${walk}`).toEqual(expected)
          }
        }
      }
    }
  })

  it('finds something, so that the comparisons above compare pages and not only empty ones', async () => {
    const texts = (await t.db.selectFrom('invoices').select('description').where('account_id', '=', accountId).execute()).map((r) => r.description)
    const [common] = searchesFrom(texts)
    const page = await invoicesPageQuery(t.db, accountId, { range: {}, search: common }, 3, 0, 1).execute()
    expect(page).toHaveLength(3)
  })
})
