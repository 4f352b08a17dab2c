import type { SiteInfo } from '@portal/contract/reference'

const PORTAL_GREEN = '#1f5f3a'

/** #rrggbb to [r, g, b] in 0..255; anything else is the portal's own green. */
function rgbOf(hex: string): [number, number, number] {
  const valid = /^#[0-9a-f]{6}$/i.test(hex) ? hex : PORTAL_GREEN
  return [1, 3, 5].map((i) => parseInt(valid.slice(i, i + 2), 16)) as [number, number, number]
}

const hexOf = (rgb: number[]) =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`

/** WCAG relative luminance. */
function luminance([r, g, b]: [number, number, number]): number {
  const linear = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4)
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/**
 * The accent tokens of global.css from one brand colour: the colour itself, a darker one for hover, a pale
 * one for highlighted rows, and the text colour on it that reads best (white, or near-black on a light colour).
 */
export function brandTokens(colour: string): Record<'--accent' | '--accent-strong' | '--accent-soft' | '--accent-contrast', string> {
  const rgb = rgbOf(colour)
  const contrastWithWhite = 1.05 / (luminance(rgb) + 0.05)
  return {
    '--accent': hexOf(rgb),
    '--accent-strong': hexOf(rgb.map((c) => c * 0.76)),
    '--accent-soft': hexOf(rgb.map((c) => c + (255 - c) * 0.9)),
    '--accent-contrast': contrastWithWhite >= 4.5 ? '#ffffff' : '#1d2520',
  }
}

/** Puts the distributor's brand colour on the page (the tokens and the browser's theme colour). */
export function applyBrand(site: Pick<SiteInfo, 'brandColour'>, doc: Document = document): void {
  for (const [name, value] of Object.entries(brandTokens(site.brandColour))) doc.documentElement.style.setProperty(name, value)
  doc.querySelector('meta[name="theme-color"]')?.setAttribute('content', brandTokens(site.brandColour)['--accent'])
}
