import {
  CONTENT_ALT_MAX,
  CONTENT_PAGE_SIZE,
  type ContentBody,
  type ContentKind,
  type ContentMedia,
  type NewContentBody,
  type StaffContentItem,
  type StaffContentPage,
  type StaffContentQuery,
  type StaffContentRow,
} from '@portal/contract/back-office-content'
import type { Deps } from '../../lib/context'
import { badRequest, conflict, notFound } from '../../lib/errors'
import {
  excerptOf,
  fullUrl,
  groupIds,
  groupOptions,
  MediaError,
  mediaIdsOf,
  PublishError,
  richTextToHtml,
  RichTextError,
  safeAddress,
  siteNow,
  slugify,
  storeMedia,
  type MediaInfo,
} from '../content'
import { recordAudit, type Actor } from './audit'
import * as repo from './content-repo'

type Db = Deps['db']
type Fields = ContentBody

/**
 * The back office's Content (decision 0096): Marketing and Administrators write news posts, banners and promotions
 * into the content service's own tables, which its WordPress-compatible API serves. Every change is one
 * transaction with its audit row (decision 0085).
 */

const validDay = (day: string, field: string) => {
  const date = new Date(`${day}T00:00:00Z`)
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) throw badRequest('invalid_date', `${field}: Not a date.`, `body.${field}`)
}

function toRow(r: repo.ItemRow): StaffContentRow {
  return {
    id: r.id,
    kind: repo.kindOfType(r.type),
    title: r.title,
    state: r.state,
    groups: r.groups,
    appearOn: r.appear_on,
    disappearOn: r.disappear_on,
    modifiedAt: r.modified_at,
    imported: r.origin === 'import',
  }
}

const mediaOf = (m: { id: number; file_name: string; mime_type: string; width: number; height: number; alt_text: string }): ContentMedia => ({
  id: m.id,
  url: fullUrl({ id: m.id, fileName: m.file_name, mimeType: m.mime_type, width: m.width }),
  alt: m.alt_text,
  width: m.width,
  height: m.height,
})

async function toItem(db: Db, r: repo.ItemRow): Promise<StaffContentItem> {
  const media = r.featured_media_id ? (await repo.mediaByIds(db, [r.featured_media_id]))[0] : undefined
  const copy = (r.acf ?? {}) as { heading?: string; text?: string; link?: string }
  return {
    ...toRow(r),
    contentHtml: r.content_html,
    excerptHtml: r.excerpt_html,
    featuredMedia: media ? mediaOf(media) : null,
    heading: copy.heading ?? '',
    text: copy.text ?? '',
    link: copy.link ?? '',
  }
}

export async function listContent(db: Db, query: StaffContentQuery): Promise<StaffContentPage> {
  const rows = await repo.listItems(db, siteNow(), query, CONTENT_PAGE_SIZE + 1, (query.page - 1) * CONTENT_PAGE_SIZE)
  return { items: rows.slice(0, CONTENT_PAGE_SIZE).map(toRow), page: query.page, hasMore: rows.length > CONTENT_PAGE_SIZE, groups: await groupOptions(db) }
}

async function itemOr404(db: Db, id: number, lock = false) {
  const row = await repo.findItem(db, siteNow(), id, lock)
  if (!row) throw notFound('content')
  return row
}

export async function getContent(db: Db, id: number): Promise<StaffContentItem> {
  return toItem(db, await itemOr404(db, id))
}

