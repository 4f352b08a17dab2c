import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, dirname, join, relative, resolve } from 'node:path'
import { z } from 'zod'
import type { Database } from '../../db/database'
import { FrontMatterError, splitFrontMatter, type YamlRecord } from './front-matter'
import { imagePaths, markdownToHtml } from './markdown'
import { MediaError, storeMedia, type MediaInfo } from './media'
import { allGroupNames, bodyImage, publishHomePage, publishPage, publishPost, PublishError, SLUG, slugify } from './publish'
import * as repo from './repo'
import { safeAddress } from './safe-links'
import { siteNow, type StoredHomeAcf } from './wordpress'

/**
 * Imports a folder of Markdown files into the embedded content service:
 *
 *   home.md          the home page: banner_slider and banner_promo in the front matter
 *   posts/*.md       one news post or promotion each
 *   pages/*.md       a page with its own slug: the privacy notice (privacy.md), the terms (terms.md)
 *   (any folder)     the pictures, referred to by paths relative to the Markdown file
 *
 * Posts and pages are matched by slug: a new slug adds one, a known one changes it. Everything is checked
 * before anything is written, and the whole import is one transaction: all of it or none of it.
 */

export class ImportError extends Error {
  constructor(readonly problems: string[]) {
    super(`The import was not made:\n${problems.map((p) => `  ${p}`).join('\n')}`)
  }
}

export interface ImportOptions {
  /** Delete the posts whose slugs are not in the folder (pages are never deleted: a page is withdrawn with status: draft). */
  prune?: boolean
  /** Check and report, write nothing. */
  dryRun?: boolean
}

