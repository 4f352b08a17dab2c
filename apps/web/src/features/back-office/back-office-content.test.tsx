import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mockApi, sentTo } from '../../test/fetch'
import { renderApp } from '../../test/render'

const marketing = { id: 4, name: 'Morgan Marketing', email: 'marketing@riverinarural.example', roles: ['Marketing'], secondFactor: 'done' }
const service = { ...marketing, id: 2, roles: ['Customer service'] }

const groups = [
  { slug: 'eld', name: 'Elders resellers' },
  { slug: 'trade', name: 'Trade accounts' },
  { slug: 'vet', name: 'Veterinary clinics' },
]
const row = {
  id: 7,
  kind: 'news',
  title: 'Drench day at Wagga',
  state: 'draft',
  groups: ['trade'],
  appearOn: '2026-12-07',
  disappearOn: '2026-12-20',
  modifiedAt: '2026-12-07T01:00:00Z',
  imported: false,
}
const banner = { ...row, id: 8, kind: 'banner', title: 'Seed week', state: 'scheduled', groups: ['eld'], disappearOn: null, imported: false }
const page = (items: unknown[], hasMore = false) => ({ items, page: 1, hasMore, groups })
const item = {
  ...row,
  contentHtml: '<h2>Autumn drench</h2>\n<p>Come to <strong>Wagga</strong> on Friday.</p>',
  excerptHtml: '<p>Come to Wagga on Friday.</p>\n',
  featuredMedia: { id: 3, url: '/content/uploads/3/paddock.png', alt: 'A green paddock', width: 1600, height: 900 },
  heading: '',
  text: '',
  link: '',
}

beforeEach(() => localStorage.setItem('backOfficeToken', 'bo-token'))
afterEach(() => localStorage.clear())

const asked = (spy: ReturnType<typeof mockApi>) =>
  spy.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((u) => u.pathname === '/api/staff/content')

