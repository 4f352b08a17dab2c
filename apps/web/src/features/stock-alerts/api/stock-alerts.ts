import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CreateStockAlertBody, StockAlert } from '@portal/contract/stock-alerts'
import { api } from '../../../lib/api'

/** The user's back-in-stock requests, under one root: every change invalidates `stockAlertKeys.all`. */
export const stockAlertKeys = {
  all: ['stock-alerts'] as const,
}

export const getStockAlerts = (signal?: AbortSignal) => api.get<StockAlert[]>('stock-alerts', undefined, signal)

/** The user's requests: waiting ones first, then those sent, cancelled or lapsed. */
export const stockAlertsQuery = () => queryOptions({ queryKey: stockAlertKeys.all, queryFn: ({ signal }) => getStockAlerts(signal) })

export const useStockAlerts = () => useQuery(stockAlertsQuery())

/** "Notify me": a new request, or the quantity of the one already waiting. */
export const useCreateStockAlert = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateStockAlertBody) => api.post<StockAlert>('stock-alerts', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockAlertKeys.all }),
  })
}

export const useCancelStockAlert = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`stock-alerts/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockAlertKeys.all }),
  })
}
