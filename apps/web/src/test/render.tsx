import { QueryClient } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router'
import { AppProviders, createQueryClient } from '../app/providers'
import { routes } from '../app/router'

/** The app's query client (its defaults, network mode among them) with no retries and nothing going stale. */
export function testQueryClient(): QueryClient {
  const client = createQueryClient()
  // On top of the app's defaults (its network mode among them: a change made offline must still run, to be queued).
  const defaults = client.getDefaultOptions()
  client.setDefaultOptions({ queries: { ...defaults.queries, retry: false, staleTime: Infinity }, mutations: { ...defaults.mutations, retry: false } })
  return client
}

/** Routes at a given address inside the app's providers (a test query client), with a user to drive them. */
export function renderRoutes(routeList: RouteObject[], path = '/') {
  const router = createMemoryRouter(routeList, { initialEntries: [path] })
  const user = userEvent.setup()
  const view = render(
    <AppProviders client={testQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return { ...view, router, user }
}

/** The whole app at a given address, as the browser would show it. */
export const renderApp = (path = '/') => renderRoutes(routes, path)

/** One component inside the app's providers and a router, at a given address. */
export const renderWithProviders = (ui: ReactElement, path = '/') => renderRoutes([{ path: '*', element: ui }], path)