describe('the back office’s Content', () => {
  it('is in the navigation for Marketing, not for Customer service', async () => {
    mockApi({ 'GET /api/staff/me': { body: marketing } })
    const first = renderApp('/staff')
    expect(await screen.findByRole('link', { name: 'Content' })).toHaveAttribute('href', '/staff/content')
    expect(screen.getByText(/Write news posts, banners and promotions under Content/)).toBeInTheDocument()
    first.unmount()
    mockApi({ 'GET /api/staff/me': { body: service } })
    renderApp('/staff')
    await screen.findByRole('navigation', { name: 'Back office' })
    expect(screen.queryByRole('link', { name: 'Content' })).not.toBeInTheDocument()
  })

  it('lists news, banners and promotions with their state, groups and days, filtered from the address', async () => {
    const spy = mockApi({ 'GET /api/staff/me': { body: marketing }, 'GET /api/staff/content': { body: page([row, banner], true) } })
    const { router } = renderApp('/staff/content?kind=news')
    const table = await screen.findByRole('table')
    expect(within(table).getByRole('link', { name: 'Drench day at Wagga' })).toHaveAttribute('href', '/staff/content/7')
    expect(within(table).getByText('Trade accounts')).toBeInTheDocument()
    expect(within(table).getByText('Scheduled')).toBeInTheDocument()
    expect(within(table).getByText('December 7th 2026 to December 20th 2026')).toBeInTheDocument()
    expect(asked(spy).at(-1)?.searchParams.get('kind')).toBe('news')
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'published')
    await waitFor(() => expect(router.state.location.search).toBe('?kind=news&state=published'))
    await waitFor(() => expect(asked(spy).at(-1)?.searchParams.get('state')).toBe('published'))
    expect(screen.getByRole('link', { name: 'New news post' })).toHaveAttribute('href', '/staff/content/new?kind=news')
  })

  it('opens a post in the rich-text editor, saves without resending an untouched body, and shows a refused field at the field', async () => {
    const spy = mockApi({
      'GET /api/staff/me': { body: marketing },
      'GET /api/staff/content': { body: page([row]) },
      'GET /api/staff/content/7': { body: item },
      'PUT /api/staff/content/7': {
        status: 400,
        body: {
          error: 'invalid_range',
          message: 'disappearOn: The last day comes before the first day.',
          fields: [{ field: 'body.disappearOn', message: 'disappearOn: The last day comes before the first day.' }],
        },
      },
    })
    renderApp('/staff/content/7')
    expect(await screen.findByRole('heading', { name: 'Drench day at Wagga', level: 1 })).toBeInTheDocument()
    // The editor, its own chunk, shows the stored body with a toolbar of buttons.
    const body = await screen.findByRole('textbox', { name: 'The post' })
    expect(within(body).getByRole('heading', { name: 'Autumn drench' })).toBeInTheDocument()
    expect(screen.getByRole('toolbar', { name: 'Formatting' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'false')
    expect(screen.getByRole('checkbox', { name: 'Trade accounts' })).toBeChecked()
    expect(screen.getByRole('img', { name: 'A green paddock' })).toBeInTheDocument()

    await userEvent.clear(screen.getByLabelText('Last day shown'))
    await userEvent.type(screen.getByLabelText('Last day shown'), '2026-12-01')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('The last day comes before the first day.')).toBeInTheDocument()
    expect(screen.getByLabelText('Last day shown')).toHaveAttribute('aria-invalid', 'true')
    const sent = sentTo(spy, 'PUT', '/api/staff/content/7')[0] as Record<string, unknown>
    expect(sent).toMatchObject({ title: 'Drench day at Wagga', groups: ['trade'], appearOn: '2026-12-07', disappearOn: '2026-12-01', featuredMediaId: 3 })
    expect(sent).not.toHaveProperty('body')
  })

  it('publishes after saving, and previews the post as customers see it', async () => {
    let state = 'draft'
    const spy = mockApi({
      'GET /api/staff/me': { body: marketing },
      'GET /api/staff/content': { body: page([row]) },
      'GET /api/staff/content/7': () => ({ body: { ...item, state } }),
      'PUT /api/staff/content/7': () => ({ body: { ...item, state } }),
      'POST /api/staff/content/7/publish': () => {
        state = 'published'
        return { body: { ...item, state } }
      },
    })
    renderApp('/staff/content/7')
    await screen.findByRole('textbox', { name: 'The post' })
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }))
    const preview = await screen.findByRole('region', { name: 'Preview, as customers see it' })
    expect(within(preview).getByRole('heading', { name: 'Drench day at Wagga' })).toBeInTheDocument()
    expect(within(preview).getByText('Wagga', { selector: 'strong' })).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Publish' }))
    expect(await screen.findByText('Published.')).toBeInTheDocument()
    expect(sentTo(spy, 'POST', '/api/staff/content/7/publish')).toHaveLength(1)
    expect(await screen.findByRole('button', { name: 'Unpublish' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Delete draft' })).not.toBeInTheDocument()
  })

  it('asks for a picture’s alt text before uploading it, then sends the file and its words as a form', async () => {
    const spy = mockApi({
      'GET /api/staff/me': { body: marketing },
      'GET /api/staff/content': { body: page([]) },
      'POST /api/staff/content/media': { status: 201, body: { id: 9, url: '/content/uploads/9/seed.png', alt: 'Seed bags', width: 800, height: 400 } },
    })
    renderApp('/staff/content/new?kind=banner')
    expect(await screen.findByRole('heading', { name: 'New banner' })).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'The post' })).not.toBeInTheDocument()
    const upload = screen.getByRole('group', { name: 'Picture' })
    await userEvent.upload(within(upload).getByLabelText(/Picture file/), new File(['png'], 'seed.png', { type: 'image/png' }))
    await userEvent.click(within(upload).getByRole('button', { name: 'Upload picture' }))
    expect(await within(upload).findByText('Say what the picture shows, for those who cannot see it.')).toBeInTheDocument()
    expect(spy.mock.calls.some(([input]) => String(input).includes('/content/media'))).toBe(false)

    await userEvent.type(within(upload).getByRole('textbox', { name: 'Alt text' }), 'Seed bags')
    await userEvent.click(within(upload).getByRole('button', { name: 'Upload picture' }))
    expect(await screen.findByRole('img', { name: 'Seed bags' })).toBeInTheDocument()
    const call = spy.mock.calls.find(([input]) => String(input).includes('/content/media'))!
    const form = call[1]!.body as FormData
    expect(form.get('alt')).toBe('Seed bags')
    expect((form.get('file') as File).name).toBe('seed.png')
  })
})
