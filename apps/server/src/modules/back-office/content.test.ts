import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACK_OFFICE, signInBackOffice } from '../../../test/back-office'
import { bearer, startTestApp, type TestContext } from '../../../test/helpers'
import { siteNow } from '../content'

let t: TestContext
const staffOf = {} as Record<'admin' | 'service' | 'rep' | 'marketing', string>

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
const call = (who: keyof typeof staffOf, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(staffOf[who]), remoteAddress: '203.0.113.9', ...(payload !== undefined ? { payload: payload as object } : {}) })
const fieldsOf = (res: { json(): { fields?: Array<{ field: string }> } }) => (res.json().fields ?? []).map((f) => f.field)
const wp = (url: string) => t.app.inject({ method: 'GET', url: `/content/wp-json/wp/v2/${url}` })

const today = () => siteNow().slice(0, 10)
const dayAfter = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)

const doc = (...content: unknown[]) => ({ type: 'doc', content })
const para = (...content: unknown[]) => ({ type: 'paragraph', content })
const text = (value: string, marks?: unknown[]) => ({ type: 'text', text: value, ...(marks ? { marks } : {}) })

async function upload(alt: string, file?: Buffer, name = 'harvest field.png') {
  const form = new FormData()
  if (file) form.append('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), name)
  form.append('alt', alt)
  const res = new Response(form)
  return t.app.inject({
    method: 'POST',
    url: '/api/staff/content/media',
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { ...bearer(staffOf.marketing), 'content-type': res.headers.get('content-type')! },
  })
}
const png = (width: number, height: number, colour = { r: 40, g: 120, b: 60 }) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer()

async function audit(action: string) {
  return t.db.selectFrom('back_office_audit').select(['action', 'subject', 'user_email']).where('action', '=', action).orderBy('id', 'desc').execute()
}

beforeAll(async () => {
  t = await startTestApp()
  for (const who of ['admin', 'service', 'rep', 'marketing'] as const) staffOf[who] = await signInBackOffice(t.app, t.db, BACK_OFFICE[who])
})
afterAll(() => t.close())

describe('the back office Content', () => {
  it('is Marketing’s and Administrators’: Customer service and reps get 403', async () => {
    for (const who of ['service', 'rep'] as const) {
      expect((await call(who, 'GET', '/api/staff/content')).statusCode).toBe(403)
      expect((await call(who, 'POST', '/api/staff/content', { kind: 'news', title: 'x', groups: ['trade'] })).statusCode).toBe(403)
    }
    const list = await call('marketing', 'GET', '/api/staff/content?kind=news')
    expect(list.statusCode, list.body).toBe(200)
    // The demo's imported posts are listed, marked imported; the groups offered include the sales categories.
    expect(list.json().items.length).toBeGreaterThan(0)
    expect(list.json().items.every((i: { kind: string; imported: boolean }) => i.kind === 'news' && i.imported)).toBe(true)
    expect(list.json().groups.map((g: { slug: string }) => g.slug)).toEqual(expect.arrayContaining(['trade', 'eld']))
    expect((await call('admin', 'GET', '/api/staff/content')).statusCode).toBe(200)
  })

  it('writes a news post with a picture, aimed at a group, and the content API serves it once published', async () => {
    const picture = await upload('A header in a green paddock', await png(1600, 900))
    expect(picture.statusCode, picture.body).toBe(201)
    const media = picture.json() as { id: number; url: string; alt: string }
    expect(media.url).toMatch(/^\/content\/uploads\/\d+\/harvest-field\.png$/)
    // The media library makes its renditions of it as it does of imported pictures.
    const small = await t.app.inject({ method: 'GET', url: media.url.replace('.png', '-768w.webp') })
    expect(small.statusCode).toBe(200)
    expect((await sharp(small.rawPayload).metadata()).width).toBe(768)

    const body = doc(
      { type: 'heading', attrs: { level: 2 }, content: [text('Autumn drench day')] },
      para(text('Come to '), text('Wagga', [{ type: 'bold' }]), text(' on Friday: '), text('details', [{ type: 'link', attrs: { href: '/specials' } }])),
      { type: 'image', attrs: { src: media.url, alt: 'Cattle yards at dawn' } },
      { type: 'bulletList', content: [{ type: 'listItem', content: [para(text('Free BBQ'))] }] },
    )
    const created = await call('marketing', 'POST', '/api/staff/content', {
      kind: 'news',
      title: 'Drench day at Wagga',
      body,
      groups: ['TRADE'],
      featuredMediaId: media.id,
    })
    expect(created.statusCode, created.body).toBe(201)
    const item = created.json()
    expect(item).toMatchObject({ kind: 'news', state: 'draft', groups: ['trade'], appearOn: today(), disappearOn: null, imported: false })
    expect(item.contentHtml).toContain('<h2>Autumn drench day</h2>')
    expect(item.contentHtml).toContain('<strong>Wagga</strong>')
    expect(item.contentHtml).toContain('<a href="/specials">details</a>')
    expect(item.contentHtml).toMatch(
      /<figure class="wp-block-image"><img src="\/content\/uploads\/\d+\/harvest-field\.png" alt="Cattle yards at dawn" srcset="[^"]*768w/,
    )
    expect(item.excerptHtml).toContain('Come to Wagga on Friday')
    expect((await audit('content created'))[0]).toMatchObject({ user_email: BACK_OFFICE.marketing.email, subject: `news ${item.id}: Drench day at Wagga` })

    // A draft is not served.
    const trade = async () => (await wp('posts?filter[group]=TRADE&per_page=100')).json().map((p: { id: number }) => p.id)
    expect(await trade()).not.toContain(item.id)
    expect((await wp(`posts/${item.id}`)).statusCode).toBe(401)

    const published = await call('marketing', 'POST', `/api/staff/content/${item.id}/publish`)
    expect(published.statusCode, published.body).toBe(200)
    expect(published.json().state).toBe('published')
    expect(await trade()).toContain(item.id)
    const vet = (await wp('posts?filter[group]=VET&per_page=100')).json().map((p: { id: number }) => p.id)
    expect(vet).not.toContain(item.id)
    const served = (await wp(`posts/${item.id}?_embed`)).json()
    expect(served.content.rendered).toBe(item.contentHtml)
    expect(served._embedded['wp:featuredmedia'][0].alt_text).toBe('A header in a green paddock')
    expect((await audit('content published'))[0]?.subject).toBe(`news ${item.id}: Drench day at Wagga`)

    // Published: it cannot be deleted; unpublished, it leaves the API and can be.
    expect((await call('marketing', 'DELETE', `/api/staff/content/${item.id}`)).statusCode).toBe(409)
    expect((await call('marketing', 'POST', `/api/staff/content/${item.id}/unpublish`)).json().state).toBe('draft')
    expect(await trade()).not.toContain(item.id)
    expect((await call('marketing', 'DELETE', `/api/staff/content/${item.id}`)).statusCode).toBe(204)
    expect((await call('marketing', 'GET', `/api/staff/content/${item.id}`)).statusCode).toBe(404)
    expect((await audit('content deleted')).length).toBe(1)
  })

  it('strips what a forged request sends: no script, no on* attribute, no javascript: link', async () => {
    const body = doc(
      para(
        text('<script>alert(1)</script><img src=x onerror=alert(2)>'),
        text('click', [{ type: 'link', attrs: { href: 'javascript:alert(3)', onclick: 'alert(4)' } }]),
        text(' and ', [{ type: 'bold', attrs: { onmouseover: 'alert(5)' } }]),
        text('encoded', [{ type: 'link', attrs: { href: 'jav&#x61;script:alert(6)' } }]),
        text(' spaced', [{ type: 'link', attrs: { href: ' javascript:alert(7)' } }]),
        text(' data', [{ type: 'link', attrs: { href: 'data:text/html,<script>alert(8)</script>' } }]),
        text(' far', [{ type: 'link', attrs: { href: '//evil.example/x' } }]),
      ),
      { type: 'heading', attrs: { level: 2, onclick: 'alert(9)', style: 'x' }, content: [text('Title" onclick="alert(10)')] },
    )
    const res = await call('marketing', 'POST', '/api/staff/content', { kind: 'news', title: '<b onmouseover=alert(11)>Hi</b>', body, groups: ['trade'] })
    expect(res.statusCode, res.body).toBe(201)
    const html: string = res.json().contentHtml
    // No tag but those the renderer writes, none with an on* attribute or a style, no link but safe ones.
    const tags = html.match(/<[^>]*>/g) ?? []
    expect(tags.filter((tag) => !/^<\/?(p|h2|strong)>$/.test(tag))).toEqual([])
    expect(html).not.toMatch(/href=/)
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('<p>&lt;script&gt;')
    expect(html).toContain('click') // the link's words stay, its address goes
    expect(html).toContain('<h2>Title" onclick="alert(10)</h2>')
    await call('marketing', 'POST', `/api/staff/content/${res.json().id}/publish`)
    const served = (await wp(`posts/${res.json().id}`)).json()
    expect(served.content.rendered).not.toMatch(/<script|<[^>]*\son\w+=|href="javascript:/i)
    expect(served.title.rendered).toBe('&lt;b onmouseover=alert(11)&gt;Hi&lt;/b&gt;')

    // Nodes, marks and pictures the editor does not write are refused, naming the body.
    for (const bad of [
      doc({ type: 'iframe', attrs: { src: 'https://evil.example' } }),
      doc(para({ type: 'text', text: 'x', marks: [{ type: 'script' }] })),
      doc({ type: 'image', attrs: { src: 'https://evil.example/x.png', alt: 'x' } }),
      doc({ type: 'image', attrs: { src: 'javascript:alert(1)', alt: 'x' } }),
      doc(para({ type: 'paragraph', content: [] })),
      doc({ type: 'paragraph', content: [], html: '<script>' }),
      { type: 'paragraph' },
      '<p onclick="alert(1)">hi</p>',
    ]) {
      const refused = await call('marketing', 'POST', '/api/staff/content', { kind: 'news', title: 'Bad', body: bad, groups: ['trade'] })
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400)
      expect(
        fieldsOf(refused).some((f: string) => f.includes('body')),
        refused.body,
      ).toBe(true)
    }
  })

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const before = (
      await t.db
        .selectFrom('content_posts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n
    const base = { kind: 'news', title: 'Dates', body: doc(para(text('x'))), groups: ['trade'] }
    const cases: Array<[unknown, string]> = [
      [{ ...base, appearOn: dayAfter(today(), 5), disappearOn: dayAfter(today(), 4) }, 'disappearOn'],
      [{ ...base, disappearOn: dayAfter(today(), -1) }, 'disappearOn'],
      [{ ...base, appearOn: '2026-02-30' }, 'appearOn'],
      [{ ...base, appearOn: '7/12/2026' }, 'appearOn'],
      [{ ...base, groups: [] }, 'groups'],
      [{ ...base, groups: ['nobody'] }, 'groups'],
      [{ ...base, title: '  ' }, 'title'],
      [{ ...base, kind: 'advert' }, 'kind'],
      [{ ...base, featuredMediaId: 2_000_000_000 }, 'featuredMediaId'],
      [{ ...base, kind: 'banner', link: 'javascript:alert(1)' }, 'link'],
    ]
    for (const [payload, field] of cases) {
      const res = await call('marketing', 'POST', '/api/staff/content', payload)
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400)
      expect(fieldsOf(res).join(' '), res.body).toContain(field)
    }
    const after = (
      await t.db
        .selectFrom('content_posts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n
    expect(Number(after)).toBe(Number(before))
    expect((await call('marketing', 'PUT', '/api/staff/content/2000000000', base)).statusCode).toBe(404)
    expect((await call('marketing', 'POST', '/api/staff/content/2000000000/publish')).statusCode).toBe(404)
  })

  it('requires a picture’s alt text and a picture it can read', async () => {
    const noAlt = await upload('  ', await png(200, 100))
    expect(noAlt.statusCode).toBe(400)
    expect(fieldsOf(noAlt)).toEqual(['body.alt'])
    const notPicture = await upload('Words', Buffer.from('not a picture'))
    expect(notPicture.statusCode).toBe(400)
    expect(fieldsOf(notPicture)).toEqual(['body.file'])
    const nul = await upload('A\u0000B', await png(200, 100))
    expect(nul.statusCode).toBe(400)
    expect(fieldsOf(nul)).toEqual(['body.alt'])
    const noFile = await upload('Words')
    expect(fieldsOf(noFile)).toEqual(['body.file'])
    const json = await call('marketing', 'POST', '/api/staff/content/media', { alt: 'x' })
    expect(json.statusCode).toBe(400)
  })

  it('schedules: a post shows from its first day to its last, and the list filters by state', async () => {
    const start = dayAfter(today(), 3)
    const later = await call('marketing', 'POST', '/api/staff/content', {
      kind: 'news',
      title: 'Next week',
      body: doc(para(text('Soon'))),
      groups: ['vet'],
      appearOn: start,
      disappearOn: dayAfter(start, 7),
    })
    expect(later.statusCode, later.body).toBe(201)
    const published = await call('marketing', 'POST', `/api/staff/content/${later.json().id}/publish`)
    expect(published.json()).toMatchObject({ state: 'scheduled', appearOn: start })
    expect((await wp('posts?filter[group]=VET&per_page=100')).json().map((p: { id: number }) => p.id)).not.toContain(later.json().id)
    const scheduled = await call('marketing', 'GET', '/api/staff/content?state=scheduled')
    expect(scheduled.json().items.map((i: { id: number }) => i.id)).toContain(later.json().id)
    // Moved to a window that has ended: expired, and not served.
    await t.db
      .updateTable('content_posts')
      .set({ published_at: `${dayAfter(today(), -10)} 09:00:00`, disappear_on: dayAfter(today(), -2) })
      .where('id', '=', later.json().id)
      .execute()
    expect((await call('marketing', 'GET', `/api/staff/content/${later.json().id}`)).json().state).toBe('expired')
    expect((await wp('posts?filter[group]=VET&per_page=100')).json().map((p: { id: number }) => p.id)).not.toContain(later.json().id)
    expect((await wp(`posts/${later.json().id}`)).statusCode).toBe(401)
    const expired = await call('marketing', 'GET', '/api/staff/content?state=expired&kind=news')
    expect(expired.json().items.map((i: { id: number }) => i.id)).toEqual([later.json().id])
  })

  it('puts banners and promotions on the home page for their groups, after those of home.md', async () => {
    const picture = (await upload('Pallets of seed', await png(1200, 600, { r: 200, g: 180, b: 40 }), 'seed.png')).json()
    const home = async (group?: string) => (await wp(`pages?slug=home${group ? `&filter[group]=${group}` : ''}`)).json()[0].acf
    const before = await home()
    const banner = await call('admin', 'POST', '/api/staff/content', {
      kind: 'banner',
      title: 'Seed week',
      heading: 'This week',
      text: 'See the seed',
      link: '/specials',
      groups: ['eld'],
    })
    expect(banner.statusCode, banner.body).toBe(201)
    const noPicture = await call('admin', 'POST', `/api/staff/content/${banner.json().id}/publish`)
    expect(noPicture.statusCode).toBe(400)
    expect(fieldsOf(noPicture)).toEqual(['body.featuredMediaId'])
    const changed = await call('admin', 'PUT', `/api/staff/content/${banner.json().id}`, {
      title: 'Seed week',
      heading: 'This week',
      text: 'See the seed',
      link: '/specials',
      groups: ['eld'],
      featuredMediaId: picture.id,
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect((await audit('content changed'))[0]?.subject).toBe(`banner ${banner.json().id}: Seed week`)
    expect((await call('admin', 'POST', `/api/staff/content/${banner.json().id}/publish`)).statusCode).toBe(200)

    const all = await home()
    expect(all.banner_slider.length).toBe(before.banner_slider.length + 1)
    expect(all.banner_slider.at(-1)).toEqual({
      banner_image: picture.url,
      banner_heading: 'This week',
      banner_title: 'Seed week',
      button_link: '/specials',
      button_text: 'See the seed',
      isElders: true,
    })
    expect((await home('ELD')).banner_slider.at(-1).banner_title).toBe('Seed week')
    expect((await home('TRADE')).banner_slider.map((b: { banner_title: string }) => b.banner_title)).not.toContain('Seed week')
    // GET /posts never lists a banner.
    expect((await wp('posts?per_page=100')).json().map((p: { id: number }) => p.id)).not.toContain(banner.json().id)
  })

  it('keeps back office posts out of content:import --prune', async () => {
    // The import's own prune, as content:import --prune calls it.
    const { deletePostsExcept } = await import('../content/repo')
    const res = await call('marketing', 'POST', '/api/staff/content', { kind: 'news', title: 'Kept', body: doc(para(text('x'))), groups: ['trade'] })
    await t.db
      .transaction()
      .execute(async (trx) => {
        const deleted = await deletePostsExcept(trx, 'post', [])
        expect(deleted).not.toContain(res.json().slug)
        expect(await trx.selectFrom('content_posts').select('id').where('id', '=', res.json().id).executeTakeFirst()).toBeDefined()
        throw new Error('roll back')
      })
      .catch((e: Error) => expect(e.message).toBe('roll back'))
  })
})
