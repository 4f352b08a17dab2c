import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mockApi, sentTo } from '../../test/fetch'
import { renderApp } from '../../test/render'
import { actionsFor } from './components/back-office-account'

const service = { id: 2, name: 'Casey Service', email: 'service@riverinarural.example', roles: ['Customer service'], secondFactor: 'done' }
const marketing = { ...service, id: 4, roles: ['Marketing'] }
const jess = { id: 7, username: 'staff', name: 'Jess Morgan', email: 'jess@kellysfarm.example', role: 'User', state: 'active', lastSignInAt: null }
const account = {
  id: 1,
  code: 'KELLYFG',
  name: "Kelly's Farm & Garden Supplies",
  abn: '12 345 678 901',
  salesCategory: 'TRADE',
  termsDays: 30,
  creditLimitCents: 2_500_000,
  balanceCents: 123_456,
  onHold: false,
  active: true,
  defaultBranch: 'WAG',
  branchGroup: [],
  deliverySites: [{ siteCode: 'FARM', name: 'Kelly Family Farm', address: '1 Farm Road, Narrandera NSW 2700', contact: 'Sam Kelly', email: '', phone: '' }],
  users: [jess],
  carts: [
    {
      userId: 7,
      userName: 'Jess Morgan',
      branch: 'WAG',
      updatedAt: '2026-12-06T01:00:00Z',
      lines: [{ productCode: 'COO-MD-20L', description: 'Drench 20L', quantity: 2 }],
    },
  ],
  lists: [],
  orders: [{ id: 9, salesOrder: 'SO100', status: 'Shipped', enterDate: '2026-12-01', purchaseOrder: 'PO1', totalIncCents: 11_000 }],
  backOrders: [],
  invoices: [],
  addresses: ['jess@kellysfarm.example'],
  periods: [],
}

beforeEach(() => localStorage.setItem('backOfficeToken', 'bo-token'))
afterEach(() => localStorage.clear())

describe('the back office’s accounts', () => {
  it('offers the actions that fit a user’s state', () => {
    expect(actionsFor({ ...jess, state: 'active' } as never)).toEqual(['password-reset', 'disable'])
    expect(actionsFor({ ...jess, state: 'locked' } as never)).toEqual(['unlock', 'password-reset', 'disable'])
    expect(actionsFor({ ...jess, state: 'invited' } as never)).toEqual(['invitation', 'disable'])
    expect(actionsFor({ ...jess, state: 'disabled' } as never)).toEqual(['enable'])
  })

  it('searches and lists the accounts found', async () => {
    const spy = mockApi({
      'GET /api/staff/me': { body: service },
      'GET /api/staff/accounts': ({ url }) => ({
        body: {
          accounts: url.searchParams.get('q')
            ? [{ id: 1, code: 'KELLYFG', name: account.name, abn: null, salesCategory: 'TRADE', active: true, matchedEmail: null }]
            : [],
        },
      }),
    })
    renderApp('/staff/accounts')
    expect(await screen.findByText(/No account matches/)).toBeInTheDocument()
    await userEvent.type(screen.getByRole('searchbox', { name: /account code/ }), 'kely')
    await userEvent.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByRole('link', { name: account.name })).toHaveAttribute('href', '/staff/accounts/KELLYFG')
    expect(spy.mock.calls.some(([input]) => String(input).includes('q=kely'))).toBe(true)
  })

  it('shows the account and disables a user after asking', async () => {
    const spy = mockApi({
      'GET /api/staff/me': { body: service },
      'GET /api/staff/accounts/KELLYFG': { body: account },
      'POST /api/staff/accounts/KELLYFG/users/7/disable': { body: { ...jess, state: 'disabled' } },
    })
    renderApp('/staff/accounts/KELLYFG')
    expect(await screen.findByRole('heading', { name: `${account.name} (KELLYFG)` })).toBeInTheDocument()
    expect(screen.getByText('$1,234.56')).toBeInTheDocument()
    expect(screen.getByText(/2 x COO-MD-20L/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'SO100' })).toHaveAttribute('href', '/staff/orders/9')
    expect(screen.getByRole('link', { name: /Every order of KELLYFG/ })).toHaveAttribute('href', '/staff/orders?q=KELLYFG')
    await userEvent.click(screen.getByRole('button', { name: 'Disable: Jess Morgan' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('Jess Morgan will be signed out')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }))
    await waitFor(() => expect(sentTo(spy, 'POST', '/api/staff/accounts/KELLYFG/users/7/disable')).toHaveLength(1))
    expect(await screen.findByText('Login disabled')).toBeInTheDocument()
  })

  it('is not offered to Marketing', async () => {
    mockApi({ 'GET /api/staff/me': { body: marketing } })
    renderApp('/staff')
    await screen.findByRole('navigation', { name: 'Back office' })
    expect(screen.queryByRole('link', { name: 'Accounts' })).not.toBeInTheDocument()
  })
})
