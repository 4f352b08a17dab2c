import react from '@vitejs/plugin-react'
import { defineConfig, type ProxyOptions } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { earlyEntry } from './vite-plugins/early-entry'
import { firstScreenChunks } from './vite-plugins/first-screen-chunks'
import { precompress } from './vite-plugins/precompress'
import { pureSchemas } from './vite-plugins/pure-schemas'
import { pwaOptions } from './vite-plugins/pwa'

// In development the API, the content service, the dev pages and the payment sandboxes
// all live in the server process; the built app is served by that same process.
const target = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000'
const toServer: ProxyOptions = { target, changeOrigin: false }
// The first screens' code in a few chunks rather than some 30 slivers (docs/decisions/0020-first-screen-budget.md).
const chunks = firstScreenChunks({
  entry: 'src/main.tsx',
  frame: 'src/app/layout/signed-in-frame.tsx',
  // The screens src/preload-screen.ts fetches at once.
  screens: ['login', 'home', 'category', 'product', 'cart'].map((name) => `src/app/routes/${name}-route.tsx`),
})

const proxy = {
  '/api': toServer,
  '/content': toServer,
  '^/dev(/|$)': toServer,
  '/sandbox': toServer,
}

export default defineConfig({
  plugins: [react(), pureSchemas(), earlyEntry('src/preload-screen.ts'), chunks.plugin, VitePWA(pwaOptions), precompress()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // One style sheet for the whole app (some 11 KB compressed), cached across screens, in the page's head.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // Every screen asks the API through TanStack Query: one chunk, not a handful of slivers.
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            // Only the screens with a form validate with it: one chunk of its own, not pulled into the app's below.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            ...chunks.groups,
            // No catch-all vendor chunk: a library goes with the screens that use it (route-level code
            // splitting, docs/decisions/0020-first-screen-budget.md), so the first screen loads only its own.
            // The Sentry SDK is loaded on demand, only where error reporting is configured.
          ],
        },
      },
    },
  },
})
