import { SiteInfo } from '@portal/contract/reference'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { readFileSync } from 'node:fs'
import type { Config } from '../../config'
import { presentDemoLogins } from '../../lib/demo-logins'
import type { Deps } from '../../lib/context'
import { notFound } from '../../lib/errors'
import { paymentSettings, type SandboxTestCards } from '../payments/service'

/** Where the web app and the manifest find the logo: the portal's own copy of a logo file, or its https:// address. */
export function logoUrlOf(distributor: Config['distributor']): string | null {
  if (!distributor.logo) return null
  return 'url' in distributor.logo ? distributor.logo.url : '/api/site/logo'
}

/** `sandboxTestCards`: what the local payment sandbox (registered by app.ts outside production) approves and declines. */
export const siteRoutes: FastifyPluginAsyncZod<Deps & { sandboxTestCards?: SandboxTestCards }> = async (app, { config, db, sandboxTestCards }) => {
  const { distributor } = config
  // Read once: the logins the demo made are there from the start or never (the demo loads into an empty database).
  const demoLogins = config.demo ? await presentDemoLogins(db) : []
  const info: SiteInfo = {
    name: distributor.name,
    abn: distributor.abn,
    phone: distributor.phone,
    accountsPhone: distributor.accountsPhone,
    email: distributor.email,
    address: distributor.address,
    postalAddress: distributor.postalAddress,
    brandColour: distributor.brandColour,
    logoUrl: logoUrlOf(distributor),
    demo: config.demo,
    contentBaseUrl: config.contentBaseUrl,
    demoLogins: demoLogins.map(({ username, password, description }) => ({ username, password, description })),
    payments: paymentSettings(config, sandboxTestCards),
    apiBaseUrl: config.apiBaseUrl,
    imageBaseUrl: config.imageBaseUrl,
    errorReporting: config.errorReporting.browserDsn
      ? { dsn: config.errorReporting.browserDsn, environment: config.errorReporting.environment, release: config.errorReporting.release }
      : null,
  }
  app.get('/site', { config: { public: true }, schema: { tags: ['site'], response: { 200: SiteInfo } } }, async () => info)

  // The start checked the file (config identityProblems); it is read once, as the pages ask for it on every visit.
  const logo = distributor.logo && 'file' in distributor.logo ? { type: distributor.logo.type, bytes: readFileSync(distributor.logo.file) } : null
  app.get(
    '/site/logo',
    { config: { public: true }, schema: { tags: ['site'], summary: 'The distributor’s logo file (DISTRIBUTOR_LOGO), 404 when it has none here' } },
    async (_request, reply) => {
      if (!logo) throw notFound('logo')
      return reply.header('Cache-Control', 'public, max-age=3600').type(logo.type).send(logo.bytes)
    },
  )
}

/**
 * The installable app's manifest (docs/decisions/0031-offline-app.md), made by the server from the distributor's
 * identity so that one build of the web app installs under each distributor's own name and colour.
 */
export function webManifest(config: Pick<Config, 'distributor'>) {
  const { name, brandColour } = config.distributor
  return {
    id: '/',
    name,
    // A home-screen label is cut after some 12 characters: the first word(s) that fit, else the name.
    short_name: shortName(name),
    description: `Order from the ${name} catalogue, keep a cart per branch, and follow orders and invoices, on any connection.`,
    lang: 'en-AU',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: brandColour,
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  }
}

function shortName(name: string): string {
  if (name.length <= 12) return name
  const words = name.split(/\s+/)
  let short = words[0]!
  for (const word of words.slice(1)) {
    if (`${short} ${word}`.length > 12) break
    short = `${short} ${word}`
  }
  return short.length <= 12 ? short : name
}

export const manifestRoutes: FastifyPluginAsyncZod<Deps> = async (app, { config }) => {
  const body = JSON.stringify(webManifest(config))
  app.get('/manifest.webmanifest', { config: { public: true }, schema: { hide: true } }, async (_request, reply) =>
    // Asked for again each time, like the web app's other unhashed files: a new name or colour shows at the next visit.
    reply.header('Cache-Control', 'no-cache').type('application/manifest+json; charset=utf-8').send(body),
  )
}
