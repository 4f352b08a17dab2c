import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestContext } from '../../../test/helpers'

let t: TestContext
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(async () => t?.close())

const WP = '/content/wp-json/wp/v2'
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers })

type Post = {
  id: number
  date: string
  slug: string
  type: string
  title: { rendered: string }
  content: { rendered: string }
  excerpt: { rendered: string }
  featured_media: number
  group: number[]
  _embedded?: {
    'wp:featuredmedia'?: Array<{
      source_url: string
      media_details: { width: number; height: number; sizes: Record<string, { width: number; height: number; source_url: string; mime_type: string }> }
    }>
    'wp:term'?: Array<Array<{ slug: string; taxonomy: string }>>
  }
}

describe('the content service: posts', () => {
  it('lists published posts newest first, as a WordPress array with its paging headers, without a session', async () => {
    const res = await get(`${WP}/posts`)
    expect(res.statusCode).toBe(200)
    const posts = res.json() as Post[]
    expect(posts).toHaveLength(10)
    expect(res.headers['x-wp-total']).toBe('17')
    expect(res.headers['x-wp-totalpages']).toBe('2')
    expect(res.headers.link).toContain('page=2>; rel="next"')
    expect(res.headers['access-control-allow-origin']).toBe('*')
    expect(res.headers['access-control-expose-headers']).toContain('X-WP-TotalPages')
    const dates = posts.map((p) => p.date)
    expect([...dates].sort().reverse()).toEqual(dates)
    expect(posts[0]).toMatchObject({
      slug: 'christmas-new-year-trading-hours',
      type: 'post',
      status: 'publish',
      date: '2026-11-19T09:00:00',
      date_gmt: '2026-11-18T22:00:00',
    })
    expect(posts[0]!.title.rendered).toBe('Christmas &amp; New Year trading hours')
    expect(posts[0]!.content.rendered).toContain('<table>')
    expect(posts[0]!._embedded).toBeUndefined()
  })

  it('pages with per_page and page, and answers a page past the end as WordPress does', async () => {
    const first = (await get(`${WP}/posts?per_page=5&page=1`)).json() as Post[]
    const fourth = await get(`${WP}/posts?per_page=5&page=4`)
    expect(fourth.statusCode).toBe(200)
    expect(fourth.json()).toHaveLength(2)
    expect(fourth.headers['x-wp-totalpages']).toBe('4')
    expect(fourth.headers.link).toContain('rel="prev"')
    expect(fourth.headers.link).not.toContain('rel="next"')
    expect(first.map((p) => p.id)).not.toContain((fourth.json() as Post[])[0]!.id)

    const past = await get(`${WP}/posts?per_page=5&page=5`)
    expect(past.statusCode).toBe(400)
    expect(past.json()).toEqual({
      code: 'rest_post_invalid_page_number',
      message: 'The page number requested is larger than the number of pages available.',
      data: { status: 400 },
    })
  })

  it('refuses a page size over 100 or a page that is not a number, naming the parameter', async () => {
    const big = await get(`${WP}/posts?per_page=101`)
    expect(big.statusCode).toBe(400)
    expect(big.json()).toMatchObject({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): per_page',
      data: { status: 400, params: { per_page: expect.stringContaining('between 1') } },
    })
    const word = await get(`${WP}/posts?page=two`)
    expect(word.statusCode).toBe(400)
    expect(word.json()).toMatchObject({ code: 'rest_invalid_param', data: { params: { page: expect.any(String) } } })
  })

  it("keeps to a group with filter[group], in any case, and the reseller group's own posts stay with it", async () => {
    const eld = await get(`${WP}/posts?per_page=100&filter[group]=ELD&_embed`)
    const slugs = (eld.json() as Post[]).map((p) => p.slug)
    expect(slugs).toEqual(
      expect.arrayContaining(['reseller-rebate-program-2027', 'code-setup-requests-faster', 'branch-group-ordering', 'christmas-new-year-trading-hours']),
    )
    expect(slugs).not.toContain('paying-by-card')
    expect(slugs).not.toContain('vaccines-cold-chain-delivery')
    for (const post of eld.json() as Post[]) expect(post._embedded?.['wp:term']?.[0]?.map((term) => term.slug)).toContain('eld')

    const cas = (await get(`${WP}/posts?per_page=100&filter%5Bgroup%5D=cas`)).json() as Post[]
    expect(cas.map((p) => p.slug)).toContain('paying-by-card')
    expect(cas.map((p) => p.slug)).not.toContain('reseller-rebate-program-2027')

    const either = (await get(`${WP}/posts?per_page=100&filter[group]=VET,CAS`)).json() as Post[]
    expect(either.map((p) => p.slug)).toEqual(expect.arrayContaining(['paying-by-card', 'vaccines-cold-chain-delivery']))
  })

  it('gives four recent posts for every group the portal asks for', async () => {
    for (const group of ['TRADE', 'FARM', 'VET', 'CAS', 'ELD']) {
      const res = await get(`${WP}/posts?per_page=4&_embed&filter[group]=${group}`)
      expect(res.statusCode, group).toBe(200)
      expect(res.json(), group).toHaveLength(4)
    }
  })

  it('answers an unknown group with an empty list, on any page', async () => {
    const res = await get(`${WP}/posts?filter[group]=NOPE`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([])
    expect(res.headers['x-wp-total']).toBe('0')
    expect(res.headers['x-wp-totalpages']).toBe('0')
    expect((await get(`${WP}/posts?filter[group]=NOPE&page=3`)).statusCode).toBe(200)
  })

  it('embeds the featured image in several sizes with _embed, and a post without one has featured_media 0', async () => {
    const posts = (await get(`${WP}/posts?per_page=100&_embed`)).json() as Post[]
    const withPicture = posts.find((p) => p.slug === 'spring-drench-program')!
    const media = withPicture._embedded?.['wp:featuredmedia']?.[0]
    expect(withPicture.featured_media).toBeGreaterThan(0)
    expect(media?.media_details).toMatchObject({ width: 1920, height: 1080 })
    expect(media?.source_url).toMatch(/^\/content\/uploads\/\d+\/spring-drench-program-1920w\.webp$/)
    const sizes = media!.media_details.sizes
    expect(Object.keys(sizes)).toEqual(expect.arrayContaining(['thumbnail', 'medium', 'medium_large', 'large', 'full']))
    expect(sizes.thumbnail).toMatchObject({ width: 150, height: 150, mime_type: 'image/webp' })
    expect(sizes.medium_large).toMatchObject({ width: 768, height: 432 })
    expect(Object.values(sizes).map((s) => s.width)).toEqual(expect.arrayContaining([320, 480, 640, 768, 1024, 1280, 1536, 1920]))

    const without = posts.find((p) => p.slug === 'whats-new-in-the-portal')!
    expect(without.featured_media).toBe(0)
    expect(without._embedded?.['wp:featuredmedia']).toBeUndefined()
    expect(without.title.rendered).toBe('What&#8217;s new in the portal: invoices, statements and back orders online')
  })

  it('gives one post by id, and WordPress errors for a missing one or a bad id', async () => {
    const [latest] = (await get(`${WP}/posts?per_page=1`)).json() as Post[]
    const one = await get(`${WP}/posts/${latest!.id}?_embed`)
    expect(one.statusCode).toBe(200)
    expect(one.json()).toMatchObject({
      id: latest!.id,
      slug: latest!.slug,
      _embedded: { 'wp:featuredmedia': [expect.objectContaining({ source_url: expect.any(String) })] },
    })

    const missing = await get(`${WP}/posts/999999`)
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: { status: 404 } })
    const word = await get(`${WP}/posts/latest`)
    expect(word.statusCode).toBe(404)
    expect(word.json()).toMatchObject({ code: 'rest_no_route' })
    expect((await get(`${WP}/comments`)).json()).toMatchObject({ code: 'rest_no_route', data: { status: 404 } })
  })

  it('does not show a draft', async () => {
    const [post] = (await get(`${WP}/posts?per_page=1`)).json() as Post[]
    await t.db.updateTable('content_posts').set({ status: 'draft' }).where('id', '=', post!.id).execute()
    try {
      expect((await get(`${WP}/posts/${post!.id}`)).statusCode).toBe(401)
      expect(((await get(`${WP}/posts?per_page=100`)).json() as Post[]).map((p) => p.id)).not.toContain(post!.id)
    } finally {
      await t.db.updateTable('content_posts').set({ status: 'publish' }).where('id', '=', post!.id).execute()
    }
  })
})

