import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { AppProviders, createQueryClient } from './app/providers'
import { createAppRouter } from './app/router'
import { fetchSiteAtStart, siteQuery } from './features/site/api/get-site'
import { applyBrand } from './features/site/brand'
import { configureBases } from './lib/api'
import { reportError, setRouteResolver, startErrorReporting } from './lib/error-reporting'
import { handTitleToScreens } from './lib/title'
import './app/global.css'

// Which build this page runs, when the build was stamped (VITE_BUILD_ID=...): for support, and for the release journey.
if (import.meta.env.VITE_BUILD_ID) document.documentElement.dataset.build = import.meta.env.VITE_BUILD_ID

// One build runs everywhere: the settings (API, content and picture bases, error reporting, payments,
// analytics) come from the server at start. API calls wait for them; the first screen does not.
const settings = fetchSiteAtStart()
configureBases(settings)
const queryClient = createQueryClient()
void queryClient.prefetchQuery({ ...siteQuery(), queryFn: () => settings })
const router = createAppRouter()
setRouteResolver(() => routePattern(router.state.matches))
void settings.then(
  (site) => {
    applyBrand(site)
    return startErrorReporting(site.errorReporting)
  },
  () => startErrorReporting(null),
)

/** /orders/:id, from the matched routes' paths. */
function routePattern(matches: ReadonlyArray<{ route: { path?: string } }>): string | undefined {
  const parts = matches.map((m) => m.route.path).filter((p): p is string => Boolean(p))
  return parts.length ? `/${parts.join('/').replace(/^\/+/, '')}` : matches.length ? '/' : undefined
}

handTitleToScreens()

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element')

createRoot(root, {
  onUncaughtError: (error) => {
    reportError(error, { kind: 'render' })
    console.error(error)
  },
}).render(
  <StrictMode>
    <AppProviders client={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
)
