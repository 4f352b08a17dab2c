import { z } from 'zod'

/**
 * The content service: the read-only subset of the WordPress REST API (wp/v2) that the portal reads,
 * in WordPress's own shapes. These schemas describe what the embedded service sends; the web app's
 * reader accepts anything a real WordPress site sends (see apps/web/src/features/content/wordpress.ts).
 */

/**
 * The widths (px) the embedded service renders each picture at, as `{name}-{width}w.webp` next to the
 * original. A width above the original's gives the original's width: pictures are never enlarged.
 */
export const CONTENT_IMAGE_WIDTHS = [240, 320, 480, 640, 768, 1024, 1280, 1536, 1920] as const
export type ContentImageWidth = (typeof CONTENT_IMAGE_WIDTHS)[number]

/** WordPress's square thumbnail, cropped. */
export const CONTENT_THUMBNAIL = 150

/** WordPress's page sizes: 10 by default, at most 100. */
export const WP_DEFAULT_PER_PAGE = 10
export const WP_MAX_PER_PAGE = 100

/** The portal's own numbers: recent posts on Home, all posts on /blog. */
export const RECENT_POSTS = 4
export const ALL_POSTS = 100

const Rendered = z.object({ rendered: z.string() })
const RenderedProtected = z.object({ rendered: z.string(), protected: z.boolean() })

const Link = z.array(z.object({ href: z.string(), embeddable: z.boolean().optional(), taxonomy: z.string().optional() }))

export const WpMediaSize = z.object({
  file: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  filesize: z.number().int().optional(),
  mime_type: z.string(),
  source_url: z.string(),
})
export type WpMediaSize = z.infer<typeof WpMediaSize>

/** An attachment as `/media/{id}` and `_embedded['wp:featuredmedia']` give it. */
export const WpMedia = z
  .object({
    id: z.number().int(),
    date: z.string(),
    date_gmt: z.string(),
    slug: z.string(),
    type: z.literal('attachment'),
    link: z.string(),
    title: Rendered,
    author: z.number().int(),
    caption: Rendered,
    alt_text: z.string(),
    media_type: z.literal('image'),
    mime_type: z.string(),
    media_details: z.object({
      width: z.number().int(),
      height: z.number().int(),
      file: z.string(),
      filesize: z.number().int().optional(),
      sizes: z.record(z.string(), WpMediaSize),
    }),
    source_url: z.string(),
  })
  .meta({ id: 'WpMedia' })
export type WpMedia = z.infer<typeof WpMedia>

/** A term of the `group` taxonomy: who a post is for (a sales category, or ELD for the reseller group). */
export const WpTerm = z.object({
  id: z.number().int(),
  link: z.string(),
  name: z.string(),
  slug: z.string(),
  taxonomy: z.literal('group'),
})
export type WpTerm = z.infer<typeof WpTerm>

export const WpAuthor = z.object({ id: z.number().int(), name: z.string(), url: z.string(), description: z.string(), link: z.string(), slug: z.string() })

const Embedded = z
  .object({
    author: z.array(WpAuthor).optional(),
    'wp:featuredmedia': z.array(WpMedia).optional(),
    'wp:term': z.array(z.array(WpTerm)).optional(),
  })
  .optional()

const commonFields = {
  id: z.number().int(),
  date: z.string().describe('Site-local time, YYYY-MM-DDTHH:mm:ss, as WordPress sends it'),
  date_gmt: z.string(),
  modified: z.string(),
  modified_gmt: z.string(),
  slug: z.string(),
  status: z.literal('publish'),
  link: z.string(),
  title: Rendered,
  content: RenderedProtected,
  excerpt: RenderedProtected,
  author: z.number().int(),
  featured_media: z.number().int().describe('0 when the post has no featured image'),
  _links: z.record(z.string(), Link),
}

export const WpPost = z
  .object({
    ...commonFields,
    type: z.literal('post'),
    format: z.literal('standard'),
    sticky: z.boolean(),
    categories: z.array(z.number().int()),
    tags: z.array(z.number().int()),
    group: z.array(z.number().int()).describe('Ids of the group terms (sales categories, ELD) the post is for'),
    _embedded: Embedded,
  })
  .meta({ id: 'WpPost' })
export type WpPost = z.infer<typeof WpPost>