describe('the content service: the home page', () => {
  it('answers pages?slug=home with one page whose acf holds both banner repeaters, pictures as URLs', async () => {
    const res = await get(`${WP}/pages?slug=home`)
    expect(res.statusCode).toBe(200)
    const pages = res.json() as Array<{
      slug: string
      type: string
      acf: { banner_slider: Array<Record<string, unknown>>; banner_promo: Array<Record<string, unknown>> }
    }>
    expect(pages).toHaveLength(1)
    expect(pages[0]).toMatchObject({ slug: 'home', type: 'page' })
    const { banner_slider: slides, banner_promo: promos } = pages[0]!.acf
    expect(slides.length).toBeGreaterThanOrEqual(4)
    for (const slide of slides) {
      expect(Object.keys(slide).sort()).toEqual(['banner_heading', 'banner_image', 'banner_title', 'button_link', 'button_text', 'isElders'])
      expect(slide.banner_image).toMatch(/^\/content\/uploads\/\d+\/banner-\d-[a-z]+-1920w\.webp$/)
    }
    expect(slides.filter((s) => s.isElders === true).length).toBeGreaterThan(0)
    expect(slides.filter((s) => s.isElders === false).length).toBeGreaterThan(0)
    expect(slides[0]).toMatchObject({
      banner_heading: 'Spring animal health',
      button_link: '/category/animal-health',
      button_text: 'Shop Animal Health',
      isElders: false,
    })
    for (const promo of promos)
      expect(Object.keys(promo).sort()).toEqual(['isElders', 'promo_heading', 'promo_image', 'promo_link', 'promo_text', 'promo_title'])
    expect(promos.filter((p) => p.isElders === true)).toHaveLength(3)
    expect(promos.filter((p) => p.isElders === false)).toHaveLength(3)
  })

  it('answers an unknown slug with an empty array', async () => {
    const res = await get(`${WP}/pages?slug=about-us`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([])
  })
})

describe('the content service: pictures', () => {
  async function firstBanner() {
    const [home] = (await get(`${WP}/pages?slug=home`)).json() as Array<{ acf: { banner_slider: Array<{ banner_image: string }> } }>
    return home!.acf.banner_slider[0]!.banner_image
  }

  it('serves each picture at the standard widths as WebP, cached for a year', async () => {
    const url = await firstBanner()
    const full = await get(url)
    expect(full.statusCode).toBe(200)
    expect(full.headers['content-type']).toBe('image/webp')
    expect(full.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await sharp(full.rawPayload).metadata()).width).toBe(1920)

    const small = await get(url.replace('-1920w.webp', '-480w.webp'))
    expect(small.statusCode).toBe(200)
    const meta = await sharp(small.rawPayload).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 480, 180])
    expect(small.rawPayload.length).toBeLessThan(full.rawPayload.length / 3)

    const thumb = await sharp((await get(url.replace('-1920w.webp', '-150x150.webp'))).rawPayload).metadata()
    expect([thumb.width, thumb.height]).toEqual([150, 150])
  })

  it('answers a repeated request with 304 when the ETag matches', async () => {
    const url = (await firstBanner()).replace('-1920w.webp', '-768w.webp')
    const first = await get(url)
    const again = await get(url, { 'if-none-match': String(first.headers.etag) })
    expect(again.statusCode).toBe(304)
  })

  it('never enlarges, and has no other files', async () => {
    const [post] = (await get(`${WP}/posts?per_page=1&_embed`)).json() as Post[]
    const media = post!._embedded!['wp:featuredmedia']![0]!
    const promo = ((await get(`${WP}/pages?slug=home`)).json() as Array<{ acf: { banner_promo: Array<{ promo_image: string }> } }>)[0]!.acf.banner_promo[0]!
      .promo_image
    const asked = await get(promo.replace(/-\d+w\.webp$/, '-1920w.webp'))
    expect(asked.statusCode).toBe(200)
    expect((await sharp(asked.rawPayload).metadata()).width).toBe(1280)

    expect((await get(media.source_url.replace(/-\d+w\.webp$/, '-333w.webp'))).statusCode).toBe(404)
    expect((await get(media.source_url.replace(/-\d+w\.webp$/, '.svg'))).statusCode).toBe(404)
    expect((await get(media.source_url.replace(/\/uploads\/\d+\//, '/uploads/999999/'))).statusCode).toBe(404)
  })

  it('gives a media item at /media/{id} in the shape it is embedded in', async () => {
    const [post] = (await get(`${WP}/posts?per_page=1&_embed`)).json() as Post[]
    const res = await get(`${WP}/media/${post!.featured_media}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual(post!._embedded!['wp:featuredmedia']![0])
  })
})

describe('the content service: product categories', () => {
  it("lists the catalogue's parent categories in the old site's ACF shape, ten to a page by default", async () => {
    const res = await get(`${WP}/product_category`)
    expect(res.statusCode).toBe(200)
    const rows = res.json() as Array<{
      slug: string
      title: { rendered: string }
      acf: { order: number; icon_name: string; child_categories: Array<{ category: string }> }
    }>
    expect(rows).toHaveLength(10)
    expect(Number(res.headers['x-wp-total'])).toBeGreaterThan(10)
    expect(rows[0]).toMatchObject({
      slug: 'animal-health',
      type: 'product_category',
      title: { rendered: 'Animal Health' },
      acf: { order: 10, icon_name: 'syringe' },
    })
    expect(rows[0]!.acf.child_categories).toContainEqual({ category: 'drenches' })
    const orders = rows.map((r) => r.acf.order)
    expect([...orders].sort((a, b) => a - b)).toEqual(orders)
  })
})

describe('the portal finds the content service', () => {
  it('tells the web app where content comes from: the embedded service unless configured', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/site' })).json()).toMatchObject({ contentBaseUrl: '/content/wp-json/wp/v2' })
  })

  it('lets the browser reach a WordPress site elsewhere when CONTENT_BASE_URL names one', async () => {
    const other = await startTestApp({ CONTENT_BASE_URL: 'https://news.riverinarural.example/wp-json/wp/v2/' })
    try {
      const site = await other.app.inject({ method: 'GET', url: '/api/site' })
      expect(site.json()).toMatchObject({ contentBaseUrl: 'https://news.riverinarural.example/wp-json/wp/v2' })
      const csp = String((await other.app.inject({ method: 'GET', url: '/content/wp-json/wp/v2/posts?per_page=1' })).headers['content-security-policy'])
      expect(csp).toContain("connect-src 'self' https://news.riverinarural.example")
      expect(csp).toContain('img-src ')
      expect(csp).toMatch(/img-src [^;]*https:\/\/news\.riverinarural\.example/)
    } finally {
      await other.close()
    }
  })
})
