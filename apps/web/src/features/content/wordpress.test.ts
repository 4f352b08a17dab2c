import { describe, expect, it } from 'vitest'
import emptyRepeaters from '../../test/fixtures/wordpress/wp-pages-home-empty-repeaters.json'
import noAcf from '../../test/fixtures/wordpress/wp-pages-home-no-acf.json'
import home from '../../test/fixtures/wordpress/wp-pages-home.json'
import single from '../../test/fixtures/wordpress/wp-post-single.json'
import posts from '../../test/fixtures/wordpress/wp-posts-embed.json'
import { contentUrl } from './api/content-fetch'
import { embeddedSrcSet, forKind, newsGroup, readHomePage, readPost, readPosts, resolveUrl } from './wordpress'

const WP = 'https://news.riverinarural.example/wp-json/wp/v2'
const UPLOADS = 'https://news.riverinarural.example/wp-content/uploads'

describe('reading posts from a WordPress site', () => {
  it('decodes HTML entities in titles and excerpts', () => {
    const list = readPosts(posts, WP)
    expect(list.map((p) => p.title)).toEqual([
      'Spring drench deals – save up to 15%',
      'Hay & fodder: don’t wait for summer',
      'Members’ pricing for the “Field Day”',
      'Our new look',
    ])
    expect(list[0]!.excerpt).toBe('Worm burdens climb with the spring flush. Until the end of the month drenches and pour-ons are up to 15% off…')
    expect(list[0]!.date).toBe('2026-10-28T09:00:00')
  })

  it('builds a srcset from the featured image sizes, leaving out the cropped thumbnail', () => {
    const [first] = readPosts(posts, WP)
    expect(first!.image).toEqual({
      src: `${UPLOADS}/2026/10/drench-program.jpg`,
      srcSet: [
        `${UPLOADS}/2026/10/drench-program-300x169.jpg 300w`,
        `${UPLOADS}/2026/10/drench-program-768x432.jpg 768w`,
        `${UPLOADS}/2026/10/drench-program-1024x576.jpg 1024w`,
        `${UPLOADS}/2026/10/drench-program-1536x864.jpg 1536w`,
        `${UPLOADS}/2026/10/drench-program.jpg 1920w`,
      ].join(', '),
      width: 1920,
      height: 1080,
      alt: 'Ewes on spring pasture',
    })
  })

  it('has no picture for a post without a featured image, or whose embedded media is an error object', () => {
    const list = readPosts(posts, WP)
    expect(list[1]!.image).toBeNull()
    expect(list[2]!.image).toBeNull()
  })

  it('uses the source alone when the media has no sizes', () => {
    expect(readPosts(posts, WP)[3]!.image).toEqual({ src: `${UPLOADS}/2026/09/logo.svg`, alt: 'Our new look' })
  })

  it('reads one post with its body as sent (it is sanitised when rendered)', () => {
    const post = readPost(single, WP)
    expect(post).toMatchObject({ id: 530, title: 'Davey pump service clinic & open day', date: '2026-11-03T09:30:00' })
    expect(post!.contentHtml).toContain('<script>')
  })

  it('leaves out what is not a post', () => {
    expect(readPosts({ code: 'rest_no_route' }, WP)).toEqual([])
    expect(readPosts([null, 'x', { title: 'no id' }], WP)).toEqual([])
    expect(readPost(null, WP)).toBeNull()
  })
})

describe('reading the home page banners', () => {
  it('reads both repeaters with entities decoded, flags in any of their forms, and unsafe links dropped', () => {
    const { slides, promos } = readHomePage(home, WP)
    expect(slides.map((s) => [s.title, s.isElders, s.link])).toEqual([
      ['Up to 15% off drenches & pour-ons', false, '/category/animal-health'],
      ['Last year’s prices on fencing', false, 'https://portal.riverinarural.example/category/fencing'],
      ['Rebates paid monthly', true, '/blog/530'],
      ['A banner without a picture', true, null],
    ])
    expect(slides[0]!.image).toEqual({ src: `${UPLOADS}/2026/10/spring-banner.jpg`, alt: '' })
    expect(slides[3]!.image).toBeNull()
    expect(promos.map((p) => [p.title, p.isElders, p.link])).toEqual([
      ['Pump clinic', false, '/brand/DAVEY'],
      ['Vaccines cold-chain', false, null],
      ['Rebates', true, 'https://www.example.com/rebates'],
    ])
  })

  it('takes an ACF image array with its sizes, and has no picture for a bare attachment id', () => {
    const { promos } = readHomePage(home, WP)
    expect(promos[0]!.image).toEqual({
      src: `${UPLOADS}/2026/10/pump.jpg`,
      srcSet: `${UPLOADS}/2026/10/pump-300x200.jpg 300w, ${UPLOADS}/2026/10/pump-1024x683.jpg 1024w, ${UPLOADS}/2026/10/pump.jpg 1200w`,
      width: 1200,
      height: 800,
      alt: 'A pressure pump',
    })
    expect(promos[1]!.image).toBeNull()
  })

  it('reads empty repeaters sent as false or null, or a page without ACF fields, as no banners', () => {
    expect(readHomePage(emptyRepeaters, WP)).toEqual({ slides: [], promos: [] })
    expect(readHomePage(noAcf, WP)).toEqual({ slides: [], promos: [] })
    expect(readHomePage([], WP)).toEqual({ slides: [], promos: [] })
    expect(readHomePage({ code: 'rest_no_route' }, WP)).toEqual({ slides: [], promos: [] })
  })

  it('shows each kind of user its own banners', () => {
    const { slides } = readHomePage(home, WP)
    expect(forKind(slides, true).map((s) => s.heading)).toEqual(['Reseller program', 'Sneaky'])
    expect(forKind(slides, false).map((s) => s.heading)).toEqual(['Spring animal health', 'Fencing season'])
  })
})

describe('the embedded service', () => {
  it('lets a plain picture URL have a srcset, since its renditions follow a rule', () => {
    expect(embeddedSrcSet('/content/uploads/12/pasture-banner-1920w.webp')).toBe(
      ['240', '320', '480', '640', '768', '1024', '1280', '1536', '1920'].map((w) => `/content/uploads/12/pasture-banner-${w}w.webp ${w}w`).join(', '),
    )
    expect(embeddedSrcSet('https://portal.example/content/uploads/7/calves.jpg')).toContain('https://portal.example/content/uploads/7/calves-480w.webp 480w')
    expect(embeddedSrcSet(`${UPLOADS}/2026/10/spring-banner.jpg`)).toBeUndefined()
  })

  it('resolves relative URLs against the service, and leaves them relative when it is on this site', () => {
    expect(resolveUrl('/content/uploads/1/a.jpg', '/content/wp-json/wp/v2')).toBe('/content/uploads/1/a.jpg')
    expect(resolveUrl('/content/uploads/1/a.jpg', 'https://other.example/content/wp-json/wp/v2')).toBe('https://other.example/content/uploads/1/a.jpg')
  })
})

describe('asking for content', () => {
  it("asks for the user's news group: ELD for resellers, otherwise the sales category", () => {
    expect(newsGroup({ isElders: true, SalesCategory: 'ELD' })).toBe('ELD')
    expect(newsGroup({ isElders: false, SalesCategory: 'CAS' })).toBe('CAS')
    expect(contentUrl('/content/wp-json/wp/v2/', 'posts', { per_page: 4, _embed: true, 'filter[group]': 'TRADE' })).toBe(
      '/content/wp-json/wp/v2/posts?per_page=4&_embed&filter[group]=TRADE',
    )
  })
})
