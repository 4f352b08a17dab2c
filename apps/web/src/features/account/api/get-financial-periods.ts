import { queryOptions, useQuery } from '@tanstack/react-query'
import type { FinancialPeriod } from '@portal/contract/account'
import { api } from '../../../lib/api'
import { accountKeys } from './query-keys'

export const getFinancialPeriods = (signal?: AbortSignal) => api.get<FinancialPeriod[]>('financial-periods', undefined, signal)

/** Latest first, as the server sends them. */
export const financialPeriodsQuery = () =>
  queryOptions({ queryKey: accountKeys.financialPeriods(), queryFn: ({ signal }) => getFinancialPeriods(signal), staleTime: 60 * 60_000 })

export const useFinancialPeriods = () => useQuery(financialPeriodsQuery())
