import type { CSSProperties } from 'react'
import { useSession } from '../../../lib/session'
import { useHomeContent } from '../api/get-home-content'
import { forKind, type Promo } from '../wordpress'
import { BannerSlider } from './banner-slider'
import { ContentPicture } from './content-image'
import { ContentLink } from './content-link'
import sliderStyles from './banner-slider.module.css'
import styles from './content.module.css'

/**
 * From 768 px, one column per promo up to three (a single one stays card-sized); the page is at most
 * 1500 px wide with 20-24 px gutters and 16 px gaps. On phones a 120 px wide strip beside the words,
 * about 132 px high, which the 16:10 picture covers at some 212 px wide.
 */
function promoLayout(count: number): { columns: string; sizes: string } {
  if (count === 1) return { columns: 'minmax(0, 470px)', sizes: '(max-width: 767px) 212px, 470px' }
  const n = Math.min(count, 3)
  const gaps = 40 + 16 * (n - 1)
  return {
    columns: `repeat(${n}, minmax(0, 1fr))`,
    sizes: `(max-width: 767px) 212px, (max-width: 1500px) calc((100vw - ${gaps}px) / ${n}), ${Math.round((1452 - 16 * (n - 1)) / n)}px`,
  }
}

/** The banner slider of the home page: the banners flagged for this user's kind (reseller or not). */
export function HomeSlider() {
  const session = useSession()
  const { data, isPending, isError } = useHomeContent()
  if (isError) return null
  if (isPending) {
    // The same boxes as the slider, so that nothing below moves when it arrives.
    return (
      <div className={sliderStyles.slider} aria-hidden="true">
        <div className={sliderStyles.slide}>
          <div className={sliderStyles.media} />
          <div className={sliderStyles.copy} />
        </div>
      </div>
    )
  }
  return <BannerSlider banners={forKind(data.slides, session?.user.isElders === true)} />
}

/** The promo banners under the slider, for this user's kind. */
export function HomePromos() {
  const session = useSession()
  const { data, isPending, isError } = useHomeContent()
  if (isPending && !isError) {
    return (
      <div className={styles.promos} aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className={[styles.promo, styles.promoPending].join(' ')}>
            <div className={[styles.promoImage, styles.skeleton].join(' ')} />
          </div>
        ))}
      </div>
    )
  }
  const promos = data ? forKind(data.promos, session?.user.isElders === true) : []
  if (promos.length === 0) return null
  const { columns, sizes } = promoLayout(promos.length)
  return (
    <section aria-label="Promotions" className={styles.promos} style={{ '--promo-columns': columns } as CSSProperties}>
      {promos.map((promo, index) => (
        <PromoCard key={index} promo={promo} sizes={sizes} />
      ))}
    </section>
  )
}

function PromoCard({ promo, sizes }: { promo: Promo; sizes: string }) {
  const body = (
    <>
      <ContentPicture image={promo.image} sizes={sizes} decorative className={styles.promoImage} />
      <span className={styles.promoCopy}>
        {promo.heading && <span className={styles.promoHeading}>{promo.heading}</span>}
        {promo.title && <span className={styles.promoTitle}>{promo.title}</span>}
        {promo.text && <span className={styles.promoText}>{promo.text}</span>}
      </span>
    </>
  )
  return promo.link ? (
    <ContentLink href={promo.link} className={styles.promo}>
      {body}
    </ContentLink>
  ) : (
    <div className={styles.promo}>{body}</div>
  )
}
