import { queryOptions, useQuery } from '@tanstack/react-query'
import type { CartCredit } from '@portal/contract/checkout'
import { api } from '../../../lib/api'
import { cartKeys } from './query-keys'

export const getCredit = (signal?: AbortSignal) => api.get<CartCredit>('cart/credit', undefined, signal)

/** The account's credit (null for cash-sale and reseller accounts); read again with the cart, after every order. */
export const creditQuery = () => queryOptions({ queryKey: cartKeys.credit(), queryFn: ({ signal }) => getCredit(signal), staleTime: 0 })

export const useAccountCredit = (enabled = true) => useQuery({ ...creditQuery(), enabled })
