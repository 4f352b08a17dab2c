import type { ProductDetail } from '@portal/contract/catalogue'
import { Button } from '../../../components/ui/button'
import { Tabs, type Tab } from '../../../components/ui/tabs'
import { notify } from '../../../components/ui/toast'
import { useDownloadAttachment } from '../api/download-attachment'
import { barcodeUrl } from '../images'
import styles from './product-screen.module.css'

/**
 * A description's paragraphs as the ERP wrote them: a blank line starts a new paragraph, a single line break
 * stays a line break (the paragraph keeps it with white-space: pre-line). Text only: nothing in it is read as HTML.
 */
export function paragraphsOf(texts: string[]): string[] {
  return texts.flatMap((text) =>
    text
      .replace(/\r\n?/g, '\n')
      .split(/\n[ \t]*\n/)
      .map((p) => p.trim())
      .filter(Boolean),
  )
}

function Information({ product }: { product: ProductDetail }) {
  const paragraphs = paragraphsOf([product.FullDescription1, product.FullDescription2, product.FullDescription3, product.UserDefinedField4])
  const facts: Array<[string, string]> = [
    ['Product code', product.ProductCode],
    ['Brand', product.brandcode],
    ['Category', product.CategoryTitle],
    ['Weight', `${product.Weight.toLocaleString('en-AU')} kg`],
    ...(product.CartonQty ? ([['Carton', `${product.CartonQty} units`]] as Array<[string, string]>) : []),
    ...(product.PalletQty ? ([['Pallet', `${product.PalletQty} units`]] as Array<[string, string]>) : []),
  ]
  return (
    <div className={styles.information}>
      <div>{paragraphs.length ? paragraphs.map((p, i) => <p key={i}>{p}</p>) : <p>No further information for this product.</p>}</div>
      <dl className={styles.facts}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

function Documents({ product }: { product: ProductDetail }) {
  const download = useDownloadAttachment()
  if (product.Attachments.length === 0) return <p className={styles.muted}>There are no safety or marketing documents for this product.</p>
  return (
    <ul className={styles.documents}>
      {product.Attachments.map((a) => (
        <li key={a.AttachmentID}>
          <span>
            <strong>{a.Description || a.FileName}</strong>
            <span className={styles.muted}> {a.FileName}</span>
          </span>
          <Button
            variant="secondary"
            disabled={download.isPending && download.variables.attachmentId === a.AttachmentID}
            onClick={() =>
              download.mutate(
                { productId: product.ProductID, attachmentId: a.AttachmentID, fileName: a.FileName },
                { onError: () => notify.error('The document could not be downloaded. Please try again.') },
              )
            }
          >
            Download <span className="sr-only">{a.FileName}</span>
          </Button>
        </li>
      ))}
    </ul>
  )
}

function Barcode({ barcode }: { barcode: string }) {
  return (
    <figure className={styles.barcode}>
      <img src={barcodeUrl(barcode)} alt={`Barcode ${barcode}`} />
      <figcaption>{barcode}</figcaption>
    </figure>
  )
}

/** 'Product Information', 'Safety & Marketing Information' and, when there is a barcode, 'Product Barcode'. */
export function ProductTabs({ product }: { product: ProductDetail }) {
  const tabs: Tab[] = [
    { id: 'information', label: 'Product Information', content: <Information product={product} /> },
    { id: 'documents', label: 'Safety & Marketing Information', content: <Documents product={product} /> },
  ]
  if (product.Barcode) tabs.push({ id: 'barcode', label: 'Product Barcode', content: <Barcode barcode={product.Barcode} /> })
  return <Tabs tabs={tabs} label="Product details" className={styles.tabs} />
}
