import type { ContentImage } from '../wordpress'
import styles from './content.module.css'

interface Props {
  image: ContentImage | null
  /** The `sizes` attribute: how wide the picture is drawn at each viewport width. */
  sizes: string
  /** The page's largest paint: loaded at once, first in line. Everything else waits until it is near. */
  priority?: boolean
  /** Decorative pictures (text on or beside them says it all) have an empty alt. */
  decorative?: boolean
  className?: string
  /** Called once the picture has loaded or failed. */
  onSettled?: () => void
}

/** A content picture with its srcset, so that the browser fetches the size that fits its box. */
export function ContentPicture({ image, sizes, priority = false, decorative = false, className, onSettled }: Props) {
  if (!image) return <PicturePlaceholder className={className} />
  return (
    <img
      className={className}
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.srcSet ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={decorative ? '' : image.alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? 'auto' : 'async'}
      onLoad={onSettled}
      onError={onSettled}
    />
  )
}

/** Stands in for a missing picture: the portal's leaf on a soft field. */
export function PicturePlaceholder({ className }: { className?: string | undefined }) {
  return (
    <div className={[styles.placeholder, className].filter(Boolean).join(' ')} aria-hidden="true">
      <svg viewBox="0 0 48 48" width="56" height="56" focusable="false">
        <path d="M24 42c0-12 4-22 16-30-14 2-24 10-24 22 0 3 1 6 3 8" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        <path d="M24 42c-2-6-6-10-14-12 2 6 6 10 14 12Z" fill="currentColor" />
      </svg>
    </div>
  )
}
