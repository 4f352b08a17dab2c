import { useState } from 'react'
import { imageUrl } from '../../../lib/api'
import styles from './cart-screen.module.css'

/** The product's picture at the smallest width the image service renders; a placeholder when there is none. */
export function ProductThumb({ productId }: { productId: number }) {
  const [failed, setFailed] = useState(false)
  if (failed) {
    return (
      <svg className={styles.thumb} viewBox="0 0 64 64" role="img" aria-label="No image">
        <rect width="64" height="64" rx="6" fill="var(--surface-muted)" />
        <path d="M16 44l10-12 8 9 6-7 8 10z" fill="var(--border-strong)" />
        <circle cx="40" cy="22" r="5" fill="var(--border-strong)" />
      </svg>
    )
  }
  return (
    <img
      className={styles.thumb}
      src={imageUrl(`product/${productId}/image`, { width: 250 })}
      alt=""
      loading="lazy"
      width={64}
      height={64}
      onError={() => setFailed(true)}
    />
  )
}
