import { buildApp } from './app'
import { ConfigError, loadServerConfig } from './config'
import { openBackupChannel } from './db/backup-channel'
import { prepareDatabase } from './db/prepare'
import { startingData } from './demo'
import { DEMO_BACK_OFFICE_LOGINS, DEMO_TOTP_SECRET, presentDemoLogins } from './lib/demo-logins'
import { boundHeapGrowth } from './lib/memory'
import { configuredSecrets } from './lib/secret-values'
import { startErrorReporting, type ErrorReporter } from './lib/error-reporting'
import { resolveErpKey } from './modules/erp/key'
import { startMailer } from './modules/mail/mailer'

let reporter: ErrorReporter | null = null

async function main() {
  const started = Date.now()
  const config = loadServerConfig()
  boundHeapGrowth({ budgetMiB: config.heapBudgetMiB, minGrowingPercent: config.heapGrowingPercent, memoryBudgetMiB: config.memoryBudgetMiB })
  // One list of the secrets no log line or error report may hold; the demo ERP key joins it once it is read.
  const secrets = configuredSecrets(config)
  reporter = await startErrorReporting(config, secrets)
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`
  console.log(`Opening the database: ${where}`)
  const { handle, migrated, seeded } = await prepareDatabase(config, (line) => console.log(line), startingData(config))
  if (migrated.length) console.log(`Applied migrations: ${migrated.join(', ')}`)
  if (seeded) console.log(`Demo data loaded in ${(seeded.ms / 1000).toFixed(1)} s`)

  let warnChangeFeed = (error: Error) => console.error(`Change notifications: ${error.message}`)
  const changes = await handle.openChangeFeed((error) => warnChangeFeed(error))
  const erp = resolveErpKey(config)
  const app = await buildApp({
    config,
    db: handle.db,
    changes,
    pool: handle.pool,
    errorReporter: reporter,
    erpKey: erp?.key ?? null,
    secrets,
    webDist: config.webDist,
    scheduler: true,
  })
  warnChangeFeed = (error) => app.log.warn({ err: error }, 'change notifications interrupted; in-memory caches are off until they resume')
  const mailer = startMailer({ db: handle.db, config }, app.log)
  await app.listen({ host: config.host, port: config.port })
  // npm run backup reaches the embedded database through this process (docs/decisions/0019-backups.md).
  const backups = handle.pglite ? await openBackupChannel({ pglite: handle.pglite, dataDir: config.dataDir, log: app.log }) : null

  const lines = [``, `Trade ordering portal is running at ${config.publicUrl} (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`]
  lines.push(`API documentation: ${config.publicUrl}/api/docs/ui`)
  lines.push(
    `Distributor: ${config.distributor.name}, ABN ${config.distributor.abn}${config.demo ? ' (the demo’s; DISTRIBUTOR_* settings make it your own)' : ''}`,
  )
  if (!config.production) lines.push(`E-mail outbox (development): ${config.publicUrl}/dev/outbox`)
  // Only the demo logins this database really has: a demo-mode portal on its ERP's data alone has none.
  const demoLogins = config.demo ? await presentDemoLogins(handle.db) : []
  if (demoLogins.length) {
    lines.push(``, `Demo logins:`)
    for (const l of demoLogins) lines.push(`  ${l.username.padEnd(8)} ${l.password.padEnd(12)} ${l.description}`)
    lines.push(``, `Back office (${config.publicUrl}/login with the e-mail, then a code of the demo TOTP secret ${DEMO_TOTP_SECRET}):`)
    for (const l of DEMO_BACK_OFFICE_LOGINS) lines.push(`  ${l.email.padEnd(32)} ${l.password.padEnd(14)} ${l.description}`)
  }
  if (erp?.source === 'demo') {
    // The demo key is as public as the demo logins: shown so that a newcomer can try the interchange at once.
    lines.push(``, `ERP interchange (demo key${erp.made ? ', made now' : ''}, kept in ${erp.file}; set ERP_API_KEY to choose your own):`)
    lines.push(`  curl -H 'Authorization: Bearer ${erp.key}' ${config.publicUrl}/api/erp/orders`)
  } else if (!erp) lines.push(`ERP interchange: off (set ERP_API_KEY, 32 or more characters, to turn on /api/erp)`)
  console.log(lines.join('\n') + '\n')

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    console.log(`${signal} received, shutting down...`)
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    try {
      await app.close()
      await mailer.stop()
      await changes.close()
      await backups?.close()
      await handle.close()
      await reporter?.flush()
    } finally {
      process.exit(0)
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
}

main().catch(async (err) => {
  console.error(err instanceof ConfigError ? err.message : err)
  // A setting at fault exits 2, as the commands do for their usage: nothing to retry until it is fixed.
  if (err instanceof ConfigError) process.exit(2)
  if (reporter) {
    reporter.captureError(err, { phase: 'start' })
    await reporter.flush()
  }
  process.exit(1)
})
