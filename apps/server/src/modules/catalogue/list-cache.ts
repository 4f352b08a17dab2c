import { Product } from '@portal/contract/catalogue'
import type { FastifyReply } from 'fastify'
import { z } from 'zod'
import type { Deps, Session } from '../../lib/context'

const ProductList = z.array(Product)

/**
 * Sends a product list page, from memory when this instance built the same page for the same
 * account lately and nothing it shows has changed since (prices, stock and visibility all tell the
 * caches when they change: lib/caches.ts). Pages are kept serialized, so a hit costs a lookup.
 * `page` names the page within the account: the list, its branch, page and size.
 */
export async function sendProductList(
  { caches }: Deps,
  reply: FastifyReply,
  session: Session,
  page: Array<string | number | undefined>,
  build: () => Promise<Product[]>,
): Promise<FastifyReply> {
  const cache = caches?.live ? caches.lists : undefined
  const key = JSON.stringify([session.accountId, session.isElders, ...page])
  let json = cache?.get(key)
  if (json === undefined) {
    const stamp = cache?.stamp() ?? 0
    json = JSON.stringify(ProductList.parse(await build()))
    cache?.set(key, json, stamp)
  }
  // A string with a JSON content type goes out as it is: Fastify does not serialize it again.
  return reply.type('application/json; charset=utf-8').send(json)
}
