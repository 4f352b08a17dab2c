import { useMutation } from '@tanstack/react-query'
import type { PaymentSession } from '@portal/contract/payments'
import { api } from '../../../lib/api'

export const createPaymentSession = (orderId: string) => api.post<PaymentSession>('payments/session', { orderId })

/** Mastercard Gateway: a hosted checkout session for the pending order. */
export const useCreatePaymentSession = () => useMutation({ mutationFn: createPaymentSession })
