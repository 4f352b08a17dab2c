import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CompletePaymentBody, PaymentResult } from '@portal/contract/payments'
import { api } from '../../../lib/api'
import { cartKeys } from '../../cart'
import { orderKeys } from '../../orders'

export const completePayment = (body: CompletePaymentBody) => api.post<PaymentResult>('payments/complete', body)

/** Mastercard Gateway: hands the gateway's resultIndicator to the server, which places the order once it believes it. */
export function useCompletePayment() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: completePayment,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: cartKeys.all })
      void client.invalidateQueries({ queryKey: orderKeys.all })
    },
  })
}
