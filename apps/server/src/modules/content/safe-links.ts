/**
 * Where links and pictures in content may point, for every post, page and banner the content service
 * stores or serves (decision 0069). The content API is WordPress-compatible, so what it serves is shown by
 * clients that sanitise nothing: the rule is kept here, not left to the web app.
 *
 * - An http(s) address with a host: `https://example.com/...`.
 * - A same-site path: a single `/` not followed by `/` or `\` (`//host` and `/\host` are other sites to a
 *   browser, which reads `\` as `/`), such as `/specials`.
 * - For links only: `#part` of the same page, and `mailto:` and `tel:` (contact details in the legal pages).
 *
 * Nothing else: no `javascript:`, `data:` or other scheme, no relative path, no backslash and no control
 * character anywhere in the address.
 */
export type AddressUse = 'link' | 'picture'

export function safeAddress(address: string, use: AddressUse = 'link'): string | null {
  const trimmed = address.trim()
  if (!trimmed) return null
  if ([...trimmed].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || c === '\\')) return null
  if (/^https?:\/\/[^/?#\s]/i.test(trimmed)) return trimmed
  if (/^\/(?![/])/.test(trimmed)) return trimmed
  if (use === 'link' && (/^#/.test(trimmed) || /^(mailto|tel):[^/]/i.test(trimmed))) return trimmed
  return null
}

/** The value of an HTML attribute as a browser reads it: character references decoded. */
function attributeValue(raw: string): string | null {
  const decoded = raw
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Math.min(Number(dec), 0x10ffff)))
    .replace(/&(amp|quot|apos|lt|gt);/g, (_, name: string) => ({ amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' })[name]!)
  // Any other named reference (&colon;, &sol;, &Tab; ...) could spell a scheme or a second slash: not ours, not kept.
  return /&[a-z][a-z0-9]*;/i.test(decoded) ? null : decoded
}

const ATTRIBUTE = /(\s)(href|src|srcset)(\s*=\s*)("([^"]*)"|'([^']*)'|([^\s"'>]+))/gi

/**
 * HTML with every link and picture address that breaks the rule taken out: a link keeps its text and loses
 * its `href` (it is a link no more), a picture loses its `src` and `srcset`. For HTML as this service writes
 * it (rendered Markdown, double-quoted attributes); it is applied on every read as well, so content stored
 * before the rule, or by other means, is served safe.
 */
export function withSafeAddresses(html: string): string {
  return html.replace(/<(a|img)(\s[^>]*)?>/gi, (tag, name: string, attributes: string | undefined) => {
    if (!attributes) return tag
    const use: AddressUse = name.toLowerCase() === 'a' ? 'link' : 'picture'
    const kept = attributes.replace(ATTRIBUTE, (whole, space: string, attribute: string, _eq, _quoted, dq?: string, sq?: string, bare?: string) => {
      const value = attributeValue(dq ?? sq ?? bare ?? '')
      const safe =
        value !== null &&
        (attribute.toLowerCase() === 'srcset'
          ? value.split(',').every((candidate) => safeAddress(candidate.trim().split(/\s+/)[0] ?? '', 'picture') !== null)
          : safeAddress(value, attribute.toLowerCase() === 'href' ? use : 'picture') !== null)
      return safe ? whole : ''
    })
    return `<${name}${kept}>`
  })
}
