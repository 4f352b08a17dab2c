import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SentForApproval } from '@portal/contract/approvals'
import type { CreatePaymentBody, CreatePaymentResponse } from '@portal/contract/payments'
import { api } from '../../../lib/api'
import { approvalKeys } from '../../approvals'
import { cartKeys } from '../../cart'

export type CreatePaymentRequest = { body: CreatePaymentBody; idempotencyKey: string }

/** The card payment to make, or (202) the cart sent for approval instead: over the buyer's spending limit, its approver pays. */
export type CreatePaymentAnswer = CreatePaymentResponse | SentForApproval

export const createPayment = ({ body, idempotencyKey }: CreatePaymentRequest) =>
  api.post<CreatePaymentAnswer>('payments/create', body, { headers: { 'Idempotency-Key': idempotencyKey } })

/**
 * Stores the pending order a card payment completes (cash-sale accounts). A cart sent for approval instead was
 * emptied into it: the cart and the approvals are read again.
 */
export function useCreatePayment() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: createPayment,
    onSuccess: (answer) => {
      if (!('approval' in answer)) return
      void client.invalidateQueries({ queryKey: cartKeys.all })
      void client.invalidateQueries({ queryKey: approvalKeys.all })
    },
  })
}
