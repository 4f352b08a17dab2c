import { describe, expect, it } from 'vitest'
import { amountOf, checkResult, formFields, parseTimestamp, requestFingerprint, resultFingerprint, timestampOf } from './securepay'

describe('SecurePay Direct Post fingerprints', () => {
  it('signs a request as the design’s test vector does', () => {
    // ABC0010|abc123|0|Test Reference|1.00|20170307024842, keyed with abc123.
    const fingerprint = requestFingerprint('abc123', {
      merchant: 'ABC0010',
      txnType: '0',
      referenceId: 'Test Reference',
      amount: '1.00',
      timestamp: '20170307024842',
    })
    expect(fingerprint).toBe('dae18a7c6b223472c7a7c8116acbdbf1170a033c89f3b9b8f940069c453436de')
  })

  it('checks a result as the design’s test vector does', () => {
    // XYZ0010|abcd1234|ORDER-ZYX8|12.00|20190215173250|1, keyed with abcd1234.
    const fingerprint = resultFingerprint('abcd1234', {
      merchant: 'XYZ0010',
      referenceId: 'ORDER-ZYX8',
      amount: '12.00',
      timestamp: '20190215173250',
      summaryCode: '1',
    })
    expect(fingerprint).toBe('f4c6c0a4a3dd3a3dc1202b12d20b471d9595f587474a84c51e8916f86a9fc7a5')
  })

  it('writes timestamps in UTC as YYYYMMDDHHmmss and reads them back', () => {
    const date = new Date(Date.UTC(2017, 2, 7, 2, 48, 42))
    expect(timestampOf(date)).toBe('20170307024842')
    expect(parseTimestamp('20170307024842')?.getTime()).toBe(date.getTime())
    expect(parseTimestamp('20170230024842')).toBeNull()
    expect(parseTimestamp('2017-03-07')).toBeNull()
  })

  it('writes amounts with two decimals from cents', () => {
    expect(amountOf(100)).toBe('1.00')
    expect(amountOf(1205)).toBe('12.05')
    expect(amountOf(7)).toBe('0.07')
    expect(amountOf(123456789)).toBe('1234567.89')
  })

  it('gives the card form every hidden field, signed', () => {
    const fields = formFields(
      { url: 'https://test.api.securepay.com.au/directpost/authorise', merchantId: 'ABC0010', password: 'abc123' },
      { referenceId: 'Test Reference', amountCents: 100, timestamp: '20170307024842', resultUrl: 'https://portal.example/api/payments/callback' },
    )
    expect(fields).toEqual({
      EPS_MERCHANT: 'ABC0010',
      EPS_TXNTYPE: '0',
      EPS_REFERENCEID: 'Test Reference',
      EPS_AMOUNT: '1.00',
      EPS_TIMESTAMP: '20170307024842',
      EPS_FINGERPRINT: 'dae18a7c6b223472c7a7c8116acbdbf1170a033c89f3b9b8f940069c453436de',
      EPS_RESULTURL: 'https://portal.example/api/payments/callback',
      EPS_REDIRECT: 'TRUE',
      EPS_CURRENCY: 'AUD',
    })
  })
})

describe('believing a SecurePay result', () => {
  const settings = { url: 'https://test.api.securepay.com.au/directpost/authorise', merchantId: 'XYZ0010', password: 'abcd1234' }
  const sent = { referenceId: 'ORDER-ZYX8', amountCents: 1200, timestamp: '20190215172900' }
  const genuine = {
    merchant: 'XYZ0010',
    refid: 'ORDER-ZYX8',
    timestamp: '20190215173250',
    summarycode: '1',
    restext: 'Approved',
    txnid: '100417',
    fingerprint: 'f4c6c0a4a3dd3a3dc1202b12d20b471d9595f587474a84c51e8916f86a9fc7a5',
  }
  const now = new Date(Date.UTC(2019, 1, 15, 17, 40, 0))

  it('believes the provider’s genuine answer', () => {
    expect(checkResult(settings, sent, genuine, now)).toEqual({ valid: true, approved: true, responseText: 'Approved', transactionId: '100417' })
  })

  it('does not believe a changed summary code, reference, merchant or amount', () => {
    expect(checkResult(settings, sent, { ...genuine, summarycode: '2' }, now)).toEqual({ valid: false, reason: 'fingerprint' })
    expect(checkResult(settings, { ...sent, amountCents: 1100 }, genuine, now)).toEqual({ valid: false, reason: 'fingerprint' })
    expect(checkResult(settings, sent, { ...genuine, amount: '1.00' }, now)).toEqual({ valid: false, reason: 'amount' })
    expect(checkResult(settings, sent, { ...genuine, refid: 'ORDER-OTHER' }, now)).toEqual({ valid: false, reason: 'reference' })
    expect(checkResult(settings, sent, { ...genuine, merchant: 'ABC0010' }, now)).toEqual({ valid: false, reason: 'merchant' })
    expect(checkResult(settings, sent, { ...genuine, fingerprint: 'f4c6' }, now)).toEqual({ valid: false, reason: 'fingerprint' })
    expect(checkResult(settings, sent, { ...genuine, fingerprint: undefined }, now)).toEqual({ valid: false, reason: 'fingerprint' })
  })

  it('does not believe an answer from outside the request’s hour', () => {
    const later = new Date(Date.UTC(2019, 1, 15, 19, 0, 0))
    expect(checkResult(settings, sent, genuine, later)).toEqual({ valid: false, reason: 'timestamp' })
    expect(checkResult(settings, { ...sent, timestamp: '20190215180000' }, genuine, now)).toEqual({ valid: false, reason: 'timestamp' })
  })
})
