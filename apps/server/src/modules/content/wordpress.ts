import type { BannerSlide, PromoBanner, WpMedia, WpPage, WpPost, WpProductCategory, WpTerm } from '@portal/contract/content'
import { fullUrl, renditionsOf, renditionUrl, type MediaInfo } from './media'
import type { MediaRow, PostRow } from './repo'
import { safeAddress, withSafeAddresses } from './safe-links'

/** Rows of the content tables in WordPress's REST shapes (wp/v2, context=view and embed). */

/** The distributor's time zone: post dates are wall-clock times there, as WordPress keeps them. */
export const SITE_TIME_ZONE = 'Australia/Sydney'

const API = '/content/wp-json/wp/v2'
const AUTHOR_ID = 1

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** A plain-text title as WordPress renders it: escaped, with typographic apostrophes (wptexturize). */
export function renderTitle(text: string): string {
  return escapeHtml(text)
    .replace(/(\w)'(\w)/g, '$1&#8217;$2')
    .replace(/'/g, '&#8217;')
    .replace(/ -- /g, ' &#8211; ')
    .replace(/\.\.\./g, '&#8230;')
}

const parts = new Intl.DateTimeFormat('en-AU', {
  timeZone: SITE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
})

function localOf(date: Date): string {
  const p = Object.fromEntries(parts.formatToParts(date).map((x) => [x.type, x.value]))
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`
}

/** A site-local wall-clock time to UTC, both as WordPress writes them (no zone suffix). */
export function gmtOf(local: string): string {
  const asUtc = new Date(`${local}Z`)
  const offset = new Date(`${localOf(asUtc)}Z`).getTime() - asUtc.getTime()
  return new Date(asUtc.getTime() - offset).toISOString().slice(0, 19)
}

/** Now, as a site-local wall-clock time ('YYYY-MM-DDTHH:mm:ss'): posts dated later are scheduled, not shown. */
export function siteNow(): string {
  return localOf(new Date())
}

export function localFromGmt(gmt: string): string {
  return localOf(new Date(`${gmt}Z`))
}

export interface Urls {
  /** The portal's public address (links to posts open the portal's own /blog/{id}). */
  publicUrl: string
}

const mediaInfo = (m: MediaRow): MediaInfo => ({ id: m.id, fileName: m.file_name, mimeType: m.mime_type, width: m.width, height: m.height })

const WP_SIZE_NAMES: Record<string, string> = {
  '150x150': 'thumbnail',
  '320w': 'medium',
  '768w': 'medium_large',
  '1024w': 'large',
  '1536w': '1536x1536',
}

export function toWpMedia(m: MediaRow, { publicUrl }: Urls): WpMedia {
  const info = mediaInfo(m)
  const sizes: WpMedia['media_details']['sizes'] = {}
  for (const r of renditionsOf(info)) {
    const url = renditionUrl(info, r.name)
    const entry = { file: url.slice(url.lastIndexOf('/') + 1), width: r.width, height: r.height, mime_type: 'image/webp', source_url: url }
    if (r.name === `${m.width}w`) {
      sizes.full = m.mime_type === 'image/svg+xml' ? entry : { ...entry, file: m.file_name, mime_type: m.mime_type, source_url: fullUrl(info) }
    } else {
      sizes[WP_SIZE_NAMES[r.name] ?? `portal-${r.name}`] = entry
    }
  }
  const title = m.file_name.replace(/\.[^.]+$/, '')
  return {
    id: m.id,
    date: localFromGmt(m.created_gmt),
    date_gmt: m.created_gmt,
    slug: title,
    type: 'attachment',
    link: `${publicUrl}${fullUrl(info)}`,
    title: { rendered: escapeHtml(title) },
    author: AUTHOR_ID,
    caption: { rendered: '' },
    alt_text: m.alt_text,
    media_type: 'image',
    mime_type: m.mime_type === 'image/svg+xml' ? 'image/webp' : m.mime_type,
    media_details: { width: m.width, height: m.height, file: `${m.id}/${m.file_name}`, sizes },
    source_url: fullUrl(info),
  }
}

export interface GroupRef {
  id: number
  slug: string
  name: string
}

const toTerm = (g: GroupRef, publicUrl: string): WpTerm => ({
  id: g.id,
  link: `${publicUrl}/blog?group=${g.slug}`,
  name: g.name,
  slug: g.slug,
  taxonomy: 'group',
})

const author = (publicUrl: string, name: string) => ({ id: AUTHOR_ID, name, url: publicUrl, description: '', link: publicUrl, slug: 'news-desk' })

interface Embedding {
  embed: boolean
  media: Map<number, MediaRow>
  siteName: string
}

function common(row: PostRow, urls: Urls, link: string, self: string) {
  const modifiedGmt = row.modified_gmt
  return {
    id: row.id,
    date: row.date,
    date_gmt: gmtOf(row.date),
    modified: localFromGmt(modifiedGmt),
    modified_gmt: modifiedGmt,
    slug: row.slug,
    status: 'publish' as const,
    link,
    title: { rendered: renderTitle(row.title) },
    // Stored safe; made safe again on the way out for content stored before the address rule (safe-links.ts).
    content: { rendered: withSafeAddresses(row.content_html), protected: false },
    excerpt: { rendered: withSafeAddresses(row.excerpt_html), protected: false },
    author: AUTHOR_ID,
    featured_media: row.featured_media_id ?? 0,
    _links: {
      self: [{ href: `${urls.publicUrl}${self}` }],
      author: [{ embeddable: true, href: `${urls.publicUrl}${API}/users/${AUTHOR_ID}` }],
      ...(row.featured_media_id ? { 'wp:featuredmedia': [{ embeddable: true, href: `${urls.publicUrl}${API}/media/${row.featured_media_id}` }] } : {}),
    },
  }
}

function embedded(row: PostRow, urls: Urls, e: Embedding, terms?: WpTerm[]) {
  if (!e.embed) return {}
  const media = row.featured_media_id ? e.media.get(row.featured_media_id) : undefined
  return {
    _embedded: {
      author: [author(urls.publicUrl, e.siteName)],
      ...(media ? { 'wp:featuredmedia': [toWpMedia(media, urls)] } : {}),
      ...(terms ? { 'wp:term': [terms] } : {}),
    },
  }
}

export function toWpPost(row: PostRow, groups: GroupRef[], urls: Urls, e: Embedding): WpPost {
  const terms = groups.map((g) => toTerm(g, urls.publicUrl))
  const base = common(row, urls, `${urls.publicUrl}/blog/${row.id}`, `${API}/posts/${row.id}`)
  return {
    ...base,
    type: 'post',
    format: 'standard',
    sticky: false,
    categories: [],
    tags: [],
    group: groups.map((g) => g.id),
    _links: { ...base._links, 'wp:term': [{ taxonomy: 'group', embeddable: true, href: `${urls.publicUrl}${API}/group?post=${row.id}` }] },
    ...embedded(row, urls, e, terms),
  }
}

/** What the pages table keeps in `acf`: the banner repeaters with pictures as media ids. */
export interface StoredHomeAcf {
  banner_slider: Array<Omit<BannerSlide, 'banner_image'> & { banner_image: number | null }>
  banner_promo: Array<Omit<PromoBanner, 'promo_image'> & { promo_image: number | null }>
}

export function mediaIdsOfAcf(acf: unknown): number[] {
  const stored = acf as Partial<StoredHomeAcf> | null
  return [...(stored?.banner_slider ?? []).map((r) => r.banner_image), ...(stored?.banner_promo ?? []).map((r) => r.promo_image)].filter(
    (id): id is number => typeof id === 'number',
  )
}

export function toWpPage(row: PostRow, urls: Urls, e: Embedding): WpPage {
  const stored = (row.acf ?? {}) as Partial<StoredHomeAcf>
  const link = (address: string) => safeAddress(address ?? '', 'link') ?? ''
  const url = (id: number | null) => {
    const m = id ? e.media.get(id) : undefined
    return m ? fullUrl(mediaInfo(m)) : ''
  }
  return {
    ...common(row, urls, row.slug === 'home' ? `${urls.publicUrl}/` : `${urls.publicUrl}/${row.slug}`, `${API}/pages/${row.id}`),
    type: 'page',
    parent: 0,
    menu_order: 0,
    acf: {
      banner_slider: (stored.banner_slider ?? []).map((r) => ({ ...r, banner_image: url(r.banner_image), button_link: link(r.button_link) })),
      banner_promo: (stored.banner_promo ?? []).map((r) => ({ ...r, promo_image: url(r.promo_image), promo_link: link(r.promo_link) })),
    },
    ...embedded(row, urls, e),
  }
}

export function toWpProductCategory(
  c: { id: number; name: string; title: string; display_order: number; icon_name: string | null },
  children: string[],
  { publicUrl }: Urls,
): WpProductCategory {
  return {
    id: c.id,
    date: '2026-01-01T00:00:00',
    slug: c.name,
    status: 'publish',
    type: 'product_category',
    link: `${publicUrl}/category/${encodeURIComponent(c.name)}`,
    title: { rendered: renderTitle(c.title) },
    acf: { order: c.display_order, icon_name: c.icon_name ?? '', child_categories: children.map((category) => ({ category })) },
  }
}
