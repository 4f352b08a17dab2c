import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { databaseUrl } from '../../../test/global-setup'
import { bearer, DEMO, signIn, startTestApp, TEST_ERP_KEY, type TestContext } from '../../../test/helpers'
import { fillCart, setListPrice, setStock, visibleProducts } from '../../../test/payments'
import { checkoutForm } from '../../../test/security/fixtures'
import { exportOrders } from './export'

const run = promisify(execFile)
const cli = fileURLToPath(new URL('../../erp-export-cli.ts', import.meta.url))
const erpKey = { authorization: `Bearer ${TEST_ERP_KEY}` }

let t: TestContext
let trade: string
let tradeId: number
let pool: number[]
const parent = mkdtempSync(join(tmpdir(), 'erp-export-'))

beforeAll(async () => {
  t = await startTestApp()
  trade = await signIn(t.app, DEMO.trade)
  tradeId = (await t.db.selectFrom('users').select('id').where('username', '=', 'trade').executeTakeFirstOrThrow()).id
  pool = await visibleProducts(t.db)
})
afterAll(async () => {
  await t?.close()
  rmSync(parent, { recursive: true, force: true })
})
beforeEach(async () => {
  await t.db
    .updateTable('orders')
    .set({ erp_acknowledged_at: new Date() })
    .where('portal_order_id', 'is not', null)
    .where('erp_acknowledged_at', 'is', null)
    .execute()
})

async function placeOnAccount(po: string, extra: Record<string, unknown> = {}): Promise<string> {
  const product = pool.shift()!
  await setListPrice(t.db, product, 1250)
  await setStock(t.db, product, 'WAG', 100)
  await fillCart(t.db, tradeId, 'WAG', [{ productId: product, qty: 4 }])
  const res = await t.app.inject({ method: 'POST', url: '/api/orders', headers: bearer(trade), payload: checkoutForm('WAG', { PurchaseOrder: po, ...extra }) })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().SalesOrder as string
}

const csv = (path: string) => readFileSync(path, 'utf8').split('\r\n').filter(Boolean)

describe('exporting new orders to files', () => {
  it('writes orders.csv and order_lines.csv with the portal number, marks them exported, and never writes them again', async () => {
    const first = await placeOnAccount('EXP-1')
    const second = await placeOnAccount('EXP, "quoted"', { DeliveryName: 'Line one\nline two' })
    const folder = join(parent, 'out-1')
    const result = await exportOrders(t.db, t.config, folder)
    expect(result).toMatchObject({ orders: 2, lines: 2, run: expect.any(Number) })

    const orders = csv(join(folder, 'orders.csv'))
    expect(orders[0]).toBe(
      'AccountCode,SalesOrder,EnterDate,SalesOrderStatus,LocationID,CustomerPurchaseOrder,ShipDate,SiteCode,DeliveryName,DeliveryAddress1,DeliveryAddress2,DeliveryCity,DeliveryState,DeliveryPostalCode,Email,Phone,PortalOrderId,PaymentReference,Contact,Description,CarrierName,CarrierInstructions,DeliveryType,AvailableCredit',
    )
    expect(orders[1]).toContain(`,${first},`)
    // An order on account ends with the account's available credit before it, in dollars.
    expect(orders[1]).toMatch(/,-?\d+\.\d\d$/)
    expect(orders[1]).toContain(',EXP-1,')
    const text = readFileSync(join(folder, 'orders.csv'), 'utf8')
    expect(text).toContain('"EXP, ""quoted"""')
    expect(text).toContain(`,${second},`)
    const lines = csv(join(folder, 'order_lines.csv'))
    // The columns of before, then each row's price break, its pack size and the portal order line it is part of.
    expect(lines[0]).toBe('SalesOrder,Line,ProductCode,QuantityOrdered,QuantitySupplied,QuantityBackOrdered,DueDate,Price,PriceBreak,PackQty,PortalLine')
    expect(lines[1]).toMatch(new RegExp(`^${first},1,[^,]+,4,\\d+,\\d+,[^,]*,\\d+\\.\\d\\d,unit,,1$`))

    // Exported: neither the feed nor the next export offers them.
    expect((await t.app.inject({ method: 'GET', url: '/api/erp/orders', headers: erpKey })).json()).toEqual([])
    const next = await exportOrders(t.db, t.config, join(parent, 'out-2'))
    expect(next).toEqual({ orders: 0, lines: 0, files: [], run: null })
    expect(existsSync(join(parent, 'out-2', 'orders.csv'))).toBe(false)

    const runs = (await t.app.inject({ method: 'GET', url: '/api/erp/runs?size=1', headers: erpKey })).json()
    expect(runs[0]).toMatchObject({ id: result.run, kind: 'export', who: 'cli', added: 2, status: 'succeeded' })
  })

  it('refuses a folder still holding the last export, and exports nothing', async () => {
    const id = await placeOnAccount('EXP-WAITING')
    const folder = join(parent, 'out-waiting')
    mkdirSync(folder, { recursive: true })
    writeFileSync(join(folder, 'orders.csv'), 'not taken yet')
    await expect(exportOrders(t.db, t.config, folder)).rejects.toThrow(/still there: the ERP has not taken it yet/)
    expect(readFileSync(join(folder, 'orders.csv'), 'utf8')).toBe('not taken yet')
    const offered = (await t.app.inject({ method: 'GET', url: '/api/erp/orders', headers: erpKey })).json()
    expect(offered.map((o: { PortalOrderId: string }) => o.PortalOrderId)).toEqual([id])
  })

  it('leaves an order a collector holds to it', async () => {
    const held = await placeOnAccount('EXP-HELD')
    expect((await t.app.inject({ method: 'GET', url: '/api/erp/orders', headers: erpKey })).json()).toHaveLength(1)
    const free = await placeOnAccount('EXP-FREE')
    const folder = join(parent, 'out-held')
    expect(await exportOrders(t.db, t.config, folder)).toMatchObject({ orders: 1 })
    const text = readFileSync(join(folder, 'orders.csv'), 'utf8')
    expect(text).toContain(free)
    expect(text).not.toContain(held)
  })
})

