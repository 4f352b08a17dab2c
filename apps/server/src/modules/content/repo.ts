import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'

type Db = Kysely<DB>

// ---- media ----

const mediaColumns = ['id', 'file_name', 'mime_type', 'width', 'height', 'alt_text', 'sha256'] as const

export function mediaBySha(db: Db, sha256: string) {
  return db.selectFrom('content_media').select(mediaColumns).where('sha256', '=', sha256).executeTakeFirst()
}

export async function setMediaAlt(db: Db, id: number, alt: string) {
  await db.updateTable('content_media').set({ alt_text: alt }).where('id', '=', id).execute()
}

export function insertMedia(
  db: Db,
  row: { sha256: string; file_name: string; mime_type: string; width: number; height: number; alt_text: string; data: Buffer },
) {
  return db.insertInto('content_media').values(row).returning('id').executeTakeFirstOrThrow()
}

export function findMedia(db: Db, id: number) {
  return db
    .selectFrom('content_media')
    .select([...mediaColumns, sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS')`.as('created_gmt')])
    .where('id', '=', id)
    .executeTakeFirst()
}

export function mediaByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([])
  return db
    .selectFrom('content_media')
    .select([...mediaColumns, sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS')`.as('created_gmt')])
    .where(sql<boolean>`id = ANY(${ids}::int[])`)
    .execute()
}

export type MediaRow = Awaited<ReturnType<typeof mediaByIds>>[number]

export function mediaData(db: Db, id: number) {
  return db.selectFrom('content_media').select(['data', 'mime_type', 'width']).where('id', '=', id).executeTakeFirst()
}

export function findRendition(db: Db, mediaId: number, name: string) {
  return db.selectFrom('content_media_renditions').select(['data', 'mime_type']).where('media_id', '=', mediaId).where('name', '=', name).executeTakeFirst()
}

export async function insertRendition(db: Db, row: { media_id: number; name: string; mime_type: string; width: number; height: number; data: Buffer }) {
  await db
    .insertInto('content_media_renditions')
    .values(row)
    .onConflict((oc) => oc.columns(['media_id', 'name']).doNothing())
    .execute()
}

// ---- groups ----

export function listGroups(db: Db) {
  return db.selectFrom('content_groups').select(['id', 'slug', 'name']).orderBy('slug').execute()
}

export async function insertGroup(db: Db, slug: string, name: string): Promise<number> {
  const row = await db
    .insertInto('content_groups')
    .values({ slug, name })
    .onConflict((oc) => oc.column('slug').doUpdateSet({ slug }))
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** The sales categories customer accounts have: each is a group posts can be for. */
export async function salesCategories(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('customer_accounts').select('sales_category').distinct().execute()
  return rows.map((r) => r.sales_category)
}

export function groupsOfPosts(db: Db, postIds: number[]) {
  if (postIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('content_post_groups as pg')
    .innerJoin('content_groups as g', 'g.id', 'pg.group_id')
    .select(['pg.post_id', 'g.id', 'g.slug', 'g.name'])
    .where(sql<boolean>`pg.post_id = ANY(${postIds}::int[])`)
    .orderBy('g.slug')
    .execute()
}

// ---- posts and pages ----

export interface PostFilter {
  type: 'post' | 'page'
  /** Group slugs, lower case; a post for any of them matches. */
  groups?: string[]
  slug?: string
  search?: string
  /** Site-local 'YYYY-MM-DDTHH:mm:ss': posts dated later are scheduled and left out, as are those whose last day was before it. */
  notAfter?: string
}

function listed(db: Db, filter: PostFilter) {
  let q = db.selectFrom('content_posts as p').where('p.type', '=', filter.type).where('p.status', '=', 'publish')
  if (filter.slug !== undefined) q = q.where('p.slug', '=', filter.slug)
  if (filter.notAfter !== undefined)
    q = q
      .where(sql<boolean>`p.published_at <= ${filter.notAfter}::timestamp`)
      .where((eb) => eb.or([eb('p.disappear_on', 'is', null), eb('p.disappear_on', '>=', sql<string>`${filter.notAfter!.slice(0, 10)}::date`)]))
  if (filter.search) {
    const like = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    q = q.where((eb) => eb.or([eb('p.title', 'ilike', like), eb('p.content_html', 'ilike', like)]))
  }
  const groups = filter.groups
  if (groups) {
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('content_post_groups as pg')
          .innerJoin('content_groups as g', 'g.id', 'pg.group_id')
          .select('pg.post_id')
          .whereRef('pg.post_id', '=', 'p.id')
          .where(sql<boolean>`g.slug = ANY(${groups.length > 0 ? groups : ['']}::text[])`),
      ),
    )
  }
  return q
}

const postColumns = [
  'p.id',
  'p.type',
  'p.slug',
  'p.status',
  'p.title',
  'p.excerpt_html',
  'p.content_html',
  'p.featured_media_id',
  'p.acf',
  sql<string>`to_char(p.published_at, 'YYYY-MM-DD"T"HH24:MI:SS')`.as('date'),
  sql<string>`to_char(p.modified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS')`.as('modified_gmt'),
  sql<string | null>`to_char(p.disappear_on, 'YYYY-MM-DD')`.as('disappear_on'),
] as const

export async function countPosts(db: Db, filter: PostFilter): Promise<number> {
  const row = await listed(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Newest first, as WordPress orders by date. */
export function listPosts(db: Db, filter: PostFilter, { limit, offset }: { limit: number; offset: number }) {
  return listed(db, filter).select(postColumns).orderBy('p.published_at', 'desc').orderBy('p.id', 'desc').limit(limit).offset(offset).execute()
}

export type PostRow = Awaited<ReturnType<typeof listPosts>>[number]

/** A post or page by id, whatever its status (the service decides what a draft answers). */
export function findPost(db: Db, type: 'post' | 'page', id: number) {
  return db.selectFrom('content_posts as p').select(postColumns).where('p.type', '=', type).where('p.id', '=', id).executeTakeFirst()
}

export function findPostIdBySlug(db: Db, type: 'post' | 'page', slug: string) {
  return db.selectFrom('content_posts').select('id').where('type', '=', type).where('slug', '=', slug).executeTakeFirst()
}

export interface PostWrite {
  type: 'post' | 'page'
  slug: string
  status: 'publish' | 'draft'
  title: string
  excerpt_html: string
  content_html: string
  featured_media_id: number | null
  /** Site-local 'YYYY-MM-DD HH:MM:SS'. */
  published_at: string
  acf: unknown
}

/** Creates the post, or changes the one with the same type and slug; answers its id and whether it was new. */
export async function upsertPost(db: Db, post: PostWrite): Promise<{ id: number; created: boolean }> {
  const values = { ...post, acf: post.acf === null ? null : JSON.stringify(post.acf) }
  const row = await db
    .insertInto('content_posts')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['type', 'slug']).doUpdateSet({
        status: values.status,
        title: values.title,
        excerpt_html: values.excerpt_html,
        content_html: values.content_html,
        featured_media_id: values.featured_media_id,
        published_at: values.published_at,
        acf: values.acf,
        modified_at: sql`now()`,
      }),
    )
    .returning(['id', sql<boolean>`(xmax = 0)`.as('created')])
    .executeTakeFirstOrThrow()
  return { id: row.id, created: Boolean(row.created) }
}

export async function setPostGroups(db: Db, postId: number, groupIds: number[]) {
  await db.deleteFrom('content_post_groups').where('post_id', '=', postId).execute()
  if (groupIds.length > 0)
    await db
      .insertInto('content_post_groups')
      .values(groupIds.map((group_id) => ({ post_id: postId, group_id })))
      .execute()
}

/** Deletes the imported posts of a type whose slugs are not kept (never those written in the back office); answers the slugs deleted. */
export async function deletePostsExcept(db: Db, type: 'post' | 'page', keep: string[]): Promise<string[]> {
  let q = db.deleteFrom('content_posts').where('type', '=', type).where('origin', '=', 'import')
  if (keep.length > 0) q = q.where('slug', 'not in', keep)
  const rows = await q.returning('slug').execute()
  return rows.map((r) => r.slug)
}

/**
 * The banners and promotions written in the back office that are shown today (site-local 'YYYY-MM-DD'), oldest
 * first (the order they were given in), each with its group slugs; only those for any of `groups` when given.
 */
export async function bannersShown(db: Db, today: string, groups: string[] | undefined) {
  let q = db
    .selectFrom('content_posts as p')
    .select([
      'p.id',
      'p.type',
      'p.title',
      'p.acf',
      'p.featured_media_id',
      sql<string[]>`ARRAY(SELECT g.slug FROM content_post_groups pg JOIN content_groups g ON g.id = pg.group_id WHERE pg.post_id = p.id ORDER BY g.slug)`.as(
        'groups',
      ),
    ])
    .where('p.type', 'in', ['banner', 'promotion'])
    .where('p.status', '=', 'publish')
    .where(sql<boolean>`p.published_at::date <= ${today}::date`)
    .where((eb) => eb.or([eb('p.disappear_on', 'is', null), eb('p.disappear_on', '>=', sql<string>`${today}::date`)]))
  if (groups)
    q = q.where(
      sql<boolean>`EXISTS (SELECT 1 FROM content_post_groups pg JOIN content_groups g ON g.id = pg.group_id WHERE pg.post_id = p.id AND g.slug = ANY(${groups.length > 0 ? groups : ['']}::text[]))`,
    )
  return q.orderBy('p.published_at').orderBy('p.id').execute()
}

export async function hasContent(db: Db): Promise<boolean> {
  return (await db.selectFrom('content_posts').select('id').limit(1).executeTakeFirst()) !== undefined
}

// ---- product categories (from the catalogue's own table) ----

export async function countParentCategories(db: Db): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('parent_id', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export function parentCategories(db: Db, { limit, offset }: { limit: number; offset: number }) {
  return db
    .selectFrom('categories')
    .select(['id', 'name', 'title', 'display_order', 'icon_name'])
    .where('parent_id', 'is', null)
    .orderBy('display_order')
    .orderBy('title')
    .limit(limit)
    .offset(offset)
    .execute()
}

export function childCategories(db: Db, parentIds: number[]) {
  if (parentIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('categories')
    .select(['parent_id', 'name'])
    .where(sql<boolean>`parent_id = ANY(${parentIds}::int[])`)
    .orderBy('display_order')
    .orderBy('title')
    .execute()
}
