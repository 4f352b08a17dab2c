import type { ReactNode } from 'react'
import { Link } from 'react-router'

/** The portal path a content link points to, when it points into the portal (/specials, or this site's full URL). */
export function portalPath(href: string): string | null {
  if (href.startsWith('/') && !href.startsWith('//')) return href
  try {
    const url = new URL(href)
    return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : null
  } catch {
    return null
  }
}

/** A link from the content service: inside the portal it navigates in place, elsewhere it opens a new tab. */
export function ContentLink({ href, className, children, ...aria }: { href: string; className?: string; children: ReactNode; 'aria-label'?: string }) {
  const path = portalPath(href)
  if (path) {
    return (
      <Link to={path} className={className} {...aria}>
        {children}
      </Link>
    )
  }
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer" {...aria}>
      {children}
    </a>
  )
}
