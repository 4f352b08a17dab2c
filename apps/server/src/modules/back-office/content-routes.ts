import multipart from '@fastify/multipart'
import {
  ContentBody,
  ContentMedia,
  NewContentBody,
  StaffContentItem,
  StaffContentPage,
  StaffContentParams,
  StaffContentQuery,
} from '@portal/contract/back-office-content'
import { ErrorBody } from '@portal/contract/common'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Deps } from '../../lib/context'
import { badRequest, unauthorized } from '../../lib/errors'
import { MAX_UPLOAD_BYTES } from '../content'
import type { Actor } from './audit'
import * as content from './content'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody }
/** Marketing writes the content; Administrators may too. Customer service and Sales representatives: 403. */
const CONTENT = { roles: ['Administrator', 'Marketing'] } as const

function actorOf(req: FastifyRequest): Actor {
  if (!req.backOffice) throw unauthorized()
  return { session: req.backOffice, address: req.ip }
}

/** One picture and its alt text: a part `file` and a field `alt`. */
async function readPicture(req: FastifyRequest): Promise<{ data: Buffer; name: string; alt: string }> {
  if (!req.isMultipart()) throw badRequest('not_multipart', 'Send the picture as multipart/form-data: a part "file" and a field "alt".', 'body')
  let file: { data: Buffer; name: string } | null = null
  let alt = ''
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) throw badRequest('unexpected_part', 'Send one picture, in the part "file".', 'body.file')
        file = { data: await part.toBuffer(), name: part.filename || 'picture' }
      } else if (part.fieldname === 'alt' && typeof part.value === 'string') alt = part.value
      else throw badRequest('unexpected_part', `Unexpected field ${part.fieldname.slice(0, 40)}: send "file" and "alt".`, 'body')
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw badRequest('upload_too_large', `file: A picture may be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`, 'body.file')
    if ((error as { statusCode?: number }).statusCode === 400 || (error as { code?: string }).code?.startsWith('FST_'))
      throw badRequest('unreadable_upload', 'The upload could not be read: send it again as multipart/form-data.', 'body')
    throw error
  }
  if (!file) throw badRequest('file_needed', 'file: Choose a picture to upload.', 'body.file')
  return { ...file, alt }
}

/** /api/staff/content (decision 0096): news posts, banners and promotions, and their pictures. */
export const contentRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  await app.register(multipart, { limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, fields: 2, parts: 3, fieldSize: 4096 } })

  app.get('/content', { config: CONTENT, schema: { querystring: StaffContentQuery, response: { 200: StaffContentPage, ...errors } } }, async (req) =>
    content.listContent(deps.db, req.query),
  )
  app.post('/content', { config: CONTENT, schema: { body: NewContentBody, response: { 201: StaffContentItem, ...errors } } }, async (req, reply) =>
    reply.status(201).send(await content.createContent(deps, actorOf(req), req.body)),
  )
  app.post(
    '/content/media',
    { config: CONTENT, schema: { consumes: ['multipart/form-data'], response: { 201: ContentMedia, ...errors } } },
    async (req, reply) => {
      const picture = await readPicture(req)
      return reply.status(201).send(await content.uploadPicture(deps, actorOf(req), picture, picture.alt))
    },
  )
  app.get('/content/:id', { config: CONTENT, schema: { params: StaffContentParams, response: { 200: StaffContentItem, ...errors } } }, async (req) =>
    content.getContent(deps.db, req.params.id),
  )
  app.put(
    '/content/:id',
    { config: CONTENT, schema: { params: StaffContentParams, body: ContentBody, response: { 200: StaffContentItem, ...errors } } },
    async (req) => content.updateContent(deps, actorOf(req), req.params.id, req.body),
  )
  app.post('/content/:id/publish', { config: CONTENT, schema: { params: StaffContentParams, response: { 200: StaffContentItem, ...errors } } }, async (req) =>
    content.publishContent(deps, actorOf(req), req.params.id),
  )
  app.post('/content/:id/unpublish', { config: CONTENT, schema: { params: StaffContentParams, response: { 200: StaffContentItem, ...errors } } }, async (req) =>
    content.unpublishContent(deps, actorOf(req), req.params.id),
  )
  app.delete('/content/:id', { config: CONTENT, schema: { params: StaffContentParams, response: { 204: z.null(), ...errors } } }, async (req, reply) => {
    await content.deleteContent(deps, actorOf(req), req.params.id)
    return reply.status(204).send(null)
  })
}
