import { ButtonLink } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import styles from '../../../components/ui/document.module.css'
import { useRelatedInvoices } from '../api/get-related-invoices'
import { invoiceTypeName } from './invoice-type'

/** Buttons to an order's invoices and credit notes, each opening /invoice/{Invoice}. */
export function RelatedInvoices({ salesOrder }: { salesOrder: string }) {
  const { data: invoices, isPending, isError } = useRelatedInvoices(salesOrder)
  return (
    <section aria-labelledby="related-invoices">
      <h2 id="related-invoices">Invoices</h2>
      {isPending ? (
        <Spinner label="Loading the related invoices" />
      ) : isError ? (
        <p className={styles.muted}>The invoices of this order could not be loaded.</p>
      ) : invoices.length === 0 ? (
        <p className={styles.muted}>No invoices yet for this order.</p>
      ) : (
        <ul className={styles.relatedList}>
          {invoices.map((i) => (
            <li key={i.InvoiceID}>
              <ButtonLink variant="secondary" to={`/invoice/${encodeURIComponent(i.Invoice)}`}>
                {invoiceTypeName(i.TransactionType)} {i.Invoice}
              </ButtonLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
