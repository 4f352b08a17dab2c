import { useMutation } from '@tanstack/react-query'
import type { Message } from '@portal/contract/common'
import { api } from '../../../lib/api'

/**
 * Staff ordering for a cash-sale account never take its card (decision 0101): the account's user is e-mailed a link
 * that opens the card payment of this cart in their own session.
 */
export const useSendPaymentLink = () => useMutation({ mutationFn: () => api.post<Message>('acting/payment-link') })
