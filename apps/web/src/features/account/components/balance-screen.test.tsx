import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { mockApi, sentTo } from '../../../test/fetch'
import { aLogin, aUser, storeSession } from '../../../test/factories'
import { renderWithProviders } from '../../../test/render'
import { BalanceScreen } from './balance-screen'

const periods = [
  { financialPeriod: 5, financialYear: 2027, DESCRIPTION: 'November 2026' },
  { financialPeriod: 4, financialYear: 2027, DESCRIPTION: 'October 2026' },
  { financialPeriod: 12, financialYear: 2026, DESCRIPTION: 'June 2026' },
]

beforeEach(() => storeSession(aLogin({ user: aUser({ Email: 'jo@farm.example' }) })))

describe('Balance', () => {
  it('shows the balance and credit limit with thousands separators and 2 decimals, terms in days, and the fixed text', async () => {
    mockApi({
      'GET /api/account-balance': { body: { Total: 14126.6, CreditLimit: 40000, Terms: 30, PaymentsNotProcessed: 0, UnprocessedPayments: [] } },
      'GET /api/financial-periods': { body: periods },
    })
    renderWithProviders(<BalanceScreen accountsPhone="02 6921 4455" />)
    expect(screen.getByRole('heading', { level: 1, name: 'Balance' })).toBeInTheDocument()
    const balance = (await screen.findByText('Total Account Balance')).closest('div')!
    expect(within(balance).getByText('$14,126.60')).toBeInTheDocument()
    expect(within(screen.getByText('Credit Limit').closest('div')!).getByText('$40,000.00')).toBeInTheDocument()
    expect(within(screen.getByText('Trading Terms').closest('div')!).getByText('30 days')).toBeInTheDocument()
    expect(screen.getByText(/due on the 25th of the month following/)).toBeInTheDocument()
    expect(screen.getByText(/refer to your latest statement for payments due, and pay any overdue amounts immediately/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: '02 6921 4455' })).toHaveAttribute('href', 'tel:0269214455')
  })

  it('requests a statement for the chosen period, latest first, to the address given', async () => {
    const api = mockApi({
      'GET /api/account-balance': { body: { Total: 0, CreditLimit: 0, Terms: 30, PaymentsNotProcessed: 0, UnprocessedPayments: [] } },
      'GET /api/financial-periods': { body: periods },
      'POST /api/statements': { body: { message: 'Statement request submitted! Please check your emails.' } },
    })
    const { user } = renderWithProviders(<BalanceScreen />)
    expect(screen.getByRole('heading', { name: 'Request a Statement' })).toBeInTheDocument()
    const period = screen.getByRole('combobox', { name: 'Period' })
    await screen.findByRole('option', { name: 'November 2026' })
    expect(
      within(period)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['November 2026', 'October 2026', 'June 2026'])
    await user.selectOptions(period, 'June 2026')
    const email = screen.getByLabelText('Email Address')
    expect(email).toHaveAttribute('type', 'email')
    expect(email).toHaveValue('jo@farm.example')
    await user.clear(email)
    await user.type(email, 'accounts@farm.example')
    await user.click(screen.getByRole('button', { name: 'Get Statement' }))
    expect(await screen.findByText('Statement request submitted! Please check your emails.')).toBeInTheDocument()
    expect(sentTo(api, 'POST', '/api/statements')).toEqual([{ email: 'accounts@farm.example', finyear: 2026, period: 12 }])
  })

  it('says when the statement request fails', async () => {
    mockApi({
      'GET /api/account-balance': { body: { Total: 0, CreditLimit: 0, Terms: 30, PaymentsNotProcessed: 0, UnprocessedPayments: [] } },
      'GET /api/financial-periods': { body: periods },
      'POST /api/statements': { status: 500, body: { error: 'internal', message: 'x' } },
    })
    const { user } = renderWithProviders(<BalanceScreen />)
    await screen.findByRole('option', { name: 'November 2026' })
    await user.click(screen.getByRole('button', { name: 'Get Statement' }))
    expect(await screen.findByText('There was an error submitting your statement request.')).toBeInTheDocument()
  })
})
