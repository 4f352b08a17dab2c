import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ListSummary } from '@portal/contract/lists'
import { api } from '../../../lib/api'
import { listKeys } from './query-keys'

export const getLists = (signal?: AbortSignal) => api.get<ListSummary[]>('lists', undefined, signal)

/** The account's saved order lists, by name. */
export const listsQuery = () => queryOptions({ queryKey: listKeys.summaries(), queryFn: ({ signal }) => getLists(signal) })

export const useLists = (enabled = true) => useQuery({ ...listsQuery(), enabled })
