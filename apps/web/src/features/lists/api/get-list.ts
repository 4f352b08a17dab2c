import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ListDetail } from '@portal/contract/lists'
import { api } from '../../../lib/api'
import { listKeys } from './query-keys'

export const getList = (id: number, warehouse: string, signal?: AbortSignal) => api.get<ListDetail>(`lists/${id}`, { warehouse }, signal)

/** A list with each product's price for the account and stock at the branch. */
export const listQuery = (id: number, warehouse: string) =>
  queryOptions({ queryKey: listKeys.detail(id, warehouse), queryFn: ({ signal }) => getList(id, warehouse, signal) })

export const useList = (id: number, warehouse: string) => useQuery(listQuery(id, warehouse))
