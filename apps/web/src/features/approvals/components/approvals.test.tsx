import type { Approval } from '@portal/contract/approvals'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { anApproval, anApprovalLine } from '../../../test/approval-factories'
import { aBrand, aCategory, aLogin, aSite, aUser, storeSession, warehouses } from '../../../test/factories'
import { mockApi, sentTo, type Reply } from '../../../test/fetch'
import { renderApp } from '../../../test/render'

type Handler = Reply | ((request: { body: unknown }) => Reply)

/** The frame's own calls, answered for the signed-in user; a test adds those it is about. */
function approvalsApi(routes: Record<string, Handler>, user = aUser()) {
  return mockApi({
    'GET /api/site': { body: aSite() },
    'GET /api/me': { body: { user, settings: aLogin().settings } },
    'GET /api/warehouses': { body: warehouses },
    'GET /api/categories': { body: [aCategory({ name: 'animal-health', title: 'Animal Health' })] },
    'GET /api/brands': { body: [aBrand('Ivomec', 'IVOMEC')] },
    'GET /api/cart': { body: { Count: 0, Value: 0, warehouse: null } },
    ...routes,
  })
}

/** Signed in as trade, an Administrator of the account, who approves. */
const asApprover = () => storeSession(aLogin({ user: aUser() }), 'WAG')
const buyer = aUser({ username: 'staff', Name: 'Jess Morgan', Role: 'User' })
const asBuyer = () => storeSession(aLogin({ user: buyer }), 'WAG')

/** An order of two lines waiting for trade, whose drench has gone up since it was submitted. */
const waiting = anApproval({
  CanDecide: true,
  lines: [
    anApprovalLine(),
    anApprovalLine({
      ProductID: 7,
      ProductCode: 'DRN-20L',
      Description: 'Cydectin Pour-On 20L',
      Quantity: 2,
      SubmittedPrice: 50,
      SubmittedTotalInc: 110,
      CurrentPrice: 55,
      CurrentTotalInc: 121,
    }),
  ],
  SubmittedEx: 400,
  SubmittedInc: 440,
  CurrentEx: 410,
  CurrentInc: 451,
})

const decided = (over: Partial<Approval>): Approval => ({
  ...waiting,
  CanDecide: false,
  CurrentEx: null,
  CurrentInc: null,
  DecidedAt: '2026-12-05',
  DecidedBy: 'Sam Kelly',
  ...over,
})

