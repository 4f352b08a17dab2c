import type { CategoriesQuery, PagesQuery, PostsQuery, WpMedia, WpPage, WpPost, WpProductCategory } from '@portal/contract/content'
import type { Deps } from '../../lib/context'
import { requestedFile, rendition, type MediaInfo } from './media'
import * as repo from './repo'
import { mediaIdsOfAcf, siteNow, toWpMedia, toWpPage, toWpPost, toWpProductCategory, type GroupRef, type StoredHomeAcf } from './wordpress'

/** An error in WordPress's words: `{code, message, data: {status}}`. */
export class WpRestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly params?: Record<string, string>,
  ) {
    super(message)
  }
}

export interface Listing<T> {
  items: T[]
  total: number
  totalPages: number
  page: number
}

const invalidPage = () => new WpRestError(400, 'rest_post_invalid_page_number', 'The page number requested is larger than the number of pages available.')

/** WordPress answers a page past the end with 400, unless there is nothing at all (then an empty page 1 or any page). */
function paging(total: number, perPage: number, page: number) {
  const totalPages = Math.ceil(total / perPage)
  if (total > 0 && page > totalPages) throw invalidPage()
  return { totalPages, limit: perPage, offset: (page - 1) * perPage }
}

const groupSlugs = (filter: string | undefined) =>
  filter === undefined
    ? undefined
    : filter
        .split(/[,+ ]/)
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean)

const siteName = (deps: Deps) => deps.config.distributor.name

async function mediaMap(deps: Deps, ids: number[]) {
  const rows = await repo.mediaByIds(deps.db, [...new Set(ids)])
  return new Map(rows.map((m) => [m.id, m]))
}

async function groupsByPost(deps: Deps, postIds: number[]) {
  const map = new Map<number, GroupRef[]>()
  for (const g of await repo.groupsOfPosts(deps.db, postIds)) {
    const list = map.get(g.post_id) ?? []
    list.push({ id: g.id, slug: g.slug, name: g.name })
    map.set(g.post_id, list)
  }
  return map
}

async function postsToWp(deps: Deps, rows: repo.PostRow[], embed: boolean): Promise<WpPost[]> {
  const groups = await groupsByPost(
    deps,
    rows.map((r) => r.id),
  )
  const media = embed
    ? await mediaMap(
        deps,
        rows.flatMap((r) => (r.featured_media_id ? [r.featured_media_id] : [])),
      )
    : new Map()
  return rows.map((r) => toWpPost(r, groups.get(r.id) ?? [], { publicUrl: deps.config.publicUrl }, { embed, media, siteName: siteName(deps) }))
}

/** GET /posts: newest first; `filter[group]` keeps the posts for any of the named groups. */
export async function listPosts(deps: Deps, query: PostsQuery): Promise<Listing<WpPost>> {
  const filter: repo.PostFilter = { type: 'post', groups: groupSlugs(query['filter[group]']), slug: query.slug, search: query.search, notAfter: siteNow() }
  const total = await repo.countPosts(deps.db, filter)
  const { totalPages, limit, offset } = paging(total, query.per_page, query.page)
  const rows = total === 0 ? [] : await repo.listPosts(deps.db, filter, { limit, offset })
  return { items: await postsToWp(deps, rows, query._embed !== undefined), total, totalPages, page: query.page }
}

const invalidPostId = () => new WpRestError(404, 'rest_post_invalid_id', 'Invalid post ID.')

export async function getPost(deps: Deps, id: number, embed: boolean): Promise<WpPost> {
  const row = await repo.findPost(deps.db, 'post', id)
  if (!row) throw invalidPostId()
  // A draft, a scheduled or an expired post exists, but only a signed-in editor could read it; the REST API answers as WordPress does.
  const now = siteNow()
  if (row.status !== 'publish' || row.date > now || (row.disappear_on !== null && row.disappear_on < now.slice(0, 10)))
    throw new WpRestError(401, 'rest_forbidden', 'Sorry, you are not allowed to do that.')
  const [post] = await postsToWp(deps, [row], embed)
  return post!
}

/**
 * The home page with the banners and promotions written in the back office (decision 0096) that are shown today
 * after those of home.md, for the groups asked for. Each is flagged for resellers when it is for them: asked for
 * `eld`, or, with no group asked for, when ELD is its only group (the web app shows a reseller the flagged ones).
 */
