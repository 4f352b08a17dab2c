import type { ReactElement } from 'react'
import { ContentSourceProvider } from '../features/content/content-source'
import { renderRoutes } from './render'

/** A WordPress site elsewhere, as CONTENT_BASE_URL may name one. */
export const WP_BASE = 'https://news.riverinarural.example/wp-json/wp/v2'

/** Content screens at their routes, reading from a content base, inside the app's providers. */
export function renderContent(routes: Record<string, ReactElement>, path: string, base = WP_BASE) {
  return renderRoutes(
    [
      ...Object.entries(routes).map(([route, element]) => ({ path: route, element: <ContentSourceProvider baseUrl={base}>{element}</ContentSourceProvider> })),
      { path: '*', element: <p>Elsewhere in the portal</p> },
    ],
    path,
  )
}
