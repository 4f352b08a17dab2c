/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Features depend on each other in one direction only (docs/decisions/0028-web-query-keys-and-boundaries.md): no
 * feature reaches itself through others, by a static or a dynamic import. The lint rule holds each import to a
 * feature's index.ts; this holds the graph they make.
 */

const features = resolve(import.meta.dirname)

function filesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return filesOf(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** Each feature and the features its files import (static, `export … from` and dynamic imports). */
export function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>()
  for (const feature of readdirSync(features, { withFileTypes: true }).filter((e) => e.isDirectory())) {
    const uses = new Set<string>()
    for (const file of filesOf(join(features, feature.name))) {
      const text = readFileSync(file, 'utf8')
      for (const match of text.matchAll(/(?:from\s+|import\s*\(\s*)['"](\.[^'"]+)['"]/g)) {
        const target = relative(features, resolve(dirname(file), match[1]!))
        const [first] = target.split(sep)
        if (!target.startsWith('..') && first && first !== feature.name) uses.add(first)
      }
    }
    graph.set(feature.name, uses)
  }
  return graph
}

/** A loop of features (the first repeated at the end), or null when there is none. */
export function loopIn(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>()
  const path: string[] = []
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node]
    state.set(node, 'open')
    path.push(node)
    for (const next of graph.get(node) ?? []) {
      const loop = visit(next)
      if (loop) return loop
    }
    path.pop()
    state.set(node, 'done')
    return null
  }
  for (const node of graph.keys()) {
    const loop = visit(node)
    if (loop) return loop
  }
  return null
}

describe('the features’ imports', () => {
  it('make no loop', () => {
    const graph = featureGraph()
    expect(graph.get('cart')).toContain('offline')
    expect(loopIn(graph)).toBeNull()
  })

  it('a loop is found', () => {
    const graph = new Map([
      ['cart', new Set(['offline'])],
      ['offline', new Set(['orders'])],
      ['orders', new Set(['cart'])],
    ])
    expect(loopIn(graph)).toEqual(['cart', 'offline', 'orders', 'cart'])
  })
})
