import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { SubUser } from '@portal/contract/users'
import { mockApi, sentTo } from '../../../test/fetch'
import { aLogin, aUser, storeSession } from '../../../test/factories'
import { renderWithProviders } from '../../../test/render'
import { UsersScreen } from './users-screen'

const aSubUser = (n: number, overrides: Partial<SubUser> = {}): SubUser => ({
  ExtUserID: n,
  UserName: `user${n}`,
  Name: `User ${n}`,
  Email: `user${n}@farm.example`,
  CanPayInvoices: false,
  Role: 'User',
  OrderLimit: null,
  MonthLimit: null,
  Approver: null,
  ...overrides,
})
const me = aSubUser(1, { UserName: 'trade', Role: 'Administrator' })

beforeEach(() => storeSession(aLogin({ user: aUser({ username: 'trade', Role: 'Administrator' }) })))

describe('the Users screen', () => {
  it('shows nothing of the list to someone who is not an Administrator, and does not ask for it', async () => {
    storeSession(aLogin({ user: aUser({ username: 'staff', Role: 'User' }) }))
    const api = mockApi({ 'GET /api/users': { body: [me] } })
    renderWithProviders(<UsersScreen />)
    expect(screen.getByRole('heading', { name: 'Users' })).toBeInTheDocument()
    expect(screen.getByText('Only an Administrator of your account can manage its users.')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(sentTo(api, 'GET', '/api/users')).toHaveLength(0)
  })

  it('lists 20 at a time and loads more until a page comes back short', async () => {
    const page1 = [me, ...Array.from({ length: 19 }, (_, i) => aSubUser(i + 2))]
    const page2 = [aSubUser(30), aSubUser(31)]
    mockApi({ 'GET /api/users': ({ url }) => ({ body: url.searchParams.get('page') === '2' ? page2 : page1 }) })
    const { user } = renderWithProviders(<UsersScreen />)
    expect(await screen.findByText('user19')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByText('user31')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Delete trade' })).toBeDisabled()
  })

  it("says under a user when the distributor's staff last changed them, and what", async () => {
    mockApi({
      'GET /api/users': { body: [me, aSubUser(2)] },
      'GET /api/users/staff-changes': { body: [{ username: 'user2', at: '2026-12-07T01:30:00Z', change: 'Password reset sent' }] },
    })
    renderWithProviders(<UsersScreen />)
    const row = (await screen.findByText('user2')).closest('tr')!
    expect(await within(row).findByText(/Password reset sent by the distributor’s staff, 7 Dec 2026/)).toBeInTheDocument()
    expect(within(screen.getByText('trade').closest('tr')!).queryByText(/by the distributor’s staff/)).not.toBeInTheDocument()
  })

  it('says when the list cannot be loaded', async () => {
    mockApi({ 'GET /api/users': { status: 500, body: { error: 'internal', message: 'x' } } })
    renderWithProviders(<UsersScreen />)
    expect(await screen.findByText('An error occured loading your users.')).toBeInTheDocument()
  })

  describe('creating a user', () => {
    async function openForm(routes: Parameters<typeof mockApi>[0] = {}) {
      const api = mockApi({ 'GET /api/users': { body: [me] }, 'POST /api/users': { status: 201, body: aSubUser(9, { UserName: 'jo' }) }, ...routes })
      const view = renderWithProviders(<UsersScreen />)
      await screen.findByText('trade')
      await view.user.click(screen.getByRole('button', { name: 'Add User' }))
      const dialog = await screen.findByRole('dialog', { name: 'Add User' })
      const fill = async (email: string, username: string, password: string, confirm: string) => {
        for (const [label, value] of [
          ['Email', email],
          ['Username', username],
          ['Password', password],
          ['Confirm Password', confirm],
        ] as const) {
          const input = within(dialog).getByLabelText(label, { exact: true })
          await view.user.clear(input)
          if (value) await view.user.type(input, value)
        }
      }
      return { ...view, api, dialog, fill }
    }

    it('needs email, username and password before it can be sent', async () => {
      const { dialog, fill } = await openForm()
      const create = within(dialog).getByRole('button', { name: 'Create User' })
      expect(create).toBeDisabled()
      await fill('jo@farm.example', '', 'Paddock42', 'Paddock42')
      expect(create).toBeDisabled()
      await fill('jo@farm.example', 'jo', 'Paddock42', 'Paddock42')
      expect(create).toBeEnabled()
    })

    it('refuses a confirmation that differs, and a password without a number, sending nothing', async () => {
      const { api, dialog, fill, user } = await openForm()
      await fill('jo@farm.example', 'jo', 'Paddock42', 'Paddock43')
      await user.click(within(dialog).getByRole('button', { name: 'Create User' }))
      expect(await screen.findByText('Please make sure your password and password confirmation match.')).toBeInTheDocument()
      await fill('jo@farm.example', 'jo', 'Paddocks', 'Paddocks')
      await user.click(within(dialog).getByRole('button', { name: 'Create User' }))
      expect(await screen.findByText('There was an error creating your user. Password must contain at least one number.')).toBeInTheDocument()
      expect(sentTo(api, 'POST', '/api/users')).toHaveLength(0)
    })

    // The rule that failed, both rules beside the field, and why the repeat is refused.
    it('says the 8-character minimum failed for ab1, not the number rule, and sends nothing', async () => {
      const { api, dialog, fill, user } = await openForm()
      await fill('jo@farm.example', 'jo', 'ab1', 'ab1')
      await user.click(within(dialog).getByRole('button', { name: 'Create User' }))
      expect(await screen.findByText('There was an error creating your user. Password must be at least 8 characters long.')).toBeInTheDocument()
      expect(screen.queryByText('There was an error creating your user. Password must contain at least one number.')).not.toBeInTheDocument()
      expect(sentTo(api, 'POST', '/api/users')).toHaveLength(0)
    })

    it('shows both rules beside the password, marked as they are met, and a differing confirmation before sending', async () => {
      const { dialog, fill } = await openForm()
      const rules = within(dialog).getByRole('list', { name: 'Password rules' })
      const rule = (name: string) => within(rules).getByText(name).closest('[role="listitem"]')
      expect(
        within(rules)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['• At least 8 characters (not yet met)', '• At least one number (not yet met)'])
      await fill('jo@farm.example', 'jo', 'ab1', '')
      expect(rule('At least 8 characters')).toHaveAttribute('data-met', 'false')
      expect(rule('At least one number')).toHaveAttribute('data-met', 'true')
      await fill('jo@farm.example', 'jo', 'Paddock42', 'Paddock4')
      expect(rule('At least 8 characters')).toHaveAttribute('data-met', 'true')
      expect(within(dialog).getByText('The passwords do not match.')).toBeInTheDocument()
      expect(within(dialog).getByLabelText('Password', { exact: true })).toHaveAccessibleDescription(/At least 8 characters/)
      await fill('jo@farm.example', 'jo', 'Paddock42', 'Paddock42')
      expect(within(dialog).queryByText('The passwords do not match.')).not.toBeInTheDocument()
    })

    it('says the rule the server refused', async () => {
      const { api, dialog, fill, user } = await openForm({
        'POST /api/users': {
          status: 400,
          body: { error: 'bad_request', message: 'Invalid input', fields: [{ field: 'body.email', message: 'Enter a valid email address' }] },
        },
      })
      await fill('jo@farm.example', 'jo', 'Paddock42', 'Paddock42')
      await user.click(within(dialog).getByRole('button', { name: 'Create User' }))
      expect(await screen.findByText('There was an error creating your user. Enter a valid email address')).toBeInTheDocument()
      expect(sentTo(api, 'POST', '/api/users')).toHaveLength(1)
    })

    it('creates the user and says so', async () => {
      const { api, dialog, fill, user } = await openForm()
      await fill('jo@farm.example', 'jo', 'Paddock42', 'Paddock42')
      await user.click(within(dialog).getByRole('button', { name: 'Create User' }))
      expect(await screen.findByText('User successfully created')).toBeInTheDocument()
      expect(sentTo(api, 'POST', '/api/users')).toEqual([{ email: 'jo@farm.example', username: 'jo', password: 'Paddock42', role: 'User' }])
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    })
  })

  it('edits e-mail and role, and sends a password only when one is typed', async () => {
    const api = mockApi({ 'GET /api/users': { body: [me, aSubUser(2)] }, 'PUT /api/users': { body: aSubUser(2, { Role: 'Administrator' }) } })
    const { user } = renderWithProviders(<UsersScreen />)
    await user.click(await screen.findByRole('button', { name: 'Edit user2' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit user2' })
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'Administrator')
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('User successfully updated')).toBeInTheDocument()
    expect(sentTo(api, 'PUT', '/api/users')).toEqual([{ username: 'user2', name: 'User 2', email: 'user2@farm.example', role: 'Administrator' }])
  })

  it('deletes a user after a confirmation, and says when it cannot', async () => {
    let fail = false
    mockApi({
      'GET /api/users': { body: [me, aSubUser(2), aSubUser(3)] },
      'DELETE /api/users': () => (fail ? { status: 500, body: { error: 'internal', message: 'x' } } : { body: { message: 'User successfully deleted!' } }),
    })
    const { user } = renderWithProviders(<UsersScreen />)
    await user.click(await screen.findByRole('button', { name: 'Delete user2' }))
    const confirm = await screen.findByRole('dialog', { name: 'Delete user?' })
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('User successfully deleted!')).toBeInTheDocument()

    fail = true
    await user.click(await screen.findByRole('button', { name: 'Delete user3' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete user?' })).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('There was an error deleting this user.')).toBeInTheDocument()
  })
})

describe('spending limits on the Users screen', () => {
  const limited = aSubUser(2, { UserName: 'staff', Name: 'Jess Morgan', OrderLimit: 250, MonthLimit: 2000, Approver: 'user3' })

  it('says each user’s limits, and offers no limits for an Administrator', async () => {
    mockApi({ 'GET /api/users': { body: [me, limited, aSubUser(3)] } })
    renderWithProviders(<UsersScreen />)
    const rows = await screen.findAllByRole('row')
    expect(rows[1]).toHaveTextContent("None: an Administrator's orders are not limited")
    expect(within(rows[1]!).queryByRole('button', { name: /Spending limits/ })).not.toBeInTheDocument()
    expect(rows[2]).toHaveTextContent('Limit $250.00 an order, $2,000.00 a month, approved by user3')
    expect(rows[3]).toHaveTextContent('No limits')
    expect(within(rows[3]!).getByRole('button', { name: 'Spending limits for user3' })).toBeInTheDocument()
  })

  it('sends the limits and approver typed, blank for no limit, and says so', async () => {
    const api = mockApi({
      'GET /api/users': { body: [me, limited, aSubUser(3)] },
      'PUT /api/users/limits': { body: { ...limited, OrderLimit: 1500.5, MonthLimit: null, Approver: null } },
    })
    const { user } = renderWithProviders(<UsersScreen />)
    await user.click(await screen.findByRole('button', { name: 'Spending limits for staff' }))
    const dialog = await screen.findByRole('dialog', { name: 'Spending limits for staff' })
    const perOrder = within(dialog).getByLabelText('Limit per order ($, ex GST)')
    expect(perOrder).toHaveValue('250.00')
    expect(within(dialog).getByLabelText('Limit per month ($, ex GST)')).toHaveValue('2000.00')
    const approvedBy = within(dialog).getByLabelText('Approved by')
    expect(approvedBy).toHaveValue('user3')
    expect(
      within(approvedBy)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any Administrator', 'User 1 (trade)', 'User 3 (user3)'])
    await user.clear(perOrder)
    await user.type(perOrder, '$1,500.50')
    await user.clear(within(dialog).getByLabelText('Limit per month ($, ex GST)'))
    await user.selectOptions(approvedBy, 'Any Administrator')
    await user.click(within(dialog).getByRole('button', { name: 'Save limits' }))
    expect(await screen.findByText('Spending limits saved for staff.')).toBeInTheDocument()
    expect(sentTo(api, 'PUT', '/api/users/limits')).toEqual([{ username: 'staff', orderLimit: 1500.5, monthLimit: null, approver: null }])
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('shows what is wrong at the field: text that is not dollars before sending, the server’s refusal after', async () => {
    const api = mockApi({
      'GET /api/users': { body: [me, aSubUser(3)] },
      'PUT /api/users/limits': {
        status: 400,
        body: { error: 'bad_request', message: 'Invalid input', fields: [{ field: 'body.monthLimit', message: 'A limit has at most two decimals (cents)' }] },
      },
    })
    const { user } = renderWithProviders(<UsersScreen />)
    await user.click(await screen.findByRole('button', { name: 'Spending limits for user3' }))
    const dialog = await screen.findByRole('dialog', { name: 'Spending limits for user3' })
    await user.type(within(dialog).getByLabelText('Limit per order ($, ex GST)'), 'lots')
    await user.click(within(dialog).getByRole('button', { name: 'Save limits' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Enter the limit in dollars, such as 250 or 250.50, or leave it empty for no limit')
    expect(sentTo(api, 'PUT', '/api/users/limits')).toHaveLength(0)

    await user.clear(within(dialog).getByLabelText('Limit per order ($, ex GST)'))
    await user.type(within(dialog).getByLabelText('Limit per month ($, ex GST)'), '99.999')
    await user.click(within(dialog).getByRole('button', { name: 'Save limits' }))
    const month = within(dialog).getByLabelText('Limit per month ($, ex GST)')
    await waitFor(() => expect(month).toHaveAccessibleDescription(/A limit has at most two decimals \(cents\)/))
    expect(month).toHaveAttribute('aria-invalid', 'true')
    expect(sentTo(api, 'PUT', '/api/users/limits')).toEqual([{ username: 'user3', orderLimit: null, monthLimit: 99.999, approver: null }])
    expect(screen.getByRole('dialog', { name: 'Spending limits for user3' })).toBeInTheDocument()
  })

  it('says the server’s reason when it refuses the limits as a whole', async () => {
    mockApi({
      'GET /api/users': { body: [me, aSubUser(3)] },
      'PUT /api/users/limits': {
        status: 422,
        body: { error: 'limits_for_users_only', message: "An Administrator's orders are not limited. Make them a User first." },
      },
    })
    const { user } = renderWithProviders(<UsersScreen />)
    await user.click(await screen.findByRole('button', { name: 'Spending limits for user3' }))
    const dialog = await screen.findByRole('dialog', { name: 'Spending limits for user3' })
    await user.type(within(dialog).getByLabelText('Limit per order ($, ex GST)'), '100')
    await user.click(within(dialog).getByRole('button', { name: 'Save limits' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("An Administrator's orders are not limited. Make them a User first.")
  })

  it('is offered on a cash-sale account too (its approver pays by card), and not to a reseller', async () => {
    storeSession(aLogin({ user: aUser({ username: 'trade', Role: 'Administrator', SalesCategory: 'CAS' }) }))
    mockApi({ 'GET /api/users': { body: [me, aSubUser(3)] } })
    const cash = renderWithProviders(<UsersScreen />)
    expect(await screen.findByText('user3')).toBeInTheDocument()
    expect(screen.getByRole('columnheader', { name: 'Spending limits' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Spending limits for user3' })).toBeInTheDocument()
    cash.unmount()
    storeSession(aLogin({ user: aUser({ username: 'elders', Role: 'Administrator', isElders: true }) }))
    renderWithProviders(<UsersScreen />)
    expect(await screen.findByText('user3')).toBeInTheDocument()
    expect(screen.queryByRole('columnheader', { name: 'Spending limits' })).not.toBeInTheDocument()
  })
})
