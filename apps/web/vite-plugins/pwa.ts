import type { VitePWAOptions } from 'vite-plugin-pwa'

/**
 * The installable app (docs/decisions/0031-offline-app.md): the service worker
 * src/sw.ts built with Workbox's precache list of the build. The worker is registered by the app itself
 * after the first screen (src/features/offline/register.ts), never by an injected script.
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  registerType: 'prompt',
  injectRegister: false,
  // The manifest is the server's (GET /manifest.webmanifest, modules/site/routes.ts): it carries the distributor's
  // name and brand colour, which one build cannot know. index.html links it.
  manifest: false,
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
  injectManifest: {
    // The app's code, styles and the shell; not source maps nor the build's compressed copies.
    globPatterns: ['**/*.{js,css,html,svg,png}'],
    // Error reporting loads only where it is configured and reports nothing offline: fetched when wanted. The back
    // office's rich-text editor (decision 0096), the largest chunk by far, is fetched by Marketing when they write,
    // never installed on every customer's device.
    globIgnores: ['**/*.map', '**/*.br', '**/*.gz', 'sw.js', '**/sentry-*.js', '**/rich-text-editor-*.js'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
  devOptions: { enabled: false },
}
