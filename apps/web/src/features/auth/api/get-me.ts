import { queryOptions, useQuery } from '@tanstack/react-query'
import type { MeResponse } from '@portal/contract/auth'
import { api } from '../../../lib/api'
import { authKeys } from './query-keys'

export const getMe = (signal?: AbortSignal) => api.get<MeResponse>('me', undefined, signal)

export const meQuery = () => queryOptions({ queryKey: authKeys.me(), queryFn: ({ signal }) => getMe(signal), staleTime: 5 * 60_000 })

export const useMe = () => useQuery(meQuery())
