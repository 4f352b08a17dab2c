import { useState } from 'react'
import { productImageSrcSet, productImageUrl } from '../images'
import styles from './product-image.module.css'

type ProductImageProps = {
  productId: number
  alt: string
  /** The rendered width, for the browser to pick 250 or 512 px. */
  sizes: string
  className?: string
  eager?: boolean
}

/** The product's picture; the server sends a placeholder when there is none, this one stands in when even that fails. */
export function ProductImage({ productId, alt, sizes, className, eager = false }: ProductImageProps) {
  const [failedFor, setFailedFor] = useState<number | null>(null)
  const classes = [styles.image, className ?? ''].filter(Boolean).join(' ')
  if (failedFor === productId) return <ImagePlaceholder className={classes} />
  return (
    <img
      className={classes}
      src={productImageUrl(productId, 512)}
      srcSet={productImageSrcSet(productId)}
      sizes={sizes}
      alt={alt}
      width={512}
      height={512}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailedFor(productId)}
    />
  )
}

export function ImagePlaceholder({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 120 120" role="img" aria-label="No image available">
      <rect width="120" height="120" fill="var(--surface-muted)" />
      <rect x="36" y="40" width="48" height="38" rx="4" fill="none" stroke="var(--border-strong)" strokeWidth="3" />
      <circle cx="49" cy="52" r="5" fill="var(--border-strong)" />
      <path d="M39 75l13-12 9 8 8-7 12 11z" fill="var(--border-strong)" />
    </svg>
  )
}
