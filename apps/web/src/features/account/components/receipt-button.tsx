import { Button } from '../../../components/ui/button'
import { notify } from '../../../components/ui/toast'
import { useDownloadReceipt } from '../api/download-receipt'

export const RECEIPT_FAILED = 'The receipt could not be downloaded. Please try again.'

type ReceiptButtonProps = { paymentId: string; label?: string; 'aria-label'?: string }

/** Downloads a completed card payment's receipt PDF (the download needs the session's header, so a button, not a plain link). */
export function ReceiptButton({ paymentId, label = 'Download receipt (PDF)', 'aria-label': ariaLabel }: ReceiptButtonProps) {
  const download = useDownloadReceipt()
  return (
    <Button
      variant="link"
      aria-label={ariaLabel}
      disabled={download.isPending}
      onClick={() => download.mutate(paymentId, { onError: () => notify.error(RECEIPT_FAILED) })}
    >
      {download.isPending ? 'Preparing PDF...' : label}
    </Button>
  )
}
