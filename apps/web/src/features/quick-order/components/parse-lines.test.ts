import writeExcelFile from 'write-excel-file/universal'
import { describe, expect, it } from 'vitest'
import { cellText, parseLines, readFileLines } from './parse-lines'

describe('reading pasted lines', () => {
  it('takes code and quantity separated by a tab, a comma, a semicolon or spaces', () => {
    expect(parseLines('IVO-PLUS-500\t4\nFMH-SH-18M,2\nCOOP-DRN-5L; 3\nBAY-ANT-1L   12')).toEqual([
      { code: 'IVO-PLUS-500', qty: '4' },
      { code: 'FMH-SH-18M', qty: '2' },
      { code: 'COOP-DRN-5L', qty: '3' },
      { code: 'BAY-ANT-1L', qty: '12' },
    ])
  })

  it('skips a header line, whatever words it uses for the columns, and follows its column order', () => {
    expect(parseLines('Code\tQty\nA-1\t2')).toEqual([{ code: 'A-1', qty: '2' }])
    expect(parseLines('Item, How many\nA-1, 2')).toEqual([{ code: 'A-1', qty: '2' }])
    expect(parseLines('Description;Quantity;Product Code\nDrench 5L;6;A-1\nHose;1;B-2')).toEqual([
      { code: 'A-1', qty: '6' },
      { code: 'B-2', qty: '1' },
    ])
  })

  it('finds the header row below title rows, leaving the rows above it out', () => {
    const form = [
      'Riverina Rural Supply - order form',
      'Customer:,Smith Farm Store',
      'Date:,2026-03-02',
      '',
      'Description,Qty,Item Code',
      'Drench 5L,6,A-1',
      'Hose,1,B-2',
    ].join('\n')
    expect(parseLines(form)).toEqual([
      { code: 'A-1', qty: '6' },
      { code: 'B-2', qty: '1' },
    ])
    // Columns named by the header keep their meaning whatever is above them.
    expect(parseLines('Weekly order\nQuantity\tSKU\n3\tC-3')).toEqual([{ code: 'C-3', qty: '3' }])
  })

  it('leaves out blank lines, reads quoted cells, and takes 1 where no quantity is given', () => {
    expect(parseLines('\uFEFF"A-1","1"\r\n\r\n"B,2",3\r\nC-3\n   \n')).toEqual([
      { code: 'A-1', qty: '1' },
      { code: 'B,2', qty: '3' },
      { code: 'C-3', qty: '1' },
    ])
  })

  it('keeps a quantity the server will refuse as it was written, to be reported', () => {
    expect(parseLines('A-1\t2.5\nB-2\t-1\nC-3\tlots')).toEqual([
      { code: 'A-1', qty: '2.5' },
      { code: 'B-2', qty: '-1' },
      { code: 'C-3', qty: 'lots' },
    ])
  })

  it('writes long barcodes from a sheet without an exponent', () => {
    expect(cellText(9310000000018)).toBe('9310000000018')
    expect(cellText(2.5)).toBe('2.5')
    expect(cellText(null)).toBe('')
  })
})

describe('reading an uploaded file', () => {
  it('reads an .xlsx sheet with a header row', async () => {
    const blob = await writeExcelFile([
      [{ value: 'Product Code' }, { value: 'Description' }, { value: 'Qty' }],
      [{ value: 'IVO-PLUS-500' }, { value: 'Ivomec Plus' }, { value: 4, type: Number }],
      [{ value: 9310000000018, type: Number }, { value: 'By barcode' }, { value: 2, type: Number }],
    ]).toBlob()
    const file = new File([blob], 'order.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })
    expect(await readFileLines(file)).toEqual([
      { code: 'IVO-PLUS-500', qty: '4' },
      { code: '9310000000018', qty: '2' },
    ])
  })

  it('reads an .xlsx sheet whose header row is below a title and a customer row', async () => {
    const blob = await writeExcelFile([
      [{ value: 'Order for Smith Farm Store' }],
      [{ value: 'Account' }, { value: 12345, type: Number }],
      [],
      [{ value: 'Product Code' }, { value: 'Description' }, { value: 'Order Qty' }],
      [{ value: 'IVO-PLUS-500' }, { value: 'Ivomec Plus' }, { value: 4, type: Number }],
      [{ value: 'FMH-SH-18M' }, { value: 'Hose' }, { value: 2, type: Number }],
    ]).toBlob()
    const file = new File([blob], 'order-form.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })
    expect(await readFileLines(file)).toEqual([
      { code: 'IVO-PLUS-500', qty: '4' },
      { code: 'FMH-SH-18M', qty: '2' },
    ])
  })

  it('reads a .csv file, and refuses other kinds', async () => {
    expect(await readFileLines(new File(['code,qty\nA-1,3\n'], 'order.csv', { type: 'text/csv' }))).toEqual([{ code: 'A-1', qty: '3' }])
    await expect(readFileLines(new File(['x'], 'order.pdf', { type: 'application/pdf' }))).rejects.toThrow('Choose a .csv or .xlsx file.')
  })
})
