import { PRODUCT_SORTS, type ProductSort } from '@portal/contract/constants'
import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'

/**
 * How a category, brand or specials list is shown: its order and whether only what is in stock at the branch.
 * Kept in the page's address (?sort=price-asc&inStock=true), so a reload, Back and a shared link show the same.
 */
export interface ListView {
  sort: ProductSort
  inStock: boolean
}

export const DEFAULT_VIEW: ListView = { sort: 'relevance', inStock: false }

/** The choices of the Sort by menu, in its order. */
export const SORT_LABELS: Record<ProductSort, string> = {
  relevance: 'Relevance',
  description: 'Description A-Z',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  'in-stock': 'In stock first',
}

const isSort = (value: string | null): value is ProductSort => PRODUCT_SORTS.includes(value as ProductSort)

/** The view an address asks for; anything it does not know is the default (relevance, everything). */
export function viewOf(params: URLSearchParams): ListView {
  const sort = params.get('sort')
  return { sort: isSort(sort) ? sort : 'relevance', inStock: params.get('inStock') === 'true' }
}

/** The query the API is asked with: nothing for the default, so the default's pages stay the ones every account shares. */
export const viewQuery = ({ sort, inStock }: ListView) => ({
  sort: sort === 'relevance' ? undefined : sort,
  inStock: inStock ? 'true' : undefined,
})

/** The list's view from the address, and a change of it written back there (replacing the entry: Back leaves the list). */
export function useListView(): [ListView, (change: Partial<ListView>) => void] {
  const [params, setParams] = useSearchParams()
  const sortParam = params.get('sort')
  const stockParam = params.get('inStock')
  const view = useMemo<ListView>(() => ({ sort: isSort(sortParam) ? sortParam : 'relevance', inStock: stockParam === 'true' }), [sortParam, stockParam])
  const change = useCallback(
    (next: Partial<ListView>) =>
      setParams(
        (current) => {
          const merged = { ...viewOf(current), ...next }
          const params = new URLSearchParams(current)
          if (merged.sort === 'relevance') params.delete('sort')
          else params.set('sort', merged.sort)
          if (merged.inStock) params.set('inStock', 'true')
          else params.delete('inStock')
          return params
        },
        { replace: true },
      ),
    [setParams],
  )
  return [view, change]
}
