import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query'
import { SEARCH_CORRECTION_HEADER, type Product, type SearchBody } from '@portal/contract/catalogue'
import { LIST_PAGE_SIZE } from '@portal/contract/constants'
import { api } from '../../../lib/api'
import { catalogueKeys } from './query-keys'
import { nextPage, PAGED_LIST_GC_MS } from './product-pages'

export interface SearchPage {
  products: Product[]
  /** The query as the server corrected it, when its best results needed corrected words. */
  correction: string | null
}

export const searchProducts = async (text: string, warehouse: string, page: number, signal?: AbortSignal): Promise<SearchPage> => {
  const { data, headers } = await api.postWithHeaders<Product[]>('search', { search: text } satisfies SearchBody, {
    query: { warehouse, page, size: LIST_PAGE_SIZE },
    signal,
  })
  const corrected = headers.get(SEARCH_CORRECTION_HEADER)
  return { products: data, correction: corrected ? decodeURIComponent(corrected) : null }
}

const morePages = nextPage(LIST_PAGE_SIZE)

/** The pages as product lists (what the grid shows), with the first page's correction beside them. */
export type SearchResultPages = InfiniteData<Product[], number> & { correction: string | null }

export const searchQuery = (text: string, warehouse: string) =>
  infiniteQueryOptions({
    queryKey: catalogueKeys.search(text, warehouse),
    queryFn: ({ pageParam, signal }) => searchProducts(text, warehouse, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: SearchPage, pages: SearchPage[]) =>
      morePages(
        last.products,
        pages.map((p) => p.products),
      ),
    select: (data): SearchResultPages => ({
      pages: data.pages.map((p) => p.products),
      pageParams: data.pageParams,
      correction: data.pages[0]?.correction ?? null,
    }),
    gcTime: PAGED_LIST_GC_MS,
    enabled: text.trim().length > 0,
  })

export const useSearch = (text: string, warehouse: string) => useInfiniteQuery(searchQuery(text, warehouse))
