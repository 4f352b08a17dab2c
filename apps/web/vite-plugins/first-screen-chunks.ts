import { basename, resolve } from 'node:path'
import type { Plugin } from 'vite'

type Group = { name: string; test: (id: string) => boolean }

const clean = (id: string) => id.replace(/\?.*$/, '')

/**
 * Fewer, larger chunks for the first screen. The early entry (src/preload-screen.ts) imports the screens too, so
 * every module that index.html's entry shares with a screen became a chunk of its own: some 30 files of 0.3-5 KB
 * on the home page, which on HTTP/1.1 (six connections a host) queue behind each other, a round trip each. The
 * module graph is read once the build has it (buildEnd), and the app's modules are grouped:
 *  - `core`: what the app's entry (src/main.tsx) imports, statically, at any depth: every page loads it;
 *  - `frame`: what the signed-in frame imports, itself included, that is not in core: every signed-in screen;
 *  - `screens`: what two or more of the first screens (those the early entry fetches) import, not above;
 *  - `<screen>-deps`, for each of those screens: what else it imports that another screen shares (the rest goes
 *    into the screen's own chunk anyway).
 * Libraries are left to the groups before these (React, TanStack Query, zod) or go with the app modules that use them.
 * `groups` goes into build.rolldownOptions.output.codeSplitting.groups, after the libraries' groups.
 */
export function firstScreenChunks(options: { entry: string; frame: string; screens: string[] }) {
  const core = new Set<string>()
  const frame = new Set<string>()
  const screens = new Set<string>()
  const own = new Map<string, Set<string>>(options.screens.map((file) => [file, new Set<string>()]))
  let root = process.cwd()
  const plugin: Plugin = {
    name: 'portal:first-screen-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root
    },
    buildStart() {
      for (const set of [core, frame, screens, ...own.values()]) set.clear()
    },
    buildEnd() {
      const isApp = (id: string) => clean(id).startsWith(`${resolve(root, 'src')}/`)
      const closure = (start: string) => {
        const seen = new Set<string>()
        const stack = [start]
        while (stack.length) {
          const id = stack.pop() as string
          if (seen.has(id)) continue
          seen.add(id)
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) if (isApp(next)) stack.push(next)
        }
        seen.delete(start)
        return seen
      }
      const find = (file: string) => {
        const path = resolve(root, file)
        const id = [...this.getModuleIds()].find((m) => clean(m) === path)
        if (!id) throw new Error(`portal:first-screen-chunks: ${file} is not in the build`)
        return id
      }
      for (const id of closure(find(options.entry))) core.add(id)
      const frameId = find(options.frame)
      for (const id of [frameId, ...closure(frameId)]) if (!core.has(id)) frame.add(id)
      const closures = new Map(options.screens.map((file) => [file, closure(find(file))]))
      const count = new Map<string, number>()
      for (const ids of closures.values()) for (const id of ids) count.set(id, (count.get(id) ?? 0) + 1)
      const taken = (id: string) => core.has(id) || frame.has(id) || screens.has(id)
      for (const [id, n] of count) if (n >= 2 && !taken(id)) screens.add(id)
      for (const [file, ids] of closures) for (const id of ids) if (!taken(id)) own.get(file)?.add(id)
    },
  }
  const groups: Group[] = [
    { name: 'core', test: (id) => core.has(id) },
    { name: 'frame', test: (id) => frame.has(id) },
    { name: 'screens', test: (id) => screens.has(id) },
    ...options.screens.map((file) => ({
      name: `${basename(file).replace(/\.\w+$/, '')}-deps`,
      test: (id: string) => own.get(file)?.has(id) ?? false,
    })),
  ]
  return { plugin, groups }
}
