import type { VitePWAOptions } from 'vite-plugin-pwa'

/**
 * The installable app (docs/decisions/0031-offline-app.md): the manifest, and the service worker
 * src/sw.ts built with Workbox's precache list of the build. The worker is registered by the app itself
 * after the first screen (src/features/offline/register.ts), never by an injected script.
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  registerType: 'prompt',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
  manifest: {
    id: '/',
    name: 'Trade Portal',
    short_name: 'Trade Portal',
    description: 'Order from the catalogue, keep a cart per branch, and follow orders and invoices, on any connection.',
    lang: 'en-AU',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#1f5f3a',
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  },
  injectManifest: {
    // The app's code, styles and the shell; not source maps nor the build's compressed copies.
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    // Error reporting loads only where it is configured and reports nothing offline: fetched when wanted.
    globIgnores: ['**/*.map', '**/*.br', '**/*.gz', 'sw.js', '**/sentry-*.js'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
  devOptions: { enabled: false },
}
