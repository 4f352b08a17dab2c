import react from '@vitejs/plugin-react'
import { defineConfig, type ProxyOptions } from 'vite'

// In development the API, the content service, the dev pages and the payment sandboxes
// all live in the server process; the built app is served by that same process.
const target = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000'
const toServer: ProxyOptions = { target, changeOrigin: false }
const proxy = {
  '/api': toServer,
  '/content': toServer,
  '^/dev(/|$)': toServer,
  '/sandbox': toServer,
}

export default defineConfig({
  plugins: [react()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
})
