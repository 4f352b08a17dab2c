import { describe, expect, it } from 'vitest'
import { isCashUser, parseQuantity } from './stock'

describe('a typed quantity', () => {
  it('is a whole number of at least 1, else 1', () => {
    expect(parseQuantity('12')).toBe(12)
    for (const bad of ['0', '-3', '1.5', 'abc', '', ' ']) expect(parseQuantity(bad)).toBe(1)
  })
})

describe('a cash-sale account', () => {
  it('is sales category CAS, whatever the case', () => {
    expect(isCashUser({ SalesCategory: 'CAS' })).toBe(true)
    expect(isCashUser({ SalesCategory: 'cas ' })).toBe(true)
    expect(isCashUser({ SalesCategory: 'TRADE' })).toBe(false)
  })
})