/** What a body's fields are stored as; each bad field is a 400 naming it, before anything is written. */
async function written(db: Db, kind: ContentKind, body: Fields): Promise<repo.ItemWrite & { groupIds: number[] }> {
  const fields = body
  const now = siteNow()
  const today = now.slice(0, 10)
  if (fields.appearOn) validDay(fields.appearOn, 'appearOn')
  if (fields.disappearOn) validDay(fields.disappearOn, 'disappearOn')
  const appearOn = fields.appearOn ?? today
  if (fields.disappearOn && fields.disappearOn < appearOn)
    throw badRequest('invalid_range', 'disappearOn: The last day comes before the first day.', 'body.disappearOn')
  let html = ''
  if (kind === 'news' && fields.body) {
    const ids = mediaIdsOf(fields.body)
    const rows = await repo.mediaByIds(db, ids)
    const media = new Map<number, MediaInfo & { alt: string }>(
      rows.map((m) => [m.id, { id: m.id, fileName: m.file_name, mimeType: m.mime_type, width: m.width, height: m.height, alt: m.alt_text }]),
    )
    try {
      html = richTextToHtml(fields.body, media)
    } catch (error) {
      if (error instanceof RichTextError) throw badRequest('invalid_body', `body: ${error.message}.`, 'body.body')
      throw error
    }
  }
  if (fields.featuredMediaId !== null && (await repo.mediaByIds(db, [fields.featuredMediaId])).length === 0)
    throw badRequest('no_such_picture', 'featuredMediaId: No such picture.', 'body.featuredMediaId')
  if (fields.link && safeAddress(fields.link, 'link') === null)
    throw badRequest('invalid_link', 'link: A link must be an http(s) address or a portal path such as /specials.', 'body.link')
  let ids: number[]
  try {
    ids = await groupIds(db, fields.groups)
  } catch (error) {
    if (error instanceof PublishError) throw badRequest('unknown_group', `groups: ${error.message}.`, 'body.groups')
    throw error
  }
  return {
    title: fields.title.trim(),
    content_html: html,
    excerpt_html: kind === 'news' ? excerptOf(html) : '',
    featured_media_id: fields.featuredMediaId,
    // A first day of today shows it from now; a later one from that day's start.
    published_at: appearOn === today ? now.replace('T', ' ') : `${appearOn} 00:00:00`,
    disappear_on: fields.disappearOn,
    acf: kind === 'news' ? null : { heading: fields.heading.trim(), text: fields.text.trim(), link: fields.link.trim() },
    groupIds: ids,
  }
}