async function withBackOfficeBanners(deps: Deps, rows: repo.PostRow[], groups: string[] | undefined): Promise<repo.PostRow[]> {
  if (!rows.some((r) => r.type === 'page' && r.slug === 'home')) return rows
  const banners = await repo.bannersShown(deps.db, siteNow().slice(0, 10), groups)
  if (banners.length === 0) return rows
  const forResellers = (own: string[]) => (groups ? groups.includes('eld') : own.length > 0 && own.every((g) => g === 'eld'))
  const copy = (acf: unknown) => (acf ?? {}) as { heading?: string; text?: string; link?: string }
  const slides = banners
    .filter((b) => b.type === 'banner')
    .map((b) => ({
      banner_image: b.featured_media_id,
      banner_heading: copy(b.acf).heading ?? '',
      banner_title: b.title,
      button_link: copy(b.acf).link ?? '',
      button_text: copy(b.acf).text ?? '',
      isElders: forResellers(b.groups),
    }))
  const promos = banners
    .filter((b) => b.type === 'promotion')
    .map((b) => ({
      promo_image: b.featured_media_id,
      promo_heading: copy(b.acf).heading ?? '',
      promo_title: b.title,
      promo_link: copy(b.acf).link ?? '',
      promo_text: copy(b.acf).text ?? '',
      isElders: forResellers(b.groups),
    }))
  return rows.map((r) => {
    if (r.type !== 'page' || r.slug !== 'home') return r
    const stored = (r.acf ?? {}) as Partial<StoredHomeAcf>
    const acf: StoredHomeAcf = { banner_slider: [...(stored.banner_slider ?? []), ...slides], banner_promo: [...(stored.banner_promo ?? []), ...promos] }
    return { ...r, acf }
  })
}

async function pagesToWp(deps: Deps, rows: repo.PostRow[], embed: boolean): Promise<WpPage[]> {
  const media = await mediaMap(
    deps,
    rows.flatMap((r) => [...mediaIdsOfAcf(r.acf), ...(r.featured_media_id ? [r.featured_media_id] : [])]),
  )
  return rows.map((r) => toWpPage(r, { publicUrl: deps.config.publicUrl }, { embed, media, siteName: siteName(deps) }))
}

/** GET /pages: the portal asks for `?slug=home` and reads the banner repeaters from `acf`. */
export async function listPages(deps: Deps, query: PagesQuery): Promise<Listing<WpPage>> {
  const filter: repo.PostFilter = { type: 'page', slug: query.slug }
  const total = await repo.countPosts(deps.db, filter)
  const { totalPages, limit, offset } = paging(total, query.per_page, query.page)
  const rows = total === 0 ? [] : await repo.listPosts(deps.db, filter, { limit, offset })
  const withBanners = await withBackOfficeBanners(deps, rows, groupSlugs(query['filter[group]']))
  return { items: await pagesToWp(deps, withBanners, query._embed !== undefined), total, totalPages, page: query.page }
}

export async function getPage(deps: Deps, id: number, embed: boolean): Promise<WpPage> {
  const row = await repo.findPost(deps.db, 'page', id)
  if (!row) throw new WpRestError(404, 'rest_post_invalid_id', 'Invalid post ID.')
  if (row.status !== 'publish') throw new WpRestError(401, 'rest_forbidden', 'Sorry, you are not allowed to do that.')
  const [page] = await pagesToWp(deps, await withBackOfficeBanners(deps, [row], undefined), embed)
  return page!
}

export async function getMedia(deps: Deps, id: number): Promise<WpMedia> {
  const row = (await repo.mediaByIds(deps.db, [id]))[0]
  if (!row) throw invalidPostId()
  return toWpMedia(row, { publicUrl: deps.config.publicUrl })
}

/** GET /product_category: the catalogue's parent categories with their children, in the old site's ACF shape. */
export async function listProductCategories(deps: Deps, query: CategoriesQuery): Promise<Listing<WpProductCategory>> {
  const total = await repo.countParentCategories(deps.db)
  const { totalPages, limit, offset } = paging(total, query.per_page, query.page)
  const parents = await repo.parentCategories(deps.db, { limit, offset })
  const children = await repo.childCategories(
    deps.db,
    parents.map((p) => p.id),
  )
  const items = parents.map((p) =>
    toWpProductCategory(
      p,
      children.filter((c) => c.parent_id === p.id).map((c) => c.name),
      { publicUrl: deps.config.publicUrl },
    ),
  )
  return { items, total, totalPages, page: query.page }
}

export interface MediaFile {
  data: Buffer
  mimeType: string
  etag: string
}

/** A file under /content/uploads/{id}/: the original or a rendition; null when there is no such file. */
export async function mediaFile({ db }: Deps, id: number, file: string): Promise<MediaFile | null> {
  const row = await repo.findMedia(db, id)
  if (!row) return null
  const media: MediaInfo = { id: row.id, fileName: row.file_name, mimeType: row.mime_type, width: row.width, height: row.height }
  const wanted = requestedFile(media, file)
  if (!wanted) return null
  const etag = `"${row.sha256.slice(0, 16)}-${wanted.kind === 'original' ? 'o' : wanted.rendition.name}"`
  if (wanted.kind === 'original') {
    const original = await repo.mediaData(db, id)
    return original ? { data: Buffer.from(original.data), mimeType: original.mime_type, etag } : null
  }
  const made = await rendition(db, media, wanted.rendition)
  return { ...made, etag }
}
