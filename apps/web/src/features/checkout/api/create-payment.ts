import { useMutation } from '@tanstack/react-query'
import type { CreatePaymentBody, CreatePaymentResponse } from '@portal/contract/payments'
import { api } from '../../../lib/api'

export type CreatePaymentRequest = { body: CreatePaymentBody; idempotencyKey: string }

export const createPayment = ({ body, idempotencyKey }: CreatePaymentRequest) =>
  api.post<CreatePaymentResponse>('payments/create', body, { headers: { 'Idempotency-Key': idempotencyKey } })

/** Stores the pending order a card payment completes (cash-sale accounts). */
export const useCreatePayment = () => useMutation({ mutationFn: createPayment })
