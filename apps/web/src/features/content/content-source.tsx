import { createContext, useContext, type ReactNode } from 'react'

/**
 * Where content comes from: the WordPress REST API base (CONTENT_BASE_URL, from GET /api/site).
 * The app provides it; undefined while it is not known yet, and content waits for it.
 */
const ContentSource = createContext<string | undefined>(undefined)

export function ContentSourceProvider({ baseUrl, children }: { baseUrl: string | undefined; children: ReactNode }) {
  return <ContentSource.Provider value={baseUrl}>{children}</ContentSource.Provider>
}

export const useContentBase = () => useContext(ContentSource)
