import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderContent } from '../../../test/content-render'
import { mockApi } from '../../../test/fetch'
import { aLogin, aUser, storeSession } from '../../../test/factories'
import single from '../../../test/fixtures/wordpress/wp-post-single.json'
import posts from '../../../test/fixtures/wordpress/wp-posts-embed.json'
import { BlogScreen } from './blog-screen'
import { PostScreen } from './post-screen'

const screens = { '/blog': <BlogScreen />, '/blog/:id': <PostScreen /> }

describe('Promotions & News (/blog)', () => {
  it("lists all the posts of the user's group, 100 at most, each opening its post", async () => {
    storeSession(aLogin({ user: aUser({ SalesCategory: 'VET' }) }))
    const api = mockApi({ 'GET /wp-json/wp/v2/posts': { body: posts } })
    const { user, router } = renderContent(screens, '/blog')
    expect(screen.getByRole('heading', { level: 1, name: 'Promotions & News' })).toBeInTheDocument()
    const link = await screen.findByRole('link', { name: 'Spring drench deals – save up to 15%' })
    expect(screen.getAllByRole('article')).toHaveLength(4)
    const asked = new URL(String(api.mock.calls[0]![0]))
    expect(asked.pathname).toBe('/wp-json/wp/v2/posts')
    expect(asked.searchParams.get('per_page')).toBe('100')
    expect(asked.searchParams.get('filter[group]')).toBe('VET')
    await user.click(link)
    expect(router.state.location.pathname).toBe('/blog/512')
  })

  it('says when there is no news for the group', async () => {
    storeSession()
    mockApi({ 'GET /wp-json/wp/v2/posts': { body: [] } })
    renderContent(screens, '/blog')
    expect(await screen.findByText('There is no news for you at the moment.')).toBeInTheDocument()
  })
})

describe('a post (/blog/{id})', () => {
  it("shows the title, the date as 'MMMM Do YYYY', the featured picture and the body", async () => {
    storeSession()
    const api = mockApi({ 'GET /wp-json/wp/v2/posts/530': { body: single } })
    renderContent(screens, '/blog/530')
    expect(await screen.findByRole('heading', { level: 1, name: 'Davey pump service clinic & open day' })).toBeInTheDocument()
    expect(screen.getByText('November 3rd 2026')).toBeInTheDocument()
    const picture = screen.getByRole('img', { name: 'Ewes on spring pasture' })
    expect(picture).toHaveAttribute('loading', 'eager')
    expect(picture.getAttribute('srcset')).toContain('drench-program-768x432.jpg 768w')
    expect(screen.getByText('free check')).toBeInTheDocument()
    expect(screen.getByRole('table')).toBeInTheDocument()
    expect(new URL(String(api.mock.calls[0]![0])).searchParams.has('_embed')).toBe(true)
    expect(document.title).toBe('Davey pump service clinic & open day')
  })

  it('renders a post containing a script without the script, handlers, frames, forms or javascript: links', async () => {
    storeSession()
    mockApi({ 'GET /wp-json/wp/v2/posts/530': { body: single } })
    const { container } = renderContent(screens, '/blog/530')
    await screen.findByText('free check')
    const article = container.querySelector('article')!
    expect(article.querySelector('script, iframe, form, input, style')).toBeNull()
    expect(article.innerHTML).not.toMatch(/onerror|javascript:|__hacked|position:fixed/i)
    expect((window as { __hacked?: boolean }).__hacked).toBeUndefined()
    expect(within(article).getByText('Claim your prize').closest('a')?.getAttribute('href') ?? null).toBeNull()
    expect(within(article).getByRole('link', { name: 'Davey' })).toHaveAttribute('rel', 'noopener noreferrer')
    expect(within(article).getByRole('img', { name: 'broken' })).toHaveAttribute('loading', 'lazy')
  })

  it('lets the keyboard reach a table that scrolls sideways, named by its headers', async () => {
    storeSession()
    mockApi({ 'GET /wp-json/wp/v2/posts/530': { body: single } })
    renderContent(screens, '/blog/530')
    const figure = (await screen.findByRole('table')).closest('figure')!
    expect(figure).toHaveAttribute('tabindex', '0')
    expect(figure).toHaveAccessibleName('Table: Branch, Date')
  })

  it('follows a link into the portal without leaving the app', async () => {
    storeSession()
    mockApi({ 'GET /wp-json/wp/v2/posts/530': { body: single } })
    const { user, router } = renderContent(screens, '/blog/530')
    await user.click(await screen.findByRole('link', { name: 'specials' }))
    expect(router.state.location.pathname).toBe('/specials')
  })

  it('says the post is not available, and toasts the content message, when the service has no such post', async () => {
    storeSession()
    mockApi({ 'GET /wp-json/wp/v2/posts/999': { status: 404, body: { code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: { status: 404 } } } })
    renderContent(screens, '/blog/999')
    expect(await screen.findByText('This post is not available. It may have been taken down.')).toBeInTheDocument()
    expect(await screen.findByText('An error occured fetching the content for this page')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('link', { name: /Promotions & News/ })).toHaveAttribute('href', '/blog'))
  })
})
