/**
 * Markdown to HTML for news posts, safe by construction: raw HTML in the source is shown as text,
 * only the tags below are produced, and links and pictures keep to http(s), mailto, tel and
 * relative addresses. (The web app sanitises whatever it renders as well.)
 *
 * Blocks: paragraphs, # headings, - * + and 1. lists (nested by indenting), > quotes, ``` code,
 * --- rules, | pipe | tables |, and a picture alone on its line as a figure with a caption.
 * Inline: **strong**, *emphasis*, `code`, [links](url "title"), ![pictures](path "caption"),
 * <https://autolinks>, backslash escapes, and a line break from two trailing spaces or a backslash.
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

/** http(s), mailto and tel, or a relative address; javascript:, data: and the like never pass. */
export function safeUrl(url: string): string | null {
  const trimmed = url.trim()
  if (!trimmed) return null
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase()
  if (scheme && !['http', 'https', 'mailto', 'tel'].includes(scheme)) return null
  if ([...trimmed].some((c) => c.charCodeAt(0) < 0x20)) return null
  return trimmed
}

// ---- inline ----

const PLACEHOLDER = '\u0000'

function renderInline(source: string, options: MarkdownOptions): string {
  const kept: string[] = []
  const keep = (html: string) => `${PLACEHOLDER}${kept.push(html) - 1}${PLACEHOLDER}`
  let text = source

  // Code spans and backslash escapes first: nothing inside them is markup.
  text = text.replace(/(`+)([\s\S]*?[^`])\1(?!`)/g, (_, _ticks: string, code: string) => keep(`<code>${escapeText(code.trim())}</code>`))
  text = text.replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, (_, c: string) => keep(escapeText(c)))

  text = text.replace(/!\[([^\]]*)\]\(\s*<?((?:[^\s()<>]|\([^\s()]*\))+)>?(?:\s+"([^"]*)")?\s*\)/g, (_, alt: string, src: string, title?: string) => {
    const img = imageTag(src, alt, title, options)
    return img ? keep(img) : ''
  })
  text = text.replace(/\[([^\]]+)\]\(\s*<?((?:[^\s()<>]|\([^\s()]*\))+)>?(?:\s+"([^"]*)")?\s*\)/g, (_, label: string, href: string, title?: string) => {
    const url = safeUrl(href)
    if (!url) return label
    const external = /^https?:/i.test(url)
    const attrs = `href="${escapeAttr(url)}"${title ? ` title="${escapeAttr(title)}"` : ''}${external ? ' target="_blank" rel="noopener noreferrer"' : ''}`
    return `${keep(`<a ${attrs}>`)}${label}${keep('</a>')}`
  })
  text = text.replace(/<((?:https?:\/\/|mailto:)[^\s<>]+)>/gi, (_, url: string) => keep(`<a href="${escapeAttr(url)}">${escapeText(url)}</a>`))

  text = escapeText(text)
  text = text.replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '<strong>$2</strong>')
  text = text.replace(/(^|[^\w*])\*(?=\S)([^*]*?\S)\*(?!\*)/g, '$1<em>$2</em>')
  text = text.replace(/(^|[^\w])_(?=\S)([^_]*?\S)_(?!\w)/g, '$1<em>$2</em>')
  text = text.replace(/(?: {2,}|\\)\n/g, '<br>\n')

  // Placeholders may nest (a link around a picture): restore until none is left.
  const pattern = new RegExp(`${PLACEHOLDER}(\\d+)${PLACEHOLDER}`, 'g')
  for (let i = 0; i < 5 && pattern.test(text); i++) text = text.replace(pattern, (_, n: string) => kept[Number(n)] ?? '')
  return text
}

function imageTag(src: string, alt: string, title: string | undefined, options: MarkdownOptions): string | null {
  let resolved: ResolvedImage | null
  if (options.image) resolved = options.image(src, alt)
  else {
    const url = safeUrl(src)
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

// ---- blocks ----

const indentOf = (line: string) => line.length - line.trimStart().length
const isBlank = (line: string) => line.trim() === ''
const LIST_ITEM = /^(\s*)([-*+]|\d{1,9}[.)])\s+(.*)$/
const FENCE = /^\s*(```|~~~)\s*([\w-]*)\s*$/
const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/
const RULE = /^\s{0,3}([-*_])(?:\s*\1){2,}\s*$/
const TABLE_DIVIDER = /^(?=.*\|)\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/
const FIGURE = /^\s*!\[([^\]]*)\]\(\s*<?((?:[^\s()<>]|\([^\s()]*\))+)>?(?:\s+"([^"]*)")?\s*\)\s*$/

function startsBlock(line: string): boolean {
  return HEADING.test(line) || RULE.test(line) || FENCE.test(line) || /^\s{0,3}>/.test(line) || LIST_ITEM.test(line)
}

function splitRow(line: string): string[] {
  const cells = line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/)
  return cells.map((c) => c.trim())
}

