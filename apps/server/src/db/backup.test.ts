import type { FastifyInstance } from 'fastify'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { buildApp } from '../app'
import { loadConfig } from '../config'
import { adminQuery, databaseUrl } from '../../test/global-setup'
import { bearer, checkoutForm, DEMO, signIn } from '../../test/helpers'
import { fillCart, setStock, visibleProducts } from '../../test/payments'
import { BackupError, dumpPgliteDirectory, dumpPostgres, restorePglite, restorePostgres } from './backup'
import { ENDPOINT_FILE, openBackupChannel, readEndpoint, requestBackup, type BackupChannel } from './backup-channel'
import { lockDataDir } from './data-dir-lock'
import { openDatabase, type Database, type DatabaseHandle } from './database'

const postgresUrl = process.env.TEST_DATABASE_URL
const silent = { info: () => {}, error: () => {} }
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://portal.test' })

const root = mkdtempSync(join(tmpdir(), 'portal-backup-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** The portal as it runs: the app on a database, taking orders. */
interface Running {
  app: FastifyInstance
  db: Database
  handle: DatabaseHandle
}

async function run(handle: DatabaseHandle): Promise<Running> {
  const app = await buildApp({ config, db: handle.db, logger: false, webDist: '/nonexistent' })
  await app.ready()
  return { app, db: handle.db, handle }
}

/** Places an order on account as the trade user, the way the checkout does; answers its number. */
async function placeOrder({ app, db }: Running, purchaseOrder: string): Promise<string> {
  const token = await signIn(app, DEMO.trade)
  const user = await db.selectFrom('users').select('id').where('username', '=', 'trade').executeTakeFirstOrThrow()
  const [productId] = await visibleProducts(db, 1)
  await setStock(db, productId!, 'WAG', 50)
  await fillCart(db, user.id, 'WAG', [{ productId: productId!, qty: 2 }])
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(token),
    payload: checkoutForm({ PurchaseOrder: purchaseOrder, OrderDesc: 'Backup test' }),
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().SalesOrder as string
}

async function ordersIn(db: Database) {
  const rows = await db.selectFrom('orders').select(['sales_order', 'customer_purchase_order', 'extended_inc_cents']).orderBy('id').execute()
  return rows
}

describe.skipIf(Boolean(postgresUrl))('backing up the embedded database while the portal runs', () => {
  let live: Running
  let channel: BackupChannel
  let unlock: () => void
  const dataDir = join(root, 'live')

  beforeAll(async () => {
    mkdirSync(dataDir)
    unlock = lockDataDir(dataDir)
    const handle = await openDatabase({ dataDir, loadDataDir: new Blob([readFileSync(inject('snapshotFile'))]) })
    live = await run(handle)
    channel = await openBackupChannel({ pglite: handle.pglite!, dataDir, log: silent })
  })
  afterAll(async () => {
    await live?.app.close()
    await channel?.close()
    await live?.handle.close()
    unlock?.()
  })

  it('backs up over loopback while orders are taken, and the copy restored into a fresh directory has the same orders and not the later one', async () => {
    const before = await placeOrder(live, 'PO-BEFORE-BACKUP')
    const endpoint = readEndpoint(dataDir)!
    expect(statSync(join(dataDir, ENDPOINT_FILE)).mode & 0o777).toBe(0o600)

    const out = join(root, 'live.tar.gz')
    const taken = await requestBackup(dataDir, out)
    expect(taken).toMatchObject({ bytes: statSync(out).size })
    expect(statSync(out).mode & 0o777).toBe(0o600)
    // The secret was used once: the next backup needs the new one, and the one inside the backup is dead.
    expect(readEndpoint(dataDir)!.token).not.toBe(endpoint.token)
    const stale = await fetch(`http://127.0.0.1:${channel.port}/backup`, { method: 'POST', headers: { authorization: `Bearer ${endpoint.token}` } })
    expect(stale.status).toBe(401)

    const after = await placeOrder(live, 'PO-AFTER-BACKUP')
    const atBackup = (await ordersIn(live.db)).filter((o) => o.sales_order !== after)

    const restoredDir = join(root, 'restored')
    const summary = await restorePglite(out, restoredDir)
    expect(summary.orders).toBe(atBackup.length)
    expect(summary.migrations).toContain('0001_domain')
    // The live process's own files stay behind: nothing holds the restored directory.
    expect(existsSync(join(restoredDir, 'portal.pid'))).toBe(false)
    expect(existsSync(join(restoredDir, ENDPOINT_FILE))).toBe(false)

    const restored = await openDatabase({ dataDir: restoredDir })
    try {
      const orders = await ordersIn(restored.db)
      expect(orders).toEqual(atBackup)
      expect(orders.map((o) => o.sales_order)).toContain(before)
      expect(orders.map((o) => o.sales_order)).not.toContain(after)
      const lines = await restored.db
        .selectFrom('order_lines as l')
        .innerJoin('orders as o', 'o.id', 'l.order_id')
        .select('l.qty_ordered')
        .where('o.sales_order', '=', before)
        .execute()
      expect(lines).toEqual([{ qty_ordered: 2 }])
      // The restored copy is a working portal database: it signs in and lists the order.
      const copy = await run(restored)
      const token = await signIn(copy.app, DEMO.trade)
      const detail = await copy.app.inject({ method: 'GET', url: `/api/orders/${before}`, headers: bearer(token) })
      expect(detail.statusCode).toBe(200)
      expect(detail.json()).toMatchObject({ SalesOrder: before, CustomerPurchaseOrder: 'PO-BEFORE-BACKUP' })
      await copy.app.close()
    } finally {
      await restored.close()
    }
  })

  it('refuses to restore over a database: into the running portal’s directory or any directory that is not empty', async () => {
    const out = join(root, 'refuse.tar.gz')
    await requestBackup(dataDir, out)
    await expect(restorePglite(out, dataDir)).rejects.toThrow(/is not empty/)
    const used = join(root, 'used')
    mkdirSync(used)
    writeFileSync(join(used, 'notes.txt'), 'keep me')
    await expect(restorePglite(out, used)).rejects.toThrow(BackupError)
    expect(readFileSync(join(used, 'notes.txt'), 'utf8')).toBe('keep me')
  })

  it('refuses a file that is not a backup, leaving no directory behind', async () => {
    const bogus = join(root, 'bogus.tar.gz')
    writeFileSync(bogus, Buffer.from([0x1f, 0x8b, 0x08, 0x00, 1, 2, 3, 4]))
    await expect(restorePglite(bogus, join(root, 'never'))).rejects.toThrow(/not a complete backup/)
    expect(existsSync(join(root, 'never'))).toBe(false)
  })

  it('opens a stopped data directory directly, and refuses one a running portal holds', async () => {
    const stopped = join(root, 'stopped')
    await requestBackup(dataDir, join(root, 'for-stopped.tar.gz'))
    await restorePglite(join(root, 'for-stopped.tar.gz'), stopped)
    expect(readEndpoint(stopped)).toBeNull()
    expect(await requestBackup(stopped, join(root, 'none.tar.gz'))).toBeNull()
    const direct = await dumpPgliteDirectory(stopped, join(root, 'stopped.tar.gz'))
    expect(direct.bytes).toBe(statSync(join(root, 'stopped.tar.gz')).size)
    // A portal (here: another process id in the lock file) holds it: no second opener.
    writeFileSync(join(stopped, 'portal.pid'), String(process.ppid))
    await expect(dumpPgliteDirectory(stopped, join(root, 'held.tar.gz'))).rejects.toThrow(/in use by another portal process/)
  })
})

describe.skipIf(!postgresUrl)('backing up PostgreSQL with pg_dump while the portal runs', () => {
  const names = { live: `portal_t_bk_live_${process.pid}`, restored: `portal_t_bk_restored_${process.pid}` }
  let live: Running

  beforeAll(async () => {
    await adminQuery(postgresUrl!, `CREATE DATABASE ${names.live} TEMPLATE ${inject('templateDatabase')}`)
    await adminQuery(postgresUrl!, `CREATE DATABASE ${names.restored}`)
    live = await run(await openDatabase({ databaseUrl: databaseUrl(postgresUrl!, names.live), poolSize: 3 }))
  })
  afterAll(async () => {
    await live?.app.close()
    await live?.handle.close()
    for (const name of Object.values(names)) await adminQuery(postgresUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  })

  it('dumps with pg_dump and pg_restore brings the same orders into an empty database, without the later one', async () => {
    const before = await placeOrder(live, 'PO-BEFORE-DUMP')
    const out = join(root, 'live.dump')
    await dumpPostgres(databaseUrl(postgresUrl!, names.live), out)
    expect(readFileSync(out).subarray(0, 5).toString()).toBe('PGDMP')
    const after = await placeOrder(live, 'PO-AFTER-DUMP')
    const atBackup = (await ordersIn(live.db)).filter((o) => o.sales_order !== after)

    const summary = await restorePostgres(out, databaseUrl(postgresUrl!, names.restored))
    expect(summary.orders).toBe(atBackup.length)
    const restored = await openDatabase({ databaseUrl: databaseUrl(postgresUrl!, names.restored), poolSize: 2 })
    try {
      const orders = await ordersIn(restored.db)
      expect(orders).toEqual(atBackup)
      expect(orders.map((o) => o.sales_order)).toContain(before)
      expect(orders.map((o) => o.sales_order)).not.toContain(after)
    } finally {
      await restored.close()
    }

    // Never over data: the same restore again, now into a database that has tables, is refused.
    await expect(restorePostgres(out, databaseUrl(postgresUrl!, names.restored))).rejects.toThrow(/is not empty/)
    await expect(restorePglite(out, join(root, 'wrong-kind'))).rejects.toThrow(/not a backup of the embedded database/)
  })
})
