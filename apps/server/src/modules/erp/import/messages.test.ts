import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { editDistance, nearest } from '../../../lib/nearest'
import { MESSAGES } from './messages'

const REFERENCE = readFileSync(new URL('../../../../../../docs/erp-interchange.md', import.meta.url), 'utf8')

describe('the messages of the import', () => {
  it('are each explained in docs/erp-interchange.md, in every form', () => {
    const missing = Object.entries(MESSAGES).flatMap(([key, m]) => m.docs.filter((doc) => !REFERENCE.includes(`\`${doc}\``)).map((doc) => `${key}: ${doc}`))
    expect(missing).toEqual([])
  })

  it('cite the reference in the repository, never a document outside it', () => {
    const texts = Object.values(MESSAGES).flatMap((m) => m.docs)
    expect(texts.filter((t) => /design|section \d|spec/i.test(t))).toEqual([])
    expect(MESSAGES.notInterchange()).toContain('docs/erp-interchange.md')
  })
})

describe('the nearest code', () => {
  it('counts a swap of two neighbours as one edit', () => {
    expect(editDistance('calf-rearng', 'calf-rearing')).toBe(1)
    expect(editDistance('HMA', 'HAM')).toBe(1)
    expect(editDistance('abc', 'xyz', 1)).toBe(2)
  })

  it('suggests the one near match without regard to case, and none when two are as near or none is near', () => {
    expect(nearest('calf-rearng', ['animal-health', 'calf-rearing', 'drenches'])).toBe('calf-rearing')
    expect(nearest('ham', ['HAM', 'TRG', 'PNR'])).toBe('HAM')
    expect(nearest('HAX', ['HAM', 'HAN'])).toBeNull()
    expect(nearest('fencing-wire', ['drenches', 'animal-health'])).toBeNull()
  })
})
