import { describe, expect, it } from 'vitest'
import { parseCsv, readCsv } from './csv'

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

describe('CSV read a slice at a time', () => {
  const read = async (bytes: Uint8Array, limits?: Parameters<typeof readCsv>[1]) => {
    const records = []
    for await (const record of readCsv(bytes, limits)) records.push(record)
    return records
  }

  it('reads the same records and lines as a whole, across slices that cut a record and a character in two', async () => {
    const row = 'É-1,"Drench à l\'avermectine, 1 L","two\r\nlines"\r\n'
    const text = `\uFEFFCode,Name,Notes\r\n\r\n${row.repeat(3000)}`
    const records = await read(Buffer.from(text))
    expect(records).toEqual(parseCsv(text).records)
    expect(records).toHaveLength(3001)
    expect(records[1]).toEqual({ line: 3, fields: ['É-1', "Drench à l'avermectine, 1 L", 'two\r\nlines'] })
    expect(records[3000]!.line).toBe(3 + 2 * 2999)
  })

  it('stops at a record longer than the limit, before holding it, with the line it starts on', async () => {
    const bytes = Buffer.concat([Buffer.from('a,b\n1,2\n'), Buffer.alloc(3 * 1024 * 1024, ',')])
    await expect(read(bytes, { maxRecordBytes: 1024 * 1024, maxRecords: 10 })).rejects.toMatchObject({ line: 3, reason: 'record-too-long' })
  })

  it('stops at the record past the most records', async () => {
    await expect(read(Buffer.from('a\n1\n2\n3\n'), { maxRecordBytes: 1024, maxRecords: 3 })).rejects.toMatchObject({ line: 4, reason: 'too-many-records' })
  })

  it('names the line of a quote never closed', async () => {
    await expect(read(Buffer.from('a\n"open\n\nstill'))).rejects.toMatchObject({ line: 2, reason: 'quote-not-closed' })
  })
})
