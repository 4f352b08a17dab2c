import DOMPurify from 'dompurify'

/**
 * Post bodies are HTML from the content service, which may be a WordPress site edited by many
 * hands: everything is sanitised before it is rendered. Scripts, event handlers, forms, frames and
 * styles go; links to other sites open in a new tab without access to this one; pictures load lazily;
 * a table's figure, which scrolls sideways on a phone, can take the keyboard's focus to be scrolled.
 */
let configured = false

function configure() {
  if (configured) return
  configured = true
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? ''
      if (/^https?:\/\//i.test(href) && !href.startsWith(window.location.origin)) {
        node.setAttribute('target', '_blank')
        node.setAttribute('rel', 'noopener noreferrer')
      } else if (node.getAttribute('target') === '_blank') {
        node.setAttribute('rel', 'noopener noreferrer')
      }
    }
    if (node.tagName === 'IMG') {
      node.setAttribute('loading', 'lazy')
      node.setAttribute('decoding', 'async')
      if (!node.hasAttribute('alt')) node.setAttribute('alt', '')
    }
    if (node.tagName === 'FIGURE' && node.querySelector('table')) {
      node.setAttribute('tabindex', '0')
      // A figcaption names the figure; without one, the table's first header row does.
      if (!node.querySelector('figcaption')) {
        const headers = [...node.querySelectorAll('th')].map((th) => th.textContent?.trim()).filter(Boolean)
        node.setAttribute('aria-label', headers.length ? `Table: ${headers.slice(0, 4).join(', ')}` : 'Table')
      }
    }
  })
}

export function sanitizePostHtml(html: string): string {
  configure()
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'select', 'textarea', 'iframe', 'frame', 'object', 'embed', 'link', 'meta', 'base'],
    FORBID_ATTR: ['style', 'srcdoc', 'formaction'],
    ALLOW_DATA_ATTR: false,
  })
}
