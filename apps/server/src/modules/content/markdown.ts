import MarkdownIt, { type RendererRule, type Token } from 'markdown-it'
import { safeAddress } from './safe-links'

/**
 * Markdown to HTML for news posts and pages, by markdown-it (CommonMark with pipe tables), safe by
 * construction: raw HTML in the source is shown as text (so no sanitiser is needed here; the web app
 * sanitises whatever it renders as well), and links and pictures keep to the addresses safe-links.ts
 * allows (http(s) and same-site paths; mailto, tel and #part for links): a link elsewhere keeps its text
 * only. The house output on top of it: a picture alone in its paragraph is a figure with its title as the caption, tables are wrapped as WordPress wraps them, links to other sites
 * open in a new tab, and lines indented by four spaces stay text (content files are not code).
 */

export interface ResolvedImage {
  src: string
  srcset?: string
  sizes?: string
  width?: number
  height?: number
}

export interface MarkdownOptions {
  /** Turns a picture's path (relative to the Markdown file) into its URLs; null drops the picture. */
  image?: (src: string, alt: string) => ResolvedImage | null
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const escapeAttr = (text: string) => escapeText(text).replace(/"/g, '&quot;')

function imageTag(src: string, alt: string, title: string | undefined, options: MarkdownOptions): string | null {
  let resolved: ResolvedImage | null
  if (options.image) resolved = options.image(src, alt)
  else {
    const url = safeAddress(src, 'picture')
    resolved = url ? { src: url } : null
  }
  if (!resolved) return null
  const attrs = [
    `src="${escapeAttr(resolved.src)}"`,
    `alt="${escapeAttr(alt)}"`,
    resolved.srcset ? `srcset="${escapeAttr(resolved.srcset)}"` : '',
    resolved.sizes ? `sizes="${escapeAttr(resolved.sizes)}"` : '',
    resolved.width ? `width="${resolved.width}"` : '',
    resolved.height ? `height="${resolved.height}"` : '',
    title ? `title="${escapeAttr(title)}"` : '',
    'loading="lazy"',
    'decoding="async"',
  ]
  return `<img ${attrs.filter(Boolean).join(' ')}>`
}

// Addresses are checked when rendered (safeAddress), not refused by the parser: a refused link would show
// as its Markdown source, where the text alone is wanted. Paths stay as written, to find the pictures.
const md = new MarkdownIt('default', { html: false, linkify: false, typographer: false })
md.validateLink = () => true
md.normalizeLink = (url) => url
md.normalizeLinkText = (text) => text
// Entities stay as typed (shown as text, as raw HTML is); indented lines are text, not code blocks.
md.disable(['entity', 'code'])

/** Links to unsafe addresses lose their tags and keep their text. */
md.core.ruler.push('safe_links', (state) => {
  for (const block of state.tokens) {
    if (block.type !== 'inline' || !block.children) continue
    const kept: Token[] = []
    const dropped: boolean[] = []
    for (const token of block.children) {
      if (token.type === 'link_open') {
        const unsafe = safeAddress(token.attrGet('href') ?? '', 'link') === null
        dropped.push(unsafe)
        if (unsafe) continue
      } else if (token.type === 'link_close' && dropped.pop()) continue
      kept.push(token)
    }
    block.children = kept
  }
})

/** A picture alone in its paragraph (not a tight list's) is a figure. */
md.core.ruler.push('figures', (state) => {
  const tokens = state.tokens
  for (let i = 0; i + 2 < tokens.length; i++) {
    const [open, inline, close] = [tokens[i]!, tokens[i + 1]!, tokens[i + 2]!]
    const only = inline.children?.length === 1 ? inline.children[0]! : undefined
    if (open.type !== 'paragraph_open' || open.hidden || close.type !== 'paragraph_close' || only?.type !== 'image') continue
    const figure = new state.Token('figure', 'figure', 0)
    figure.block = true
    figure.children = [only]
    tokens.splice(i, 3, figure)
  }
})

type Env = { options: MarkdownOptions }
const rules = md.renderer.rules
const altOf = (token: Token, env: Env) => md.renderer.renderInlineAsText(token.children ?? [], md.options, env)

rules.text = (tokens, idx) => escapeText(tokens[idx]!.content)
rules.code_inline = (tokens, idx) => `<code>${escapeText(tokens[idx]!.content)}</code>`
rules.fence = (tokens, idx) => {
  const token = tokens[idx]!
  const lang = token.info.trim().split(/\s+/)[0]
  return `<pre><code${lang ? ` class="language-${escapeAttr(lang)}"` : ''}>${escapeText(token.content.replace(/\n$/, ''))}</code></pre>\n`
}
rules.image = (tokens, idx, _options, env: Env) => {
  const token = tokens[idx]!
  return imageTag(token.attrGet('src') ?? '', altOf(token, env), token.attrGet('title') ?? undefined, env.options) ?? ''
}
rules.figure = (tokens, idx, _options, env: Env) => {
  const image = tokens[idx]!.children![0]!
  const img = imageTag(image.attrGet('src') ?? '', altOf(image, env), undefined, env.options)
  if (!img) return ''
  const caption = image.attrGet('title')
  return `<figure class="wp-block-image">${img}${caption ? `<figcaption>${md.renderInline(caption, env)}</figcaption>` : ''}</figure>\n`
}
rules.link_open = (tokens, idx, options, _env, self) => {
  const token = tokens[idx]!
  if (token.markup !== 'autolink' && /^https?:/i.test(token.attrGet('href') ?? '')) {
    token.attrSet('target', '_blank')
    token.attrSet('rel', 'noopener noreferrer')
  }
  return self.renderToken(tokens, idx, options)
}

// A nested list closes on the same line as its item: `</ul></li>`.
const listClose: RendererRule = (tokens, idx, options, _env, self) =>
  tokens[idx + 1]?.type === 'list_item_close' ? self.renderToken(tokens, idx, options).replace(/\n$/, '') : self.renderToken(tokens, idx, options)
rules.bullet_list_close = listClose
rules.ordered_list_close = listClose
// A loose list's paragraphs sit tight in their items: `<li><p>…</p></li>`.
rules.list_item_open = (tokens, idx, options, _env, self) =>
  tokens[idx + 1]?.type === 'paragraph_open' ? self.renderToken(tokens, idx, options).replace(/\n$/, '') : self.renderToken(tokens, idx, options)
rules.paragraph_close = (tokens, idx, options, _env, self) =>
  tokens[idx + 1]?.type === 'list_item_close' && !tokens[idx]!.hidden
    ? self.renderToken(tokens, idx, options).replace(/\n$/, '')
    : self.renderToken(tokens, idx, options)

// Tables on one line, in WordPress's figure.
const inline: RendererRule = (tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options).replace(/\n$/, '')
for (const type of ['thead_open', 'thead_close', 'tbody_open', 'tbody_close', 'tr_open', 'tr_close', 'th_open', 'th_close', 'td_open', 'td_close'])
  rules[type] = inline
rules.table_open = () => '<figure class="wp-block-table"><table>'
rules.table_close = () => '</table></figure>\n'

export function markdownToHtml(markdown: string, options: MarkdownOptions = {}): string {
  const env: Env = { options }
  return md.render(markdown.replace(/\t/g, '    '), env).replace(/\n$/, '')
}

/** Every picture path a Markdown text refers to (to store them before rendering). */
export function imagePaths(markdown: string): string[] {
  const found = new Set<string>()
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'image') found.add(token.attrGet('src') ?? '')
      if (token.children) walk(token.children)
    }
  }
  walk(md.parse(markdown.replace(/\t/g, '    '), {}))
  found.delete('')
  return [...found]
}

/** The first paragraph's words, as WordPress makes an excerpt: at most 55 words, then [&hellip;]. */
export function excerptOf(html: string, words = 55): string {
  const firstParagraph = /<p>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? ''
  const text = firstParagraph
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  if (!text) return ''
  const list = text.split(' ')
  return list.length > words ? `<p>${list.slice(0, words).join(' ')} [&hellip;]</p>\n` : `<p>${text}</p>\n`
}
