import { queryOptions, useQuery } from '@tanstack/react-query'
import type { BuyAgainItem } from '@portal/contract/lists'
import { api } from '../../../lib/api'
import { buyAgainKeys } from './query-keys'

export const getBuyAgain = (warehouse: string, signal?: AbortSignal) => api.get<BuyAgainItem[]>('buy-again', { warehouse }, signal)

/** What the account ordered most in the last 12 months, with current prices and stock at the branch. */
export const buyAgainQuery = (warehouse: string) =>
  queryOptions({ queryKey: buyAgainKeys.list(warehouse), queryFn: ({ signal }) => getBuyAgain(warehouse, signal) })

export const useBuyAgain = (warehouse: string) => useQuery(buyAgainQuery(warehouse))
