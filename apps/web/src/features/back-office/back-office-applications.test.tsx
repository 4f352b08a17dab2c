import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mockApi, sentTo } from '../../test/fetch'
import { renderApp } from '../../test/render'

const service = { id: 2, name: 'Casey Service', email: 'service@riverinarural.example', roles: ['Customer service'], secondFactor: 'done' }
const rep = { ...service, id: 3, roles: ['Sales representative'] }

const row = {
  id: 7,
  reference: 'TA000101',
  businessName: 'Yerong Creek Merino Partnership',
  abn: '95471173493',
  contactName: 'Tessa Hollis',
  branch: 'WAG',
  kind: 'farm',
  status: 'received',
  submittedAt: '2026-12-06T01:00:00Z',
}
const application = {
  ...row,
  tradingName: 'Yerong Creek Merinos',
  email: 'tessa@yerongcreek.example',
  phone: '0427 118 402',
  branchName: 'Wagga Wagga',
  monthlySpendCents: 450_000,
  creditApplication: { id: 3, name: 'credit-application.pdf', bytes: 400 },
  messages: [
    { id: 1, from: 'staff', staffEmail: 'service@riverinarural.example', text: 'Two trade references, please.', at: '2026-12-06T02:00:00Z', file: null },
    { id: 2, from: 'applicant', staffEmail: null, text: 'Elders Wagga.', at: '2026-12-06T03:00:00Z', file: { id: 4, name: 'refs.pdf', bytes: 300 } },
  ],
  decision: null,
  erp: { collectedAt: null, exportedAt: null, acknowledgedAt: null, reference: null },
  account: null,
}

beforeEach(() => localStorage.setItem('backOfficeToken', 'bo-token'))
afterEach(() => localStorage.clear())

describe('the back office’s applications', () => {
  it('lists applications by status, kept in the address', async () => {
    const spy = mockApi({ 'GET /api/staff/me': { body: service }, 'GET /api/staff/applications': { body: { applications: [row], page: 1, hasMore: false } } })
    const { router } = renderApp('/staff/applications')
    const table = await screen.findByRole('table')
    expect(within(table).getByRole('link', { name: 'Yerong Creek Merino Partnership' })).toHaveAttribute('href', '/staff/applications/7')
    expect(within(table).getByText('Waiting')).toBeInTheDocument()
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'information requested')
    await waitFor(() => expect(router.state.location.search).toBe('?status=information+requested'))
    await waitFor(() =>
      expect(spy.mock.calls.map(([u]) => new URL(String(u), 'http://localhost').searchParams.get('status'))).toContain('information requested'),
    )
  })

  it('shows an application with its thread, and declines only with a reason', async () => {
    const spy = mockApi({
      'GET /api/staff/me': { body: service },
      'GET /api/staff/applications/7': { body: application },
      'POST /api/staff/applications/7/decline': {
        body: { ...application, status: 'declined', decision: { by: service.email, at: '2026-12-07T01:00:00Z', reason: 'Not in our area.' } },
      },
    })
    renderApp('/staff/applications/7')
    expect(await screen.findByRole('heading', { name: 'Yerong Creek Merino Partnership' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Open credit-application.pdf' })).toBeInTheDocument()
    expect(screen.getByText('Two trade references, please.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Open refs.pdf' })).toBeInTheDocument()
    expect(screen.getByText('$4,500.00 ex GST')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Decline' }))
    expect(await screen.findByText('Give the reason: the applicant is e-mailed it.')).toBeInTheDocument()
    expect(sentTo(spy, 'POST', '/api/staff/applications/7/decline')).toEqual([])

    await userEvent.type(screen.getByLabelText('Reason for declining'), 'Not in our area.')
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }))
    await waitFor(() => expect(sentTo(spy, 'POST', '/api/staff/applications/7/decline')).toEqual([{ reason: 'Not in our area.' }]))
    expect(await screen.findByText(/by service@riverinarural.example: Not in our area./)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument()
  })

  it('asks the applicant a question', async () => {
    const spy = mockApi({
      'GET /api/staff/me': { body: service },
      'GET /api/staff/applications/7': { body: { ...application, messages: [] } },
      'POST /api/staff/applications/7/request-information': { body: { ...application, status: 'information requested' } },
    })
    renderApp('/staff/applications/7')
    await userEvent.type(await screen.findByLabelText('Question'), 'Two trade references, please.')
    await userEvent.click(screen.getByRole('button', { name: 'Send the question' }))
    await waitFor(() => expect(sentTo(spy, 'POST', '/api/staff/applications/7/request-information')).toEqual([{ question: 'Two trade references, please.' }]))
  })

  it('is in the navigation for Customer service, not for a Sales representative', async () => {
    mockApi({ 'GET /api/staff/me': { body: service } })
    const first = renderApp('/staff')
    expect(await screen.findByRole('link', { name: 'Applications' })).toHaveAttribute('href', '/staff/applications')
    first.unmount()
    mockApi({ 'GET /api/staff/me': { body: rep } })
    renderApp('/staff')
    await screen.findByRole('navigation', { name: 'Back office' })
    expect(screen.queryByRole('link', { name: 'Applications' })).not.toBeInTheDocument()
  })
})
