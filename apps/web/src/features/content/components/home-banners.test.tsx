import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderContent } from '../../../test/content-render'
import { mockApi } from '../../../test/fetch'
import { aLogin, aUser, storeSession } from '../../../test/factories'
import emptyRepeaters from '../../../test/fixtures/wordpress/wp-pages-home-empty-repeaters.json'
import noAcf from '../../../test/fixtures/wordpress/wp-pages-home-no-acf.json'
import home from '../../../test/fixtures/wordpress/wp-pages-home.json'
import posts from '../../../test/fixtures/wordpress/wp-posts-embed.json'
import { HomePromos, HomeSlider } from './home-banners'
import { RecentNews } from './recent-news'

function Home() {
  return (
    <>
      <HomeSlider />
      <HomePromos />
      <RecentNews />
    </>
  )
}

const signIn = (user: Partial<ReturnType<typeof aUser>> = {}) => storeSession(aLogin({ user: aUser({ SalesCategory: 'TRADE', ...user }) }))

function contentSite(pages: unknown = home) {
  return mockApi({
    'GET /wp-json/wp/v2/pages': { body: pages },
    'GET /wp-json/wp/v2/posts': { body: posts, headers: { 'X-WP-Total': '4', 'X-WP-TotalPages': '1' } },
  })
}

const postsAsked = (api: ReturnType<typeof mockApi>) => api.mock.calls.map(([input]) => new URL(String(input))).filter((url) => url.pathname.endsWith('/posts'))

