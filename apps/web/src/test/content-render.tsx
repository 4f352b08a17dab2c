import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { RouterProvider, createMemoryRouter } from 'react-router'
import { AppProviders } from '../app/providers'
import { ContentSourceProvider } from '../features/content/content-source'
import { testQueryClient } from './render'

/** A WordPress site elsewhere, as CONTENT_BASE_URL may name one. */
export const WP_BASE = 'https://news.riverinarural.example/wp-json/wp/v2'

/** Content screens at their routes, reading from a content base, inside the app's providers. */
export function renderContent(routes: Record<string, ReactElement>, path: string, base = WP_BASE) {
  const router = createMemoryRouter(
    [
      ...Object.entries(routes).map(([route, element]) => ({ path: route, element: <ContentSourceProvider baseUrl={base}>{element}</ContentSourceProvider> })),
      { path: '*', element: <p>Elsewhere in the portal</p> },
    ],
    { initialEntries: [path] },
  )
  const user = userEvent.setup()
  const view = render(
    <AppProviders client={testQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return { ...view, router, user }
}
