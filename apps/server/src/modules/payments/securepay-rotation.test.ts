import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../config'
import { checkResult, formFields } from './securepay'

/** Rotating SecurePay's transaction password without losing a paid order (docs/deployment.md). */
describe('rotating the SecurePay transaction password', () => {
  // The design's result vector: signed by the provider with abcd1234.
  const sent = { referenceId: 'ORDER-ZYX8', amountCents: 1200, timestamp: '20190215172900' }
  const result = {
    merchant: 'XYZ0010',
    refid: 'ORDER-ZYX8',
    timestamp: '20190215173250',
    summarycode: '1',
    restext: 'Approved',
    txnid: '100417',
    fingerprint: 'f4c6c0a4a3dd3a3dc1202b12d20b471d9595f587474a84c51e8916f86a9fc7a5',
  }
  const now = new Date(Date.UTC(2019, 1, 15, 17, 40, 0))
  const settings = (password: string, nextPassword?: string) => ({
    url: 'https://test.api.securepay.com.au/directpost/authorise',
    merchantId: 'XYZ0010',
    password,
    ...(nextPassword ? { nextPassword } : {}),
  })

  it('believes a result signed with the next password once it is configured, and one signed with the current password', () => {
    expect(checkResult(settings('old-password'), sent, result, now)).toEqual({ valid: false, reason: 'fingerprint' })
    expect(checkResult(settings('old-password', 'abcd1234'), sent, result, now)).toMatchObject({ valid: true, approved: true })
    expect(checkResult(settings('abcd1234', 'newer-password'), sent, result, now)).toMatchObject({ valid: true, approved: true })
    expect(checkResult(settings('old-password', 'other-password'), sent, result, now)).toEqual({ valid: false, reason: 'fingerprint' })
  })

  it('keeps signing the card form with the current password until it is replaced', () => {
    const fields = (s: ReturnType<typeof settings>) =>
      formFields(s, { referenceId: 'Test Reference', amountCents: 100, timestamp: '20170307024842', resultUrl: 'https://portal.example/api/payments/callback' })
    expect(fields(settings('abc123', 'next-one')).EPS_FINGERPRINT).toBe(fields(settings('abc123')).EPS_FINGERPRINT)
  })

  it('reads SECUREPAY_NEXT_PASSWORD from the environment', () => {
    const config = loadConfig({ SECUREPAY_PASSWORD: 'current-one', SECUREPAY_NEXT_PASSWORD: 'next-one' })
    expect(config.payments.securepay).toMatchObject({ password: 'current-one', nextPassword: 'next-one' })
    expect(loadConfig({ SECUREPAY_PASSWORD: 'current-one' }).payments.securepay).not.toHaveProperty('nextPassword')
  })
})
