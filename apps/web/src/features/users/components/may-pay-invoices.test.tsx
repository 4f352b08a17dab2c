import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { SubUser } from '@portal/contract/users'
import { mockApi, sentTo } from '../../../test/fetch'
import { aLogin, aUser, storeSession } from '../../../test/factories'
import { renderWithProviders } from '../../../test/render'
import { UsersScreen } from './users-screen'

const aSubUser = (UserName: string, overrides: Partial<SubUser> = {}): SubUser => ({
  ExtUserID: UserName.length,
  UserName,
  Name: UserName,
  Email: `${UserName}@farm.example`,
  CanPayInvoices: false,
  Role: 'User',
  OrderLimit: null,
  MonthLimit: null,
  Approver: null,
  ...overrides,
})

beforeEach(() => storeSession(aLogin({ user: aUser({ username: 'trade', Role: 'Administrator' }) })))

describe('who may pay invoices', () => {
  it('lets an Administrator allow a User to pay invoices, and stop them, with a toast each time', async () => {
    let staff = aSubUser('staff')
    const api = mockApi({
      'GET /api/users': () => ({ body: [aSubUser('trade', { Role: 'Administrator', CanPayInvoices: true }), staff] }),
      'PUT /api/users/invoice-payments': ({ body }) => {
        staff = { ...staff, CanPayInvoices: (body as { allowed: boolean }).allowed }
        return { body: staff }
      },
    })
    const { user } = renderWithProviders(<UsersScreen />)
    const admin = (await screen.findByRole('cell', { name: 'trade' })).closest('tr')!
    expect(within(admin).getByText('Yes, as Administrator')).toBeInTheDocument()
    expect(within(admin).queryByRole('checkbox')).not.toBeInTheDocument()

    const box = screen.getByRole('checkbox', { name: 'May pay invoices (staff)' })
    expect(box).not.toBeChecked()
    await user.click(box)
    expect(await screen.findByText('staff may now pay invoices online')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'May pay invoices (staff)' })).toBeChecked())
    await user.click(screen.getByRole('checkbox', { name: 'May pay invoices (staff)' }))
    expect(await screen.findByText('staff may no longer pay invoices online')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'May pay invoices (staff)' })).not.toBeChecked())
    expect(sentTo(api, 'PUT', '/api/users/invoice-payments')).toEqual([
      { username: 'staff', allowed: true },
      { username: 'staff', allowed: false },
    ])
  })

  it('says so when the change is refused, and leaves the box as it was', async () => {
    mockApi({
      'GET /api/users': { body: [aSubUser('staff')] },
      'PUT /api/users/invoice-payments': { status: 500, body: { error: 'internal', message: '' } },
    })
    const { user } = renderWithProviders(<UsersScreen />)
    await user.click(await screen.findByRole('checkbox', { name: 'May pay invoices (staff)' }))
    expect(await screen.findByText('There was an error changing who may pay invoices.')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'May pay invoices (staff)' })).not.toBeChecked())
  })
})
