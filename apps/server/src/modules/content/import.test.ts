import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestContext } from '../../../test/helpers'
import { ImportError, importFolder } from './import'
import * as repo from './repo'

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
const get = (url: string) => t.app.inject({ method: 'GET', url })

async function photo(colour: string, width = 1600, height = 900) {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 80 })
    .toBuffer()
}

/** A content folder in a temporary directory: paths to file contents. */
function folder(files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(join(tmpdir(), 'portal-content-'))
  folders.push(root)
  for (const [path, body] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true })
    writeFileSync(join(root, path), body)
  }
  return root
}

const post = (front: string, body = 'Body text.') => `---\n${front.trim()}\n---\n${body}\n`

async function problemsOf(promise: Promise<unknown>): Promise<string[]> {
  try {
    await promise
  } catch (error) {
    if (error instanceof ImportError) return error.problems
    throw error
  }
  throw new Error('the import went through')
}

describe('importing a folder of Markdown', () => {
  it('adds posts with their pictures and groups, renders the Markdown, and the service serves them', async () => {
    const root = folder({
      'images/calves.jpg': await photo('#55883b'),
      'images/yards.jpg': await photo('#8a6d3b', 1200, 800),
      'posts/2026-11-20-calf-rearing.md': post(
        `
title: "Calf rearing: milk replacer price hold"
date: 2026-11-20 08:30
groups: [FARM, vet]
featured_image: ../images/calves.jpg
featured_image_alt: Calves at a feeder
`,
        `Prices on **milk replacer** hold until *March*.

## Why now

- Order by Friday
- Pick up at [your branch](/blog) or see <https://example.com/calves>

![The new yards](../images/yards.jpg "Yards at Wagga")
`,
      ),
    })
    const summary = await importFolder(t.db, root)
    expect(summary).toMatchObject({ created: ['calf-rearing'], updated: [], pictures: 2, home: null })

    const [found] = (await get(`${WP}/posts?slug=calf-rearing&_embed`)).json() as Array<Record<string, any>>
    expect(found).toMatchObject({ date: '2026-11-20T08:30:00', title: { rendered: 'Calf rearing: milk replacer price hold' } })
    expect(found!._embedded['wp:term'][0].map((g: { slug: string }) => g.slug)).toEqual(['farm', 'vet'])
    const media = found!._embedded['wp:featuredmedia'][0]
    expect(media).toMatchObject({ alt_text: 'Calves at a feeder', mime_type: 'image/jpeg', media_details: { width: 1600, height: 900 } })
    expect(media.source_url).toMatch(/\/calves\.jpg$/)
    expect((await get(media.source_url)).headers['content-type']).toBe('image/jpeg')

    const html = found!.content.rendered as string
    expect(html).toContain('<p>Prices on <strong>milk replacer</strong> hold until <em>March</em>.</p>')
    expect(html).toContain('<h2>Why now</h2>')
    expect(html).toContain('<li>Order by Friday</li>')
    expect(html).toContain('<a href="/blog">your branch</a>')
    expect(html).toContain('<a href="https://example.com/calves">https://example.com/calves</a>')
    expect(html).toMatch(
      /<figure class="wp-block-image"><img src="\/content\/uploads\/\d+\/yards\.jpg" alt="The new yards" srcset="[^"]*yards-480w\.webp 480w[^"]*" sizes="[^"]+" width="1200" height="800" loading="lazy"/,
    )
    expect(html).toContain('<figcaption>Yards at Wagga</figcaption>')
    expect(found!.excerpt.rendered).toBe('<p>Prices on milk replacer hold until March.</p>\n')

    const farm = (await get(`${WP}/posts?filter[group]=FARM&per_page=1`)).json() as Array<{ slug: string }>
    expect(farm[0]!.slug).toBe('calf-rearing')
  })

  it('changes a post with the same slug, and --prune deletes what is not in the folder', async () => {
    const first = folder({
      'posts/a.md': post('title: First words\ndate: 2026-10-01\ngroup: TRADE'),
      'posts/b.md': post('title: Second\ndate: 2026-10-02\ngroup: TRADE'),
    })
    await importFolder(t.db, first)
    const again = folder({ 'posts/a.md': post('title: Better words\ndate: 2026-10-01\ngroup: TRADE') })
    const summary = await importFolder(t.db, again, { prune: true })
    expect(summary.updated).toEqual(['a'])
    expect(summary.deleted).toContain('b')
    expect(summary.deleted).toContain('spring-drench-program')
    const all = (await get(`${WP}/posts?per_page=100`)).json() as Array<{ slug: string; title: { rendered: string } }>
    expect(all.map((p) => p.slug)).toEqual(['a'])
    expect(all[0]!.title.rendered).toBe('Better words')
  })

  it('stores clean HTML: a script or a javascript: link in the Markdown is shown as text or dropped', async () => {
    const root = folder({
      'posts/sneaky.md': post(
        'title: <script>alert(1)</script> & friends\ndate: 2026-11-01\ngroups: all',
        `Hello <script>alert('x')</script> <img src=x onerror="alert(2)">

[click me](javascript:alert(3)) and [data](data:text/html;base64,PHNjcmlwdD4=)`,
      ),
    })
    await importFolder(t.db, root)
    const [found] = (await get(`${WP}/posts?slug=sneaky`)).json() as Array<{ title: { rendered: string }; content: { rendered: string }; group: number[] }>
    expect(found!.content.rendered).not.toMatch(/<script|<img|javascript:|data:text/i)
    expect(found!.content.rendered).toContain('&lt;script&gt;')
    expect(found!.content.rendered).toContain('click me and data')
    expect(found!.title.rendered).toBe('&lt;script&gt;alert(1)&lt;/script&gt; &amp; friends')
    expect(found!.group).toHaveLength(5)
  })

  it('stores only http(s) and same-site links and pictures: no javascript:, no //host or /\\host, in posts and pages', async () => {
    const crafted = `[js](javascript:alert(1)) [JS](JaVaScRiPt:alert(2)) [ref][r] [entity](&#106;avascript:alert(3))
[off](//evil.example/phish) [slash](/\\evil.example/x) [back](\\\\evil.example/y) [mixed](https:/\\evil.example/z) [rel](specials)
[ok](/specials) [site](https://example.com/a?b=1&c=2) [mail](mailto:orders@example.com) [top](#top)

![pixel](//evil.example/pixel.png) ![script](javascript:alert(4))

[r]: javascript:alert(5)`
    const root = folder({
      'posts/crafted.md': post('title: Crafted\ndate: 2026-11-01\ngroups: all', crafted),
      'pages/crafted-page.md': post('title: Crafted page\ndate: 2026-11-01', crafted),
    })
    await importFolder(t.db, root)
    const [found] = (await get(`${WP}/posts?slug=crafted`)).json() as Array<{ content: { rendered: string } }>
    const [page] = (await get(`${WP}/pages?slug=crafted-page`)).json() as Array<{ content: { rendered: string } }>
    for (const html of [found!.content.rendered, page!.content.rendered]) {
      const addresses = [...html.matchAll(/\s(?:href|src|srcset)="([^"]*)"/g)].map((m) => m[1])
      expect(addresses).toEqual(['/specials', 'https://example.com/a?b=1&amp;c=2', 'mailto:orders@example.com', '#top'])
      expect(html).not.toMatch(/javascript:|evil\.example"|href="\/\/|href="\/\\|<img/i)
      // Each refused link keeps its words.
      expect(html).toContain('js JS ref entity')
      expect(html).toContain('off slash back mixed rel')
    }
    // What is stored is already safe: the API's answer is the stored HTML itself.
    const stored = await t.db.selectFrom('content_posts').select('content_html').where('slug', '=', 'crafted').executeTakeFirstOrThrow()
    expect(stored.content_html).toBe(found!.content.rendered)
  })

  it('refuses a banner link off the site, naming the file and the field, and writes nothing', async () => {
    const before = (await get(`${WP}/pages?slug=home`)).json()
    const links = ['//evil.example/phish', '/\\evil.example/x', 'javascript:alert(1)', 'data:text/html,x', 'specials']
    const home = `---
banner_slider:
${links.map((l) => `  - banner_image: one.jpg\n    button_link: "${l.replace(/\\/g, '\\\\')}"`).join('\n')}
banner_promo:
  - promo_image: one.jpg
    promo_link: "//evil.example/promo"
---
`
    const problems = await problemsOf(importFolder(t.db, folder({ 'one.jpg': await photo('#123456', 800, 300), 'home.md': home })))
    expect(problems).toEqual([
      ...links.map((_, i) =>
        expect.stringMatching(new RegExp(`^home\\.md: banner_slider\\.${i}\\.button_link: links must be http\\(s\\) addresses or portal paths`)),
      ),
      expect.stringMatching(/^home\.md: banner_promo\.0\.promo_link: links must be http\(s\) addresses or portal paths/),
    ])
    expect((await get(`${WP}/pages?slug=home`)).json()).toEqual(before)
  })

  it('serves content stored before the address rule safe: links, pictures and banner links are checked on the way out', async () => {
    const unsafe =
      '<p><a href="javascript:alert(1)">one</a> <a href="//evil.example/p" target="_blank">two</a> <a href="/\\evil.example/x">three</a> ' +
      '<a href="/&sol;evil.example">four</a> <a href="/specials">kept</a></p>\n<img src="//evil.example/x.png" srcset="/a.webp 400w, //evil.example/b.webp 800w" alt="x">'
    await repo.upsertPost(t.db, {
      type: 'page',
      slug: 'stored-long-ago',
      status: 'publish',
      title: 'Old',
      excerpt_html: '<p><a href="//evil.example">old</a></p>',
      content_html: unsafe,
      featured_media_id: null,
      published_at: '2026-01-01 09:00:00',
      acf: null,
    })
    const [page] = (await get(`${WP}/pages?slug=stored-long-ago`)).json() as Array<{ content: { rendered: string }; excerpt: { rendered: string } }>
    expect(page!.content.rendered).toBe('<p><a>one</a> <a target="_blank">two</a> <a>three</a> <a>four</a> <a href="/specials">kept</a></p>\n<img alt="x">')
    expect(page!.excerpt.rendered).toBe('<p><a>old</a></p>')
    const homeRow = await t.db.selectFrom('content_posts').select(['id', 'acf']).where('slug', '=', 'home').executeTakeFirstOrThrow()
    const acf = homeRow.acf as { banner_slider: Array<{ button_link: string }>; banner_promo: Array<{ promo_link: string }> }
    acf.banner_slider[0]!.button_link = '//evil.example/phish'
    acf.banner_promo[0]!.promo_link = '/\\evil.example/x'
    await t.db
      .updateTable('content_posts')
      .set({ acf: JSON.stringify(acf) })
      .where('id', '=', homeRow.id)
      .execute()
    const [home] = (await get(`${WP}/pages?slug=home`)).json() as Array<{ acf: typeof acf }>
    expect(home!.acf.banner_slider[0]!.button_link).toBe('')
    expect(home!.acf.banner_promo[0]!.promo_link).toBe('')
  })

  it('replaces the home page banners from home.md', async () => {
    const root = folder({
      'banners/one.jpg': await photo('#2e6b9e', 2400, 900),
      'banners/two.png': await sharp({ create: { width: 1200, height: 800, channels: 4, background: '#c0392b' } })
        .png()
        .toBuffer(),
      'home.md': `---
banner_slider:
  - banner_image: banners/one.jpg
    banner_heading: Autumn sale
    banner_title: "Save 10%: drenches"
    button_link: /specials
    button_text: Shop now
    isElders: false
banner_promo:
  - promo_image: banners/two.png
    promo_heading: Resellers
    promo_title: Rebates
    promo_link: https://example.com/rebates
    promo_text: >
      Paid monthly
      from January.
    isElders: true
---
`,
    })
    const summary = await importFolder(t.db, root)
    expect(summary.home).toBe('updated')
    const [home] = (await get(`${WP}/pages?slug=home`)).json() as Array<{
      acf: { banner_slider: Array<Record<string, unknown>>; banner_promo: Array<Record<string, unknown>> }
    }>
    expect(home!.acf.banner_slider).toEqual([
      {
        banner_image: expect.stringMatching(/^\/content\/uploads\/\d+\/one\.jpg$/),
        banner_heading: 'Autumn sale',
        banner_title: 'Save 10%: drenches',
        button_link: '/specials',
        button_text: 'Shop now',
        isElders: false,
      },
    ])
    expect(home!.acf.banner_promo).toEqual([
      {
        promo_image: expect.stringMatching(/two\.png$/),
        promo_heading: 'Resellers',
        promo_title: 'Rebates',
        promo_link: 'https://example.com/rebates',
        promo_text: 'Paid monthly from January.\n',
        isElders: true,
      },
    ])
  })

  it('names every problem with its file and writes nothing when there is one', async () => {
    const before = (await get(`${WP}/posts?per_page=100`)).json() as unknown[]
    const root = folder({
      'posts/good.md': post('title: Fine\ndate: 2026-11-02\ngroup: TRADE'),
      'posts/no-picture.md': post('title: Picture missing\ndate: 2026-11-02\ngroup: TRADE\nfeatured_image: nope.jpg'),
      'posts/typo.md': post('title: Typo\ndate: 2026-11-02\ngrups: TRADE'),
      'posts/bad-date.md': post('title: Bad date\ndate: 2026-02-30\ngroup: TRADE'),
      'posts/broken.md': post('title: "not closed\ndate: 2026-11-02'),
      'posts/unknown-group.md': post('title: Unknown\ndate: 2026-11-02\ngroup: TRDE'),
    })
    const problems = await problemsOf(importFolder(t.db, root))
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^posts\/no-picture\.md: featured_image: picture nope\.jpg is not there/),
        expect.stringMatching(/^posts\/typo\.md: .*unknown field.*grups/),
        expect.stringMatching(/^posts\/bad-date\.md: date: date must be YYYY-MM-DD/),
        expect.stringMatching(/^posts\/broken\.md: line 2: a "double-quoted" text is not closed/),
      ]),
    )
    const second = await problemsOf(importFolder(t.db, folder({ 'posts/unknown-group.md': post('title: Unknown\ndate: 2026-11-02\ngroup: TRDE') })))
    expect(second).toEqual([expect.stringMatching(/^posts\/unknown-group\.md: unknown group "TRDE" \(known: .*ELD.*TRADE/)])
    expect((await get(`${WP}/posts?per_page=100`)).json()).toEqual(before)
  })

  it('refuses a file that is not a picture', async () => {
    const root = folder({
      'posts/x.md': post('title: X\ndate: 2026-11-02\ngroup: TRADE\nfeatured_image: fake.jpg'),
      'posts/fake.jpg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    })
    expect(await problemsOf(importFolder(t.db, root))).toEqual([expect.stringMatching(/featured_image: fake\.jpg is (svg|not a picture)/)])
  })

  it('checks and reports on a dry run without writing anything', async () => {
    const root = folder({ 'posts/trial.md': post('title: Trial\ndate: 2026-11-03\ngroup: CAS') })
    const summary = await importFolder(t.db, root, { dryRun: true })
    expect(summary).toMatchObject({ dryRun: true, created: ['trial'] })
    expect((await get(`${WP}/posts?slug=trial`)).json()).toEqual([])
  })

  it('schedules a post dated later: it shows from its date, as WordPress does', async () => {
    const summary = await importFolder(t.db, folder({ 'posts/later.md': post('title: Later\ndate: 2099-01-01\ngroup: CAS') }))
    expect(summary.scheduled).toEqual(['later (2099-01-01 09:00)'])
    expect((await get(`${WP}/posts?slug=later`)).json()).toEqual([])
    const row = await t.db.selectFrom('content_posts').select('id').where('slug', '=', 'later').executeTakeFirstOrThrow()
    expect((await get(`${WP}/posts/${row.id}`)).statusCode).toBe(401)
  })

  it('keeps a draft out of the service until it is published', async () => {
    await importFolder(t.db, folder({ 'posts/soon.md': post('title: Soon\ndate: 2026-11-04\ngroup: CAS\nstatus: draft') }))
    expect((await get(`${WP}/posts?slug=soon`)).json()).toEqual([])
    await importFolder(t.db, folder({ 'posts/soon.md': post('title: Soon\ndate: 2026-11-04\ngroup: CAS\nstatus: publish') }))
    expect((await get(`${WP}/posts?slug=soon`)).json()).toHaveLength(1)
  })
})