/** A row of the home page's banner_slider repeater. */
export const BannerSlide = z.object({
  banner_image: z.string().describe('Image URL'),
  banner_heading: z.string(),
  banner_title: z.string(),
  button_link: z.string(),
  button_text: z.string(),
  isElders: z.boolean().describe('Shown to reseller (isElders) users only; otherwise to everyone else only'),
})
export type BannerSlide = z.infer<typeof BannerSlide>

/** A row of the home page's banner_promo repeater. */
export const PromoBanner = z.object({
  promo_image: z.string().describe('Image URL'),
  promo_heading: z.string(),
  promo_title: z.string(),
  promo_link: z.string(),
  promo_text: z.string(),
  isElders: z.boolean(),
})
export type PromoBanner = z.infer<typeof PromoBanner>

/** ACF sends an empty repeater as false; the embedded service sends []. */
export const HomeAcf = z.object({
  banner_slider: z.union([z.array(BannerSlide), z.literal(false)]),
  banner_promo: z.union([z.array(PromoBanner), z.literal(false)]),
})
export type HomeAcf = z.infer<typeof HomeAcf>

export const WpPage = z
  .object({
    ...commonFields,
    type: z.literal('page'),
    parent: z.number().int(),
    menu_order: z.number().int(),
    acf: HomeAcf,
    _embedded: Embedded,
  })
  .meta({ id: 'WpPage' })
export type WpPage = z.infer<typeof WpPage>

/** A parent product category as the portal's WordPress site kept them (custom post type with ACF fields). */
export const WpProductCategory = z
  .object({
    id: z.number().int(),
    date: z.string(),
    slug: z.string(),
    status: z.literal('publish'),
    type: z.literal('product_category'),
    link: z.string(),
    title: Rendered,
    acf: z.object({
      order: z.number().int(),
      icon_name: z.string(),
      child_categories: z.array(z.object({ category: z.string() })),
    }),
  })
  .meta({ id: 'WpProductCategory' })
export type WpProductCategory = z.infer<typeof WpProductCategory>

/** WordPress's error body: `{code, message, data: {status}}`. */
export const WpError = z
  .object({
    code: z.string().describe('e.g. rest_post_invalid_page_number, rest_post_invalid_id, rest_invalid_param, rest_no_route'),
    message: z.string(),
    data: z.object({ status: z.number().int(), params: z.record(z.string(), z.string()).optional() }),
  })
  .meta({ id: 'WpError' })
export type WpError = z.infer<typeof WpError>

const perPage = (fallback: number) =>
  z.coerce
    .number({ error: `per_page is not of type integer.` })
    .int('per_page is not of type integer.')
    .min(1, 'per_page must be between 1 (inclusive) and 100 (inclusive)')
    .max(WP_MAX_PER_PAGE, 'per_page must be between 1 (inclusive) and 100 (inclusive)')
    .default(fallback)
const pageNumber = z.coerce
  .number({ error: 'page is not of type integer.' })
  .int('page is not of type integer.')
  .min(1, 'page must be greater than or equal to 1')
  .default(1)

/** `?_embed` (any value, even none) asks for `_embedded`; unknown parameters are ignored, as WordPress does. */
export const PostsQuery = z.looseObject({
  per_page: perPage(WP_DEFAULT_PER_PAGE),
  page: pageNumber,
  _embed: z.string().optional(),
  'filter[group]': z.string().max(200).optional().describe('Group slug(s), comma separated; the REST filter plugin syntax'),
  slug: z.string().max(200).optional(),
  search: z.string().max(200).optional(),
})
export type PostsQuery = z.infer<typeof PostsQuery>

export const PagesQuery = z.looseObject({
  per_page: perPage(WP_DEFAULT_PER_PAGE),
  page: pageNumber,
  _embed: z.string().optional(),
  slug: z.string().max(200).optional(),
  'filter[group]': z
    .string()
    .max(200)
    .optional()
    .describe("The home page's banners written in the back office: only those for these group slug(s), comma separated"),
})
export type PagesQuery = z.infer<typeof PagesQuery>

export const CategoriesQuery = z.looseObject({ per_page: perPage(WP_DEFAULT_PER_PAGE), page: pageNumber })
export type CategoriesQuery = z.infer<typeof CategoriesQuery>

export const EmbedQuery = z.looseObject({ _embed: z.string().optional() })

export const IdParams = z.object({ id: z.coerce.number({ error: 'Invalid ID.' }).int('Invalid ID.').min(1, 'Invalid ID.').max(2_147_483_647, 'Invalid ID.') })
