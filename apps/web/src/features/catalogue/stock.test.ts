import { describe, expect, it } from 'vitest'
import { isCashUser } from './stock'

describe('a cash-sale account', () => {
  it('is sales category CAS, whatever the case', () => {
    expect(isCashUser({ SalesCategory: 'CAS' })).toBe(true)
    expect(isCashUser({ SalesCategory: 'cas ' })).toBe(true)
    expect(isCashUser({ SalesCategory: 'TRADE' })).toBe(false)
  })
})
