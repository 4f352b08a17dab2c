import type { Quote } from '@portal/contract/quotes'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { aBrand, aCategory, aLogin, aSite, aUser, storeSession, warehouses } from '../../../test/factories'
import { mockApi, sentTo, type Reply } from '../../../test/fetch'
import { renderApp } from '../../../test/render'

type Handler = Reply | ((request: { body: unknown }) => Reply)

function quotesApi(routes: Record<string, Handler>, user = aUser()) {
  return mockApi({
    'GET /api/site': { body: aSite() },
    'GET /api/me': { body: { user, settings: aLogin().settings } },
    'GET /api/warehouses': { body: warehouses },
    'GET /api/categories': { body: [aCategory({ name: 'animal-health', title: 'Animal Health' })] },
    'GET /api/brands': { body: [aBrand('Ivomec', 'IVOMEC')] },
    'GET /api/cart': { body: { Count: 0, Value: 0, warehouse: null } },
    'GET /api/cart/items': { body: [] },
    ...routes,
  })
}

const open: Quote = {
  id: 12,
  reference: 'Q000012',
  state: 'open',
  branch: 'WAG',
  branchName: 'Wagga Wagga',
  requestedAt: '2026-12-04T01:00:00Z',
  requestedBy: 'Sam Kelly',
  expiresOn: '2026-12-21',
  lineCount: 1,
  totalExCents: 9_000,
  order: null,
  lines: [
    {
      lineNo: 1,
      productId: 7,
      productCode: 'DRN-20L',
      description: 'Cydectin Pour-On 20L',
      quantity: 2,
      accountPriceCents: 5_000,
      quotedPriceCents: 4_500,
      totalExCents: 9_000,
    },
  ],
  note: 'Held for the spring program.',
  declineReason: null,
  messages: [{ id: 1, fromStaff: true, author: 'Riley Rep (Riverina Rural Supply)', body: 'Happy to help.', createdAt: '2026-12-04T02:00:00Z' }],
  canAnswer: true,
}

describe('the Quotes screen', () => {
  it('lists the account’s quotes with their state in words, and opens one', async () => {
    storeSession(aLogin({ user: aUser() }), 'WAG')
    quotesApi({
      'GET /api/quotes': {
        body: {
          quotes: [
            open,
            { ...open, id: 11, reference: 'Q000011', state: 'accepted', order: { id: 5, salesOrder: 'SO9000123' } },
            { ...open, id: 10, reference: 'Q000010', state: 'expired', expiresOn: '2026-11-30' },
            { ...open, id: 9, reference: 'Q000009', state: 'declined' },
            { ...open, id: 8, reference: 'Q000008', state: 'requested', expiresOn: null },
          ],
        },
      },
      'GET /api/quotes/12': { body: open },
    })
    const { user, router } = renderApp('/quotes')
    expect(await screen.findByRole('heading', { level: 1, name: 'Quotes' }, { timeout: 15000 })).toBeInTheDocument()
    const rows = await screen.findAllByRole('row')
    expect(rows).toHaveLength(6)
    expect(rows[1]).toHaveTextContent('Open until')
    expect(rows[1]).toHaveTextContent('$90.00')
    expect(rows[2]).toHaveTextContent('Accepted (order SO9000123)')
    expect(rows[3]).toHaveTextContent('Expired on')
    expect(rows[4]).toHaveTextContent('Declined')
    expect(rows[5]).toHaveTextContent('Requested: we are pricing it')
    await user.click(within(rows[1]!).getByRole('link', { name: 'Q000012' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote Q000012' }, { timeout: 15000 })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/quotes/12')
  })
})

describe('a quote', () => {
  it('shows its lines at both prices, the note and the thread, and accepts into the cart', async () => {
    storeSession(aLogin({ user: aUser() }), 'WAG')
    const api = quotesApi({
      'GET /api/quotes/12': { body: open },
      'POST /api/quotes/12/accept': { body: { message: 'The quote’s lines are in your cart at the quoted prices.', branch: 'WAG' } },
    })
    const { user, router } = renderApp('/quotes/12')
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote Q000012' }, { timeout: 15000 })).toBeInTheDocument()
    const line = screen.getByRole('row', { name: /Cydectin Pour-On 20L/ })
    expect(within(line).getByText('$50.00')).toBeInTheDocument()
    expect(within(line).getByText('$45.00')).toBeInTheDocument()
    expect(screen.getByText('Held for the spring program.')).toBeInTheDocument()
    expect(screen.getByText('Happy to help.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Accept and add to cart' }))
    await screen.findByText('The quote’s lines are in your cart at the quoted prices.', undefined, { timeout: 15000 })
    expect(sentTo(api, 'POST', '/api/quotes/12/accept')).toHaveLength(1)
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'), { timeout: 15000 })
  })

  it('declines with a reason, and writes on the thread', async () => {
    storeSession(aLogin({ user: aUser() }), 'WAG')
    const api = quotesApi({
      'GET /api/quotes/12': { body: open },
      'POST /api/quotes/12/decline': { body: { ...open, state: 'declined', canAnswer: false, declineReason: 'Too dear' } },
      'POST /api/quotes/12/messages': { body: open },
    })
    const { user } = renderApp('/quotes/12')
    await screen.findByRole('heading', { level: 1, name: 'Quote Q000012' }, { timeout: 15000 })
    await user.type(screen.getByRole('textbox', { name: 'Ask for changes or write to us' }), 'Could you do 20?')
    await user.click(screen.getByRole('button', { name: 'Send message' }))
    await screen.findByText('Your message has been sent.', undefined, { timeout: 15000 })
    expect(sentTo(api, 'POST', '/api/quotes/12/messages')).toEqual([{ body: 'Could you do 20?' }])
    await user.click(screen.getByRole('button', { name: 'Decline' }))
    await user.type(screen.getByRole('textbox', { name: /Why are you declining it/ }), 'Too dear')
    await user.click(screen.getByRole('button', { name: 'Decline the quote' }))
    expect(await screen.findByRole('heading', { name: 'Declined' }, { timeout: 15000 })).toBeInTheDocument()
    expect(sentTo(api, 'POST', '/api/quotes/12/decline')).toEqual([{ reason: 'Too dear' }])
    expect(screen.queryByRole('button', { name: 'Accept and add to cart' })).not.toBeInTheDocument()
  })

  it('offers no answer to a user who may not give one', async () => {
    storeSession(aLogin({ user: aUser() }), 'WAG')
    quotesApi({ 'GET /api/quotes/12': { body: { ...open, canAnswer: false } } })
    renderApp('/quotes/12')
    await screen.findByRole('heading', { level: 1, name: 'Quote Q000012' }, { timeout: 15000 })
    expect(screen.queryByRole('button', { name: 'Accept and add to cart' })).not.toBeInTheDocument()
  })
})