describe('the home page content', () => {
  it("shows a trade user the banners not flagged isElders, the promos, and four posts of the user's group", async () => {
    signIn()
    const api = contentSite()
    renderContent({ '/': <Home /> }, '/')
    const slider = await screen.findByRole('region', { name: 'Featured promotions' })
    expect(slider).toHaveAttribute('aria-roledescription', 'carousel')
    const slides = within(slider).getAllByRole('group', { hidden: true })
    expect(slides).toHaveLength(2)
    expect(slides[0]).toHaveAccessibleName('1 of 2')
    expect(within(slides[0]!).getByText('Up to 15% off drenches & pour-ons')).toBeInTheDocument()
    expect(within(slides[0]!).getByRole('link', { name: 'Shop Animal Health' })).toHaveAttribute('href', '/category/animal-health')
    expect(within(slider).getByRole('button', { name: 'Previous slide' })).toBeInTheDocument()
    expect(within(slider).getByRole('button', { name: 'Next slide' })).toBeInTheDocument()
    expect(within(slider).getByRole('button', { name: 'Pause slides' })).toBeInTheDocument()
    expect(screen.queryByText('Rebates paid monthly')).not.toBeInTheDocument()

    const promos = screen.getByRole('region', { name: 'Promotions' })
    expect(within(promos).getByRole('link', { name: /Pump clinic/ })).toHaveAttribute('href', '/brand/DAVEY')
    expect(within(promos).getByText('Vaccines cold-chain')).toBeInTheDocument()
    expect(within(promos).queryByText('Rebates')).not.toBeInTheDocument()

    const news = screen.getByRole('region', { name: 'Promotions & News' })
    expect(await within(news).findByRole('link', { name: 'Hay & fodder: don’t wait for summer' })).toHaveAttribute('href', '/blog/498')
    expect(within(news).getAllByRole('article')).toHaveLength(4)
    expect(within(news).getByText('October 28th 2026')).toBeInTheDocument()
    expect(within(news).getByRole('link', { name: 'View all promotions and news' })).toHaveAttribute('href', '/blog')
    const asked = postsAsked(api)
    expect(asked).toHaveLength(1)
    expect(asked[0]!.searchParams.get('per_page')).toBe('4')
    expect(asked[0]!.searchParams.get('filter[group]')).toBe('TRADE')
    expect(asked[0]!.searchParams.has('_embed')).toBe(true)
  })

  it('shows a reseller the isElders banners and reads news group ELD', async () => {
    signIn({ isElders: true, SalesCategory: 'ELD' })
    const api = contentSite()
    renderContent({ '/': <Home /> }, '/')
    const slider = await screen.findByRole('region', { name: 'Featured promotions' })
    expect(within(slider).getAllByRole('group', { hidden: true })).toHaveLength(2)
    expect(within(slider).getByText('Rebates paid monthly')).toBeInTheDocument()
    expect(within(slider).queryByText('Up to 15% off drenches & pour-ons')).not.toBeInTheDocument()
    // The banner whose link was javascript: has no button.
    expect(within(slider).queryByRole('link', { name: 'Click', hidden: true })).not.toBeInTheDocument()
    const promos = screen.getByRole('region', { name: 'Promotions' })
    expect(within(promos).getByRole('link', { name: /Rebates/ })).toHaveAttribute('target', '_blank')
    await waitFor(() => expect(postsAsked(api)[0]?.searchParams.get('filter[group]')).toBe('ELD'))
  })

  it('draws the responsive pictures: the first banner eager and first in line, the rest lazy', async () => {
    signIn()
    contentSite()
    const { container } = renderContent({ '/': <Home /> }, '/')
    await screen.findByRole('region', { name: 'Featured promotions' })
    const banner = container.querySelector('section[aria-roledescription="carousel"] img')!
    expect(banner).toHaveAttribute('loading', 'eager')
    expect(banner).toHaveAttribute('fetchpriority', 'high')
    expect(banner).toHaveAttribute('alt', '')
    const promo = within(screen.getByRole('region', { name: 'Promotions' })).getAllByRole('presentation')[0]!
    expect(promo).toHaveAttribute('loading', 'lazy')
    expect(promo.getAttribute('srcset')).toContain('pump-300x200.jpg 300w')
    expect(promo.getAttribute('sizes')).toContain('(max-width: 767px)')
  })

  it('shows placeholders for posts without a picture or whose embedded media is an error object', async () => {
    signIn()
    contentSite()
    renderContent({ '/': <Home /> }, '/')
    const news = await screen.findByRole('region', { name: 'Promotions & News' })
    const members = (await within(news).findByRole('link', { name: 'Members’ pricing for the “Field Day”' })).closest('article')!
    expect(members.querySelector('img')).toBeNull()
    expect(members.querySelector('[aria-hidden="true"] svg')).not.toBeNull()
  })

  it('shows a single banner without slide controls', async () => {
    signIn()
    const [page] = home as Array<{ acf: { banner_slider: Array<{ isElders: unknown }> } }>
    const one = [{ ...page, acf: { ...page!.acf, banner_slider: page!.acf.banner_slider.slice(0, 1) } }]
    contentSite(one)
    renderContent({ '/': <Home /> }, '/')
    const slider = await screen.findByRole('region', { name: 'Featured promotions' })
    expect(within(slider).getByText('Up to 15% off drenches & pour-ons')).toBeInTheDocument()
    expect(within(slider).queryByRole('button')).not.toBeInTheDocument()
  })

  it.each([
    ['false and null repeaters', emptyRepeaters],
    ['a page without ACF fields', noAcf],
    ['no home page at all', []],
  ])('shows no slider and no promos for %s, and the news still', async (_, pages) => {
    signIn()
    contentSite(pages)
    renderContent({ '/': <Home /> }, '/')
    expect(await screen.findByRole('link', { name: 'Our new look' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Featured promotions' })).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Promotions' })).not.toBeInTheDocument()
  })

  it('says so when the content service fails', async () => {
    signIn()
    mockApi({ 'GET /wp-json/wp/v2/pages': { status: 500, body: { code: 'internal_server_error', message: 'x', data: { status: 500 } } } })
    renderContent({ '/': <Home /> }, '/')
    expect(await screen.findByText('An error occured fetching the content for this page')).toBeInTheDocument()
  })
})