async function freeSlug(db: Db, type: string, title: string, exceptId: number | null): Promise<string> {
  const base = slugify(title).slice(0, 90).replace(/-+$/, '') || type
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`
    if (!(await repo.slugTaken(db, type, slug, exceptId))) return slug
  }
}

const detailOf = (row: { groups: string[]; appearOn: string | null; disappearOn: string | null }) => ({
  groups: row.groups,
  appearOn: row.appearOn,
  disappearOn: row.disappearOn,
})

/** A new item, as a draft. */
export async function createContent(deps: Deps, actor: Actor, body: NewContentBody): Promise<StaffContentItem> {
  return deps.db.transaction().execute(async (trx) => {
    const { groupIds: ids, ...item } = await written(trx, body.kind, body)
    const type = repo.typeOfKind(body.kind)
    const id = await repo.insertItem(trx, type, await freeSlug(trx, type, item.title, null), item)
    await repo.setGroups(trx, id, ids)
    const result = await toItem(trx, await itemOr404(trx, id))
    await recordAudit(trx, actor, {
      action: 'content created',
      subject: `${result.kind} ${id}: ${result.title}`,
      detail: { kind: result.kind, ...detailOf(result) },
    })
    return result
  })
}

/** A change to an item, published or not: a published one shows the change at once. */
export async function updateContent(deps: Deps, actor: Actor, id: number, body: ContentBody): Promise<StaffContentItem> {
  return deps.db.transaction().execute(async (trx) => {
    const before = await itemOr404(trx, id, true)
    const kind = repo.kindOfType(before.type)
    const { groupIds: ids, ...item } = await written(trx, kind, body)
    // A news post's body left out is kept as stored (the editor sends it only once it has been changed).
    if (kind === 'news' && body.body === undefined) {
      item.content_html = before.content_html
      item.excerpt_html = before.excerpt_html
    }
    // The first day sent back unchanged (or left out) keeps the moment the item has been dated with.
    if (body.appearOn == null || body.appearOn === before.appear_on) item.published_at = (await repo.publishedAt(trx, id)) ?? item.published_at
    if (item.disappear_on && item.disappear_on < item.published_at.slice(0, 10))
      throw badRequest('invalid_range', 'disappearOn: The last day comes before the first day.', 'body.disappearOn')
    await repo.updateItem(trx, id, item)
    await repo.setGroups(trx, id, ids)
    const result = await toItem(trx, await itemOr404(trx, id))
    await recordAudit(trx, actor, { action: 'content changed', subject: `${kind} ${id}: ${result.title}`, detail: detailOf(result) })
    return result
  })
}

/** Published: shown to its groups from its first day to its last. A banner or a promotion needs its picture. */
export async function publishContent(deps: Deps, actor: Actor, id: number): Promise<StaffContentItem> {
  return deps.db.transaction().execute(async (trx) => {
    const before = await itemOr404(trx, id, true)
    const kind = repo.kindOfType(before.type)
    if (before.status === 'publish') return toItem(trx, before)
    if (kind !== 'news' && before.featured_media_id === null)
      throw badRequest('picture_needed', `featuredMediaId: A ${kind} needs its picture before it is published.`, 'body.featuredMediaId')
    if (kind === 'news' && !before.content_html.trim()) throw badRequest('body_needed', 'body: Write the post before it is published.', 'body.body')
    const now = siteNow()
    if (before.disappear_on && before.disappear_on < now.slice(0, 10))
      throw badRequest('invalid_range', 'disappearOn: Its last day has gone: choose a later one first.', 'body.disappearOn')
    // A draft whose first day has passed appears from now (as WordPress dates a post when it is published).
    const publishedAt = before.appear_on <= now.slice(0, 10) ? now.replace('T', ' ') : undefined
    await repo.setStatus(trx, id, 'publish', publishedAt)
    const result = await toItem(trx, await itemOr404(trx, id))
    await recordAudit(trx, actor, { action: 'content published', subject: `${kind} ${id}: ${result.title}`, detail: detailOf(result) })
    return result
  })
}

export async function unpublishContent(deps: Deps, actor: Actor, id: number): Promise<StaffContentItem> {
  return deps.db.transaction().execute(async (trx) => {
    const before = await itemOr404(trx, id, true)
    if (before.status === 'draft') return toItem(trx, before)
    await repo.setStatus(trx, id, 'draft')
    const result = await toItem(trx, await itemOr404(trx, id))
    await recordAudit(trx, actor, { action: 'content unpublished', subject: `${result.kind} ${id}: ${result.title}` })
    return result
  })
}

/** Only a draft is deleted: a published item is unpublished first, so that nothing a customer sees vanishes by a slip. */
export async function deleteContent(deps: Deps, actor: Actor, id: number): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const before = await itemOr404(trx, id, true)
    if (before.status !== 'draft') throw conflict('not_a_draft', 'Only a draft is deleted: unpublish it first.')
    await repo.deleteItem(trx, id)
    await recordAudit(trx, actor, { action: 'content deleted', subject: `${repo.kindOfType(before.type)} ${id}: ${before.title}` })
  })
}

/** A picture uploaded in the browser, into the media library (stored once; resized on request by media.ts). */
export async function uploadPicture(deps: Deps, actor: Actor, file: { data: Buffer; name: string }, alt: string): Promise<ContentMedia> {
  const text = alt.trim()
  if (!text) throw badRequest('alt_needed', 'alt: Say what the picture shows, for those who cannot see it.', 'body.alt')
  // eslint-disable-next-line no-control-regex -- NUL is exactly what no database column takes
  if (/\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text))
    throw badRequest('invalid_alt', 'alt: Text without control characters, please.', 'body.alt')
  if (text.length > CONTENT_ALT_MAX) throw badRequest('alt_too_long', `alt: At most ${CONTENT_ALT_MAX} characters.`, 'body.alt')
  return deps.db.transaction().execute(async (trx) => {
    let stored: MediaInfo
    try {
      stored = await storeMedia(trx, file.data, { name: file.name, alt: text })
    } catch (error) {
      if (error instanceof MediaError) throw badRequest('invalid_picture', `file: ${error.message}.`, 'body.file')
      throw error
    }
    await recordAudit(trx, actor, { action: 'picture uploaded', subject: `${stored.fileName} (${stored.id})`, detail: { alt: text } })
    return { id: stored.id, url: fullUrl(stored), alt: text, width: stored.width, height: stored.height }
  })
}
