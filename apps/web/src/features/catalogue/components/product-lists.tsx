import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { ApiError } from '../../../lib/api'
import { Spinner } from '../../../components/ui/spinner'
import { useBrandProducts } from '../api/get-brand-products'
import { useCategoryProducts } from '../api/get-category-products'
import { usePopular } from '../api/get-popular'
import { useSpecials } from '../api/get-specials'
import { useSearch } from '../api/search-products'
import { useListCount } from '../api/get-list-count'
import { useListView, type ListView } from '../list-view'
import { useShopper } from '../shopper'
import { ListToolbar } from './list-toolbar'
import { InfiniteProductGrid, ProductGrid, THE_END, type InfiniteProducts } from './product-grid'
import styles from './product-grid.module.css'

function ListScreen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="page" aria-labelledby="screen-heading">
      <title>{title}</title>
      <h1 id="screen-heading">{title}</h1>
      {children}
    </section>
  )
}

/** The count, order and in-stock filter above a category, brand or specials list (`list`: its API path). */
function SortedList({ list, view, onChange, warehouse }: { list: string; view: ListView; onChange: (change: Partial<ListView>) => void; warehouse: string }) {
  const count = useListCount(list, warehouse, view.inStock)
  return <ListToolbar count={count.data} view={view} onChange={onChange} />
}

/** What a list filtered to what is in stock says when nothing is. */
const NONE_IN_STOCK = 'Nothing here is in stock at your branch.'

/**
 * A category's or a brand's products, 40 a page, in the order and with the filter in the address; its not-found
 * screen when there is no such one, or it is hidden from this account (a reseller's hidden ones answer 404).
 */
function NamedList({
  kind,
  list,
  title,
  query,
  view,
  onChange,
  empty,
}: {
  kind: 'Category' | 'Brand'
  list: string
  title: string
  query: InfiniteProducts
  view: ListView
  onChange: (change: Partial<ListView>) => void
  empty: string
}) {
  const shopper = useShopper()
  if (query.error instanceof ApiError && query.error.status === 404 && !query.data) {
    return (
      <section className="page" aria-labelledby="screen-heading">
        <title>{`${kind} not found`}</title>
        <h1 id="screen-heading">{kind} not found</h1>
        <p className={styles.status}>
          This {kind.toLowerCase()} is not available. <Link to="/">Back to the home page</Link>
        </p>
      </section>
    )
  }
  return (
    <ListScreen title={title}>
      <SortedList list={list} view={view} onChange={onChange} warehouse={shopper.warehouse} />
      <InfiniteProductGrid query={query} shopper={shopper} label={`${title} products`} empty={view.inStock ? NONE_IN_STOCK : empty} finished={THE_END} />
    </ListScreen>
  )
}

/** /category/{name}: the category's products and its children's. */
export function CategoryProducts({ name, title }: { name: string; title: string }) {
  const [view, setView] = useListView()
  const query = useCategoryProducts(name, useShopper().warehouse, view)
  return (
    <NamedList
      kind="Category"
      list={`categories/${encodeURIComponent(name)}/products`}
      title={title}
      query={query}
      view={view}
      onChange={setView}
      empty="There are no products in this category."
    />
  )
}

/** /brand/{code}: the brand's products. */
export function BrandProducts({ code, title }: { code: string; title: string }) {
  const [view, setView] = useListView()
  const query = useBrandProducts(code, useShopper().warehouse, view)
  return (
    <NamedList
      kind="Brand"
      list={`brands/${encodeURIComponent(code)}/products`}
      title={title}
      query={query}
      view={view}
      onChange={setView}
      empty="There are no products of this brand."
    />
  )
}

/** /specials: each with its usual price struck through and the saving, where the account pays less (decision 0073). */
export function SpecialsScreen() {
  const shopper = useShopper()
  const [view, setView] = useListView()
  const query = useSpecials(shopper.warehouse, view)
  return (
    <ListScreen title="Specials">
      <SortedList list="specials" view={view} onChange={setView} warehouse={shopper.warehouse} />
      <InfiniteProductGrid
        query={query}
        shopper={shopper}
        label="Specials"
        empty={view.inStock ? NONE_IN_STOCK : 'There are no specials at the moment.'}
        finished={THE_END}
      />
    </ListScreen>
  )
}

/** /search?text=...: results by relevance, 20 a page; when the best needed corrected words, which ones. */
export function SearchResults({ text }: { text: string }) {
  const shopper = useShopper()
  const query = useSearch(text, shopper.warehouse)
  const correction = query.data?.correction ?? null
  return (
    <ListScreen title={`Search - ${text}`}>
      {correction !== null && (
        <p className={styles.correction} role="status">
          Showing results for <strong>{correction}</strong>
        </p>
      )}
      {text.trim() ? (
        <InfiniteProductGrid query={query} shopper={shopper} label="Search results" empty={`No products match '${text}'.`} />
      ) : (
        <p className={styles.status}>Type what you are looking for in the search box and press Enter.</p>
      )}
    </ListScreen>
  )
}

/** /popular: the most ordered products, in one list. */
export function PopularScreen() {
  const shopper = useShopper()
  const { data, isPending, isError } = usePopular(shopper.warehouse)
  return (
    <ListScreen title="Popular Products">
      {isPending ? (
        <div className={styles.status}>
          <Spinner label="Loading products" />
        </div>
      ) : isError ? (
        <p className={styles.status}>The popular products could not be loaded.</p>
      ) : (
        <ProductGrid products={data ?? []} shopper={shopper} label="Popular products" />
      )}
    </ListScreen>
  )
}
