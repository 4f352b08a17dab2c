import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, DEMO, signIn, startTestApp, type TestContext } from '../../../test/helpers'
import { RELEVANCE_CASES } from '../../../test/search-relevance-cases'

/**
 * The search relevance suite (decision 0029): every query of test/search-relevance-cases.ts through POST /api/search
 * as the trade account or the reseller, at the Wagga Wagga branch. It prints its score and fails below
 * 100%, naming each query that failed and what came back.
 */
let t: TestContext
const tokens: Record<'trade' | 'elders', string> = { trade: '', elders: '' }
beforeAll(async () => {
  t = await startTestApp()
  tokens.trade = await signIn(t.app, DEMO.trade)
  tokens.elders = await signIn(t.app, DEMO.elders)
})
afterAll(async () => t?.close())

describe('search relevance', () => {
  it('passes every query of the relevance suite', { timeout: 300_000 }, async () => {
    expect(RELEVANCE_CASES.length).toBeGreaterThanOrEqual(150)
    const failures: string[] = []
    for (const c of RELEVANCE_CASES) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/search?warehouse=WAG&page=1&size=20',
        headers: bearer(tokens[c.user ?? 'trade']),
        payload: { search: c.query },
      })
      expect(res.statusCode).toBe(200)
      const codes = (res.json() as Array<{ ProductCode: string }>).map((p) => p.ProductCode)
      const problems = [
        ...(c.first && codes[0] !== c.first ? [`${c.first} is not first`] : []),
        ...(c.top5 ?? []).filter((code) => !codes.slice(0, 5).includes(code)).map((code) => `${code} is not in the top 5`),
        ...(c.absent ?? []).filter((code) => codes.includes(code)).map((code) => `${code} appears`),
      ]
      if (problems.length > 0)
        failures.push(`'${c.query}'${c.user ? ` (${c.user})` : ''} [${c.about}]: ${problems.join(', ')}; got ${codes.slice(0, 5).join(' ') || 'nothing'}`)
    }
    const passed = RELEVANCE_CASES.length - failures.length
    console.log(`Search relevance: ${passed}/${RELEVANCE_CASES.length} queries passed (${((passed / RELEVANCE_CASES.length) * 100).toFixed(1)}%)`)
    expect(failures).toEqual([])
  })
})
