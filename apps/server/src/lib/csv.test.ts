import { describe, expect, it } from 'vitest'
import { parseCsv } from './csv'

describe('CSV as an editor counts lines', () => {
  it('reads a header and records, with or without a byte-order mark, CRLF or LF, and a last line without a break', () => {
    for (const text of ['\uFEFFa,b\r\n1,2\r\n3,4', 'a,b\n1,2\n3,4\n']) {
      expect(parseCsv(text)).toEqual({
        records: [
          { line: 1, fields: ['a', 'b'] },
          { line: 2, fields: ['1', '2'] },
          { line: 3, fields: ['3', '4'] },
        ],
      })
    }
  })

  it('keeps quoted commas, doubled quotes and line breaks, and counts the breaks for the next record', () => {
    const { records } = parseCsv('Code,Text\nA,"one, ""two""\nthree\r\nfour"\nB,""\n')
    expect(records).toEqual([
      { line: 1, fields: ['Code', 'Text'] },
      { line: 2, fields: ['A', 'one, "two"\nthree\r\nfour'] },
      { line: 5, fields: ['B', ''] },
    ])
  })

  it('names the line of a quote never closed and of a stray quote', () => {
    expect(parseCsv('a\n"open\n\nstill').error).toEqual({ line: 2, message: 'a quoted field is never closed' })
    expect(parseCsv('a,b\nx,ab"c\n').error?.line).toBe(2)
    expect(parseCsv('a,b\n"x"y,1\n').error?.line).toBe(2)
  })
})
