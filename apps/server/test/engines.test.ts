import { readFileSync } from 'node:fs'
import semver from 'semver'
import { describe, expect, it } from 'vitest'

// The README promises Node.js 20.19 or later: every package npm installs must say it runs there, or `npm install`
// warns EBADENGINE (as it did before decision 0026, and again with @zxing/library 0.23, which declares Node 24).
const root = new URL('../../../', import.meta.url)
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, { engines?: Record<string, string> | string[]; dev?: boolean; optional?: boolean }>
}
const promised = (JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } }).engines.node
const readme = readFileSync(new URL('README.md', root), 'utf8')

describe('the Node.js version the README promises', () => {
  it('is the lowest version the root package’s engines.node allows', () => {
    // "Needs Node.js 20.19 or later and npm." in the README's first steps.
    const sentence = /Node\.js (\d+(?:\.\d+){0,2}) or (?:later|newer)/.exec(readme)
    expect(sentence, 'README.md names no "Node.js <version> or later"').not.toBeNull()
    const inReadme = semver.coerce(sentence![1])!.version
    expect(semver.validRange(promised), `engines.node ${promised} is not a version range`).not.toBeNull()
    expect(semver.minVersion(promised)?.version).toBe(inReadme)
  })

  it('is one every installed package declares it runs on', () => {
    const lowest = semver.minVersion(promised)!.version
    const refusing = Object.entries(lock.packages)
      .filter(([path]) => path.includes('node_modules/'))
      .flatMap(([path, pkg]) => {
        const range = pkg.engines && !Array.isArray(pkg.engines) ? pkg.engines.node : undefined
        return range && !semver.satisfies(lowest, range) ? [`${path.replace(/^.*node_modules\//, '')} wants node ${range}`] : []
      })
    expect(refusing).toEqual([])
  })
})
