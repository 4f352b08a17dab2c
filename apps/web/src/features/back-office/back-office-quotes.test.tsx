import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mockApi, sentTo } from '../../test/fetch'
import { renderApp } from '../../test/render'

const rep = { id: 3, name: 'Riley Rep', email: 'rep@riverinarural.example', roles: ['Sales representative'], secondFactor: 'done' }

const quote = {
  id: 12,
  reference: 'Q000012',
  state: 'requested',
  branch: 'WAG',
  branchName: 'Wagga Wagga',
  requestedAt: '2026-12-04T01:00:00Z',
  requestedBy: 'Sam Kelly',
  expiresOn: null,
  lineCount: 1,
  totalExCents: 10_000,
  order: null,
  account: { code: 'KELLYFG', name: "Kelly's Farm & Garden Supplies" },
  assignedTo: 'Riley Rep',
  awaitingReply: false,
  lines: [
    {
      lineNo: 1,
      productId: 7,
      productCode: 'DRN-20L',
      description: 'Cydectin Pour-On 20L',
      quantity: 2,
      accountPriceCents: 5_000,
      quotedPriceCents: null,
      totalExCents: 10_000,
    },
  ],
  note: '',
  declineReason: null,
  messages: [],
  sentAt: null,
  acceptedAt: null,
  declinedAt: null,
}

beforeEach(() => localStorage.setItem('backOfficeToken', 'bo-token'))
afterEach(() => localStorage.clear())

describe('the back office’s Quotes inbox', () => {
  it('lists the quotes with their account, assignee and state, each linking to its page', async () => {
    mockApi({
      'GET /api/staff/me': { body: rep },
      'GET /api/staff/quotes': {
        body: { quotes: [quote, { ...quote, id: 13, reference: 'Q000013', awaitingReply: true, state: 'open', expiresOn: '2026-12-21' }] },
      },
    })
    renderApp('/staff/quotes')
    const table = await screen.findByRole('table', undefined, { timeout: 15000 })
    expect(within(table).getByRole('link', { name: 'Q000012' })).toHaveAttribute('href', '/staff/quotes/12')
    expect(within(table).getByText('Requested: to be priced')).toBeInTheDocument()
    expect(within(table).getByText(/Sent, open until/)).toBeInTheDocument()
    expect(within(table).getByText('(new message)', { exact: false })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Quotes' })).toBeInTheDocument()
  })

  it('prices a line, shows the server’s refusal on the line, then sends it', async () => {
    let attempt = 0
    const api = mockApi({
      'GET /api/staff/me': { body: rep },
      'GET /api/staff/quotes/12': { body: quote },
      'POST /api/staff/quotes/12/send': () =>
        ++attempt === 1
          ? {
              status: 400,
              body: {
                error: 'price_above_account_price',
                message: "Line 1 (DRN-20L): $55.00 is above the account's price of $50.00. A quote can only lower a price.",
                fields: [
                  {
                    field: 'body.lines.0.priceCents',
                    message: "Line 1 (DRN-20L): $55.00 is above the account's price of $50.00. A quote can only lower a price.",
                  },
                ],
              },
            }
          : {
              body: {
                ...quote,
                state: 'open',
                expiresOn: '2026-12-21',
                sentAt: '2026-12-07T01:00:00Z',
                lines: [{ ...quote.lines[0], quotedPriceCents: 4_500 }],
              },
            },
    })
    const { user } = renderApp('/staff/quotes/12')
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote Q000012' }, { timeout: 15000 })).toBeInTheDocument()
    const price = screen.getByRole('textbox', { name: 'Quoted price each, ex GST ($)' })
    expect(price).toHaveValue('50.00')
    await user.clear(price)
    await user.type(price, '55')
    await user.click(screen.getByRole('button', { name: 'Send the quote' }))
    expect((await screen.findAllByText(/above the account's price of \$50\.00/, undefined, { timeout: 15000 })).length).toBeGreaterThan(0)
    await user.clear(price)
    await user.type(price, '45')
    await user.click(screen.getByRole('button', { name: 'Send the quote' }))
    expect(await screen.findByText(/Sent, open until/, undefined, { timeout: 15000 })).toBeInTheDocument()
    const sent = sentTo(api, 'POST', '/api/staff/quotes/12/send') as Array<{ lines: unknown[] }>
    expect(sent[1]!.lines).toEqual([{ productCode: 'DRN-20L', quantity: 2, priceCents: 4_500 }])
  })
})
