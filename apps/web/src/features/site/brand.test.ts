import { describe, expect, it } from 'vitest'
import { applyBrand, brandTokens } from './brand'

describe("the distributor's brand colour", () => {
  it('makes the accent tokens, with white or dark text on it as reads best', () => {
    expect(brandTokens('#7a3b12')).toEqual({ '--accent': '#7a3b12', '--accent-strong': '#5d2d0e', '--accent-soft': '#f2ebe7', '--accent-contrast': '#ffffff' })
    expect(brandTokens('#f2c200')['--accent-contrast']).toBe('#1d2520')
  })

  it('puts them on the page and in the theme colour', () => {
    const meta = document.createElement('meta')
    meta.name = 'theme-color'
    meta.content = '#1f5f3a'
    document.head.append(meta)
    applyBrand({ brandColour: '#7a3b12' })
    expect(document.documentElement.style.getPropertyValue('--accent')).toBe('#7a3b12')
    expect(meta.content).toBe('#7a3b12')
    meta.remove()
  })
})
