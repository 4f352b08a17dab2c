import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderContent } from '../../../test/content-render'
import { mockApi } from '../../../test/fetch'
import { aLogin, aSite, aUser, storeSession, warehouses } from '../../../test/factories'
import { renderApp } from '../../../test/render'
import { ContentPageScreen } from './content-page-screen'

/** A WordPress page as `GET pages?slug=privacy` answers it (trimmed to what matters). */
const privacyPage = (content: string) => [
  {
    id: 88,
    date: '2026-07-01T09:00:00',
    slug: 'privacy',
    status: 'publish',
    type: 'page',
    link: 'https://news.riverinarural.example/privacy/',
    title: { rendered: 'Privacy &#8211; how we handle your details' },
    content: { rendered: content, protected: false },
    excerpt: { rendered: '', protected: false },
    acf: [],
  },
]

const BODY =
  '<p>We collect the <strong>names and e-mail addresses</strong> of account users.</p>\n<h2>Complaints</h2>\n<p>Contact the <a href="https://www.oaic.gov.au">OAIC</a> or read our <a href="/terms">terms</a>.</p>' +
  '<script>window.__hacked = true</script><img src="x" onerror="window.__hacked = true" alt="tracker">'

const screens = { '/privacy': <ContentPageScreen slug="privacy" title="Privacy Notification" /> }

describe('a legal page from the content service (/privacy, /terms)', () => {
  it("shows the footer's title, the page's date as 'Last updated', and its sanitised text", async () => {
    const api = mockApi({ 'GET /wp-json/wp/v2/pages': { body: privacyPage(BODY) } })
    const { container } = renderContent(screens, '/privacy')
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Notification' })).toBeInTheDocument()
    expect(await screen.findByText('names and e-mail addresses')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Complaints' })).toBeInTheDocument()
    expect(screen.getByText(/Last updated/)).toHaveTextContent('Last updated July 1st 2026')
    expect(document.title).toBe('Privacy Notification')

    const asked = new URL(String(api.mock.calls[0]![0]))
    expect(asked.pathname).toBe('/wp-json/wp/v2/pages')
    expect(asked.searchParams.get('slug')).toBe('privacy')

    const article = container.querySelector('article')!
    expect(article.querySelector('script')).toBeNull()
    expect(article.innerHTML).not.toMatch(/onerror|__hacked/)
    expect((window as { __hacked?: boolean }).__hacked).toBeUndefined()
    expect(within(article).getByRole('link', { name: 'OAIC' })).toHaveAttribute('rel', 'noopener noreferrer')
  })

  it('follows a link to another page of the portal without leaving the app', async () => {
    mockApi({ 'GET /wp-json/wp/v2/pages': { body: privacyPage(BODY) } })
    const { user, router } = renderContent(screens, '/privacy')
    await user.click(await screen.findByRole('link', { name: 'terms' }))
    expect(router.state.location.pathname).toBe('/terms')
  })

  it('shows a spinner under the heading while the page loads', async () => {
    let answer: (value: Response) => void = () => {}
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)))
    renderContent(screens, '/privacy')
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Notification' })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Loading the Privacy Notification')
    expect(screen.getByRole('article')).toHaveAttribute('aria-busy', 'true')
    answer(new Response(JSON.stringify(privacyPage('<p>Loaded.</p>')), { headers: { 'Content-Type': 'application/json' } }))
    expect(await screen.findByText('Loaded.')).toBeInTheDocument()
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })

  it('says the page has not been published when the service has no page with the slug', async () => {
    mockApi({ 'GET /wp-json/wp/v2/pages': { body: [] } })
    renderContent(screens, '/privacy')
    expect(await screen.findByText('This page has not been published yet.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Notification' })).toBeInTheDocument()
  })

  it('says the page cannot be shown, and toasts the content message, when the service fails', async () => {
    mockApi({ 'GET /wp-json/wp/v2/pages': { status: 500, body: { code: 'internal_server_error', message: 'critical error', data: { status: 500 } } } })
    renderContent(screens, '/privacy')
    expect(await screen.findByText('This page cannot be shown right now. Please try again later.')).toBeInTheDocument()
    expect(await screen.findByText('An error occured fetching the content for this page')).toBeInTheDocument()
  })
})

describe('reaching the legal pages', () => {
  const terms = [{ ...privacyPage('<p>Invoices are due on the 25th.</p>')[0], slug: 'terms', title: { rendered: 'Terms &amp; Conditions' } }]

  it('opens them from the login screen without a session, in the public frame', async () => {
    mockApi({ 'GET /api/site': { body: aSite() }, 'GET /content/wp-json/wp/v2/pages': { body: terms } })
    const { user, router } = renderApp('/login')
    const footer = within(await screen.findByRole('contentinfo'))
    await user.click(footer.getByRole('link', { name: 'Terms & Conditions' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/terms')
    expect(await screen.findByText('Invoices are due on the 25th.')).toBeInTheDocument()
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Privacy Notification' })).toHaveAttribute('href', '/privacy')
  })

  it("opens them from the portal's footer when signed in, inside the portal's frame", async () => {
    storeSession()
    mockApi({
      'GET /api/site': { body: aSite() },
      'GET /api/me': { body: { user: aUser(), settings: aLogin().settings } },
      'GET /api/warehouses': { body: warehouses },
      'GET /api/categories': { body: [] },
      'GET /api/brands': { body: [] },
      'GET /api/cart': { body: { Count: 0, Value: 0, warehouse: null } },
      'GET /content/wp-json/wp/v2/pages': { body: terms },
    })
    const { user, router } = renderApp('/balance')
    await screen.findByText('Hi, Jo Grower!')
    await user.click(within(screen.getByRole('navigation', { name: 'Footer' })).getByRole('link', { name: 'Terms & Conditions' }))
    expect(await screen.findByText('Invoices are due on the 25th.')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/terms')
    expect(screen.getByText('Hi, Jo Grower!')).toBeInTheDocument()
  })
})
