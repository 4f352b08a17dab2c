import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/
/** Below this the headers outweigh the saving. */
const MIN_BYTES = 1024

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* files(path)
    else yield path
  }
}

/**
 * Writes `name.br` (brotli, best) and `name.gz` (gzip, best) next to every text file of the build, so that the
 * server sends them as they are (@fastify/static's preCompressed) instead of compressing on every request.
 * A compressed copy that is not smaller is left out. Source maps are not compressed: browsers rarely ask.
 */
export function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      const jobs: Promise<void>[] = []
      for await (const path of files(outDir)) {
        if (!COMPRESSIBLE.test(path)) continue
        jobs.push(
          (async () => {
            const content = await readFile(path)
            if (content.length < MIN_BYTES) return
            const [br, gz] = await Promise.all([
              brotli(content, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                },
              }),
              gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
            ])
            if (br.length < content.length) await writeFile(`${path}.br`, br)
            if (gz.length < content.length) await writeFile(`${path}.gz`, gz)
          })(),
        )
      }
      await Promise.all(jobs)
    },
  }
}
