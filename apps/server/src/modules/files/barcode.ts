/**
 * Barcode symbols drawn as SVG: EAN-13 for a 13-digit value whose check digit is right, Code 128
 * (code set B) for anything else printable. Pure functions; the module widths are the standards'.
 */

const EAN_L = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011']
const EAN_G = ['0100111', '0110011', '0011011', '0100001', '0011101', '0111001', '0000101', '0010001', '0001001', '0010111']
const EAN_R = ['1110010', '1100110', '1101100', '1000010', '1011100', '1001110', '1010000', '1000100', '1001000', '1110100']
/** The first digit is not drawn: it decides which of the next six use the L or the G code. */
const EAN_PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL']

/** Bar and space widths (bar first) of the Code 128 symbol values 0-106; 106 is the stop with its final bar. */
// prettier-ignore
const CODE128 = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
]
const START_B = 104
const STOP = 106

export type Symbology = 'EAN-13' | 'Code 128'

/** The GS1 check digit of the first twelve digits (weights 1 and 3 from the left). */
export function ean13CheckDigit(first12: string): number {
  let sum = 0
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3)
  return (10 - (sum % 10)) % 10
}

export function isEan13(value: string): boolean {
  return /^\d{13}$/.test(value) && ean13CheckDigit(value.slice(0, 12)) === Number(value[12])
}

/** Code set B holds the printable ASCII characters. */
export function encodableAsCode128(value: string): boolean {
  return value.length > 0 && /^[\x20-\x7e]+$/.test(value)
}

export const symbologyOf = (value: string): Symbology | null => (isEan13(value) ? 'EAN-13' : encodableAsCode128(value) ? 'Code 128' : null)

/** The 95 modules of an EAN-13 symbol, '1' a bar and '0' a space, guards included. */
export function ean13Modules(value: string): string {
  if (!isEan13(value)) throw new Error(`${value} is not a valid EAN-13`)
  const parity = EAN_PARITY[Number(value[0])]!
  let modules = '101'
  for (let i = 1; i <= 6; i++) modules += (parity[i - 1] === 'L' ? EAN_L : EAN_G)[Number(value[i])]!
  modules += '01010'
  for (let i = 7; i <= 12; i++) modules += EAN_R[Number(value[i])]!
  return modules + '101'
}

/** Start B, one symbol per character, the modulo-103 check symbol, stop. */
export function code128Values(value: string): number[] {
  if (!encodableAsCode128(value)) throw new Error('Code 128 set B takes printable ASCII only')
  const data = [...value].map((c) => c.charCodeAt(0) - 32)
  const check = data.reduce((sum, v, i) => sum + v * (i + 1), START_B) % 103
  return [START_B, ...data, check, STOP]
}

export function code128Modules(value: string): string {
  return code128Values(value)
    .map((symbol) => [...CODE128[symbol]!].map((width, i) => (i % 2 === 0 ? '1' : '0').repeat(Number(width))).join(''))
    .join('')
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Runs of bars as one path: each bar a rectangle from y 0 to its height. */
function barsPath(modules: string, offset: number, heightAt: (index: number) => number): string {
  let path = ''
  for (let i = 0; i < modules.length;) {
    if (modules[i] !== '1') {
      i++
      continue
    }
    let end = i
    while (modules[end] === '1') end++
    path += `M${offset + i} 0h${end - i}v${heightAt(i)}h-${end - i}z`
    i = end
  }
  return path
}

const MODULE_PX = 2
const BAR_HEIGHT = 60
const TEXT = 'font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="11" fill="#000"'

function svg(width: number, height: number, label: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width * MODULE_PX}" height="${height * MODULE_PX}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(label)}"><rect width="${width}" height="${height}" fill="#fff"/>${body}</svg>`
}

/** EAN-13 as printed on packs: quiet zones of 11 and 7 modules, longer guard bars, the digits below. */
function ean13Svg(value: string): string {
  const modules = ean13Modules(value)
  const left = 11
  const width = left + 95 + 7
  const guard = (i: number) => i < 3 || (i >= 45 && i < 50) || i >= 92
  const path = barsPath(modules, left, (i) => (guard(i) ? BAR_HEIGHT + 5 : BAR_HEIGHT))
  const y = BAR_HEIGHT + 12
  const text = [
    `<text x="${left - 2}" y="${y}" text-anchor="end" ${TEXT}>${value[0]}</text>`,
    `<text x="${left + 3 + 21}" y="${y}" text-anchor="middle" textLength="38" ${TEXT}>${value.slice(1, 7)}</text>`,
    `<text x="${left + 50 + 21}" y="${y}" text-anchor="middle" textLength="38" ${TEXT}>${value.slice(7)}</text>`,
  ].join('')
  return svg(width, BAR_HEIGHT + 16, `EAN-13 barcode ${value}`, `<path d="${path}" fill="#000"/>${text}`)
}

function code128Svg(value: string): string {
  const modules = code128Modules(value)
  const quiet = 10
  const width = quiet * 2 + modules.length
  const path = barsPath(modules, quiet, () => BAR_HEIGHT)
  const text = `<text x="${width / 2}" y="${BAR_HEIGHT + 12}" text-anchor="middle" ${TEXT}>${escapeXml(value)}</text>`
  return svg(width, BAR_HEIGHT + 16, `Code 128 barcode ${value}`, `<path d="${path}" fill="#000"/>${text}`)
}

/** The symbol for a value, or null when neither symbology can carry it. */
export function barcodeSvg(value: string): { symbology: Symbology; svg: string } | null {
  const symbology = symbologyOf(value)
  if (!symbology) return null
  return { symbology, svg: symbology === 'EAN-13' ? ean13Svg(value) : code128Svg(value) }
}
