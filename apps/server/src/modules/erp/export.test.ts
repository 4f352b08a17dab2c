import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
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
import { openDatabase } from '../../db/database'
import { migrate } from '../../db/migrate'
import { neutraliseCell, restoreCell } from '../../lib/csv-cells'
import { parseCsv } from '../../lib/csv'
import { exportOrders } from './export'
import { FILES } from './import/files'

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
      'AccountCode,SalesOrder,EnterDate,SalesOrderStatus,LocationID,CustomerPurchaseOrder,ShipDate,SiteCode,DeliveryName,DeliveryAddress1,DeliveryAddress2,DeliveryCity,DeliveryState,DeliveryPostalCode,Email,Phone,PortalOrderId,PaymentReference,Contact,Description,CarrierName,CarrierInstructions,DeliveryType,AvailableCredit,EnteredBy,QuoteRef',
    )
    expect(orders[1]).toContain(`,${first},`)
    // An order on account ends with the account's available credit before it, in dollars, then no EnteredBy (the
    // customer placed it) and no quote (decision 0102).
    expect(orders[1]).toMatch(/,-?\d+\.\d\d,,$/)
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
    expect(next).toEqual({ orders: 0, lines: 0, payments: 0, applications: 0, files: [], run: null, mode: 0o600 })
    expect(existsSync(join(parent, 'out-2', 'orders.csv'))).toBe(false)

    const runs = (await t.app.inject({ method: 'GET', url: '/api/erp/runs?size=1', headers: erpKey })).json()
    expect(runs[0]).toMatchObject({ id: result.run, kind: 'export', who: 'cli', added: 2, status: 'succeeded' })
  })

  it('writes EnteredBy after AvailableCredit: the back office user who entered the order for the customer (decision 0101)', async () => {
    const entered = await placeOnAccount('EXP-REP-1')
    const own = await placeOnAccount('EXP-OWN-1')
    await t.db.updateTable('orders').set({ entered_by_email: 'rep@riverinarural.example' }).where('sales_order', '=', entered).execute()
    const folder = join(parent, 'out-entered-by')
    await exportOrders(t.db, t.config, folder)
    const rows = csv(join(folder, 'orders.csv'))
    const column = rows[0]!.split(',').indexOf('EnteredBy')
    expect(column).toBe(rows[0]!.split(',').indexOf('AvailableCredit') + 1)
    expect(
      rows
        .find((r) => r.includes(`,${entered},`))!
        .split(',')
        .at(column),
    ).toBe('rep@riverinarural.example')
    expect(
      rows
        .find((r) => r.includes(`,${own},`))!
        .split(',')
        .at(column),
    ).toBe('')
  })

  it('writes files their owner alone reads, or their group too when ERP_EXPORT_GROUP_READABLE is set', async () => {
    await placeOnAccount('EXP-MODE-1')
    const owner = await exportOrders(t.db, t.config, join(parent, 'out-owner'))
    expect(owner.mode).toBe(0o600)
    for (const file of owner.files) expect(statSync(file).mode & 0o777).toBe(0o600)
    await placeOnAccount('EXP-MODE-2')
    const config = { ...t.config, erp: { ...t.config.erp, exportFileMode: 0o640 } }
    const group = await exportOrders(t.db, config, join(parent, 'out-group'))
    expect(group.mode).toBe(0o640)
    for (const file of group.files) expect(statSync(file).mode & 0o777).toBe(0o640)
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
      const outcome = await runCli(['--out', join(parent, 'cli-running')], { DATABASE_URL: '', DATA_DIR: dataDir, ERP_API_KEY: '' })
      // Exit code 2, as the settings errors: the command cannot run with the portal holding the database.
      expect(outcome.code).toBe(2)
      expect(outcome.stdout.split('\n')[0]).toBe(`Database: ${dataDir} (embedded PGlite)`)
      expect(outcome.stderr).toContain('is in use by another portal process')
      expect(outcome.stderr).toContain('have the ERP collect the new orders over HTTP')
      // In demo mode with no key file made yet, the hint names no file.
      expect(outcome.stderr).not.toContain('erp-api-key')
      expect(existsSync(join(parent, 'cli-running'))).toBe(false)

      // With ERP_API_KEY set the hint uses it, not a key file that does not exist.
      const keyed = await runCli(['--out', join(parent, 'cli-running')], { DATABASE_URL: '', DATA_DIR: dataDir, ERP_API_KEY: TEST_ERP_KEY })
      expect(keyed.code).toBe(2)
      expect(keyed.stderr).toContain('curl -H "Authorization: Bearer $ERP_API_KEY"')
      expect(keyed.stderr).not.toContain('erp-api-key')
      expect(keyed.stderr).not.toContain(TEST_ERP_KEY)
    },
    60_000,
  )

  it.skipIf(process.env.TEST_DATABASE_URL)(
    'exports from a stopped embedded database, and never makes one',
    async () => {
      const missing = join(parent, 'missing')
      const refused = await runCli(['--out', join(parent, 'cli-missing')], { DATABASE_URL: '', DATA_DIR: missing, DEMO_MODE: 'false' })
      expect(refused.code).toBe(2)
      expect(refused.stderr).toContain(`There is no portal database in ${missing}`)
      expect(existsSync(missing)).toBe(false)

      const stopped = join(parent, 'stopped')
      const made = await openDatabase({ dataDir: stopped })
      await migrate(made.db)
      await made.close()
      const outcome = await runCli(['--out', join(parent, 'cli-empty')], { DATABASE_URL: '', DATA_DIR: stopped, DEMO_MODE: 'false' })
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
      expect(outcome.stdout).toMatch(/^Database: postgres.* \(PostgreSQL\)\nExported 1 order\(s\), 1 line\(s\)/)
      expect(outcome.stdout).toContain('The files are readable by their owner only (mode 0600)')
      expect(statSync(join(folder, 'orders.csv')).mode & 0o777).toBe(0o600)
      expect(readFileSync(join(folder, 'orders.csv'), 'utf8')).toContain(`,${id},`)
      expect((await t.app.inject({ method: 'GET', url: '/api/erp/orders', headers: erpKey })).json()).toEqual([])
    },
    120_000,
  )
})

