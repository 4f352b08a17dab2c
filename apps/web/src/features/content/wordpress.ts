import { CONTENT_IMAGE_WIDTHS } from '@portal/contract/content'

/**
 * The content reader: turns what a WordPress REST API sends into what the screens show. It takes
 * `unknown` and copes with what real WordPress sites send: an empty ACF repeater as false or null,
 * no featured image, an embedded media error object instead of the media, HTML entities in titles,
 * ACF pictures as a URL, an attachment id or an image array, flags as true, 1, "1" or "".
 */

export interface ContentImage {
  src: string
  srcSet?: string
  width?: number
  height?: number
  alt: string
}

export interface Banner {
  image: ContentImage | null
  heading: string
  title: string
  link: string | null
  buttonText: string
  isElders: boolean
}

export interface Promo {
  image: ContentImage | null
  heading: string
  title: string
  link: string | null
  text: string
  isElders: boolean
}

export interface HomeContent {
  slides: Banner[]
  promos: Promo[]
}

export interface PostSummary {
  id: number
  title: string
  /** As WordPress sends it: site-local 'YYYY-MM-DDTHH:mm:ss'. */
  date: string
  excerpt: string
  image: ContentImage | null
}

export interface Post extends PostSummary {
  /** Unsanitised HTML, as the service sent it: render it only through sanitizePostHtml. */
  contentHtml: string
}

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '')
const num = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN
  return Number.isFinite(n) && n > 0 ? n : undefined
}

/** `{rendered: '...'}` or a bare string. */
const rendered = (v: unknown): string => (isObj(v) ? str(v.rendered) : str(v))

let decoder: DOMParser | null = null

/** The text of an HTML fragment: entities decoded (&#8217; is ’, &amp; is &), tags dropped, spaces tidied. */
export function htmlToText(html: string): string {
  if (!html) return ''
  if (!/[<&]/.test(html)) return html.replace(/\s+/g, ' ').trim()
  decoder ??= new DOMParser()
  const text = decoder.parseFromString(`<!doctype html><body>${html}`, 'text/html').body.textContent ?? ''
  return text.replace(/\s+/g, ' ').trim()
}

/** ACF true/false fields come as true/false, 1/0, "1"/"0"/"", or a checkbox list. */
function flag(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(flag)
  if (typeof v === 'string') return ['1', 'true', 'yes', 'on'].includes(v.trim().toLowerCase())
  return v === true || v === 1
}

/** An ACF repeater: an array of rows, or false/null/"" when empty, or (some exports) an object keyed by row. */
function rows(v: unknown): Obj[] {
  if (Array.isArray(v)) return v.filter(isObj)
  if (isObj(v)) return Object.values(v).filter(isObj)
  return []
}

const isAbsolute = (url: string) => /^[a-z][a-z0-9+.-]*:|^\/\//i.test(url)

/** A URL from the service, made usable from the portal: relative ones are relative to the service. */
export function resolveUrl(url: string, base: string): string {
  if (!url || isAbsolute(url) || !isAbsolute(base)) return url
  try {
    return new URL(url, base).href
  } catch {
    return url
  }
}

/**
 * Only web and mail links; a `javascript:` link from the service is no link. A path such as
 * /specials is a page of the portal (editors link banners to the portal's own screens).
 */
export function safeLink(url: string): string | null {
  const trimmed = url.trim()
  if (!trimmed) return null
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase()
  if (scheme && !['http', 'https', 'mailto', 'tel'].includes(scheme)) return null
  return trimmed
}

const EMBEDDED_UPLOAD = /^(.*\/content\/uploads\/\d+\/)([a-z0-9][a-z0-9-]*?)(?:-(\d+)w)?\.(jpg|png|webp|gif)$/

/**
 * The embedded service's pictures have renditions at known widths ({name}-{w}w.webp), so a plain
 * URL is enough to build a srcset. Other URLs (a WordPress site's uploads) stay a single source.
 */
