import type { RichTextNode } from '@portal/contract/back-office-content'
import { UPLOADS_PATH, type MediaInfo } from './media'
import { bodyImage } from './publish'
import { safeAddress, withSafeAddresses } from './safe-links'

/**
 * The back office editor's document (decision 0096) to the HTML the content service stores and serves, safe by
 * construction as markdown.ts is: the document is a tree of known nodes and marks, and each is written by this
 * module from a fixed list of tags with escaped text. No HTML is taken from the request, so a script, a style or
 * an on* attribute has nowhere to come from; an attribute the editor does not write is never read. Links keep to
 * the addresses safe-links.ts allows (a link elsewhere keeps its text only), and pictures are the media library's
 * only, written with their renditions as imported posts' pictures are. The result goes through withSafeAddresses
 * as well, the rule every stored post keeps.
 */

export class RichTextError extends Error {}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const escapeAttr = (text: string) => escapeText(text).replace(/"/g, '&quot;')

const MEDIA_PATH = new RegExp(`^${UPLOADS_PATH}/(\\d{1,10})/`)

/** The media library picture an image node shows: `/content/uploads/{id}/...` (as the editor was given it), or null. */
export function mediaIdOf(src: unknown): number | null {
  if (typeof src !== 'string') return null
  const path = src.replace(/^https?:\/\/[^/]+/i, '')
  const id = MEDIA_PATH.exec(path)?.[1]
  return id ? Number(id) : null
}

/** Every media library picture a document shows (to look them up before rendering). */
export function mediaIdsOf(doc: RichTextNode): number[] {
  const ids = new Set<number>()
  const stack = [doc]
  while (stack.length > 0) {
    const node = stack.pop()!
    if (node.type === 'image') {
      const id = mediaIdOf(node.attrs?.src)
      if (id !== null) ids.add(id)
    }
    stack.push(...(node.content ?? []))
  }
  return [...ids]
}

const str = (value: unknown) => (typeof value === 'string' ? value : '')

function markOpen(mark: NonNullable<RichTextNode['marks']>[number]): [string, string] | null {
  switch (mark.type) {
    case 'bold':
      return ['<strong>', '</strong>']
    case 'italic':
      return ['<em>', '</em>']
    case 'strike':
      return ['<s>', '</s>']
    case 'underline':
      return ['<u>', '</u>']
    case 'code':
      return ['<code>', '</code>']
    case 'link': {
      const href = safeAddress(str(mark.attrs?.href), 'link')
      if (!href) return null
      const external = /^https?:/i.test(href) ? ' target="_blank" rel="noopener noreferrer"' : ''
      return [`<a href="${escapeAttr(href)}"${external}>`, '</a>']
    }
  }
}

function inline(nodes: RichTextNode[] | undefined): string {
  let html = ''
  for (const node of nodes ?? []) {
    if (node.type === 'hardBreak') html += '<br>'
    else if (node.type === 'text') {
      let text = escapeText(node.text ?? '')
      for (const mark of node.marks ?? []) {
        const tags = markOpen(mark)
        if (tags) text = `${tags[0]}${text}${tags[1]}`
      }
      html += text
    } else throw new RichTextError(`a ${node.type} cannot sit inside a line of text`)
  }
  return html
}

function blocks(nodes: RichTextNode[] | undefined, media: Map<number, MediaInfo & { alt: string }>): string {
  return (nodes ?? []).map((node) => block(node, media)).join('')
}

function block(node: RichTextNode, media: Map<number, MediaInfo & { alt: string }>): string {
  switch (node.type) {
    case 'paragraph':
      return `<p>${inline(node.content)}</p>\n`
    case 'heading': {
      // The post's title is its h1; the body's headings start at h2.
      const level = Math.min(4, Math.max(2, Number(node.attrs?.level) || 2))
      return `<h${level}>${inline(node.content)}</h${level}>\n`
    }
    case 'bulletList':
      return `<ul>\n${listItems(node, media)}</ul>\n`
    case 'orderedList': {
      const start = Number(node.attrs?.start)
      return `<ol${Number.isInteger(start) && start > 1 && start < 100_000 ? ` start="${start}"` : ''}>\n${listItems(node, media)}</ol>\n`
    }
    case 'blockquote':
      return `<blockquote>\n${blocks(node.content, media)}</blockquote>\n`
    case 'codeBlock':
      return `<pre><code>${escapeText((node.content ?? []).map((t) => (t.type === 'text' ? (t.text ?? '') : '\n')).join(''))}</code></pre>\n`
    case 'horizontalRule':
      return '<hr>\n'
    case 'image': {
      const id = mediaIdOf(node.attrs?.src)
      const picture = id === null ? undefined : media.get(id)
      if (!picture) throw new RichTextError('a picture must be one uploaded here')
      const alt = str(node.attrs?.alt).trim() || picture.alt.trim()
      if (!alt) throw new RichTextError('every picture needs its alt text (what it shows, for those who cannot see it)')
      const image = bodyImage(picture)
      const attrs = [
        `src="${escapeAttr(image.src)}"`,
        `alt="${escapeAttr(alt)}"`,
        image.srcset ? `srcset="${escapeAttr(image.srcset)}"` : '',
        `sizes="${image.sizes}"`,
        `width="${image.width}"`,
        `height="${image.height}"`,
        'loading="lazy"',
        'decoding="async"',
      ]
      return `<figure class="wp-block-image"><img ${attrs.filter(Boolean).join(' ')}></figure>\n`
    }
    default:
      throw new RichTextError(`a ${node.type} cannot stand on its own in the body`)
  }
}

function listItems(list: RichTextNode, media: Map<number, MediaInfo & { alt: string }>): string {
  return (list.content ?? [])
    .map((item) => {
      if (item.type !== 'listItem') throw new RichTextError(`a list holds list items, not a ${item.type}`)
      return `<li>${blocks(item.content, media).replace(/\n$/, '')}</li>\n`
    })
    .join('')
}

/** The document's HTML; a RichTextError names what the document holds that the body cannot. */
export function richTextToHtml(doc: RichTextNode, media: Map<number, MediaInfo & { alt: string }>): string {
  if (doc.type !== 'doc') throw new RichTextError("expected the editor's document")
  return withSafeAddresses(blocks(doc.content, media)).replace(/\n$/, '')
}
