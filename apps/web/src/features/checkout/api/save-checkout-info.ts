import { useMutation } from '@tanstack/react-query'
import type { CheckoutInfo, SavedCheckoutInfo } from '@portal/contract/checkout'
import { api } from '../../../lib/api'

export const saveCheckoutInfo = (info: CheckoutInfo) => api.post<SavedCheckoutInfo>('cart/checkout-info', info)

/** Keeps the half-filled form with the cart, quietly: a failed save costs nothing but the draft. */
export const useSaveCheckoutInfo = () => useMutation({ mutationFn: saveCheckoutInfo })
