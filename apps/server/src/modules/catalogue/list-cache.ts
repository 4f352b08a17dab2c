import { Product } from '@portal/contract/catalogue'
import type { FastifyReply } from 'fastify'
import { z } from 'zod'
import type { Deps, Session } from '../../lib/context'
import { sendCachedJson } from '../../lib/json-cache'

const ProductList = z.array(Product)

/**
 * Sends a product list page, from memory when this instance built the same page for the same
 * account lately and nothing it shows has changed since (prices, stock and visibility all tell the
 * caches when they change: lib/caches.ts). `page` names the page within the account: the list, its
 * branch, page and size.
 */
export function sendProductList(
  { caches }: Deps,
  reply: FastifyReply,
  session: Session,
  page: Array<string | number | undefined>,
  build: () => Promise<z.infer<typeof ProductList>>,
): Promise<FastifyReply> {
  const key = JSON.stringify([session.accountId, session.isElders, ...page])
  return sendCachedJson(caches?.live ? caches.lists : undefined, reply, key, ProductList, build)
}
