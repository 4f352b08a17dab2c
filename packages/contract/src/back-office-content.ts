import { z } from 'zod'
import { IsoDate } from './common'

/**
 * The back office's Content (decision 0096): news posts, banners and promotions written by Marketing, aimed at
 * customer groups and shown between two days. The body is written in a rich-text editor and sent as its document
 * (the editor's JSON, never HTML): the server renders it to the HTML the content service serves.
 */

/** news: a post of GET /posts; banner: a slide of the home page's banner_slider; promotion: one of its banner_promo. */
export const CONTENT_KINDS = ['news', 'banner', 'promotion'] as const
export const ContentKind = z.enum(CONTENT_KINDS)
export type ContentKind = z.infer<typeof ContentKind>

/** draft: not published; scheduled: published, its first day still to come; expired: its last day gone. */
export const CONTENT_STATES = ['draft', 'scheduled', 'published', 'expired'] as const
export const ContentState = z.enum(CONTENT_STATES)
export type ContentState = z.infer<typeof ContentState>

export const CONTENT_PAGE_SIZE = 50

/** The blocks and inline nodes the editor writes; anything else is refused. */
export const RICH_TEXT_NODES = [
  'doc',
  'paragraph',
  'heading',
  'text',
  'hardBreak',
  'bulletList',
  'orderedList',
  'listItem',
  'blockquote',
  'codeBlock',
  'horizontalRule',
  'image',
] as const
export const RICH_TEXT_MARKS = ['bold', 'italic', 'strike', 'underline', 'code', 'link'] as const
/** How deep a body's nodes nest (a list in a list in a quote ...), and how many there are in all. */
export const RICH_TEXT_MAX_DEPTH = 12
export const RICH_TEXT_MAX_NODES = 5000

const AttrValue = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()])
const Attrs = z.record(z.string().max(40), AttrValue)

export const RichTextMark = z.strictObject({ type: z.enum(RICH_TEXT_MARKS), attrs: Attrs.optional() })

export interface RichTextNode {
  type: (typeof RICH_TEXT_NODES)[number]
  attrs?: Record<string, string | number | boolean | null> | undefined
  text?: string | undefined
  marks?: Array<z.infer<typeof RichTextMark>> | undefined
  content?: RichTextNode[] | undefined
}

export const RichTextNode: z.ZodType<RichTextNode> = z.strictObject({
  type: z.enum(RICH_TEXT_NODES),
  attrs: Attrs.optional(),
  text: z.string().max(20_000).optional(),
  marks: z.array(RichTextMark).max(10).optional(),
  get content() {
    return z.array(RichTextNode).max(RICH_TEXT_MAX_NODES).optional()
  },
})

/** The depth and count of a document, walked without recursion (a forged body may nest thousands deep). */
function withinLimits(value: unknown): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]]
  let count = 0
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!
    if (++count > RICH_TEXT_MAX_NODES * 2 || depth > RICH_TEXT_MAX_DEPTH * 2) return false
    if (Array.isArray(node)) for (const child of node) stack.push([child, depth + 1])
    else if (node !== null && typeof node === 'object') for (const child of Object.values(node)) stack.push([child, depth + 1])
  }
  return true
}

/** The editor's document: a `doc` node. Its depth is checked before its shape. */
export const RichTextDoc = z
  .unknown()
  .refine(withinLimits, { message: `At most ${RICH_TEXT_MAX_DEPTH} levels and ${RICH_TEXT_MAX_NODES} parts`, abort: true })
  .pipe(RichTextNode)
  .refine((node) => node.type === 'doc', 'Expected the editor\'s document (type "doc")')

const Title = z.string().trim().min(1, 'Give it a title').max(200, 'At most 200 characters')
const Line = z.string().trim().max(200, 'At most 200 characters')

export const ContentFields = z.object({
  title: Title,
  /** The body (news): the editor's document. Banners and promotions have none. */
  body: RichTextDoc.optional(),
  /** The customer groups it is for (content groups' slugs: trade, farm, vet, cas, eld ...); at least one. */
  groups: z.array(z.string().trim().toLowerCase().min(1).max(40)).min(1, 'Choose at least one group').max(20),
  /** The first day it is shown; null: the day it is published. */
  appearOn: IsoDate.nullable().default(null),
  /** The last day it is shown; null: until it is unpublished. */
  disappearOn: IsoDate.nullable().default(null),
  /** A picture of the media library (uploaded with POST /api/staff/content/media): a news post's card, a banner's image. */
  featuredMediaId: z.number().int().min(1).max(2_147_483_647).nullable().default(null),
  /** Banners and promotions: the small line above the title, the button's or promotion's words, and where it links. */
  heading: Line.default(''),
  text: Line.default(''),
  link: z.string().trim().max(500, 'At most 500 characters').default(''),
})

export const NewContentBody = ContentFields.extend({ kind: ContentKind })
export type NewContentBody = z.infer<typeof NewContentBody>
export const ContentBody = ContentFields
export type ContentBody = z.infer<typeof ContentBody>
/** What the web app sends (the defaults filled in by the server). */
export type ContentBodyInput = Omit<z.input<typeof ContentFields>, 'body'> & { body?: RichTextNode | undefined }

export const StaffContentQuery = z.object({
  kind: ContentKind.optional(),
  state: ContentState.optional(),
  page: z.coerce.number().int().min(1).max(200).default(1),
})
export type StaffContentQuery = z.infer<typeof StaffContentQuery>

export const StaffContentParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) })

export const ContentGroup = z.object({ slug: z.string(), name: z.string() })
export type ContentGroup = z.infer<typeof ContentGroup>

export const StaffContentRow = z
  .object({
    id: z.number().int(),
    kind: ContentKind,
    title: z.string(),
    state: ContentState,
    groups: z.array(z.string()),
    appearOn: IsoDate.nullable(),
    disappearOn: IsoDate.nullable(),
    /** When it was last changed (ISO time, UTC). */
    modifiedAt: z.string(),
    /** Written by content:import from a Markdown file: the next import of that file writes over a change made here. */
    imported: z.boolean(),
  })
  .meta({ id: 'StaffContentRow' })
export type StaffContentRow = z.infer<typeof StaffContentRow>

export const StaffContentPage = z
  .object({ items: z.array(StaffContentRow), page: z.number().int(), hasMore: z.boolean(), groups: z.array(ContentGroup) })
  .meta({ id: 'StaffContentPage' })
export type StaffContentPage = z.infer<typeof StaffContentPage>

export const ContentMedia = z
  .object({ id: z.number().int(), url: z.string(), alt: z.string(), width: z.number().int(), height: z.number().int() })
  .meta({ id: 'ContentMedia' })
export type ContentMedia = z.infer<typeof ContentMedia>

export const StaffContentItem = StaffContentRow.extend({
  /** The body as the content service serves it (news): made safe by the server. */
  contentHtml: z.string(),
  excerptHtml: z.string(),
  featuredMedia: ContentMedia.nullable(),
  heading: z.string(),
  text: z.string(),
  link: z.string(),
}).meta({ id: 'StaffContentItem' })
export type StaffContentItem = z.infer<typeof StaffContentItem>

/** A picture's alt text: required, as every picture on a customer's screen has one. */
export const CONTENT_ALT_MAX = 300
