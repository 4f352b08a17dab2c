import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

describe('configuration', () => {
  it('has working defaults for one machine', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({ port: 3000, dataDir: './data', demo: true, production: false, publicUrl: 'http://localhost:3000' })
    expect(config.databaseUrl).toBeUndefined()
  })

  it('stops on a bad value with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError)
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => loadConfig({ DATABASE_URL: 'mysql://localhost/db' })).toThrow(/DATABASE_URL: must start with postgres/)
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com' })).toThrow(/SMTP_URL/)
    expect(() => loadConfig({ DEMO_MODE: 'perhaps' })).toThrow(/DEMO_MODE/)
  })

  it('never has demo logins in production mode', () => {
    expect(loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'true' }).demo).toBe(false)
    expect(loadConfig({ DEMO_MODE: 'false' }).demo).toBe(false)
  })

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000)
  })
})
