import { queryOptions, useQuery } from '@tanstack/react-query'
import type { AccountBalance } from '@portal/contract/account'
import { api } from '../../../lib/api'
import { accountKeys } from './query-keys'

export const getAccountBalance = (signal?: AbortSignal) => api.get<AccountBalance>('account-balance', undefined, signal)

export const accountBalanceQuery = () => queryOptions({ queryKey: accountKeys.balance(), queryFn: ({ signal }) => getAccountBalance(signal) })

export const useAccountBalance = () => useQuery(accountBalanceQuery())
