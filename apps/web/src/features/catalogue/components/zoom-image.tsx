import * as Dialog from '@radix-ui/react-dialog'
import { useState, type PointerEvent } from 'react'
import { productImageUrl } from '../images'
import { ProductImage } from './product-image'
import styles from './zoom-image.module.css'

/**
 * The product page's picture. With a mouse, hovering magnifies the spot under the pointer from the
 * 1200 px picture; a click or tap (or Enter) opens that picture full size in a dialog.
 */
export function ZoomImage({ productId, alt }: { productId: number; alt: string }) {
  const [lens, setLens] = useState<{ x: number; y: number } | null>(null)
  const [open, setOpen] = useState(false)
  const large = productImageUrl(productId, 1200)

  const move = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.pointerType !== 'mouse') return
    const box = event.currentTarget.getBoundingClientRect()
    setLens({ x: ((event.clientX - box.left) / box.width) * 100, y: ((event.clientY - box.top) / box.height) * 100 })
  }

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={styles.frame} onPointerMove={move} onPointerLeave={() => setLens(null)} aria-label={`Zoom image: ${alt}`}>
        <ProductImage productId={productId} alt={alt} sizes="(max-width: 767px) 100vw, 512px" eager />
        {lens && (
          <span className={styles.lens} style={{ backgroundImage: `url("${large}")`, backgroundPosition: `${lens.x}% ${lens.y}%` }} aria-hidden="true" />
        )}
        <span className={styles.hint} aria-hidden="true">
          <svg viewBox="0 0 20 20">
            <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="m13 13 4.5 4.5M8.5 6v5M6 8.5h5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </span>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog} aria-describedby={undefined}>
          <Dialog.Title className="sr-only">{alt}</Dialog.Title>
          <img src={large} alt={alt} className={styles.full} width={1200} height={1200} />
          <Dialog.Close className={styles.close} aria-label="Close">
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
