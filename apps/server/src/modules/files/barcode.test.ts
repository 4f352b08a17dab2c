import { describe, expect, it } from 'vitest'
import { barcodeSvg, code128Modules, code128Values, ean13CheckDigit, ean13Modules, isEan13 } from './barcode'

/** Reads the modules back: the widths of each run of bars and spaces. */
const runs = (modules: string) => modules.match(/1+|0+/g)!.map((run) => run.length)

describe('EAN-13', () => {
  it('computes the GS1 check digit', () => {
    expect(ean13CheckDigit('400638133393')).toBe(1)
    expect(ean13CheckDigit('931000000000')).toBe(1)
    expect(isEan13('4006381333931')).toBe(true)
    expect(isEan13('4006381333932')).toBe(false)
    expect(isEan13('400638133393')).toBe(false)
  })

  it('draws 95 modules: guards, six left digits in the parity of the first, centre guard, six right digits', () => {
    const modules = ean13Modules('4006381333931')
    expect(modules).toHaveLength(95)
    expect(modules.slice(0, 3)).toBe('101')
    expect(modules.slice(45, 50)).toBe('01010')
    expect(modules.slice(92)).toBe('101')
    // First digit 4 gives the parity LGLLGG: digit 0 in G code is 0100111, then 0 in L code is 0001101.
    expect(modules.slice(3, 10)).toBe('0001101')
    expect(modules.slice(10, 17)).toBe('0100111')
    // Right-hand digits use the R code: the last digit, 1, is 1100110.
    expect(modules.slice(85, 92)).toBe('1100110')
  })
})

describe('Code 128', () => {
  it('uses code set B with the modulo-103 check symbol', () => {
    // Start B (104); 'P' = 48, 'J' = 42; check = (104 + 48*1 + 42*2) % 103 = 30; stop 106.
    expect(code128Values('PJ')).toEqual([104, 48, 42, 30, 106])
    expect(code128Values('AB-1')).toEqual([104, 33, 34, 13, 17, (104 + 33 + 34 * 2 + 13 * 3 + 17 * 4) % 103, 106])
  })

  it('draws every symbol 11 modules wide and the stop 13, starting and ending with a bar', () => {
    const modules = code128Modules('IVO-OD-5L')
    expect(modules).toHaveLength(11 * (1 + 9 + 1) + 13)
    expect(modules.startsWith('11010010000')).toBe(true)
    expect(modules.endsWith('1100011101011')).toBe(true)
    expect(runs(modules).every((w) => w >= 1 && w <= 4)).toBe(true)
  })

  it('refuses what set B cannot carry', () => {
    expect(() => code128Values('Café')).toThrow()
    expect(() => code128Values('')).toThrow()
  })
})

describe('the barcode picture', () => {
  it('is EAN-13 for a valid 13-digit value and Code 128 otherwise, as escaped SVG', () => {
    expect(barcodeSvg('9310000000018')?.symbology).toBe('EAN-13')
    expect(barcodeSvg('9310000000011')?.symbology).toBe('Code 128')
    const code = barcodeSvg('A<&>"B')!
    expect(code.symbology).toBe('Code 128')
    expect(code.svg).toContain('A&lt;&amp;&gt;&quot;B')
    expect(code.svg).not.toContain('A<&')
    expect(barcodeSvg('Ünïcode')).toBeNull()
  })
})
