import { randomBytes } from 'node:crypto'
import { createServer, type Server, type Socket, connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startTestApp, type TestContext } from '../../../test/helpers'
import { adminQuery, databaseUrl } from '../../../test/global-setup'
import { buildApp } from '../../app'
import { loadConfig } from '../../config'
import { openDatabase, type DatabaseHandle } from '../../db/database'
import { migrations } from '../../db/migrate'

const ready = (t: { app: TestContext['app'] }) => t.app.inject({ method: 'GET', url: '/api/ready' })
const health = (t: { app: TestContext['app'] }) => t.app.inject({ method: 'GET', url: '/api/health' })

describe('health and readiness', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(async () => t?.close())

  it('answers alive without a session and is never cached', async () => {
    const res = await health(t)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok' })
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('is ready when the database answers, the migrations are current and the outbox is moving', async () => {
    const res = await ready(t)
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.json()).toEqual({
      status: 'ready',
      checks: {
        database: { ok: true, message: 'reachable' },
        migrations: { ok: true, message: 'current' },
        outbox: { ok: true, message: 'empty' },
        erpOrders: { ok: true, message: 'all acknowledged' },
      },
    })
  })

  it('is not ready while a migration of this version is not applied', async () => {
    const last = migrations[migrations.length - 1]!.version
    const row = await t.db.selectFrom('schema_migrations').selectAll().where('version', '=', last).executeTakeFirstOrThrow()
    await t.db.deleteFrom('schema_migrations').where('version', '=', last).execute()
    try {
      const res = await ready(t)
      expect(res.statusCode).toBe(503)
      expect(res.json()).toMatchObject({
        status: 'not_ready',
        error: 'not_ready',
        message: `Not ready (migrations: 1 not applied: ${last})`,
        checks: { database: { ok: true }, migrations: { ok: false }, outbox: { ok: true } },
      })
    } finally {
      await t.db.insertInto('schema_migrations').values(row).execute()
    }
    expect((await ready(t)).statusCode).toBe(200)
  })

  it('is not ready while the outbox is stuck: an e-mail due for longer than READY_OUTBOX_MINUTES and not taken by any mailer', async () => {
    const [fresh] = await t.db
      .insertInto('email_outbox')
      .values({ to_address: 'a@example.com', subject: 'Fresh', text_body: 'x', attachments: '[]' })
      .returning('id')
      .execute()
    expect((await ready(t)).json().checks.outbox).toEqual({ ok: true, message: '1 waiting, oldest unsent e-mail 0 min old' })

    // Written 40 minutes ago, refused by the mail relay since, and waiting for its next try: the mailer works.
    const [retrying] = await t.db
      .insertInto('email_outbox')
      .values({
        to_address: 'c@example.com',
        subject: 'Retrying',
        text_body: 'z',
        attachments: '[]',
        attempts: 3,
        last_error: 'connect ECONNREFUSED',
        created_at: new Date(Date.now() - 40 * 60_000),
        next_attempt_at: new Date(Date.now() + 20 * 60_000),
      })
      .returning('id')
      .execute()
    expect((await ready(t)).json().checks.outbox).toEqual({ ok: true, message: '2 waiting, oldest unsent e-mail 40 min old' })

    // Due 16 minutes ago and not taken: no mailer is working.
    const [old] = await t.db
      .insertInto('email_outbox')
      .values({
        to_address: 'b@example.com',
        subject: 'Old',
        text_body: 'y',
        attachments: '[]',
        created_at: new Date(Date.now() - 16 * 60_000),
        next_attempt_at: new Date(Date.now() - 16 * 60_000),
      })
      .returning('id')
      .execute()
    const res = await ready(t)
    expect(res.statusCode).toBe(503)
    expect(res.json().message).toBe('Not ready (outbox: stuck: 3 waiting, one due 16 min ago not taken by any mailer)')

    await t.db.updateTable('email_outbox').set({ status: 'sent', sent_at: new Date() }).where('id', 'in', [fresh!.id, old!.id, retrying!.id]).execute()
    expect((await ready(t)).statusCode).toBe(200)
  })
})

