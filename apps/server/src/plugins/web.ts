import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

const SERVER_PREFIXES = ['/api', '/dev', '/content', '/sandbox']

/**
 * Serves the built web app. Hashed assets are cached for a year; any other GET that is not a
 * server path gets index.html, so client routes survive a reload. The build writes brotli and gzip
 * copies of its text files (apps/web/vite-plugins/precompress.ts); they go to browsers that accept them.
 */
export async function registerWeb(app: FastifyInstance, webDist: string) {
  const hasBuild = existsSync(join(webDist, 'index.html'))
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Cache-Control is ours (below); left on, send's own 'public, max-age=0' would replace it.
      cacheControl: false,
      // The compressed copies are found next to their file; they need no routes of their own. The manifest is
      // the server's own, with the distributor's name and colour (modules/site/routes.ts), never a build's.
      globIgnore: ['**/*.br', '**/*.gz', '**/manifest.webmanifest'],
      setHeaders(res, path) {
        // Anything but the hashed assets is asked for again each time: index.html, the manifest, and the service
        // worker /sw.js above all, whose update check must reach the new release (docs/decisions/0031-offline-app.md).
        res.setHeader('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache')
        // The body depends on Accept-Encoding (a compressed copy or not): caches must keep them apart.
        res.setHeader('Vary', 'Accept-Encoding')
      },
    })
  }
  return function sendIndex(url: string, method: string): ((reply: FastifyReply) => unknown) | null {
    if (method !== 'GET' && method !== 'HEAD') return null
    if (SERVER_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`))) return null
    // A missing build file is a 404, not the app: a stale page asking for old asset names must fail visibly.
    if (url.startsWith('/assets/')) return null
    if (!hasBuild) return (reply) => reply.status(503).type('text/plain').send('The web app is not built. Run npm run build.')
    return (reply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html')
  }
}
