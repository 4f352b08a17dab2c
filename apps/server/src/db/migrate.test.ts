import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { adminQuery, databaseUrl } from '../../test/global-setup'
import { openDatabase } from './database'
import { migrate, migrations, pendingMigrations } from './migrate'

const url = process.env.TEST_DATABASE_URL

describe(`migrations on an empty ${url ? 'PostgreSQL' : 'PGlite'} database`, () => {
  it('apply cleanly, once, and leave nothing pending', async () => {
    const name = `portal_m_${randomBytes(6).toString('hex')}`
    if (url) await adminQuery(url, `CREATE DATABASE ${name}`)
    const handle = await openDatabase(url ? { databaseUrl: databaseUrl(url, name) } : {})
    try {
      expect(await pendingMigrations(handle.db)).toEqual(migrations.map((m) => m.version))
      expect(await migrate(handle.db)).toEqual(migrations.map((m) => m.version))
      expect(await migrate(handle.db)).toEqual([])
      expect(await pendingMigrations(handle.db)).toEqual([])

      const tables = await sql<{ table_name: string }>`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`.execute(handle.db)
      const names = tables.rows.map((r) => r.table_name)
      for (const table of [
        'customer_accounts',
        'users',
        'sessions',
        'branches',
        'delivery_sites',
        'categories',
        'brands',
        'products',
        'stock',
        'carts',
        'cart_lines',
        'pending_orders',
        'orders',
        'order_lines',
        'invoices',
        'invoice_lines',
        'financial_periods',
        'statement_requests',
        'password_reset_tokens',
        'email_outbox',
        'code_setup_requests',
      ]) {
        expect(names).toContain(table)
      }
      const trgm = await sql<{ ok: boolean }>`SELECT similarity('ivomec', 'ivomek') > 0.3 AS ok`.execute(handle.db)
      expect(trgm.rows[0]?.ok).toBe(true)
    } finally {
      await handle.close()
      if (url) await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    }
  })
})
