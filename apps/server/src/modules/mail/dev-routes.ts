import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Deps } from '../../lib/context'
import * as repo from './repo'

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
const linkify = (s: string) => s.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)

const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1c2a22}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #dde3df}
pre{white-space:pre-wrap;background:#f4f7f5;padding:1rem;border-radius:6px}a{color:#1f5f3a}</style></head><body>${body}</body></html>`

/** The development outbox: every e-mail the portal wrote, readable without an SMTP server. Never in production. */
export const devOutboxRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  app.get('/outbox', { schema: { hide: true } }, async (_req, reply) => {
    const rows = await repo.recentMail(db, 200)
    const list = rows
      .map(
        (r) =>
          `<tr><td><a href="/dev/outbox/${r.id}">${escape(r.subject)}</a></td><td>${escape(r.to_address)}</td><td>${r.status}</td><td>${r.created_at.toISOString()}</td></tr>`,
      )
      .join('')
    return reply
      .type('text/html')
      .send(
        page(
          'Outbox',
          `<h1>Outbox</h1><p>E-mails written by the portal (development only).</p><table><tr><th>Subject</th><th>To</th><th>Status</th><th>Written</th></tr>${list}</table>`,
        ),
      )
  })

  app.get('/outbox/:id', { schema: { hide: true, params: z.object({ id: z.coerce.number().int().positive() }) } }, async (req, reply) => {
    const row = await repo.findMail(db, req.params.id)
    if (!row) return reply.status(404).type('text/html').send(page('Not found', '<h1>No such e-mail</h1>'))
    const files = row.attachments.map((a) => `<li>${escape(a.filename)} (${escape(a.contentType)})</li>`).join('')
    return reply
      .type('text/html')
      .send(
        page(
          row.subject,
          `<p><a href="/dev/outbox">Outbox</a></p><h1>${escape(row.subject)}</h1><p>To: ${escape(row.to_address)}</p><pre>${linkify(escape(row.text_body))}</pre>${files ? `<ul>${files}</ul>` : ''}`,
        ),
      )
  })
}
