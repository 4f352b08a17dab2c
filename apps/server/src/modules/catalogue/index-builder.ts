import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { SearchIndex, type IndexedGroup, type IndexedProduct, type SearchIndexData, type SynonymRow } from './search-index'
import type { IndexInput } from './search-index-worker'

/** The worker's script beside the server's bundle (build.mjs makes dist/search-index-worker.js). */
const BUNDLED_WORKER = new URL('./search-index-worker.js', import.meta.url)

/** The most heap a build's worker may take: a catalogue of 50,000 products needs about a third of it. */
const WORKER_HEAP_MIB = 256

export interface WorkerScript {
  url: URL
}

/** The bundled worker when there is one (the built server); else none, and indexes are built on this thread. */
export const bundledWorker = (): WorkerScript | null => (existsSync(fileURLToPath(BUNDLED_WORKER)) ? { url: BUNDLED_WORKER } : null)

/**
 * Builds a search index on a worker thread of its own, so that the server's thread goes on answering while the
 * words of 50,000 products are gathered (0.7-1 s; decision 0065): it only sends the rows and takes the built
 * arrays back. Without a worker script the index is built here; so it is when the worker fails, which `failed`
 * is told.
 */
export async function buildIndex(
  products: IndexedProduct[],
  groups: IndexedGroup[],
  synonyms: SynonymRow[],
  { script = bundledWorker(), failed = () => {} }: { script?: WorkerScript | null; failed?: (error: unknown) => void } = {},
): Promise<SearchIndex> {
  if (!script) return SearchIndex.build(products, groups, synonyms)
  try {
    return new SearchIndex(await onWorker(script, { products, groups, synonyms }))
  } catch (error) {
    failed(error)
    return SearchIndex.build(products, groups, synonyms)
  }
}

function onWorker(script: WorkerScript, input: IndexInput): Promise<SearchIndexData> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(script.url, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MIB } })
    let settled = false
    const settle = (end: () => void) => {
      if (settled) return
      settled = true
      end()
      void worker.terminate()
    }
    worker.once('message', (data: SearchIndexData) => settle(() => resolve(data)))
    worker.once('error', (error) => settle(() => reject(error)))
    worker.once('exit', (code) => settle(() => reject(new Error(`the search index's worker stopped (${code}) before answering`))))
    worker.postMessage(input)
  })
}
