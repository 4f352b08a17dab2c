import type { Database } from '../../db/database'
import { excerptOf } from './markdown'
import { renditionsOf, renditionUrl, fullUrl, type MediaInfo } from './media'
import * as repo from './repo'
import { safeAddress, withSafeAddresses } from './safe-links'
import { escapeHtml, type StoredHomeAcf } from './wordpress'

/** Writing content: the rules the folder import and the demo data share. Links and pictures are made safe as they are stored. */

export class PublishError extends Error {}

/** Names that become the groups of the group taxonomy, with the words shown for them. */
const GROUP_NAMES: Record<string, string> = {
  trade: 'Trade accounts',
  farm: 'Farm accounts',
  vet: 'Veterinary clinics',
  cas: 'Cash sale accounts',
  eld: 'Elders resellers',
}

/**
 * The groups a post can be for: those already known, plus every sales category a customer account
 * has (a new sales category needs no set-up before news can be written for it).
 */
export async function knownGroups(db: Database): Promise<Map<string, number | null>> {
  const known = new Map<string, number | null>()
  for (const g of await repo.listGroups(db)) known.set(g.slug, g.id)
  for (const category of await repo.salesCategories(db)) if (!known.has(category.toLowerCase())) known.set(category.toLowerCase(), null)
  for (const slug of Object.keys(GROUP_NAMES)) if (!known.has(slug)) known.set(slug, null)
  return known
}

/** The groups there are to aim content at, with the words shown for them (the back office's choices). */
export async function groupOptions(db: Database): Promise<Array<{ slug: string; name: string }>> {
  const named = new Map((await repo.listGroups(db)).map((g) => [g.slug, g.name]))
  return [...(await knownGroups(db)).keys()].sort().map((slug) => ({ slug, name: named.get(slug) ?? GROUP_NAMES[slug] ?? slug.toUpperCase() }))
}

export async function groupIds(db: Database, names: string[]): Promise<number[]> {
  const known = await knownGroups(db)
  const ids: number[] = []
  for (const name of names) {
    const slug = name.trim().toLowerCase()
    if (!known.has(slug)) throw new PublishError(`unknown group "${name}" (known: ${[...known.keys()].map((k) => k.toUpperCase()).join(', ')})`)
    let id = known.get(slug) ?? null
    if (id === null) {
      id = await repo.insertGroup(db, slug, GROUP_NAMES[slug] ?? slug.toUpperCase())
      known.set(slug, id)
    }
    ids.push(id)
  }
  return [...new Set(ids)]
}

/** Every group there is (for `groups: all`). */
export async function allGroupNames(db: Database): Promise<string[]> {
  return [...(await knownGroups(db)).keys()]
}

export const SLUG = /^[a-z0-9][a-z0-9-]*$/

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
}

export interface PostInput {
  slug: string
  title: string
  /** Site-local 'YYYY-MM-DD HH:MM:SS'. */
  date: string
  status: 'publish' | 'draft'
  groups: string[]
  featuredMediaId: number | null
  contentHtml: string
  /** Plain text; by default the first paragraph's first 55 words. */
  excerpt?: string
}

export async function publishPost(db: Database, input: PostInput): Promise<{ id: number; created: boolean }> {
  if (!SLUG.test(input.slug)) throw new PublishError(`slug "${input.slug}" may only have lower-case letters, digits and dashes`)
  if (!input.title.trim()) throw new PublishError('the title is empty')
  if (input.groups.length === 0) throw new PublishError('a post needs at least one group, or it is shown to nobody')
  const ids = await groupIds(db, input.groups)
  const result = await repo.upsertPost(db, {
    type: 'post',
    slug: input.slug,
    status: input.status,
    title: input.title.trim(),
    excerpt_html: input.excerpt !== undefined ? `<p>${escapeHtml(input.excerpt.trim())}</p>\n` : excerptOf(input.contentHtml),
    content_html: withSafeAddresses(input.contentHtml),
    featured_media_id: input.featuredMediaId,
    published_at: input.date,
    acf: null,
  })
  await repo.setPostGroups(db, result.id, ids)
  return result
}

export async function publishHomePage(
  db: Database,
  acf: StoredHomeAcf,
  { date, title = 'Home', contentHtml = '' }: { date: string; title?: string; contentHtml?: string },
) {
  return repo.upsertPost(db, {
    type: 'page',
    slug: 'home',
    status: 'publish',
    title,
    excerpt_html: excerptOf(contentHtml),
    content_html: withSafeAddresses(contentHtml),
    featured_media_id: null,
    published_at: date,
    acf: withSafeBannerLinks(acf),
  })
}

/** Banner links that break the address rule (safe-links.ts) are stored empty: such a banner links nowhere. */
export function withSafeBannerLinks(acf: StoredHomeAcf): StoredHomeAcf {
  const safe = (link: string) => safeAddress(link, 'link') ?? ''
  return {
    banner_slider: acf.banner_slider.map((s) => ({ ...s, button_link: safe(s.button_link) })),
    banner_promo: acf.banner_promo.map((p) => ({ ...p, promo_link: safe(p.promo_link) })),
  }
}

export interface PageInput {
  slug: string
  title: string
  /** Site-local 'YYYY-MM-DD HH:MM:SS': the page's date (a legal page's "last updated"). */
  date: string
  status: 'publish' | 'draft'
  contentHtml: string
}

/**
 * A page with its own slug (the privacy notice at `privacy`, the terms at `terms`), read with
 * `GET /pages?slug=...`. The home page is `home.md`'s, with its banners: not a page of this kind.
 */
export async function publishPage(db: Database, input: PageInput): Promise<{ id: number; created: boolean }> {
  if (!SLUG.test(input.slug)) throw new PublishError(`slug "${input.slug}" may only have lower-case letters, digits and dashes`)
  if (input.slug === 'home') throw new PublishError('the slug "home" is the home page\'s: its banners are in home.md')
  if (!input.title.trim()) throw new PublishError('the title is empty')
  return repo.upsertPost(db, {
    type: 'page',
    slug: input.slug,
    status: input.status,
    title: input.title.trim(),
    excerpt_html: excerptOf(input.contentHtml),
    content_html: withSafeAddresses(input.contentHtml),
    featured_media_id: null,
    published_at: input.date,
    acf: null,
  })
}

/** A picture inside a post's body: the original plus the renditions as srcset, sized to the text column. */
export function bodyImage(media: MediaInfo) {
  const widths = renditionsOf(media).filter((r) => !r.name.includes('x'))
  return {
    src: fullUrl(media),
    srcset: widths.map((r) => `${renditionUrl(media, r.name)} ${r.width}w`).join(', '),
    sizes: '(max-width: 900px) 100vw, 860px',
    width: media.width,
    height: media.height,
  }
}
