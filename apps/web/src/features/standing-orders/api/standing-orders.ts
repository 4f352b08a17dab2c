import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CreateStandingOrderBody, StandingOrder, StandingOrderDetail, UpdateStandingOrderBody } from '@portal/contract/standing-orders'
import { api, ApiError } from '../../../lib/api'

/** Standing orders, under one root: every change to one invalidates `standingOrderKeys.all`. */
export const standingOrderKeys = {
  all: ['standing-orders'] as const,
  list: () => [...standingOrderKeys.all, 'list'] as const,
  detail: (id: number) => [...standingOrderKeys.all, 'detail', id] as const,
}

/** The error the server answers a skip with when the run asked for is no longer the next one. */
export const NOT_NEXT_RUN = 'not_next_run'

export const getStandingOrders = (signal?: AbortSignal) => api.get<StandingOrder[]>('standing-orders', undefined, signal)
export const getStandingOrder = (id: number, signal?: AbortSignal) => api.get<StandingOrderDetail>(`standing-orders/${id}`, undefined, signal)

/** The user's standing orders (an Administrator's: the account's). */
export const standingOrdersQuery = () => queryOptions({ queryKey: standingOrderKeys.list(), queryFn: ({ signal }) => getStandingOrders(signal) })

/** One standing order with its list's lines at today's prices and stock at its branch, and its last runs. */
export const standingOrderQuery = (id: number) =>
  queryOptions({ queryKey: standingOrderKeys.detail(id), queryFn: ({ signal }) => getStandingOrder(id, signal) })

export const useStandingOrders = (enabled = true) => useQuery({ ...standingOrdersQuery(), enabled })
export const useStandingOrder = (id: number) => useQuery(standingOrderQuery(id))

/**
 * A change answered with the standing order as it now is: shown at once, the list refetched. A change refused
 * because the screen was behind (a run already skipped or placed) reads the order again, to show where it stands.
 */
function useChange<V>(send: (variables: V) => Promise<StandingOrderDetail>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: (order) => {
      client.setQueryData(standingOrderKeys.detail(order.id), order)
      void client.invalidateQueries({ queryKey: standingOrderKeys.list() })
    },
    onError: (error) => {
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) void client.invalidateQueries({ queryKey: standingOrderKeys.all })
    },
  })
}

/** Makes a saved list a standing order. */
export const useCreateStandingOrder = () => useChange((body: CreateStandingOrderBody) => api.post<StandingOrderDetail>('standing-orders', body))

/** Changes its branch, schedule (from a new first run), purchase order prefix or delivery: only what is sent. */
export const useUpdateStandingOrder = () =>
  useChange(({ id, body }: { id: number; body: UpdateStandingOrderBody }) => api.put<StandingOrderDetail>(`standing-orders/${id}`, body))

/** Skips the run of that day, which must be the next one. */
export const useSkipRun = () =>
  useChange(({ id, runOn }: { id: number; runOn: string }) => api.post<StandingOrderDetail>(`standing-orders/${id}/skip`, { runOn }))

export const usePauseStandingOrder = () => useChange((id: number) => api.post<StandingOrderDetail>(`standing-orders/${id}/pause`))
export const useResumeStandingOrder = () => useChange((id: number) => api.post<StandingOrderDetail>(`standing-orders/${id}/resume`))

/** Deletes it; its list stays. */
export const useDeleteStandingOrder = () => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`standing-orders/${id}`),
    onSuccess: (_, id) => client.removeQueries({ queryKey: standingOrderKeys.detail(id) }),
    onSettled: () => client.invalidateQueries({ queryKey: standingOrderKeys.list() }),
  })
}
