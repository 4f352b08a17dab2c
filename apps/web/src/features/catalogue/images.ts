import type { ImageWidth } from '@portal/contract/catalogue'
import { apiUrl, imageUrl } from '../../lib/api'

/**
 * The ISO week-numbering year and week of a date, as YYYYWW (e.g. 202647): the image version.
 * It changes every Monday, so a week-long browser or CDN cache still shows new pictures a week later.
 */
export function imageVersion(date: Date = new Date()): string {
  const day = new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()))
  const weekday = day.getUTCDay() || 7
  // The Thursday of this week decides the year the week belongs to.
  day.setUTCDate(day.getUTCDate() + 4 - weekday)
  const yearStart = new Date(Date.UTC(day.getUTCFullYear(), 0, 1))
  const week = Math.ceil(((day.getTime() - yearStart.getTime()) / 86_400_000 + 1) / 7)
  return `${day.getUTCFullYear()}${String(week).padStart(2, '0')}`
}

export const productImageUrl = (productId: number, width: ImageWidth, version = imageVersion()) => imageUrl(`product/${productId}/image`, { width, v: version })

/** Both widths a card may need, for the browser to choose by the card's rendered size. */
export const productImageSrcSet = (productId: number, version = imageVersion()) =>
  `${productImageUrl(productId, 250, version)} 250w, ${productImageUrl(productId, 512, version)} 512w`

export const barcodeUrl = (barcode: string) => apiUrl(`barcode/${encodeURIComponent(barcode)}`)