export function embeddedSrcSet(url: string): string | undefined {
  const m = EMBEDDED_UPLOAD.exec(url.split(/[?#]/)[0] ?? '')
  if (!m) return undefined
  return CONTENT_IMAGE_WIDTHS.map((w) => `${m[1]}${m[2]}-${w}w.webp ${w}w`).join(', ')
}

interface Size {
  url: string
  width: number
  height?: number
}

/** The sizes of one picture that keep its proportions (not a cropped thumbnail), smallest first. */
function sameShape(sizes: Size[], width?: number, height?: number): Size[] {
  const ratio = width && height ? width / height : undefined
  const seen = new Set<number>()
  return sizes
    .filter((s) => !ratio || !s.height || Math.abs(s.width / s.height - ratio) / ratio < 0.03)
    .sort((a, b) => a.width - b.width)
    .filter((s) => !seen.has(s.width) && seen.add(s.width))
}

function imageFrom(src: string, base: string, alt: string, sizes: Size[] = [], width?: number, height?: number): ContentImage | null {
  if (!src || !safeLink(src)) return null
  const url = resolveUrl(src, base)
  if (!/^(https?:|\/)/i.test(url)) return null
  const candidates = sameShape(sizes, width, height)
  const srcSet = candidates.length > 1 ? candidates.map((s) => `${resolveUrl(s.url, base)} ${s.width}w`).join(', ') : embeddedSrcSet(url)
  return { src: url, alt, ...(srcSet ? { srcSet } : {}), ...(width ? { width } : {}), ...(height ? { height } : {}) }
}

/** An ACF image field: a URL, an image array ({url, width, height, sizes}), or an attachment id (unusable here). */
export function acfImage(v: unknown, base: string, alt = ''): ContentImage | null {
  if (typeof v === 'string') return imageFrom(v.trim(), base, alt)
  if (!isObj(v)) return null
  const sizes: Size[] = []
  if (isObj(v.sizes)) {
    for (const [name, url] of Object.entries(v.sizes)) {
      if (typeof url !== 'string' || name.endsWith('-width') || name.endsWith('-height')) continue
      const width = num(v.sizes[`${name}-width`])
      if (width) sizes.push({ url, width, height: num(v.sizes[`${name}-height`]) })
    }
  }
  const width = num(v.width)
  const url = str(v.url)
  if (width && url) sizes.push({ url, width, height: num(v.height) })
  return imageFrom(url, base, str(v.alt) || alt, sizes, width, num(v.height))
}

/** `_embedded['wp:featuredmedia'][0]`: the media, or an error object when the site hides it. */
export function featuredImage(post: Obj, base: string, fallbackAlt = ''): ContentImage | null {
  const embedded = isObj(post._embedded) ? post._embedded : null
  const list = embedded?.['wp:featuredmedia']
  const media = Array.isArray(list) ? list[0] : undefined
  if (!isObj(media) || 'code' in media || typeof media.source_url !== 'string') return null
  const details = isObj(media.media_details) ? media.media_details : {}
  const sizes: Size[] = []
  if (isObj(details.sizes)) {
    for (const size of Object.values(details.sizes)) {
      if (!isObj(size)) continue
      const width = num(size.width)
      if (width && typeof size.source_url === 'string') sizes.push({ url: size.source_url, width, height: num(size.height) })
    }
  }
  const alt = str(media.alt_text) || fallbackAlt
  return imageFrom(media.source_url, base, alt, sizes, num(details.width), num(details.height))
}

/** The home page from `GET pages?slug=home`: its banner repeaters, whatever shape they come in. */
export function readHomePage(data: unknown, base: string): HomeContent {
  const page = Array.isArray(data) ? data.find(isObj) : isObj(data) ? data : undefined
  const acf = page && isObj(page.acf) ? page.acf : {}
  return {
    slides: rows(acf.banner_slider).map((r) => {
      const title = htmlToText(str(r.banner_title))
      return {
        image: acfImage(r.banner_image, base),
        heading: htmlToText(str(r.banner_heading)),
        title,
        link: safeLink(str(r.button_link)),
        buttonText: htmlToText(str(r.button_text)),
        isElders: flag(r.isElders),
      }
    }),
    promos: rows(acf.banner_promo).map((r) => ({
      image: acfImage(r.promo_image, base),
      heading: htmlToText(str(r.promo_heading)),
      title: htmlToText(str(r.promo_title)),
      link: safeLink(str(r.promo_link)),
      text: htmlToText(str(r.promo_text)),
      isElders: flag(r.isElders),
    })),
  }
}

function summary(post: Obj, base: string): PostSummary | null {
  const id = num(post.id)
  if (!id) return null
  const title = htmlToText(rendered(post.title))
  return {
    id,
    title,
    date: str(post.date),
    excerpt: htmlToText(rendered(post.excerpt)).replace(/\s*\[(…|\.\.\.)\]\s*$/, '…'),
    image: featuredImage(post, base, title),
  }
}

/** `GET posts`: an array of posts; anything that is not a post is left out. */
export function readPosts(data: unknown, base: string): PostSummary[] {
  if (!Array.isArray(data)) return []
  return data.filter(isObj).flatMap((p) => summary(p, base) ?? [])
}

/** `GET posts/{id}`: one post with its body. */
export function readPost(data: unknown, base: string): Post | null {
  if (!isObj(data)) return null
  const head = summary(data, base)
  return head ? { ...head, contentHtml: rendered(data.content) } : null
}

export interface ContentPage {
  id: number
  title: string
  /** As WordPress sends it: site-local 'YYYY-MM-DDTHH:mm:ss'; a legal page's "last updated". */
  date: string
  /** Unsanitised HTML, as the service sent it: render it only through sanitizePostHtml. */
  contentHtml: string
}

/** `GET pages?slug=...`: the first page of the array, or null when there is none. */
export function readPage(data: unknown): ContentPage | null {
  const page = Array.isArray(data) ? data.find(isObj) : isObj(data) ? data : undefined
  const id = page ? num(page.id) : undefined
  if (!page || !id) return null
  return { id, title: htmlToText(rendered(page.title)), date: str(page.date), contentHtml: rendered(page.content) }
}

/** Whose news a user reads: group ELD for resellers, otherwise the sales category. */
export function newsGroup(user: { isElders: boolean; SalesCategory: string }): string {
  return user.isElders ? 'ELD' : user.SalesCategory
}

/** The banners for this kind of user: resellers see the ones flagged isElders, everyone else the others. */
export function forKind<T extends { isElders: boolean }>(items: T[], isElders: boolean): T[] {
  return items.filter((item) => item.isElders === isElders)
}
