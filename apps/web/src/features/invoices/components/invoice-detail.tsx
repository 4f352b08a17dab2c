import { Link } from 'react-router'
import type { InvoiceDetail as Invoice } from '@portal/contract/invoices'
import { Button } from '../../../components/ui/button'
import { DeliveryAddress, DocumentLines, DocumentStatus } from '../../../components/ui/document'
import styles from '../../../components/ui/document.module.css'
import { StatusDot } from '../../../components/ui/status-dot'
import { notify } from '../../../components/ui/toast'
import { formatDate } from '../../../lib/format'
import { useSession } from '../../../lib/session'
import { useDownloadInvoice } from '../api/download-invoice'
import { useInvoice } from '../api/get-invoice'
import own from './invoice-detail.module.css'
import { invoiceTypeName } from './invoice-type'
import { SendInvoiceForm } from './send-invoice-form'

type Supplier = { name: string; abn: string }

export function InvoiceDetail({ id, supplier }: { id: string; supplier?: Supplier | undefined }) {
  const { data: invoice, isPending, error } = useInvoice(id)
  if (!invoice) {
    return (
      <DocumentStatus
        title="Tax Invoice"
        headingId="invoice-heading"
        pending={isPending}
        error={error}
        loadingLabel="Loading this invoice"
        notFound={`There is no invoice ${id} on your account.`}
        failed="This invoice could not be loaded."
        back={{ to: '/invoices', label: 'Back to Invoice History' }}
      />
    )
  }
  return <InvoiceView invoice={invoice} supplier={supplier} />
}

function InvoiceView({ invoice: i, supplier }: { invoice: Invoice; supplier: Supplier | undefined }) {
  const session = useSession()
  const download = useDownloadInvoice()
  return (
    <section className="page" aria-labelledby="invoice-heading">
      <title>{`Tax Invoice ${i.Invoice}`}</title>
      <Link to="/invoices" className={styles.back}>
        ← Invoice History
      </Link>
      <div className={styles.header}>
        <div>
          <h1 id="invoice-heading">Tax Invoice</h1>
          <p className={styles.subtitle}>
            {invoiceTypeName(i.TransactionType)} {i.Invoice}
            {i.SalesOrderStatus && (
              <>
                {' · '}
                <StatusDot status={i.SalesOrderStatus} />
              </>
            )}
          </p>
        </div>
        <div className={styles.actions}>
          <Button
            variant="secondary"
            disabled={download.isPending}
            onClick={() => download.mutate(i.Invoice, { onError: () => notify.error('An error occured loading this invoice') })}
          >
            {download.isPending ? 'Preparing PDF...' : 'Download PDF'}
          </Button>
        </div>
      </div>

      <SendInvoiceForm invoice={i.Invoice} defaultEmail={session?.user.Email ?? ''} />

      <div className={styles.panels}>
        <section className={styles.panel} aria-labelledby="invoice-supplier">
          <h2 id="invoice-supplier">Supplier</h2>
          {supplier && (
            <p className={styles.address}>
              <span className={own.supplier}>{supplier.name}</span>
              <br />
              ABN {supplier.abn}
            </p>
          )}
          <dl className={styles.facts} style={{ marginTop: 10 }}>
            <dt>Branch</dt>
            <dd>{i.SalesLocationName}</dd>
            {i.BRN && (
              <>
                <dt>BRN</dt>
                <dd>{i.BRN}</dd>
              </>
            )}
          </dl>
        </section>
        <section className={styles.panel} aria-labelledby="invoice-customer">
          <h2 id="invoice-customer">Bill To</h2>
          <p className={styles.address}>
            <strong>{i.AccountName}</strong>
            <br />
            Account {i.AccountCode}
            {i.CustomerABN && (
              <>
                <br />
                ABN {i.CustomerABN}
              </>
            )}
          </p>
        </section>
        <section className={styles.panel} aria-labelledby="invoice-delivery">
          <h2 id="invoice-delivery">Deliver To</h2>
          <DeliveryAddress to={i} />
        </section>
      </div>

      <div className={styles.panel} style={{ marginBottom: 20 }}>
        <dl className={`${styles.facts} ${styles.factsWide}`}>
          <dt>Invoice #</dt>
          <dd>{i.Invoice}</dd>
          <dt>Invoice Date</dt>
          <dd>{formatDate(i.InvoiceDate)}</dd>
          <dt>Due Date</dt>
          <dd>{formatDate(i.DueDate)}</dd>
          {i.SalesOrder && (
            <>
              <dt>Order #</dt>
              <dd>
                <Link to={`/orders/${encodeURIComponent(i.SalesOrder)}`}>{i.SalesOrder}</Link>
              </dd>
            </>
          )}
          <dt>Purchase Order</dt>
          <dd>{i.CustomerPurchaseOrder || '-'}</dd>
          {i.Description && (
            <>
              <dt>Description</dt>
              <dd>{i.Description}</dd>
            </>
          )}
          {i.Carrier && (
            <>
              <dt>Carrier</dt>
              <dd>{i.Carrier}</dd>
            </>
          )}
          {i.ConsignmentNote && (
            <>
              <dt>Consignment Note</dt>
              <dd>{i.ConsignmentNote}</dd>
            </>
          )}
        </dl>
      </div>

      <DocumentLines headingId="invoice-lines" items={i.items} totals={{ ex: i.ExtendedTotalEx, gst: i.TaxTotal, inc: i.ExtendedTotalInc }} />
    </section>
  )
}
