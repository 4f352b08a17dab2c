import { describe, expect, it } from 'vitest'
import { aBrand } from '../../test/factories'
import { brandGroupLabels, brandGroupOf, groupBrands } from './brand-groups'

describe('the Brand menu groups', () => {
  it('are exactly the eight letter groups, in order', () => {
    expect(brandGroupLabels).toEqual(['A', 'B & C', 'D E F', 'G H I J', 'K L M N', 'O P Q R', 'S T U V', 'W Y Z'])
    expect(groupBrands([]).map((g) => g.label)).toEqual(brandGroupLabels)
  })

  it('put each brand in the group of its first letter, whatever the case', () => {
    const cases: [string, string][] = [
      ['Apparent', 'A'],
      ['bayer', 'B & C'],
      ['Coopers', 'B & C'],
      ['Dow', 'D E F'],
      ['Elanco', 'D E F'],
      ['Fort Dodge', 'D E F'],
      ['Gallagher', 'G H I J'],
      ['Heiniger', 'G H I J'],
      ['iO Animal Health', 'G H I J'],
      ['Jurox', 'G H I J'],
      ['Kelpie', 'K L M N'],
      ['Nufarm', 'K L M N'],
      ['Ospray', 'O P Q R'],
      ['Rhone', 'O P Q R'],
      ['Syngenta', 'S T U V'],
      ['Virbac', 'S T U V'],
      ['Waratah', 'W Y Z'],
      ['Yates', 'W Y Z'],
      ['Zoetis', 'W Y Z'],
    ]
    for (const [name, group] of cases) expect(brandGroupOf(name), name).toBe(group)
  })

  it('put X with W Y Z, and digits or symbols with A', () => {
    expect(brandGroupOf('Xtreme Feeds')).toBe('W Y Z')
    expect(brandGroupOf('3M')).toBe('A')
    expect(brandGroupOf('#1 Stockfeeds')).toBe('A')
  })

  it('ignore accents and leading spaces', () => {
    expect(brandGroupOf('Éclair Seeds')).toBe('D E F')
    expect(brandGroupOf('  Troy Labs')).toBe('S T U V')
  })

  it('list the brands of a group alphabetically', () => {
    const groups = groupBrands([aBrand('Coopers'), aBrand('Bayer'), aBrand('bioCare'), aBrand('Zoetis')])
    expect(groups.find((g) => g.label === 'B & C')?.brands.map((b) => b.Description)).toEqual(['Bayer', 'bioCare', 'Coopers'])
    expect(groups.find((g) => g.label === 'W Y Z')?.brands).toHaveLength(1)
    expect(groups.find((g) => g.label === 'A')?.brands).toEqual([])
  })
})
