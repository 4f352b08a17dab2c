import { useQuery } from '@tanstack/react-query'
import { pendingPaymentQuery } from '../../payments'

/** The pending order a failed payment came back with, to refill the form. */
export const usePendingOrder = (id: string | null) => useQuery({ ...pendingPaymentQuery(id ?? ''), enabled: id !== null })
