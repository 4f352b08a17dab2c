import { sql, type Kysely } from 'kysely'
import type { ContentKind, ContentState } from '@portal/contract/back-office-content'
import type { DB } from '../../db/schema'

type Db = Kysely<DB>

/** The content written or shown by the content service, as the back office's Content lists it (decision 0096). */

const TYPE_OF_KIND = { news: 'post', banner: 'banner', promotion: 'promotion' } as const
export const typeOfKind = (kind: ContentKind) => TYPE_OF_KIND[kind]
export const kindOfType = (type: string): ContentKind => (type === 'post' ? 'news' : (type as ContentKind))

/** An item's state at a site-local moment ('YYYY-MM-DDTHH:mm:ss'): computed in SQL so that the filter and the list agree. */
const stateAt = (now: string) =>
  sql<ContentState>`CASE WHEN p.status = 'draft' THEN 'draft'
    WHEN p.published_at > ${now}::timestamp THEN 'scheduled'
    WHEN p.disappear_on < ${now.slice(0, 10)}::date THEN 'expired'
    ELSE 'published' END`

function items(db: Db, now: string) {
  return db
    .selectFrom('content_posts as p')
    .select([
      'p.id',
      'p.type',
      'p.slug',
      'p.status',
      'p.title',
      'p.content_html',
      'p.excerpt_html',
      'p.featured_media_id',
      'p.acf',
      'p.origin',
      stateAt(now).as('state'),
      sql<string>`to_char(p.published_at, 'YYYY-MM-DD')`.as('appear_on'),
      sql<string | null>`to_char(p.disappear_on, 'YYYY-MM-DD')`.as('disappear_on'),
      sql<string>`to_char(p.modified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('modified_at'),
      sql<string[]>`ARRAY(SELECT g.slug FROM content_post_groups pg JOIN content_groups g ON g.id = pg.group_id WHERE pg.post_id = p.id ORDER BY g.slug)`.as(
        'groups',
      ),
    ])
    .where('p.type', 'in', ['post', 'banner', 'promotion'])
}

export type ItemRow = Awaited<ReturnType<typeof findItem>> & object

/** Newest change first; one more than asked for, to tell whether there is a next page. */
export function listItems(db: Db, now: string, filter: { kind?: ContentKind | undefined; state?: ContentState | undefined }, limit: number, offset: number) {
  let q = items(db, now)
  if (filter.kind) q = q.where('p.type', '=', typeOfKind(filter.kind))
  if (filter.state) q = q.where(stateAt(now), '=', filter.state)
  return q.orderBy('p.modified_at', 'desc').orderBy('p.id', 'desc').limit(limit).offset(offset).execute()
}

export function findItem(db: Db, now: string, id: number, lock = false) {
  const q = items(db, now).where('p.id', '=', id)
  return (lock ? q.forUpdate('p') : q).executeTakeFirst()
}

export async function slugTaken(db: Db, type: string, slug: string, exceptId: number | null): Promise<boolean> {
  let q = db
    .selectFrom('content_posts')
    .select('id')
    .where('type', '=', type as 'post')
    .where('slug', '=', slug)
  if (exceptId !== null) q = q.where('id', '<>', exceptId)
  return (await q.executeTakeFirst()) !== undefined
}

export interface ItemWrite {
  title: string
  content_html: string
  excerpt_html: string
  featured_media_id: number | null
  /** Site-local 'YYYY-MM-DD HH:MM:SS'. */
  published_at: string
  disappear_on: string | null
  acf: unknown
}

export async function insertItem(db: Db, type: 'post' | 'banner' | 'promotion', slug: string, item: ItemWrite): Promise<number> {
  const row = await db
    .insertInto('content_posts')
    .values({ ...item, type, slug, status: 'draft', origin: 'back office', acf: item.acf === null ? null : JSON.stringify(item.acf) })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export async function updateItem(db: Db, id: number, item: ItemWrite) {
  await db
    .updateTable('content_posts')
    .set({ ...item, acf: item.acf === null ? null : JSON.stringify(item.acf), modified_at: sql`now()` })
    .where('id', '=', id)
    .execute()
}

export async function setStatus(db: Db, id: number, status: 'publish' | 'draft', publishedAt?: string) {
  await db
    .updateTable('content_posts')
    .set({ status, modified_at: sql`now()`, ...(publishedAt ? { published_at: publishedAt } : {}) })
    .where('id', '=', id)
    .execute()
}

/** The media library's pictures by id, with what the back office shows of them. */
export function mediaByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([])
  return db
    .selectFrom('content_media')
    .select(['id', 'file_name', 'mime_type', 'width', 'height', 'alt_text'])
    .where(sql<boolean>`id = ANY(${ids}::int[])`)
    .execute()
}

/** The item's groups, replaced. */
export async function setGroups(db: Db, postId: number, groupIds: number[]) {
  await db.deleteFrom('content_post_groups').where('post_id', '=', postId).execute()
  if (groupIds.length > 0)
    await db
      .insertInto('content_post_groups')
      .values(groupIds.map((group_id) => ({ post_id: postId, group_id })))
      .execute()
}

/** The moment an item is dated with, site-local 'YYYY-MM-DD HH:MM:SS'. */
export async function publishedAt(db: Db, id: number): Promise<string | null> {
  const row = await db
    .selectFrom('content_posts')
    .select(sql<string>`to_char(published_at, 'YYYY-MM-DD HH24:MI:SS')`.as('at'))
    .where('id', '=', id)
    .executeTakeFirst()
  return row?.at ?? null
}

export async function deleteItem(db: Db, id: number) {
  await db.deleteFrom('content_posts').where('id', '=', id).execute()
}
