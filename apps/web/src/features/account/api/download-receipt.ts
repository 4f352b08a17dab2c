import { useMutation } from '@tanstack/react-query'
import { api, saveFile } from '../../../lib/api'

/** The receipt PDF of a card payment of invoices (GET /api/invoice-payments/{id}/receipt). */
export const downloadReceipt = async (paymentId: string) =>
  saveFile(await api.download(`invoice-payments/${encodeURIComponent(paymentId)}/receipt`, undefined, 'Receipt.pdf'))

export const useDownloadReceipt = () => useMutation({ mutationFn: downloadReceipt })
