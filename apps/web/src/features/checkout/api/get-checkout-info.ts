import { queryOptions, useQuery } from '@tanstack/react-query'
import type { CheckoutStart } from '@portal/contract/checkout'
import { api } from '../../../lib/api'
import { cartKeys } from '../../cart'

export const getCheckoutInfo = (signal?: AbortSignal) => api.get<CheckoutStart>('cart/checkout-info', undefined, signal)

/** The checkout form as it was last saved with the cart, and what it starts with when nothing was saved. */
export const checkoutInfoQuery = () =>
  queryOptions({ queryKey: cartKeys.checkoutInfo(), queryFn: ({ signal }) => getCheckoutInfo(signal), staleTime: 0, gcTime: 0 })

export const useCheckoutInfo = () => useQuery(checkoutInfoQuery())
