import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { aLogin, aSite, aUser, storeSession, warehouses } from '../../test/factories'
import { mockApi, sentTo } from '../../test/fetch'
import { renderApp } from '../../test/render'
import { reloadSession } from '../../lib/session'

/** Ordering for a customer (decision 0101): the account page's action, the banner and Stop. */
const service = { id: 2, name: 'Casey Service', email: 'service@riverinarural.example', roles: ['Customer service'], secondFactor: 'done' }
const jess = { id: 7, username: 'staff', name: 'Jess Morgan', email: 'jess@kellysfarm.example', role: 'User', state: 'active', lastSignInAt: null }
const off = { ...jess, id: 8, username: 'gone', name: 'Gone Away', state: 'disabled' }
const account = {
  id: 1,
  code: 'KELLYFG',
  name: "Kelly's Farm & Garden Supplies",
  abn: null,
  salesCategory: 'TRADE',
  termsDays: 30,
  creditLimitCents: 0,
  balanceCents: 0,
  onHold: false,
  active: true,
  defaultBranch: 'WAG',
  branchGroup: [],
  deliverySites: [],
  users: [jess, off],
  carts: [],
  lists: [],
  orders: [],
  backOrders: [],
  invoices: [],
  addresses: [],
  periods: [],
}
const jessUser = aUser({ Name: 'Jess Morgan', username: 'staff', Role: 'User', Abbreviation: 'KELLYFG', AccountName: account.name })
const acting = { staffName: 'Casey Service', staffEmail: service.email }

const storefront = (extra: Record<string, unknown> = {}) => ({
  'GET /api/staff/me': { body: service },
  'GET /api/staff/accounts/KELLYFG': { body: account },
  'GET /api/site': { body: aSite() },
  'GET /api/me': { body: { user: jessUser, settings: aLogin().settings, acting } },
  'GET /api/warehouses': { body: warehouses },
  'GET /api/categories': { body: [] },
  'GET /api/brands': { body: [] },
  'GET /api/cart': { body: { Count: 0, Value: 0, warehouse: null } },
  ...extra,
})

beforeEach(() => localStorage.setItem('backOfficeToken', 'bo-token'))
afterEach(() => {
  localStorage.clear()
  reloadSession()
})

describe('Order for this account', () => {
  it('offers the enabled users only, and opens the storefront as the one picked under the banner', async () => {
    const spy = mockApi(
      storefront({ 'POST /api/staff/accounts/KELLYFG/users/7/act': { body: { token: 'acting-token', user: jessUser, settings: aLogin().settings, acting } } }),
    )
    const { user, router } = renderApp('/staff/accounts/KELLYFG')
    const section = await screen.findByRole('region', { name: 'Order for this account' })
    const picker = within(section).getByLabelText('Order as')
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Jess Morgan (staff, User)'])
    await user.click(within(section).getByRole('button', { name: 'Order for this account' }))
    await waitFor(() => expect(sentTo(spy, 'POST', '/api/staff/accounts/KELLYFG/users/7/act')).toHaveLength(1))
    const banner = await screen.findByRole('region', { name: 'Ordering for a customer' })
    expect(banner).toHaveTextContent(`Ordering for ${account.name} as Jess Morgan, by Casey Service`)
    expect(router.state.location.pathname).toBe('/')
    expect(localStorage.getItem('token')).toBe('acting-token')
    // The back office session stays.
    expect(localStorage.getItem('backOfficeToken')).toBe('bo-token')
  })
})

describe('the banner', () => {
  it('is on every customer screen, hides what staff may not do, and Stop goes back to the account', async () => {
    storeSession({ user: jessUser, token: 'acting-token', settings: aLogin().settings })
    localStorage.setItem('acting', JSON.stringify(acting))
    reloadSession()
    const spy = mockApi(storefront({ 'POST /api/acting/stop': { status: 204 } }))
    const { user, router } = renderApp('/')
    const banner = await screen.findByRole('region', { name: 'Ordering for a customer' })
    expect(banner).toHaveTextContent(`Ordering for ${account.name} as Jess Morgan, by Casey Service`)
    await user.click(await screen.findByRole('button', { name: 'Account' }))
    const menu = await screen.findByRole('menu', { name: 'Account' })
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent)
    expect(items).toContain('Quick Order')
    expect(items).not.toContain('Change Password')
    expect(items).not.toContain('Users')
    expect(items).not.toContain('Logout')
    expect(screen.queryByRole('link', { name: 'Logout' })).not.toBeInTheDocument()
    await user.keyboard('{Escape}')
    await user.click(within(banner).getByRole('button', { name: 'Stop' }))
    await waitFor(() => expect(sentTo(spy, 'POST', '/api/acting/stop')).toHaveLength(1))
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/accounts/KELLYFG'))
    expect(localStorage.getItem('token')).toBeNull()
    expect(localStorage.getItem('acting')).toBeNull()
    expect(localStorage.getItem('backOfficeToken')).toBe('bo-token')
  })

  it('is not there in the customer’s own session', async () => {
    storeSession(aLogin({ user: jessUser }))
    mockApi(storefront({ 'GET /api/me': { body: { user: jessUser, settings: aLogin().settings, acting: null } } }))
    renderApp('/')
    await screen.findByRole('button', { name: 'Account' })
    expect(screen.queryByRole('region', { name: 'Ordering for a customer' })).not.toBeInTheDocument()
  })
})