describe('readiness with READY_OUTBOX_MINUTES=0', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await startTestApp({ READY_OUTBOX_MINUTES: '0' })
  })
  afterAll(async () => t?.close())

  it('leaves the outbox out', async () => {
    await t.db
      .insertInto('email_outbox')
      .values({ to_address: 'b@example.com', subject: 'Old', text_body: 'y', attachments: '[]', created_at: new Date(Date.now() - 86_400_000) })
      .execute()
    const res = await ready(t)
    expect(res.statusCode).toBe(200)
    expect(res.json().checks.outbox.message).toBe('not checked (READY_OUTBOX_MINUTES=0)')
  })
})

describe.skipIf(process.env.TEST_DATABASE_URL)('the embedded database closed under the app', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await startTestApp()
  })

  it('stays alive but not ready', async () => {
    expect((await ready(t)).statusCode).toBe(200)
    await t.db.destroy()
    const res = await ready(t)
    expect(res.statusCode).toBe(503)
    expect(res.json()).toMatchObject({
      message:
        'Not ready (database: unreachable; migrations: not checked: the database is unreachable; outbox: not checked: the database is unreachable; erpOrders: not checked: the database is unreachable)',
      checks: { database: { ok: false, message: 'unreachable' } },
    })
    expect((await health(t)).statusCode).toBe(200)
    await t.app.close()
  })
})

/** A TCP proxy in front of PostgreSQL that can be stopped and started again on the same port: the database "goes down". */
class Outage {
  private server: Server | undefined
  private sockets = new Set<Socket>()
  port = 0

  constructor(
    private readonly host: string,
    private readonly targetPort: number,
  ) {}

  async start() {
    this.server = createServer((client) => {
      const upstream = connect(this.targetPort, this.host)
      for (const s of [client, upstream]) {
        this.sockets.add(s)
        s.on('close', () => this.sockets.delete(s))
        s.on('error', () => {
          client.destroy()
          upstream.destroy()
        })
      }
      client.pipe(upstream).pipe(client)
    })
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve))
    this.port = (this.server.address() as { port: number }).port
  }

  async stop() {
    for (const s of this.sockets) s.destroy()
    await new Promise<void>((resolve) => this.server!.close(() => resolve()))
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL going down and coming back', () => {
  const url = process.env.TEST_DATABASE_URL!
  const name = `portal_t_ready_${randomBytes(4).toString('hex')}`
  let outage: Outage
  let handle: DatabaseHandle
  let app: TestContext['app']

  beforeAll(async () => {
    await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`)
    const target = new URL(url)
    outage = new Outage(target.hostname, Number(target.port || 5432))
    await outage.start()
    const viaProxy = new URL(databaseUrl(url, name))
    viaProxy.host = `127.0.0.1:${outage.port}`
    handle = await openDatabase({ databaseUrl: viaProxy.toString(), poolSize: 3 })
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://portal.test' })
    app = await buildApp({ config, db: handle.db, logger: false, webDist: '/nonexistent', pool: handle.pool })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await handle?.close()
    await outage?.stop().catch(() => {})
    await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  })

  it('is not ready while the database is unreachable, stays alive, and is ready again when it is back', async () => {
    expect((await ready({ app })).statusCode).toBe(200)

    await outage.stop()
    const down = await ready({ app })
    expect(down.statusCode).toBe(503)
    expect(down.json().checks.database).toEqual({ ok: false, message: 'unreachable' })
    expect((await health({ app })).statusCode).toBe(200)
    // A request that needs the database fails cleanly meanwhile, and is counted.
    expect((await app.inject({ method: 'GET', url: '/api/warehouses' })).statusCode).toBe(500)

    await outage.start()
    const back = await ready({ app })
    expect(back.statusCode).toBe(200)
    expect((await app.inject({ method: 'GET', url: '/api/warehouses' })).statusCode).toBe(200)
    const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body
    expect(metrics).toMatch(/^portal_server_errors_total\{method="GET",route="\/api\/warehouses"\} 1$/m)
  })
})
