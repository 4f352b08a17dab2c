import type { Product } from '@portal/contract/catalogue'
import { formatDollars } from '../../../lib/format'
import styles from './product-prices.module.css'

type Row = { label: string; value: number; note?: string }

/** The rows a product's prices show, with their unit labels. Resellers have one price only. */
export function priceRows(product: Product, onePrice: boolean): Row[] {
  if (onePrice) return [{ label: 'Price', value: product.SinglePricing.Price }]
  const rows: Row[] = [{ label: 'Unit', value: product.SinglePricing.Price }]
  if (product.CartonPricing) rows.push({ label: `Carton of ${product.CartonQty ?? ''}`.trim(), value: product.CartonPricing.Price, note: 'each' })
  if (product.PalletPricing) rows.push({ label: `Pallet of ${product.PalletQty ?? ''}`.trim(), value: product.PalletPricing.Price, note: 'each' })
  // No retail price, or an empty one (0), shows no RRP row at all.
  const rrp = product.SinglePricing.RetailPrice
  if (rrp !== undefined && rrp > 0) rows.push({ label: 'RRP', value: rrp })
  return rows
}

/**
 * What a special saves a unit: its usual price (the list price, sent where the account pays less: decision 0073)
 * less the unit price, to the cent; undefined when there is no usual price or no saving, and for resellers.
 */
export function savingOf(product: Product, onePrice: boolean): { usual: number; saving: number } | undefined {
  const usual = product.SinglePricing.UsualPrice
  if (onePrice || usual === undefined) return undefined
  const cents = Math.round(usual * 100) - Math.round(product.SinglePricing.Price * 100)
  return cents > 0 ? { usual, saving: cents / 100 } : undefined
}

export function ProductPrices({ product, onePrice, size = 'small' }: { product: Product; onePrice: boolean; size?: 'small' | 'large' }) {
  const special = savingOf(product, onePrice)
  return (
    <div className={[styles.prices, size === 'large' ? styles.large : ''].join(' ')}>
      {special && (
        <p className={styles.special}>
          <span className="sr-only">Usual price </span>
          <s className="money">{formatDollars(special.usual)}</s> <span className={styles.saving}>Save {formatDollars(special.saving)}</span>
        </p>
      )}
      <dl>
        {priceRows(product, onePrice).map((row) => (
          <div key={row.label} className={row.label === 'RRP' ? styles.rrp : undefined}>
            <dt>{row.label}</dt>
            <dd className="money">
              {formatDollars(row.value)}
              {row.note && <span className={styles.note}> {row.note}</span>}
            </dd>
          </div>
        ))}
      </dl>
      <p className={styles.gst}>{onePrice ? 'ex GST' : 'Prices ex GST'}</p>
    </div>
  )
}
