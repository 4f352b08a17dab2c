import { CategoriesQuery, EmbedQuery, IdParams, PagesQuery, PostsQuery, WpError, WpMedia, WpPage, WpPost, WpProductCategory } from '@portal/contract/content'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Deps } from '../../lib/context'
import * as content from './service'
import { WpRestError, type Listing } from './service'

const tags = ['content']
// Public like a WordPress site's REST API: published content needs no session (docs/decisions).
const open = { public: true }
const security: Array<Record<string, string[]>> = []
const errors = { 400: WpError, 401: WpError, 404: WpError }

/** Short enough that an import shows within a minute; pictures carry their own year-long caching. */
const JSON_CACHE = 'public, max-age=60'
const FILE_CACHE = 'public, max-age=31536000, immutable'

function wpHeaders(reply: FastifyReply) {
  reply.header('Access-Control-Allow-Origin', '*')
  reply.header('Access-Control-Expose-Headers', 'X-WP-Total, X-WP-TotalPages, Link')
  reply.header('Cache-Control', JSON_CACHE)
}

/** WordPress's paging headers, and Link rel=prev/next as it sends them. */
function sendListing<T>(req: FastifyRequest, reply: FastifyReply, publicUrl: string, listing: Listing<T>): T[] {
  wpHeaders(reply)
  reply.header('X-WP-Total', String(listing.total))
  reply.header('X-WP-TotalPages', String(listing.totalPages))
  const links: string[] = []
  const at = (page: number) => {
    const url = new URL(req.url, publicUrl)
    url.searchParams.set('page', String(page))
    return `<${url.toString()}>`
  }
  if (listing.page > 1 && listing.page <= listing.totalPages + 1) links.push(`${at(listing.page - 1)}; rel="prev"`)
  if (listing.page < listing.totalPages) links.push(`${at(listing.page + 1)}; rel="next"`)
  if (links.length > 0) reply.header('Link', links.join(', '))
  return listing.items
}

const wpError = (status: number, code: string, message: string, params?: Record<string, string>) => ({
  code,
  message,
  data: { status, ...(params ? { params } : {}) },
})

/**
 * The embedded content service, under /content: the WordPress REST API subset at /wp-json/wp/v2
 * and the media files at /uploads. Errors are WordPress's `{code, message, data: {status}}`.
 */
export const contentRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const publicUrl = deps.config.publicUrl

  app.setErrorHandler((err: FastifyError, req, reply) => {
    wpHeaders(reply)
    reply.header('Cache-Control', 'no-store')
    if (err instanceof WpRestError) return reply.status(err.status).send(wpError(err.status, err.code, err.message, err.params))
    if (hasZodFastifySchemaValidationErrors(err)) {
      // A route's id is digits in WordPress's route table: anything else matches no route.
      if (err.validationContext === 'params')
        return reply.status(404).send(wpError(404, 'rest_no_route', 'No route was found matching the URL and request method.'))
      const params: Record<string, string> = {}
      for (const v of err.validation) {
        const name = v.instancePath.split('/').filter(Boolean)[0] ?? 'query'
        params[name] ??= v.message ?? 'Invalid parameter.'
      }
      return reply.status(400).send(wpError(400, 'rest_invalid_param', `Invalid parameter(s): ${Object.keys(params).join(', ')}`, params))
    }
    req.log.error({ err }, 'content request failed')
    return reply.status(500).send(wpError(500, 'internal_server_error', 'There has been a critical error on this website.'))
  })
  app.setNotFoundHandler((req, reply) => {
    wpHeaders(reply)
    reply.status(404).send(wpError(404, 'rest_no_route', 'No route was found matching the URL and request method.'))
  })

  const wp = '/wp-json/wp/v2'

  app.get(
    `${wp}/posts`,
    { config: open, schema: { tags, security, querystring: PostsQuery, response: { 200: z.array(WpPost), ...errors } } },
    async (req, reply) => sendListing(req, reply, publicUrl, await content.listPosts(deps, req.query)),
  )

  app.get(
    `${wp}/posts/:id`,
    { config: open, schema: { tags, security, params: IdParams, querystring: EmbedQuery, response: { 200: WpPost, ...errors } } },
    async (req, reply) => {
      wpHeaders(reply)
      return content.getPost(deps, req.params.id, req.query._embed !== undefined)
    },
  )

  app.get(
    `${wp}/pages`,
    { config: open, schema: { tags, security, querystring: PagesQuery, response: { 200: z.array(WpPage), ...errors } } },
    async (req, reply) => sendListing(req, reply, publicUrl, await content.listPages(deps, req.query)),
  )

  app.get(
    `${wp}/pages/:id`,
    { config: open, schema: { tags, security, params: IdParams, querystring: EmbedQuery, response: { 200: WpPage, ...errors } } },
    async (req, reply) => {
      wpHeaders(reply)
      return content.getPage(deps, req.params.id, req.query._embed !== undefined)
    },
  )

  app.get(`${wp}/media/:id`, { config: open, schema: { tags, security, params: IdParams, response: { 200: WpMedia, ...errors } } }, async (req, reply) => {
    wpHeaders(reply)
    return content.getMedia(deps, req.params.id)
  })

  app.get(
    `${wp}/product_category`,
    { config: open, schema: { tags, security, querystring: CategoriesQuery, response: { 200: z.array(WpProductCategory), ...errors } } },
    async (req, reply) => sendListing(req, reply, publicUrl, await content.listProductCategories(deps, req.query)),
  )

  app.get(
    '/uploads/:id/:file',
    {
      config: open,
      schema: {
        tags,
        security,
        summary: 'A picture of the media library: the original, or a WebP rendition ({name}-{width}w.webp, {name}-150x150.webp)',
        params: z.object({ id: IdParams.shape.id, file: z.string().max(200) }),
      },
    },
    async (req, reply) => {
      const file = await content.mediaFile(deps, req.params.id, req.params.file)
      if (!file)
        return reply
          .status(404)
          .header('Cache-Control', 'no-store')
          .send(wpError(404, 'rest_no_route', 'No such file.'))
      reply.header('Cache-Control', FILE_CACHE).header('ETag', file.etag).header('Access-Control-Allow-Origin', '*')
      if (req.headers['if-none-match'] === file.etag) return reply.status(304).send()
      return reply.type(file.mimeType).send(file.data)
    },
  )
}