function renderBlocks(lines: string[], options: MarkdownOptions): string {
  const out: string[] = []
  let i = 0
  while (i < lines.length) {
    const line = lines[i]!
    if (isBlank(line)) {
      i++
      continue
    }

    const fence = FENCE.exec(line)
    if (fence) {
      const body: string[] = []
      i++
      while (i < lines.length && !lines[i]!.trim().startsWith(fence[1]!)) body.push(lines[i++]!)
      i++
      const lang = fence[2] ? ` class="language-${escapeAttr(fence[2])}"` : ''
      out.push(`<pre><code${lang}>${escapeText(body.join('\n'))}</code></pre>`)
      continue
    }

    const heading = HEADING.exec(line)
    if (heading) {
      const level = heading[1]!.length
      out.push(`<h${level}>${renderInline(heading[2]!, options)}</h${level}>`)
      i++
      continue
    }

    if (RULE.test(line)) {
      out.push('<hr>')
      i++
      continue
    }

    if (/^\s{0,3}>/.test(line)) {
      const inner: string[] = []
      while (i < lines.length && !isBlank(lines[i]!) && (/^\s{0,3}>/.test(lines[i]!) || !startsBlock(lines[i]!))) {
        inner.push(lines[i]!.replace(/^\s{0,3}>\s?/, ''))
        i++
      }
      out.push(`<blockquote>\n${renderBlocks(inner, options)}\n</blockquote>`)
      continue
    }

    const item = LIST_ITEM.exec(line)
    if (item) {
      const { html, next } = renderList(lines, i, options)
      out.push(html)
      i = next
      continue
    }

    if (line.includes('|') && i + 1 < lines.length && TABLE_DIVIDER.test(lines[i + 1]!)) {
      const head = splitRow(line)
      const align = splitRow(lines[i + 1]!).map((c) =>
        c.startsWith(':') && c.endsWith(':') ? 'center' : c.endsWith(':') ? 'right' : c.startsWith(':') ? 'left' : '',
      )
      const cell = (tag: 'th' | 'td', text: string, n: number) =>
        `<${tag}${align[n] ? ` style="text-align:${align[n]}"` : ''}>${renderInline(text, options)}</${tag}>`
      i += 2
      const rows: string[] = []
      while (i < lines.length && !isBlank(lines[i]!) && lines[i]!.includes('|')) {
        const cells = splitRow(lines[i]!)
        rows.push(`<tr>${head.map((_, n) => cell('td', cells[n] ?? '', n)).join('')}</tr>`)
        i++
      }
      out.push(
        `<figure class="wp-block-table"><table><thead><tr>${head.map((h, n) => cell('th', h, n)).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table></figure>`,
      )
      continue
    }

    const figure = FIGURE.exec(line)
    if (figure && (i + 1 >= lines.length || isBlank(lines[i + 1]!))) {
      const img = imageTag(figure[2]!, figure[1]!, undefined, options)
      if (img) out.push(`<figure class="wp-block-image">${img}${figure[3] ? `<figcaption>${renderInline(figure[3], options)}</figcaption>` : ''}</figure>`)
      i++
      continue
    }

    const para: string[] = []
    while (i < lines.length && !isBlank(lines[i]!) && (para.length === 0 || !startsBlock(lines[i]!))) para.push(lines[i++]!.replace(/^\s+/, ''))
    out.push(`<p>${renderInline(para.join('\n'), options)}</p>`)
  }
  return out.join('\n')
}

function renderList(lines: string[], start: number, options: MarkdownOptions): { html: string; next: number } {
  const first = LIST_ITEM.exec(lines[start]!)!
  const baseIndent = first[1]!.length
  const ordered = /\d/.test(first[2]!)
  const startNumber = ordered ? Number.parseInt(first[2]!, 10) : 1
  const items: string[][] = []
  let loose = false
  let i = start
  while (i < lines.length) {
    const line = lines[i]!
    const m = LIST_ITEM.exec(line)
    if (m && m[1]!.length === baseIndent && /\d/.test(m[2]!) === ordered) {
      items.push([m[3]!])
      i++
      continue
    }
    if (isBlank(line)) {
      const following = lines[i + 1]
      if (following !== undefined && !isBlank(following) && (indentOf(following) > baseIndent || LIST_ITEM.exec(following)?.[1]?.length === baseIndent)) {
        if (indentOf(following) > baseIndent) items[items.length - 1]!.push('')
        else loose = true
        i++
        continue
      }
      break
    }
    if (indentOf(line) > baseIndent || !startsBlock(line)) {
      const content = line.slice(Math.min(indentOf(line), baseIndent + 2))
      items[items.length - 1]!.push(indentOf(line) > baseIndent ? content : line.trim())
      i++
      continue
    }
    break
  }
  const tag = ordered ? 'ol' : 'ul'
  const open = ordered && startNumber !== 1 ? `<ol start="${startNumber}">` : `<${tag}>`
  const body = items
    .map((itemLines) => {
      const hasBlocks = itemLines.some((l) => isBlank(l)) || itemLines.slice(1).some((l) => startsBlock(l))
      if (!hasBlocks && !loose) return `<li>${renderInline(itemLines.join('\n'), options)}</li>`
      const html = renderBlocks(itemLines, options)
      return `<li>${loose ? html : html.replace(/^<p>([\s\S]*?)<\/p>/, '$1')}</li>`
    })
    .join('\n')
  return { html: `${open}\n${body}\n</${tag}>`, next: i }
}

export function markdownToHtml(markdown: string, options: MarkdownOptions = {}): string {
  const lines = markdown.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n')
  return renderBlocks(lines, options)
}

/** Every picture path a Markdown text refers to (to store them before rendering). */
export function imagePaths(markdown: string): string[] {
  const found = new Set<string>()
  for (const m of markdown.matchAll(/!\[[^\]]*\]\(\s*<?((?:[^\s()<>]|\([^\s()]*\))+)>?(?:\s+"[^"]*")?\s*\)/g)) found.add(m[1]!)
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
