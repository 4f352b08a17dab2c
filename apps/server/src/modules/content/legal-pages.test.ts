import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedContentIfEmpty } from '../../demo/content'
import { LEGAL_PAGES } from '../../demo/legal'
import { startTestApp, type TestContext } from '../../../test/helpers'
import { ImportError, importFolder } from './import'
import { markdownToHtml } from './markdown'

let t: TestContext
const folders: string[] = []
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(async () => {
  await t?.close()
  for (const f of folders) rmSync(f, { recursive: true, force: true })
})

const WP = '/content/wp-json/wp/v2'
const SAMPLE = resolve(import.meta.dirname, '../../../../../content')

interface Page {
  id: number
  slug: string
  type: string
  date: string
  link: string
  title: { rendered: string }
  content: { rendered: string }
}

async function pageOf(slug: string): Promise<Page[]> {
  const res = await t.app.inject({ method: 'GET', url: `${WP}/pages?slug=${slug}` })
  expect(res.statusCode).toBe(200)
  return res.json() as Page[]
}

function folder(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'portal-pages-'))
  folders.push(root)
  for (const [path, body] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true })
    writeFileSync(join(root, path), body)
  }
  return root
}

async function problemsOf(promise: Promise<unknown>): Promise<string[]> {
  try {
    await promise
  } catch (error) {
    if (error instanceof ImportError) return error.problems
    throw error
  }
  throw new Error('the import went through')
}

describe('the legal pages of the content service', () => {
  it('serves the privacy notice at pages?slug=privacy without a session, as a WordPress page with rendered HTML', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${WP}/pages?slug=privacy` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=60')
    expect(res.headers['x-wp-total']).toBe('1')
    const [page, ...rest] = res.json() as Page[]
    expect(rest).toHaveLength(0)
    expect(page).toMatchObject({ slug: 'privacy', type: 'page', title: { rendered: 'Privacy Notification' }, link: 'http://portal.test/privacy' })
    // The demo's "last updated": the first of the month four months before the seed's day (2026-11-21).
    expect(page!.date).toBe('2026-07-01T09:00:00')
    const html = page!.content.rendered
    expect(html).toContain('<h2>What we collect</h2>')
    expect(html).toContain('<em>Privacy Act 1988</em>')
    expect(html).toContain('href="https://www.oaic.gov.au"')
    expect(html).toContain('href="mailto:privacy@riverinarural.example"')
    expect(html).not.toMatch(/<script|on\w+=/i)
  })

  it('serves the terms at pages?slug=terms, with their title rendered as WordPress does', async () => {
    const [page] = await pageOf('terms')
    expect(page).toMatchObject({ slug: 'terms', title: { rendered: 'Terms &amp; Conditions' }, link: 'http://portal.test/terms' })
    expect(page!.content.rendered).toContain('<h2>4. Payment</h2>')
    expect(page!.content.rendered).toContain('due on the 25th of the month after the invoice date')
    expect(page!.content.rendered).toContain('<a href="/privacy">Privacy Notification</a>')
  })

  it('adds the legal pages to a demo database that has other content but not them', async () => {
    await t.db.deleteFrom('content_posts').where('type', '=', 'page').where('slug', 'in', ['privacy', 'terms']).execute()
    expect(await pageOf('privacy')).toEqual([])
    expect(await seedContentIfEmpty(t.db, { today: '2026-11-21' })).toBe(false)
    expect((await pageOf('privacy'))[0]).toMatchObject({ title: { rendered: 'Privacy Notification' } })
    expect((await pageOf('terms'))[0]).toMatchObject({ title: { rendered: 'Terms &amp; Conditions' } })
  })
})

describe('editing the legal pages with content:import', () => {
  it('changes a page by its slug, keeping its id, and renders its Markdown', async () => {
    const [before] = await pageOf('privacy')
    const root = folder({
      'pages/privacy.md': `---\ntitle: Privacy Notification\ndate: 2027-01-15\n---\nWe changed **who we share** your details with.\n\n## Contact\n\n- [privacy@example.com](mailto:privacy@example.com)\n`,
    })
    const summary = await importFolder(t.db, root)
    expect(summary).toMatchObject({ pagesCreated: [], pagesUpdated: ['privacy'], created: [], home: null })
    const [after] = await pageOf('privacy')
    expect(after!.id).toBe(before!.id)
    expect(after!.date).toBe('2027-01-15T09:00:00')
    expect(after!.content.rendered).toBe(
      '<p>We changed <strong>who we share</strong> your details with.</p>\n<h2>Contact</h2>\n<ul>\n<li><a href="mailto:privacy@example.com">privacy@example.com</a></li>\n</ul>',
    )
  })

  it('adds a page with a new slug, and withdraws a page set to draft', async () => {
    const added = await importFolder(
      t.db,
      folder({ 'pages/delivery-areas.md': `---\ntitle: Delivery areas\ndate: 2027-02-01\n---\nWe deliver across NSW and Victoria.\n` }),
    )
    expect(added.pagesCreated).toEqual(['delivery-areas'])
    expect((await pageOf('delivery-areas'))[0]).toMatchObject({ title: { rendered: 'Delivery areas' } })

    const withdrawn = await importFolder(
      t.db,
      folder({ 'pages/delivery-areas.md': `---\ntitle: Delivery areas\ndate: 2027-02-01\nstatus: draft\n---\nSoon.\n` }),
    )
    expect(withdrawn).toMatchObject({ pagesUpdated: ['delivery-areas'], drafts: ['pages/delivery-areas'] })
    expect(await pageOf('delivery-areas')).toEqual([])
  })

  it('names the problems of a page file and writes nothing', async () => {
    const [before] = await pageOf('terms')
    const root = folder({
      'pages/terms.md': `---\ntitle: Terms & Conditions\nauthor: legal\n---\nNew terms.\n`,
      'pages/home.md': `---\ntitle: Home\ndate: 2027-01-01\n---\nHello.\n`,
    })
    const problems = await problemsOf(importFolder(t.db, root))
    expect(problems).toEqual(
      expect.arrayContaining([
        'pages/terms.md: unknown field "author"',
        expect.stringMatching(/^pages\/terms\.md: date: /),
        'pages/home.md: the slug "home" is the home page\'s: its banners go in home.md',
      ]),
    )
    expect((await pageOf('terms'))[0]!.content.rendered).toBe(before!.content.rendered)
  })

  it("imports the sample folder's legal pages, which hold the demo's texts word for word", async () => {
    const summary = await importFolder(t.db, SAMPLE, { dryRun: true })
    expect([...summary.pagesCreated, ...summary.pagesUpdated].sort()).toEqual(['privacy', 'terms'])
    await importFolder(t.db, SAMPLE)
    for (const page of LEGAL_PAGES) {
      const [served] = await pageOf(page.slug)
      expect(served!.content.rendered).toBe(markdownToHtml(page.body))
      expect(served!.date).toBe('2026-07-01T09:00:00')
    }
  })
})
