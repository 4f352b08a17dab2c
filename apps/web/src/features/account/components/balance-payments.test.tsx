import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { mockApi, sentTo } from '../../../test/fetch'
import { aLogin, aUser, storeSession } from '../../../test/factories'
import { renderWithProviders } from '../../../test/render'
import { BalanceScreen } from './balance-screen'

const ID = '0b8f3d7e-2c4a-4f1e-9a6b-5d3c2e1f0a9b'

beforeEach(() => storeSession(aLogin({ user: aUser({ Email: 'jo@farm.example' }) })))

describe('Balance: payments not yet processed', () => {
  it('lists the card payments of invoices the ERP has not taken in yet, their total, and each receipt', async () => {
    const api = mockApi({
      'GET /api/account-balance': {
        body: {
          Total: 14126.6,
          CreditLimit: 40000,
          Terms: 30,
          PaymentsNotProcessed: 1415.5,
          UnprocessedPayments: [
            { Reference: 'P1A2B3C4D5E6F', PaidOn: '2026-12-07', Amount: 1350.5, PaymentID: ID },
            { Reference: 'P0000000000AB', PaidOn: '2026-12-06', Amount: 65, PaymentID: '1b8f3d7e-2c4a-4f1e-9a6b-5d3c2e1f0a9b' },
          ],
        },
      },
      'GET /api/financial-periods': { body: [] },
      [`GET /api/invoice-payments/${ID}/receipt`]: { body: '%PDF-', headers: { 'Content-Type': 'application/pdf' } },
    })
    const createObjectURL = vi.fn(() => 'blob:receipt')
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
    const { user } = renderWithProviders(<BalanceScreen />)
    const section = (await screen.findByRole('heading', { name: 'Payments not yet processed' })).closest('section')!
    expect(section).toHaveTextContent('Total not yet processed: $1,415.50')
    const rows = within(section).getAllByRole('row').slice(1)
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 3)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['December 7th 2026', 'P1A2B3C4D5E6F', '$1,350.50'],
      ['December 6th 2026', 'P0000000000AB', '$65.00'],
    ])
    await user.click(within(section).getByRole('button', { name: 'Download receipt P1A2B3C4D5E6F (PDF)' }))
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled())
    expect(sentTo(api, 'GET', `/api/invoice-payments/${ID}/receipt`)).toHaveLength(1)
  })

  it('shows no such section when every payment has been processed', async () => {
    mockApi({
      'GET /api/account-balance': { body: { Total: 0, CreditLimit: 0, Terms: 30, PaymentsNotProcessed: 0, UnprocessedPayments: [] } },
      'GET /api/financial-periods': { body: [] },
    })
    renderWithProviders(<BalanceScreen />)
    await screen.findByText('Total Account Balance')
    expect(screen.queryByRole('heading', { name: 'Payments not yet processed' })).not.toBeInTheDocument()
  })
})
