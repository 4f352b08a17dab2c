import { describe, expect, it } from 'vitest'
import { imageVersion, productImageUrl } from './images'

describe('the weekly image version', () => {
  it('is the ISO year and week, changing on Mondays', () => {
    expect(imageVersion(new Date(2026, 10, 21))).toBe('202647') // Saturday 21 November 2026
    expect(imageVersion(new Date(2026, 10, 22))).toBe('202647') // Sunday
    expect(imageVersion(new Date(2026, 10, 23))).toBe('202648') // Monday
  })

  it('gives the first days of January to the last week of the year before when the week began then', () => {
    expect(imageVersion(new Date(2027, 0, 1))).toBe('202653') // Friday: 2026 has 53 ISO weeks
    expect(imageVersion(new Date(2027, 0, 4))).toBe('202701')
    expect(imageVersion(new Date(2025, 11, 29))).toBe('202601') // Monday 29 December 2025 starts week 1 of 2026
  })

  it('keys the image address', () => {
    expect(productImageUrl(42, 250, '202647')).toBe('/api/product/42/image?width=250&v=202647')
  })
})
