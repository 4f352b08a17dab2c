/**
 * A second, tiny entry of the page (index.html loads it before main.tsx): it starts fetching the run-time
 * settings and the code of the screen being opened at once, beside React, instead of after it (main.tsx's
 * router can ask for a screen's chunks only once React has arrived and run). It imports nothing but those chunks, so it runs as soon as
 * it is here. A guess that is wrong costs nothing but the fetch: the router loads what it needs either way.
 * Keep the paths in step with app/router.tsx (docs/decisions/0020-first-screen-budget.md).
 */

// The run-time settings, the app's first call (features/site/api/get-site.ts takes this answer): asked for now,
// beside the code, instead of once React has arrived and run; every other API call waits for them.
;(window as { portalSiteAtStart?: Promise<Response> }).portalSiteAtStart = fetch('/api/site', { headers: { Accept: 'application/json' } })

// lib/session.ts keeps the session under these keys; it is not imported here, as it would bring React along.
const signedIn = (() => {
  try {
    return Boolean(localStorage.getItem('token') && localStorage.getItem('user'))
  } catch {
    return false
  }
})()

const path = window.location.pathname.replace(/\/+$/, '') || '/'
const openToAll = path === '/privacy' || path === '/terms' || path === '/reset-password' || path === '/logout'

if (!signedIn && !openToAll) {
  void import('./app/routes/login-route')
} else if (signedIn && !openToAll && path !== '/login') {
  void import('./app/layout/signed-in-frame')
  if (path === '/') {
    void import('./app/routes/home-route')
    preloadHomeBanners()
  } else if (path.startsWith('/category/')) void import('./app/routes/category-route')
  else if (path.startsWith('/product/')) void import('./app/routes/product-route')
  else if (path === '/cart') void import('./app/routes/cart-route')
}

/**
 * The home page's banners (its largest picture) come from the content service's `pages?slug=home`, asked for
 * once the screen has rendered. With the content base remembered from the last visit (app/layout/content-source.tsx),
 * it is asked for now, as features/content/api/content-fetch.ts will ask: that request then finds the answer
 * in the HTTP cache (public, max-age=60) or on its way.
 */
function preloadHomeBanners() {
  try {
    const base = localStorage.getItem('contentBaseUrl')
    if (base) void fetch(`${base.replace(/\/+$/, '')}/pages?slug=home`, { headers: { Accept: 'application/json' }, credentials: 'omit' }).catch(() => undefined)
  } catch {
    // storage off: the screen asks for its banners itself
  }
}