export interface ImportSummary {
  created: string[]
  updated: string[]
  deleted: string[]
  drafts: string[]
  /** Published with a date still to come: shown from that date, as WordPress schedules posts. */
  scheduled: string[]
  home: 'created' | 'updated' | null
  pagesCreated: string[]
  pagesUpdated: string[]
  pictures: number
  dryRun: boolean
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/

const text = (name: string) => z.string({ error: `${name} must be text` })
const dateField = text('date').transform((value, ctx) => {
  const m = DATE.exec(value.trim())
  const check = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null
  const valid =
    m && check && check.getUTCMonth() === Number(m[2]) - 1 && check.getUTCDate() === Number(m[3]) && Number(m[4] ?? 0) < 24 && Number(m[5] ?? 0) < 60
  if (!m || !valid) {
    ctx.addIssue({ code: 'custom', message: 'date must be YYYY-MM-DD or YYYY-MM-DD HH:MM' })
    return z.NEVER
  }
  return `${m[1]}-${m[2]}-${m[3]} ${m[4] ?? '09'}:${m[5] ?? '00'}:${m[6] ?? '00'}`
})
const groupList = z.union([text('group'), z.array(text('group'))]).transform((v) => (Array.isArray(v) ? v : v.split(',')).map((g) => g.trim()).filter(Boolean))

const PostMatter = z
  .strictObject({
    title: text('title').trim().min(1, 'title is empty'),
    date: dateField,
    group: groupList.optional(),
    groups: groupList.optional(),
    featured_image: text('featured_image').optional(),
    featured_image_alt: text('featured_image_alt').optional(),
    slug: text('slug').regex(SLUG, 'slug may only have lower-case letters, digits and dashes').optional(),
    status: z.enum(['publish', 'draft'], { error: 'status must be publish or draft' }).default('publish'),
    excerpt: text('excerpt').optional(),
  })
  .refine((m) => (m.group ?? m.groups ?? []).length > 0, {
    message: 'name the group(s) the post is for: group: TRADE, or groups: [TRADE, VET], or groups: all',
  })

const flag = z.union([z.boolean(), z.literal(1), z.literal(0)]).transform((v) => v === true || v === 1)
const link = text('link')
  .trim()
  .refine(
    (v) => v === '' || safeAddress(v, 'link') !== null,
    'links must be http(s) addresses or portal paths such as /specials (a single / first: //host and /\\host are other sites)',
  )

const Slide = z.strictObject({
  banner_image: text('banner_image'),
  banner_heading: text('banner_heading').default(''),
  banner_title: text('banner_title').default(''),
  button_link: link.default(''),
  button_text: text('button_text').default(''),
  isElders: flag.default(false),
})
const Promo = z.strictObject({
  promo_image: text('promo_image'),
  promo_heading: text('promo_heading').default(''),
  promo_title: text('promo_title').default(''),
  promo_link: link.default(''),
  promo_text: text('promo_text').default(''),
  isElders: flag.default(false),
})
const HomeMatter = z.strictObject({
  title: text('title').default('Home'),
  date: dateField.optional(),
  banner_slider: z.array(Slide).nullable().default([]),
  banner_promo: z.array(Promo).nullable().default([]),
})

/** A page of pages/: the date is the day this version takes effect (the legal pages' "last updated"). */
const PageMatter = z.strictObject({
  title: text('title').trim().min(1, 'title is empty'),
  date: dateField,
  slug: text('slug').regex(SLUG, 'slug may only have lower-case letters, digits and dashes').optional(),
  status: z.enum(['publish', 'draft'], { error: 'status must be publish or draft' }).default('publish'),
})

interface ParsedPage {
  file: string
  slug: string
  matter: z.output<typeof PageMatter>
  body: string
}

interface ParsedPost {
  file: string
  slug: string
  matter: z.output<typeof PostMatter>
  body: string
}

const issues = (file: string, error: z.ZodError) =>
  error.issues.map(
    (i) =>
      `${file}: ${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message.startsWith('Unrecognized key') ? `unknown field ${i.message.replace(/^[^"]*/, '')}` : i.message}`,
  )

function read(file: string, shown: string, problems: string[]): { data: YamlRecord; body: string } | null {
  try {
    return splitFrontMatter(readFileSync(file, 'utf8'))
  } catch (error) {
    problems.push(`${shown}: ${error instanceof FrontMatterError ? error.message : String(error)}`)
    return null
  }
}

function markdownFiles(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md') && !f.startsWith('_') && !f.startsWith('.'))
    .sort()
    .map((f) => join(dir, f))
}

const isExternal = (path: string) => /^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('/')

export async function importFolder(db: Database, folder: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const root = resolve(folder)
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new ImportError([`${folder} is not a folder`])
  const problems: string[] = []
  const shown = (file: string) => relative(root, file) || basename(file)

  // 1. Read and check every file.
  const posts: ParsedPost[] = []
  for (const file of markdownFiles(join(root, 'posts'))) {
    const parsed = read(file, shown(file), problems)
    if (!parsed) continue
    const matter = PostMatter.safeParse(parsed.data)
    if (!matter.success) {
      problems.push(...issues(shown(file), matter.error))
      continue
    }
    const slug = matter.data.slug ?? slugify(basename(file, '.md').replace(/^\d{4}-\d{2}-\d{2}-/, ''))
    const twin = posts.find((p) => p.slug === slug)
    if (twin) problems.push(`${shown(file)}: slug "${slug}" is also the slug of ${twin.file}`)
    posts.push({ file: shown(file), slug, matter: matter.data, body: parsed.body })
  }

  const pages: ParsedPage[] = []
  for (const file of markdownFiles(join(root, 'pages'))) {
    const parsed = read(file, shown(file), problems)
    if (!parsed) continue
    const matter = PageMatter.safeParse(parsed.data)
    if (!matter.success) {
      problems.push(...issues(shown(file), matter.error))
      continue
    }
    const slug = matter.data.slug ?? slugify(basename(file, '.md'))
    const twin = pages.find((p) => p.slug === slug)
    if (slug === 'home') problems.push(`${shown(file)}: the slug "home" is the home page's: its banners go in home.md`)
    else if (twin) problems.push(`${shown(file)}: slug "${slug}" is also the slug of ${twin.file}`)
    pages.push({ file: shown(file), slug, matter: matter.data, body: parsed.body })
  }

  let home: { matter: z.output<typeof HomeMatter>; body: string; file: string } | null = null
  const homeFile = join(root, 'home.md')
  if (existsSync(homeFile)) {
    const parsed = read(homeFile, 'home.md', problems)
    if (parsed) {
      const matter = HomeMatter.safeParse(parsed.data)
      if (matter.success) home = { matter: matter.data, body: parsed.body, file: homeFile }
      else problems.push(...issues('home.md', matter.error))
    }
  }
  if (posts.length === 0 && pages.length === 0 && !home && problems.length === 0) problems.push(`${folder} has none of home.md, posts/*.md or pages/*.md`)

  // Every picture must exist before anything is written.
  const pictureOf = (from: string, path: string) => resolve(dirname(from), path)
  const wanted = new Map<string, { where: string; alt: string }>()
  const want = (fromFile: string, path: string, where: string, alt = '') => {
    if (isExternal(path)) return
    const full = pictureOf(join(root, fromFile), path)
    if (!existsSync(full)) problems.push(`${where}: picture ${path} is not there (looked for ${relative(root, full)})`)
    else wanted.set(full, { where, alt: alt || wanted.get(full)?.alt || '' })
  }
  for (const post of posts) {
    if (post.matter.featured_image) want(post.file, post.matter.featured_image, `${post.file}: featured_image`, post.matter.featured_image_alt)
    for (const path of imagePaths(post.body)) want(post.file, path, post.file)
  }
  for (const page of pages) for (const path of imagePaths(page.body)) want(page.file, path, page.file)
  if (home) {
    home.matter.banner_slider?.forEach((s, i) => want('home.md', s.banner_image, `home.md: banner_slider ${i + 1}`))
    home.matter.banner_promo?.forEach((p, i) => want('home.md', p.promo_image, `home.md: banner_promo ${i + 1}`))
    for (const path of imagePaths(home.body)) want('home.md', path, 'home.md')
  }
  if (problems.length > 0) throw new ImportError(problems)

  // 2. Write it all in one transaction (rolled back for a dry run).
  const summary: ImportSummary = {
    created: [],
    updated: [],
    deleted: [],
    drafts: [],
    scheduled: [],
    home: null,
    pagesCreated: [],
    pagesUpdated: [],
    pictures: 0,
    dryRun: options.dryRun === true,
  }
  const rollback = new Error('dry run')
  try {
    await db.transaction().execute(async (trx) => {
      const stored = new Map<string, MediaInfo>()
      for (const [full, { where, alt }] of wanted) {
        try {
          stored.set(full, await storeMedia(trx, readFileSync(full), { name: basename(full), alt }))
        } catch (error) {
          problems.push(`${where}: ${error instanceof MediaError ? error.message : String(error)}`)
        }
      }
      if (problems.length > 0) throw new ImportError(problems)
      summary.pictures = stored.size

      const render = (fromFile: string, markdown: string) =>
        markdownToHtml(markdown, {
          image: (src) => {
            if (isExternal(src)) {
              const url = safeAddress(src, 'picture')
              return url ? { src: url } : null
            }
            const media = stored.get(pictureOf(join(root, fromFile), src))
            return media ? bodyImage(media) : null
          },
        })
      const mediaId = (fromFile: string, path: string) => {
        if (isExternal(path)) throw new ImportError([`${fromFile}: pictures must be files in the folder, not addresses (${path})`])
        return stored.get(pictureOf(join(root, fromFile), path))?.id ?? null
      }

      const everyGroup = await allGroupNames(trx)
      for (const post of posts) {
        const names = post.matter.groups ?? post.matter.group ?? []
        const groups = names.some((g) => g.toLowerCase() === 'all') ? everyGroup : names
        try {
          const result = await publishPost(trx, {
            slug: post.slug,
            title: post.matter.title,
            date: post.matter.date,
            status: post.matter.status,
            groups,
            featuredMediaId: post.matter.featured_image ? mediaId(post.file, post.matter.featured_image) : null,
            contentHtml: render(post.file, post.body),
            ...(post.matter.excerpt !== undefined ? { excerpt: post.matter.excerpt } : {}),
          })
          ;(result.created ? summary.created : summary.updated).push(post.slug)
          if (post.matter.status === 'draft') summary.drafts.push(post.slug)
          else if (post.matter.date.replace(' ', 'T') > siteNow()) summary.scheduled.push(`${post.slug} (${post.matter.date.slice(0, 16)})`)
        } catch (error) {
          if (error instanceof PublishError) problems.push(`${post.file}: ${error.message}`)
          else throw error
        }
      }

      for (const page of pages) {
        try {
          const result = await publishPage(trx, {
            slug: page.slug,
            title: page.matter.title,
            date: page.matter.date,
            status: page.matter.status,
            contentHtml: render(page.file, page.body),
          })
          ;(result.created ? summary.pagesCreated : summary.pagesUpdated).push(page.slug)
          if (page.matter.status === 'draft') summary.drafts.push(`pages/${page.slug}`)
        } catch (error) {
          if (error instanceof PublishError) problems.push(`${page.file}: ${error.message}`)
          else throw error
        }
      }

      if (home) {
        const acf: StoredHomeAcf = {
          banner_slider: (home.matter.banner_slider ?? []).map((s) => ({ ...s, banner_image: mediaId('home.md', s.banner_image) })),
          banner_promo: (home.matter.banner_promo ?? []).map((p) => ({ ...p, promo_image: mediaId('home.md', p.promo_image) })),
        }
        const now = new Date()
        const date = home.matter.date ?? `${now.toISOString().slice(0, 10)} 09:00:00`
        const result = await publishHomePage(trx, acf, { date, title: home.matter.title, contentHtml: render('home.md', home.body) })
        summary.home = result.created ? 'created' : 'updated'
      }

      if (options.prune) {
        summary.deleted = await repo.deletePostsExcept(
          trx,
          'post',
          posts.map((p) => p.slug),
        )
      }
      if (problems.length > 0) throw new ImportError(problems)
      if (options.dryRun) throw rollback
    })
  } catch (error) {
    if (error !== rollback) throw error
  }
  return summary
}
