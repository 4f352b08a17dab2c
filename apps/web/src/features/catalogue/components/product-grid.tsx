import type { Product } from '@portal/contract/catalogue'
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query'
import { useDeferredValue, useEffect, useMemo, useRef } from 'react'
import { Button } from '../../../components/ui/button'
import { LoadFailed } from '../../../components/ui/load-failed'
import { Spinner } from '../../../components/ui/spinner'
import type { Shopper } from '../shopper'
import { ProductCard } from './product-card'
import styles from './product-grid.module.css'

/** Cards rendered with the answer itself: a desktop's first row of four, more than a phone shows; the rest follow at once in the background. */
export const FIRST_CARDS = 4
const NONE: Product[] = []

/**
 * The cards to render now. When a page of products arrives, the first screen's cards render at once and the
 * rest in a background render that React splits into small pieces (useDeferredValue): forty cards in one go held
 * a phone's main thread for a third of a second (Lighthouse's blocking time on the category page,
 * docs/decisions/0041-offline-lists-release-takeover-category-tbt.md). `caughtUp` once every card is in.
 */
function useCardsInSteps(products: Product[]): { shown: Product[]; caughtUp: boolean } {
  // On first showing too (the grid appears with its first page): the rest follows in the background.
  const settled = useDeferredValue(products, NONE)
  const caughtUp = settled === products
  return { shown: caughtUp ? products : products.slice(0, Math.max(FIRST_CARDS, settled.length)), caughtUp }
}

function Cards({ shown, shopper, label }: { shown: Product[]; shopper: Shopper; label: string }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {shown.map((product) => (
        <li key={product.ProductID}>
          <ProductCard product={product} shopper={shopper} />
        </li>
      ))}
    </ul>
  )
}

/** The cards of a list, the first screen's at once and the rest in the background (useCardsInSteps). */
export function ProductGrid({ products, shopper, label }: { products: Product[]; shopper: Shopper; label: string }) {
  return <Cards shown={useCardsInSteps(products).shown} shopper={shopper} label={label} />
}

export type InfiniteProducts = UseInfiniteQueryResult<InfiniteData<Product[], unknown>>

/** What the end of a list says once its last page is in. */
export const THE_END = "That's everything"

/**
 * A list that loads its next page as its end scrolls into view. A failed page
 * stops the paging. The 'Load more products' button does the same for keyboards and browsers
 * without IntersectionObserver. `finished`, when given, is said at the end once the last page is in.
 */
export function InfiniteProductGrid({
  query,
  shopper,
  label,
  empty,
  finished,
}: {
  query: InfiniteProducts
  shopper: Shopper
  label: string
  empty: string
  finished?: string
}) {
  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError, isError, isPending, fetchNextPage, error } = query
  // One array per answer, not per render: the grid's background render settles on it once.
  const products = useMemo(() => data?.pages.flat() ?? [], [data])
  const { shown, caughtUp } = useCardsInSteps(products)
  // Not before every card of the pages so far is in: while the rest render in the background the list's end is
  // still in view, and one scroll to the end would load two pages instead of one.
  const canLoadMore = hasNextPage && !isFetchingNextPage && !isError && caughtUp
  const end = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const node = end.current
    if (!node || !canLoadMore || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage()
      },
      { rootMargin: '0px 0px 600px 0px' },
    )
    observer.observe(node)
    return () => observer.disconnect()
  }, [canLoadMore, fetchNextPage])

  if (isPending) {
    return (
      <div className={styles.status}>
        <Spinner label="Loading products" />
      </div>
    )
  }
  if (isError && products.length === 0)
    return (
      <LoadFailed error={error} className={styles.status}>
        The products could not be loaded.
      </LoadFailed>
    )
  if (products.length === 0) return <p className={styles.status}>{empty}</p>

  return (
    <>
      <Cards shown={shown} shopper={shopper} label={label} />
      <div ref={end} className={styles.end}>
        {isFetchingNextPage && <Spinner label="Loading more products" />}
        {isFetchNextPageError && <p>More products could not be loaded.</p>}
        {finished && !hasNextPage && !isFetchingNextPage && !isError && caughtUp && <p className={styles.finished}>{finished}</p>}
        {canLoadMore && (
          <Button variant="secondary" onClick={() => void fetchNextPage()}>
            Load more products
          </Button>
        )}
      </div>
    </>
  )
}
