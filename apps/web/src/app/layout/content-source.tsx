import { useEffect, type ReactNode } from 'react'
import { ContentSourceProvider } from '../../features/content/content-source'
import { useSite } from '../../features/site/api/get-site'

const REMEMBERED = 'contentBaseUrl'

function remembered(): string | undefined {
  try {
    return localStorage.getItem(REMEMBERED) ?? undefined
  } catch {
    return undefined
  }
}

/**
 * Content (news, banners) comes from CONTENT_BASE_URL, which the portal tells the app in GET /api/site.
 * The last known base is remembered, so a returning user's home page asks for its banners at once
 * instead of after /api/site; should the setting have changed, the answer from /api/site takes over.
 */
export function WithContentSource({ children }: { children: ReactNode }) {
  const { data: site } = useSite()
  const base = site?.contentBaseUrl
  useEffect(() => {
    if (base === undefined) return
    try {
      localStorage.setItem(REMEMBERED, base)
    } catch {
      // private mode or full: the base is simply asked for again next time
    }
  }, [base])
  return <ContentSourceProvider baseUrl={base ?? remembered()}>{children}</ContentSourceProvider>
}
