import type { ApiError } from './api'

/**
 * Queries name the toast their failure shows in `meta.errorMessage`;
 * the QueryClient shows it once per failure, whichever screens use the query.
 */
declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError | Error
    queryMeta: { errorMessage?: string }
  }
}

export {}
