import { expect, test, type Page } from '@playwright/test'
import { createServer, type Server } from 'node:http'
import { gunzipSync } from 'node:zlib'
import { startPortal, type Portal } from './portal'

/** JSON, or null for anything else (an envelope's binary attachment): a stray item never stops the waiting. */
function parse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

type Event = { release?: string; environment?: string; tags?: Record<string, string>; exception?: { values?: Array<{ value?: string }> } }

// A portal whose error reporting goes to a stand-in for the Sentry host, on its own port and database.
test.describe('error reporting from the browser', () => {
  const envelopes: string[] = []
  /** Every request the stand-in received, and what the page logged or failed to fetch: attached when a test fails. */
  const received: string[] = []
  const pageLog: string[] = []
  /** Called on every envelope's arrival: the tests wait on that, not on a clock. */
  const onArrival = new Set<() => void>()
  let sentry: Server
  let portal: Portal | undefined
  let base = ''

  test.beforeAll(async () => {
    test.setTimeout(300_000)
    sentry = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        const body = Buffer.concat(chunks)
        received.push(`${new Date().toISOString()} ${req.method} ${req.url} ${body.length} bytes`)
        if (req.method === 'POST') envelopes.push((req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8'))
        for (const look of [...onArrival]) look()
        res.writeHead(200, { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'content-type': 'application/json' }).end('{}')
      })
    })
    await new Promise<void>((resolve) => sentry.listen(0, '127.0.0.1', resolve))
    const sentryPort = (sentry.address() as { port: number }).port
    portal = await startPortal({
      SENTRY_DSN: `http://e2epublickey@127.0.0.1:${sentryPort}/9`,
      SENTRY_RELEASE: 'trade-portal@e2e',
      SENTRY_ENVIRONMENT: 'e2e',
    })
    base = portal.base
  })

  test.beforeEach(({ page }) => {
    const at = () => new Date().toISOString()
    page.on('console', (m) => pageLog.push(`${at()} console.${m.type()}: ${m.text()}`))
    page.on('pageerror', (e) => pageLog.push(`${at()} pageerror: ${e.message}`))
    page.on('requestfailed', (r) => pageLog.push(`${at()} requestfailed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`))
    page.on('response', (r) => {
      if (r.status() >= 400 || r.url().includes('/envelope/') || r.url().includes('sentry')) pageLog.push(`${at()} response ${r.status()}: ${r.url()}`)
    })
  })

  // eslint-disable-next-line no-empty-pattern -- Playwright's hooks take their fixtures first; this one needs none
  test.afterEach(async ({}, info) => {
    if (info.status === info.expectedStatus) return
    const digest = envelopes.map((raw, i) => {
      const [, ...items] = raw.split('\n').filter(Boolean)
      return `envelope ${i + 1}: ${items.map((item) => item.slice(0, 400)).join(' | ')}`
    })
    const evidence = [`stand-in received:`, ...received, ``, ...digest, ``, `page:`, ...pageLog].join('\n')
    console.log(evidence)
    await info.attach('evidence', { body: evidence, contentType: 'text/plain' })
  })

  test.afterAll(async () => {
    await portal?.stop()
    await new Promise<void>((resolve) => sentry?.close(() => resolve()))
  })

  /** The events among the envelopes (a header line, then an item header and a payload per item). */
  const events = () =>
    envelopes.flatMap((raw) => {
      const [, ...items] = raw.split('\n').filter(Boolean)
      const found: Event[] = []
      for (let i = 0; i + 1 < items.length; i += 2) {
        const header = parse(items[i]!) as { type?: string } | null
        const payload = parse(items[i + 1]!) as Event | null
        if (header?.type === 'event' && payload) found.push(payload)
      }
      return found
    })

  /** The first event received, or still to arrive, that `matches`. Bounded by the test's own time only. */
  function eventArriving(matches: (event: Event) => boolean): Promise<Event> {
    return new Promise((resolve) => {
      const look = () => {
        const found = events().find(matches)
        if (!found) return
        onArrival.delete(look)
        resolve(found)
      }
      onArrival.add(look)
      look()
    })
  }

  async function signIn(page: Page) {
    await page.goto(`${base}/login`)
    await page.getByLabel('Username').fill('trade')
    await page.getByLabel('Password', { exact: true }).fill('Trade2026')
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await expect(page.getByText(/^Hi, .+!$/)).toBeVisible()
  }

  test('sends failed API calls and uncaught errors with the release and route, and no token, password or card', async ({ page }, info) => {
    // The mark has no long run of digits: `desktop-${Date.now()}` was 13 digits that pass the Luhn check one time
    // in ten, the redaction rightly filtered them as a card number, and the test then waited for a mark that no
    // event carried (the journey failed in about one full run in five).
    const mark = `${info.project.name}-${Date.now().toString(36)}`
    await signIn(page)
    const token = await page.evaluate(() => localStorage.getItem('token'))
    expect(token).toBeTruthy()

    // The order history's API call fails on the server's side.
    await page.route('**/api/orders?**', (route) =>
      route.fulfill({ status: 502, contentType: 'application/json', body: '{"error":"internal","message":"down"}' }),
    )
    await page.goto(`${base}/orders`)
    await expect(page.getByRole('heading', { name: 'Order History' })).toBeVisible()

    // A bug that throws with secrets in its message.
    await page.evaluate(
      ({ token, mark }) => {
        setTimeout(() => {
          throw new Error(`${mark} planted: token=${token} password=Trade2026 EPS_CARDNUMBER=4444333322221111 card 4444 3333 2222 1111`)
        })
      },
      { token, mark },
    )

    // The reports leave the page once the SDK has loaded (it is fetched on demand, after the first screen); the
    // test waits for each envelope to arrive at the stand-in, however long the busy machine takes.
    pageLog.push(`${new Date().toISOString()} test: waiting for the failed API call's event`)
    const apiFailure = await test.step('the failed API call arrives at the stand-in', () => eventArriving((e) => e.tags?.api === 'GET orders'))
    expect(apiFailure).toMatchObject({ release: 'trade-portal@e2e', environment: 'e2e', tags: { route: '/orders', kind: 'api', status: '502' } })
    const isPlanted = (e: Event) => e.exception?.values?.[0]?.value?.startsWith(mark) ?? false
    pageLog.push(`${new Date().toISOString()} test: waiting for the uncaught error's event`)
    const uncaught = await test.step('the uncaught error arrives at the stand-in', () => eventArriving(isPlanted))
    expect(events().filter(isPlanted)).toHaveLength(1)
    expect(uncaught).toMatchObject({ release: 'trade-portal@e2e', tags: { route: '/orders' } })
    expect(uncaught.exception!.values![0]!.value).toBe(`${mark} planted: token=[Filtered] password=[Filtered] EPS_CARDNUMBER=[Filtered] card [Filtered]`)

    const everything = envelopes.join('\n')
    for (const secret of [token!, 'Trade2026', '4444333322221111', '4444 3333 2222 1111']) expect(everything).not.toContain(secret)
  })
})
