import { expect, test, type Page } from '@playwright/test'
import { spawn, type ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { createServer as createNetServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'

/** A port nobody is listening on right now. */
async function freePort(): Promise<number> {
  const probe = createNetServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

type Event = { release?: string; environment?: string; tags?: Record<string, string>; exception?: { values?: Array<{ value?: string }> } }

// A portal whose error reporting goes to a stand-in for the Sentry host, on its own port and database.
test.describe('error reporting from the browser', () => {
  const envelopes: string[] = []
  let sentry: Server
  let server: ChildProcess | undefined
  let base = ''
  let dataDir = ''

  test.beforeAll(async () => {
    test.setTimeout(180_000)
    sentry = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        const body = Buffer.concat(chunks)
        if (req.method === 'POST') envelopes.push((req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8'))
        res.writeHead(200, { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'content-type': 'application/json' }).end('{}')
      })
    })
    await new Promise<void>((resolve) => sentry.listen(0, '127.0.0.1', resolve))
    const sentryPort = (sentry.address() as { port: number }).port
    const port = await freePort()
    base = `http://127.0.0.1:${port}`
    dataDir = join(tmpdir(), `portal-e2e-sentry-${port}`)
    rmSync(dataDir, { recursive: true, force: true })
    server = spawn('node', ['apps/server/dist/main.js'], {
      cwd: new URL('../../..', import.meta.url).pathname,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        PUBLIC_URL: base,
        SENTRY_DSN: `http://e2epublickey@127.0.0.1:${sentryPort}/9`,
        SENTRY_RELEASE: 'trade-portal@e2e',
        SENTRY_ENVIRONMENT: 'e2e',
      },
      stdio: 'ignore',
    })
    const deadline = Date.now() + 170_000
    for (;;) {
      if (
        await fetch(`${base}/api/health`)
          .then((r) => r.ok)
          .catch(() => false)
      )
        break
      if (Date.now() > deadline) throw new Error('the portal with error reporting did not start')
      await new Promise((r) => setTimeout(r, 500))
    }
  })

  test.afterAll(async () => {
    server?.kill('SIGTERM')
    await new Promise<void>((resolve) => sentry?.close(() => resolve()))
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  const events = () =>
    envelopes.flatMap((raw) => {
      const [, itemHeader, payload] = raw.split('\n').filter(Boolean)
      return itemHeader && JSON.parse(itemHeader).type === 'event' ? [JSON.parse(payload!) as Event] : []
    })

  async function signIn(page: Page) {
    await page.goto(`${base}/login`)
    await page.getByLabel('Username').fill('trade')
    await page.getByLabel('Password', { exact: true }).fill('Trade2026')
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await expect(page.getByText(/^Hi, .+!$/)).toBeVisible()
  }

  test('sends failed API calls and uncaught errors with the release and route, and no token, password or card', async ({ page }, info) => {
    const mark = `${info.project.name}-${Date.now()}`
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

    await expect.poll(() => events().filter((e) => e.tags?.api === 'GET orders').length, { timeout: 20_000 }).toBeGreaterThan(0)
    await expect.poll(() => events().filter((e) => e.exception?.values?.[0]?.value?.startsWith(mark)).length, { timeout: 20_000 }).toBe(1)

    const apiFailure = events().find((e) => e.tags?.api === 'GET orders')!
    expect(apiFailure).toMatchObject({ release: 'trade-portal@e2e', environment: 'e2e', tags: { route: '/orders', kind: 'api', status: '502' } })
    const uncaught = events().find((e) => e.exception?.values?.[0]?.value?.startsWith(mark))!
    expect(uncaught).toMatchObject({ release: 'trade-portal@e2e', tags: { route: '/orders' } })
    expect(uncaught.exception!.values![0]!.value).toBe(`${mark} planted: token=[Filtered] password=[Filtered] EPS_CARDNUMBER=[Filtered] card [Filtered]`)

    const everything = envelopes.join('\n')
    for (const secret of [token!, 'Trade2026', '4444333322221111', '4444 3333 2222 1111']) expect(everything).not.toContain(secret)
  })
})
