import { AttachmentParams, BarcodeParams, ImageQuery, PriceListQuery, ProductIdParams } from '@portal/contract/catalogue'
import { ErrorBody } from '@portal/contract/common'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { PassThrough } from 'node:stream'
import type { Deps, Session } from '../../lib/context'
import { pictureCookieToken } from '../../lib/picture-cookie'
import { resolveSession } from '../auth/service'
import { createImageRenderer, IMAGE_TYPE } from './images'
import { XLSX_TYPE } from './price-list'
import * as files from './service'

const tags = ['files']
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody }
const WEEK = 7 * 24 * 60 * 60
/** A file, not JSON: documented for the OpenAPI browser, never serialised. */
const file = (description: string) => z.any().describe(description)

export const filesRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const images = createImageRenderer()

  // Open without a session for pictures of products every account may see: an <img> sends no token, and a
  // CDN may share such an answer with everybody. Any other picture is its viewer's only: asked for with the
  // session's token or, as a browser's <img> does, with the picture cookie set at sign-in
  // (lib/picture-cookie.ts), and answered `private`, varying with both. With `v` (the ISO year and week)
  // the address changes weekly, so a week-long immutable cache still picks up new pictures.
  app.get(
    '/product/:id/image',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          'Product picture as WebP at width 250, 512 or 1200; a placeholder when there is none. Without a session only for products every account may see',
        params: ProductIdParams,
        querystring: ImageQuery,
        response: { 200: file('image/webp'), 304: file('not modified'), ...errors },
      },
    },
    async (req, reply) => {
      const session = req.session ?? (await sessionFromCookie(req))
      const answer = await files.productImage(deps, images, session, req.params.id, req.query.width, req.headers['if-none-match'])
      const lifetime = req.query.v ? `max-age=${WEEK}, immutable` : 'max-age=3600'
      reply.header('ETag', answer.etag)
      if (answer.everyone) reply.header('Cache-Control', `public, ${lifetime}`)
      else reply.header('Cache-Control', `private, ${lifetime}`).header('Vary', 'Authorization, Cookie')
      if (answer.status === 304) return reply.status(304).send()
      return reply.type(IMAGE_TYPE).send(answer.body)
    },
  )

  /** The session named by the picture cookie; null when there is none or it has ended. */
  async function sessionFromCookie(req: FastifyRequest): Promise<Session | null> {
    const token = pictureCookieToken(req)
    return token ? await resolveSession(deps, token) : null
  }

  app.get(
    '/product/:id/attachment/:attachmentId',
    {
      schema: {
        tags,
        summary: "A product's document, with its own content type and file name",
        params: AttachmentParams,
        response: { 200: file('the document'), ...errors },
      },
    },
    async (req, reply) => {
      const file = await files.attachment(deps, req.requireSession(), req.params.id, req.params.attachmentId)
      return reply
        .type(file.contentType)
        .header('Content-Disposition', files.contentDisposition('inline', file.fileName))
        .header('Cache-Control', 'private, max-age=3600')
        .send(file.data)
    },
  )

  // Public and cacheable for good: the picture depends on nothing but the value in the address.
  app.get(
    '/barcode/:barcode',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The value drawn as an EAN-13 (13 digits, valid check digit) or Code 128 barcode, SVG',
        params: BarcodeParams,
        response: { 200: file('image/svg+xml'), 400: ErrorBody },
      },
    },
    async (req, reply) => reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=31536000, immutable').send(files.barcode(req.params.barcode)),
  )

  app.get(
    '/price-list',
    {
      schema: {
        tags,
        summary: "The branch's prices for this account, as an Excel workbook",
        querystring: PriceListQuery,
        response: { 200: file(XLSX_TYPE), ...errors },
      },
    },
    async (req, reply) => {
      const list = await files.priceList(deps, req.requireSession(), req.query.warehouse)
      const body = new PassThrough()
      list.write(body).catch((error: unknown) => {
        req.log.error({ err: error }, 'price list failed')
        body.destroy(error instanceof Error ? error : new Error(String(error)))
      })
      return reply.type(XLSX_TYPE).header('Content-Disposition', files.contentDisposition('attachment', list.fileName)).send(body)
    },
  )
}