describe('npm run erp:export', () => {
  const runCli = (args: string[], env: Record<string, string>) =>
    run(process.execPath, ['--import', 'tsx', cli, ...args], { env: { ...process.env, ...env } }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    )

  it('needs --out', async () => {
    const outcome = await runCli([], { DATABASE_URL: '', DATA_DIR: join(parent, 'none') })
    expect(outcome.code).toBe(2)
    expect(outcome.stdout).toContain('Usage: erp:export --out FOLDER')
  }, 60_000)

  it.skipIf(process.env.TEST_DATABASE_URL)(
    'says what to do while the portal runs on the embedded database',
    async () => {
      const dataDir = join(parent, 'running')
      mkdirSync(dataDir, { recursive: true })
      // A live process holds the data directory, as the running portal does.
      writeFileSync(join(dataDir, 'portal.pid'), String(process.pid))
      const outcome = await runCli(['--out', join(parent, 'cli-running')], { DATABASE_URL: '', DATA_DIR: dataDir })
      expect(outcome.code).toBe(1)
      expect(outcome.stderr).toContain('is in use by another portal process')
      expect(outcome.stderr).toContain('have the ERP collect the new orders over HTTP')
      expect(existsSync(join(parent, 'cli-running'))).toBe(false)
    },
    60_000,
  )

  it.skipIf(process.env.TEST_DATABASE_URL)(
    'exports from a stopped embedded database',
    async () => {
      const outcome = await runCli(['--out', join(parent, 'cli-empty')], { DATABASE_URL: '', DATA_DIR: join(parent, 'stopped'), DEMO_MODE: 'false' })
      expect(outcome.stderr).toBe('')
      expect(outcome.code).toBe(0)
      expect(outcome.stdout).toContain('No new orders to export')
    },
    120_000,
  )

  it.runIf(process.env.TEST_DATABASE_URL)(
    'exports from PostgreSQL while the portal runs',
    async () => {
      const id = await placeOnAccount('EXP-CLI')
      // The test app's own database, in use by the app as a running portal's is.
      const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(t.db)
      const folder = join(parent, 'cli-pg')
      const outcome = await runCli(['--out', folder], { DATABASE_URL: databaseUrl(process.env.TEST_DATABASE_URL!, rows[0]!.name) })
      expect(outcome.code, outcome.stderr).toBe(0)
      expect(outcome.stdout).toMatch(/^Exported 1 order\(s\), 1 line\(s\)/)
      expect(readFileSync(join(folder, 'orders.csv'), 'utf8')).toContain(`,${id},`)
      expect((await t.app.inject({ method: 'GET', url: '/api/erp/orders', headers: erpKey })).json()).toEqual([])
    },
    120_000,
  )
})
