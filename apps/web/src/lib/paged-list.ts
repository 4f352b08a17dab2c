import { useEffect, useEffectEvent, useRef } from 'react'
import type { UseInfiniteQueryResult } from '@tanstack/react-query'
import { ApiError } from './api'

type PagedQuery = Pick<UseInfiniteQueryResult, 'isError' | 'isFetchNextPageError' | 'errorUpdatedAt' | 'error'>

/**
 * Tells a paged list's first-page failure from a Load more failure (each has its own
 * message), once per failure. A 401 is already on its way to /logout and is not reported.
 */
export function usePageFailures(query: PagedQuery, onFailure: (kind: 'first' | 'more') => void) {
  const reported = useRef(0)
  const report = useEffectEvent(onFailure)
  const { isError, isFetchNextPageError, errorUpdatedAt, error } = query
  useEffect(() => {
    if (!isError || errorUpdatedAt === reported.current) return
    reported.current = errorUpdatedAt
    if (error instanceof ApiError && error.status === 401) return
    report(isFetchNextPageError ? 'more' : 'first')
  }, [isError, isFetchNextPageError, errorUpdatedAt, error])
}