describe('the Approvals screen', () => {
  it('lists the orders with their status in words, and opens one', async () => {
    asApprover()
    approvalsApi({
      'GET /api/approvals': {
        body: [
          waiting,
          decided({ id: 11, CustomerPurchaseOrder: 'PO-11', status: 'approved', SalesOrder: 'SO9000123', OrderID: 5 }),
          decided({ id: 10, CustomerPurchaseOrder: 'PO-10', status: 'rejected', Reason: 'Buy it from Junee' }),
          decided({ id: 9, CustomerPurchaseOrder: 'PO-9', status: 'withdrawn', DecidedBy: 'Jess Morgan' }),
        ],
      },
      'GET /api/approvals/12': { body: waiting },
    })
    const { user, router } = renderApp('/approvals')
    expect(await screen.findByRole('heading', { level: 1, name: 'Approvals' }, { timeout: 5000 })).toBeInTheDocument()
    const rows = await screen.findAllByRole('row')
    expect(rows).toHaveLength(5)
    expect(rows[1]).toHaveTextContent('December 4th 2026')
    expect(rows[1]).toHaveTextContent('Jess Morgan')
    expect(rows[1]).toHaveTextContent('Wagga Wagga')
    expect(rows[1]).toHaveTextContent('$440.00')
    expect(rows[1]).toHaveTextContent('Waiting for approval')
    expect(rows[2]).toHaveTextContent('Approved (order SO9000123)')
    expect(within(rows[2]!).getByRole('link', { name: 'SO9000123' })).toHaveAttribute('href', '/orders/SO9000123')
    expect(rows[3]).toHaveTextContent('Rejected (Buy it from Junee)')
    expect(rows[4]).toHaveTextContent('Withdrawn')
    await user.click(within(rows[1]!).getByRole('link', { name: 'PO-7781' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Order waiting for approval' }, { timeout: 5000 })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/approvals/12')
  })

  it('says when there are none', async () => {
    asBuyer()
    approvalsApi({ 'GET /api/approvals': { body: [] } }, buyer)
    renderApp('/approvals')
    expect(await screen.findByText('No orders have needed approval.', undefined, { timeout: 5000 })).toBeInTheDocument()
  })
})

describe('an order waiting for approval', () => {
  it('shows both prices, says they changed, and approves with a changed quantity: only that line is sent', async () => {
    asApprover()
    const api = approvalsApi({
      'GET /api/approvals/12': { body: waiting },
      'POST /api/approvals/12/approve': { body: decided({ status: 'approved', SalesOrder: 'SO9000123', OrderID: 5 }) },
    })
    const { user } = renderApp('/approvals/12')
    expect(await screen.findByRole('heading', { level: 1, name: 'Order waiting for approval' }, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getByText(/over the limit of \$250\.00 an order \(ex GST\), so it waits for approval by any Administrator/)).toBeInTheDocument()
    expect(screen.getByText(/Prices have changed since the order was submitted/)).toHaveTextContent('$451.00 inc GST, against $440.00 when submitted')
    const drench = screen.getByRole('row', { name: /Cydectin Pour-On 20L/ })
    expect(within(drench).getByText('$50.00')).toBeInTheDocument()
    expect(within(drench).getByText('$55.00')).toBeInTheDocument()

    const quantity = screen.getByRole('textbox', { name: 'Quantity of Cydectin Pour-On 20L' })
    await user.clear(quantity)
    await user.type(quantity, '2.5')
    expect(await screen.findByText('Quantity must be a whole number (0 removes the line)')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Approve' }))
    expect(sentTo(api, 'POST', '/api/approvals/12/approve')).toHaveLength(0)

    await user.clear(quantity)
    await user.type(quantity, '5')
    await user.click(screen.getByRole('button', { name: 'Approve' }))
    expect(await screen.findByText('Order approved and placed as SO9000123.')).toBeInTheDocument()
    expect(sentTo(api, 'POST', '/api/approvals/12/approve')).toEqual([{ lines: [{ ProductID: 7, Quantity: 5 }] }])
    // The screen now shows the order it became.
    expect(await screen.findByRole('heading', { level: 1, name: 'Order approval' })).toBeInTheDocument()
    const outcome = screen.getByText(/^Approved by Sam Kelly/)
    expect(outcome).toHaveTextContent('Approved by Sam Kelly on December 5th 2026: placed as order SO9000123.')
    expect(within(outcome).getByRole('link', { name: 'SO9000123' })).toHaveAttribute('href', '/orders/SO9000123')
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument()
  })

  it('approves with nothing changed without lines, and asks for the credit confirmation when the server does', async () => {
    asApprover()
    const api = approvalsApi({
      'GET /api/approvals/12': { body: waiting },
      'POST /api/approvals/12/approve': ({ body }) =>
        (body as { creditConfirmed?: boolean }).creditConfirmed
          ? { body: decided({ status: 'approved', SalesOrder: 'SO9000124', OrderID: 6 }) }
          : { status: 409, body: { error: 'credit_limit_confirm', message: 'This order of $451.00 is more than your available credit of $100.00: confirm.' } },
    })
    const { user } = renderApp('/approvals/12')
    await user.click(await screen.findByRole('button', { name: 'Approve' }, { timeout: 5000 }))
    expect(await screen.findByText('This order of $451.00 is more than your available credit of $100.00: confirm.')).toBeInTheDocument()
    const approve = screen.getByRole('button', { name: 'Approve' })
    expect(approve).toBeDisabled()
    await user.click(screen.getByRole('checkbox', { name: 'Place this order even though it takes the account past its credit limit' }))
    await user.click(approve)
    expect(await screen.findByText(/^Approved by Sam Kelly/)).toHaveTextContent('placed as order SO9000124.')
    expect(sentTo(api, 'POST', '/api/approvals/12/approve')).toEqual([{}, { creditConfirmed: true }])
  })

  it('rejects only with a reason, and shows it', async () => {
    asApprover()
    const api = approvalsApi({
      'GET /api/approvals/12': { body: waiting },
      'POST /api/approvals/12/reject': ({ body }) => ({ body: decided({ status: 'rejected', Reason: (body as { reason: string }).reason }) }),
    })
    const { user } = renderApp('/approvals/12')
    await user.click(await screen.findByRole('button', { name: 'Reject' }, { timeout: 5000 }))
    const dialog = await screen.findByRole('dialog', { name: 'Reject this order?' })
    await user.click(within(dialog).getByRole('button', { name: 'Reject order' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Say why the order is rejected')
    expect(sentTo(api, 'POST', '/api/approvals/12/reject')).toHaveLength(0)
    await user.type(within(dialog).getByLabelText('Reason'), '  Buy it from the Junee store  ')
    await user.click(within(dialog).getByRole('button', { name: 'Reject order' }))
    expect(await screen.findByText('Order rejected.')).toBeInTheDocument()
    expect(sentTo(api, 'POST', '/api/approvals/12/reject')).toEqual([{ reason: 'Buy it from the Junee store' }])
    expect(await screen.findByText(/^Rejected by Sam Kelly/)).toHaveTextContent(
      'Rejected by Sam Kelly on December 5th 2026. Reason: Buy it from the Junee store',
    )
  })

  it('says the server’s reason when the approval fails', async () => {
    asApprover()
    approvalsApi({
      'GET /api/approvals/12': { body: waiting },
      'POST /api/approvals/12/approve': {
        status: 422,
        body: {
          error: 'product_not_available',
          message: 'DRN-20L Cydectin Pour-On 20L can no longer be ordered online. Set its quantity to 0 to approve the rest.',
        },
      },
    })
    const { user } = renderApp('/approvals/12')
    await user.click(await screen.findByRole('button', { name: 'Approve' }, { timeout: 5000 }))
    const said = await screen.findByText('DRN-20L Cydectin Pour-On 20L can no longer be ordered online. Set its quantity to 0 to approve the rest.')
    expect(said).toHaveAttribute('role', 'alert')
    expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled()
  })

  it('lets its buyer withdraw it, and offers them no decision', async () => {
    asBuyer()
    const mine = { ...waiting, CanDecide: false, CanWithdraw: true }
    const api = approvalsApi(
      {
        'GET /api/approvals/12': { body: mine },
        'POST /api/approvals/12/withdraw': { body: decided({ status: 'withdrawn', DecidedBy: 'Jess Morgan' }) },
      },
      buyer,
    )
    const { user } = renderApp('/approvals/12')
    await user.click(await screen.findByRole('button', { name: 'Withdraw' }, { timeout: 5000 }))
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: /Quantity of/ })).not.toBeInTheDocument()
    await user.click(within(await screen.findByRole('dialog', { name: 'Withdraw this order?' })).getByRole('button', { name: 'Withdraw order' }))
    expect(await screen.findByText('Order withdrawn.')).toBeInTheDocument()
    expect(sentTo(api, 'POST', '/api/approvals/12/withdraw')).toHaveLength(1)
    expect(await screen.findByText(/^Withdrawn by Jess Morgan/)).toBeInTheDocument()
  })

  it('of a cash-sale account is approved by paying for it by card: the card payment opens with its amount', async () => {
    asApprover()
    const api = approvalsApi({
      'GET /api/approvals/12': { body: { ...waiting, PaysByCard: true } },
      'POST /api/approvals/12/payment': {
        body: { orderId: 'pay-1', amount: 451, fingerprint: '', formData: { provider: 'mpgs', checkoutScript: 'http://gateway.test/checkout.js' } },
      },
    })
    const { user, router } = renderApp('/approvals/12')
    await screen.findByText(/approving the order is paying for it, \$451\.00 inc GST/)
    // Its quantities are not changed here: a card payment pays for the order as it stands.
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Approve and pay by card' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/card-payment'))
    expect(sentTo(api, 'POST', '/api/approvals/12/payment')).toHaveLength(1)
    // The card payment screen shows what the card is charged: the payment's amount, not the approver's cart.
    await screen.findByText('$451.00')
  })

  it('says when there is no such approval', async () => {
    asBuyer()
    approvalsApi({ 'GET /api/approvals/99': { status: 404, body: { error: 'not_found', message: 'approval not found' } } }, buyer)
    renderApp('/approvals/99')
    expect(await screen.findByText(/There is no such order waiting for approval on your account\./, undefined, { timeout: 5000 })).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('link', { name: 'Back to Approvals' })).toHaveAttribute('href', '/approvals'))
  })
})