describe('cells that a spreadsheet would run as formulas', () => {
  const HOSTILE = {
    PurchaseOrder: '=HYPERLINK("http://x.io","a")',
    DeliveryName: "+cmd|' /C calc'!A0",
    Address1: "@SUM(1+1)*cmd|' /C calc'!A0",
    Address2: '-2+3',
    City: "'=already quoted",
    OrderDesc: '@SUM(A1:A9) delivery note',
    CarrierInstructions: '=1+1 leave at the gate',
  }

  /** The columns of an exported file the import also reads, with the cells as written (still neutralised). */
  function forTheImport(path: string, keep: readonly string[], change: Record<string, string>) {
    const { records } = parseCsv(readFileSync(path, 'utf8'))
    const [header, ...rows] = records
    const at = keep.map((name) => header!.fields.indexOf(name))
    const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)
    return [keep.join(','), ...rows.map((r) => at.map((i, n) => quote(change[keep[n]!] ?? r.fields[i]!)).join(','))].join('\r\n') + '\r\n'
  }

  it('are exported with a quote in front, numbers stay numbers, and the import reads them back as the customer typed them', async () => {
    const portalNumber = await placeOnAccount(HOSTILE.PurchaseOrder, HOSTILE)
    const folder = join(parent, 'hostile')
    await exportOrders(t.db, t.config, folder)
    const { records } = parseCsv(readFileSync(join(folder, 'orders.csv'), 'utf8'))
    const cell = (name: string) => records[1]!.fields[records[0]!.fields.indexOf(name)]
    expect(cell('CustomerPurchaseOrder')).toBe(`'${HOSTILE.PurchaseOrder}`)
    expect(cell('DeliveryName')).toBe(`'${HOSTILE.DeliveryName}`)
    expect(cell('DeliveryAddress1')).toBe(`'${HOSTILE.Address1}`)
    expect(cell('DeliveryAddress2')).toBe(`'${HOSTILE.Address2}`)
    expect(cell('DeliveryCity')).toBe(`''=already quoted`)
    expect(cell('Description')).toBe(`'${HOSTILE.OrderDesc}`)
    expect(cell('CarrierInstructions')).toBe(`'${HOSTILE.CarrierInstructions}`)
    // No cell of either file starts with a character a spreadsheet reads as a formula, but plain numbers.
    for (const file of ['orders.csv', 'order_lines.csv'])
      for (const r of parseCsv(readFileSync(join(folder, file), 'utf8')).records)
        for (const f of r.fields) if (/^[=+\-@\t\r]/.test(f)) expect(f).toMatch(/^-?\d+(\.\d+)?$/)

    // The ERP takes the files, gives the order its own number and sends the history back with the same cells.
    const orderColumns = [...FILES.orders.fields]
    const lineColumns = ['SalesOrder', 'Line', 'ProductCode', 'QuantityOrdered', 'QuantitySupplied', 'QuantityBackOrdered', 'DueDate', 'Price']
    const form = new FormData()
    form.append('orders.csv', new Blob([forTheImport(join(folder, 'orders.csv'), orderColumns, { SalesOrder: 'ERP4400017' })]), 'orders.csv')
    form.append('order_lines.csv', new Blob([forTheImport(join(folder, 'order_lines.csv'), lineColumns, { SalesOrder: 'ERP4400017' })]), 'order_lines.csv')
    const body = new Response(form)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/erp/import',
      headers: { ...erpKey, 'content-type': body.headers.get('content-type')! },
      payload: Buffer.from(await body.arrayBuffer()),
    })
    expect(res.statusCode, res.body).toBe(200)
    const order = await t.db.selectFrom('orders').selectAll().where('portal_order_id', '=', portalNumber).executeTakeFirstOrThrow()
    expect(order.sales_order).toBe('ERP4400017')
    expect(order).toMatchObject({
      customer_purchase_order: HOSTILE.PurchaseOrder,
      delivery_name: HOSTILE.DeliveryName,
      delivery_address1: HOSTILE.Address1,
      delivery_address2: HOSTILE.Address2,
      delivery_city: HOSTILE.City,
    })
  })

  it('neutralises and restores exactly, whatever the text', () => {
    for (const text of ['=1', '+1', '-1', '@a', '\tx', '\rx', "'=1", "''+1", "'plain", 'plain', '-12.50', '12', '-', "'", '', '=', 'a=b'])
      expect(restoreCell(neutraliseCell(text))).toBe(text)
    expect(neutraliseCell('-12.50')).toBe('-12.50')
    expect(neutraliseCell("'quoted")).toBe("'quoted")
    expect(restoreCell("'quoted")).toBe("'quoted")
  })
})
