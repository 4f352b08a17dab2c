import { parentPort } from 'node:worker_threads'
import { indexData, movedArrays, type IndexedGroup, type IndexedProduct, type SynonymRow } from './search-index'

/**
 * A worker thread that builds a search index's data (decision 0065): what it is given in one message, the index's
 * data in its one answer, its typed arrays moved rather than copied. The server's thread meanwhile answers
 * requests from the index it has.
 */
export interface IndexInput {
  products: IndexedProduct[]
  groups: IndexedGroup[]
  synonyms: SynonymRow[]
}

parentPort?.once('message', ({ products, groups, synonyms }: IndexInput) => {
  const data = indexData(products, groups, synonyms)
  parentPort!.postMessage(data, movedArrays(data))
})
