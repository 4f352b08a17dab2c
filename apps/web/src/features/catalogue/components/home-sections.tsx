import type { Product } from '@portal/contract/catalogue'
import { Link } from 'react-router'
import { Spinner } from '../../../components/ui/spinner'
import { usePopular } from '../api/get-popular'
import { useSpecialsPreview } from '../api/get-specials'
import { useShopper } from '../shopper'
import { ProductGrid } from './product-grid'
import styles from './home-sections.module.css'

const SHOWN = 4

function HomeSection({
  id,
  title,
  to,
  products,
  isPending,
  failed,
}: {
  id: string
  title: string
  to: string
  products: Product[] | undefined
  isPending: boolean
  failed: string
}) {
  const shopper = useShopper()
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.header}>
        <h2 id={id}>{title}</h2>
        <Link to={to}>
          View all <span className="sr-only">{title}</span>
        </Link>
      </div>
      {isPending ? (
        <Spinner label={`Loading ${title}`} />
      ) : products ? (
        <ProductGrid products={products.slice(0, SHOWN)} shopper={shopper} label={title} />
      ) : (
        <p className={styles.note}>{failed}</p>
      )}
    </section>
  )
}

/** The home page's 'Popular Products': the first 4, and a link to /popular. */
export function PopularPreview() {
  const { warehouse } = useShopper()
  const { data, isPending } = usePopular(warehouse)
  return (
    <HomeSection
      id="home-popular"
      title="Popular Products"
      to="/popular"
      products={data}
      isPending={isPending}
      failed="The popular products could not be loaded."
    />
  )
}

/** The home page's 'Web Specials': the first 4 of the specials, and a link to /specials. */
export function SpecialsPreview() {
  const { warehouse } = useShopper()
  const { data, isPending } = useSpecialsPreview(warehouse)
  return <HomeSection id="home-specials" title="Web Specials" to="/specials" products={data} isPending={isPending} failed="The specials could not be loaded." />
}
