import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { USERS_PAGE_SIZE, type SubUser } from '@portal/contract/users'
import { api } from '../../../lib/api'
import { userKeys } from './query-keys'

export const getUsers = (page: number) => api.get<SubUser[]>('users', { page })

/** Pages of 20; a page shorter than that is the last one. */
export const usersQuery = () =>
  infiniteQueryOptions({
    queryKey: userKeys.all,
    queryFn: ({ pageParam }) => getUsers(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.length < USERS_PAGE_SIZE ? undefined : pages.length + 1),
  })

export const useUsers = (enabled: boolean) => useInfiniteQuery({ ...usersQuery(), enabled })
