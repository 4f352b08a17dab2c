import { describe, expect, it } from 'vitest'
import { checkQuantity, typingError } from './quantity'

describe('a quantity field', () => {
  it('takes whole numbers from 1 to 99,999 as typed', () => {
    expect(checkQuantity('12')).toEqual({ quantity: 12 })
    expect(checkQuantity(' 007 ')).toEqual({ quantity: 7 })
    expect(checkQuantity('99999')).toEqual({ quantity: 99_999 })
  })

  it('says what is wrong with anything else, never reading it as another number', () => {
    for (const text of ['2.5', '2,5', '-2', '+2', '1e3', 'abc', '0', '0x10', '٣']) {
      expect(checkQuantity(text), text).toEqual({ error: 'Quantity must be a whole number of at least 1' })
    }
    expect(checkQuantity('100000')).toEqual({ error: 'Quantity can be at most 99,999' })
    expect(checkQuantity('  ')).toEqual({ error: 'Enter a quantity' })
  })

  it('lets 0 through for a cart line, where it removes the line', () => {
    expect(checkQuantity('0', { zero: true })).toEqual({ quantity: 0 })
    expect(checkQuantity('2.5', { zero: true })).toEqual({ error: 'Quantity must be a whole number (0 removes the line)' })
  })

  it('says nothing of a blank field while it is being typed in', () => {
    expect(typingError('')).toBeUndefined()
    expect(typingError('2.')).toBe('Quantity must be a whole number of at least 1')
    expect(typingError('3')).toBeUndefined()
  })
})
