import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mockApi } from '../../test/fetch'
import { renderApp } from '../../test/render'

const admin = { id: 1, name: 'Alex Admin', email: 'admin@riverinarural.example', roles: ['Administrator'], secondFactor: 'done' }
const service = { ...admin, id: 2, name: 'Casey Service', email: 'service@riverinarural.example', roles: ['Customer service'] }
const users = [
  { id: 1, name: 'Alex Admin', email: admin.email, roles: ['Administrator'], state: 'active', lastSignInAt: null, createdAt: '2026-12-01T00:00:00Z' },
  {
    id: 5,
    name: 'Jamie New',
    email: 'jamie@riverinarural.example',
    roles: ['Marketing'],
    state: 'invited',
    lastSignInAt: null,
    createdAt: '2026-12-01T00:00:00Z',
  },
]

beforeEach(() => localStorage.setItem('backOfficeToken', 'bo-token'))
afterEach(() => localStorage.clear())

describe('the back office', () => {
  it('says what the user’s roles let them do, and shows Administrators their screens', async () => {
    mockApi({ 'GET /api/staff/me': { body: admin } })
    renderApp('/staff')
    expect(await screen.findByRole('heading', { name: 'Welcome, Alex Admin' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Administrator' })).toBeInTheDocument()
    const nav = screen.getByRole('navigation', { name: 'Back office' })
    expect(nav).toHaveTextContent('Back office users')
    expect(nav).toHaveTextContent('Audit')
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument()
  })

  it('shows no Administrator screens to other roles', async () => {
    mockApi({ 'GET /api/staff/me': { body: service } })
    renderApp('/staff')
    expect(await screen.findByRole('heading', { name: 'Customer service' })).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Back office' })).not.toHaveTextContent('Audit')
  })

  it('sends its own token, never the customer’s', async () => {
    localStorage.setItem('token', 'customer-token')
    const spy = mockApi({ 'GET /api/staff/me': { body: admin } })
    renderApp('/staff')
    await screen.findByRole('heading', { name: 'Welcome, Alex Admin' })
    const sent = spy.mock.calls
      .filter(([url]) => String(url).includes('/api/staff/'))
      .map(([, init]) => (init?.headers as Record<string, string>).Authorization)
    expect(new Set(sent)).toEqual(new Set(['Bearer bo-token']))
  })

  it('asks for the second factor before any screen', async () => {
    mockApi({ 'GET /api/staff/me': { body: { ...admin, secondFactor: 'verify' } } })
    renderApp('/staff/users')
    expect(await screen.findByRole('heading', { name: 'Second factor' })).toBeInTheDocument()
    expect(screen.getByLabelText('Code')).toBeInTheDocument()
  })

  it('shows the key as text and as a QR code to enrol, then the ten recovery codes', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `ABCDE-FGH${i}K`)
    mockApi({
      'GET /api/staff/me': { body: { ...admin, secondFactor: 'enrol' } },
      'GET /api/staff/enrolment': {
        body: { secret: 'ABCDEFGHIJKLMNOP', qrCode: 'data:image/svg+xml;base64,PHN2Zy8+', issuer: 'Riverina back office', account: admin.email },
      },
      'POST /api/staff/enrolment': { body: { recoveryCodes: codes } },
    })
    const { user } = renderApp('/staff/sign-in')
    expect(await screen.findByRole('heading', { name: 'Set up your second factor' })).toBeInTheDocument()
    expect(await screen.findByText('ABCD EFGH IJKL MNOP')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: /QR code/ })).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+')
    await user.type(screen.getByLabelText('Code from the app'), '123456')
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByRole('heading', { name: 'Your recovery codes' })).toBeInTheDocument()
    expect(screen.getAllByRole('listitem')).toHaveLength(10)
  })

  it('lists back office users and invites one with roles', async () => {
    let invited: unknown
    mockApi({
      'GET /api/staff/me': { body: admin },
      'GET /api/staff/users': { body: users },
      'POST /api/staff/users': ({ body }) => {
        invited = body
        return { status: 201, body: { ...users[1], email: 'new@riverinarural.example' } }
      },
    })
    const { user } = renderApp('/staff/users')
    expect(await screen.findByRole('row', { name: /jamie@riverinarural\.example/ })).toHaveTextContent('Invited')
    await user.type(screen.getByLabelText('Name'), 'New Person')
    await user.type(screen.getByLabelText('E-mail'), 'new@riverinarural.example')
    await user.click(screen.getByLabelText('Marketing'))
    await user.click(screen.getByLabelText('Customer service'))
    await user.click(screen.getByRole('button', { name: 'Send invitation' }))
    await waitFor(() => expect(invited).toEqual({ name: 'New Person', email: 'new@riverinarural.example', roles: ['Customer service', 'Marketing'] }))
  })

  it('filters the audit', async () => {
    const entry = {
      id: 1,
      at: '2026-12-06T01:00:00Z',
      userId: 1,
      userEmail: admin.email,
      roles: ['Administrator'],
      action: 'user invited',
      accountCode: null,
      subject: 'jamie@riverinarural.example',
      address: '10.0.0.1',
    }
    const spy = mockApi({
      'GET /api/staff/me': { body: admin },
      'GET /api/staff/users': { body: users },
      'GET /api/staff/audit': { body: { entries: [entry], page: 1, hasMore: false, actions: ['user invited'] } },
    })
    const { user } = renderApp('/staff/audit')
    expect(await screen.findByRole('row', { name: /jamie@riverinarural\.example/ })).toHaveTextContent('user invited')
    await user.type(screen.getByLabelText('Account code'), 'KELLYFG')
    await user.click(screen.getByRole('button', { name: 'Filter' }))
    await waitFor(() => expect(spy.mock.calls.some(([url]) => String(url).includes('/api/staff/audit?account=KELLYFG'))).toBe(true))
  })
})
