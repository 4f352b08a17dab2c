import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ListDetail } from '@portal/contract/lists'
import type { BulkAddBody, BulkAddResult } from '@portal/contract/quick-order'
import type { StandingOrder, StandingOrderDetail, StandingRun } from '@portal/contract/standing-orders'
import { aProduct } from '../../../test/catalogue-factories'
import { aLogin, aSite, aUser, storeSession, warehouses } from '../../../test/factories'
import { mockApi, sentTo, type Reply } from '../../../test/fetch'
import { renderApp } from '../../../test/render'
import { getSession } from '../../../lib/session'

type Handler = Reply | ((request: { body: unknown }) => Reply)

/** The frame's own calls, answered for the signed-in user; a test adds those it is about. */
function portalApi(routes: Record<string, Handler>, user = aUser()) {
  return mockApi({
    'GET /api/site': { body: aSite() },
    'GET /api/me': { body: { user, settings: aLogin().settings } },
    'GET /api/warehouses': { body: warehouses },
    'GET /api/categories': { body: [] },
    'GET /api/brands': { body: [] },
    'GET /api/cart': { body: { Count: 0, Value: 0, warehouse: null } },
    ...routes,
  })
}

const trade = aUser()
const cash = aUser({ username: 'cash', Name: 'Lee Cash', SalesCategory: 'CAS' })
const reseller = aUser({ username: 'elders', isElders: true })
const signIn = (user = trade) => storeSession(aLogin({ user }), 'WAG')

const drench = aProduct({ ProductID: 11, ProductCode: 'IVO-PLUS-500', Description: 'Ivomec Plus Injection 500mL', Availability: { Available: 37 } })
const hose = aProduct({ ProductID: 12, ProductCode: 'FMH-SH-18M', Description: 'Farmhand Stock Hose 18mm x 15m', Availability: { Available: 0 } })

const fencing: ListDetail = {
  id: 7,
  name: 'Fencing run',
  lineCount: 2,
  createdBy: 'Jo Grower',
  canChange: true,
  updatedAt: '2026-11-20',
  warehouse: 'WAG',
  lines: [
    { ProductID: 11, ProductCode: 'IVO-PLUS-500', Description: drench.Description, Product: drench, Quantity: 4 },
    { ProductID: 12, ProductCode: 'FMH-SH-18M', Description: hose.Description, Product: hose, Quantity: 2 },
  ],
}

const delivery = {
  SiteCode: 'HOME',
  DeliveryName: 'Kelly’s Farm',
  Address1: '12 Mill Rd',
  Address2: '',
  City: 'Junee',
  State: 'NSW' as const,
  PostalCode: '2663',
  Contact: 'Sam Kelly',
  Email: 'sam@kellysfarm.example',
  Phone: '02 6921 0000',
  Fax: '',
  CarrierName: 'Toll',
  CarrierInstructions: 'Leave at the shed',
  OrderDesc: '',
  DeliveryType: 1 as const,
}

const aRun = (over: Partial<StandingRun> = {}): StandingRun => ({
  RunOn: '2026-11-30',
  RanOn: '2026-11-30',
  Outcome: 'placed',
  Late: false,
  Message: 'Placed on account.',
  OrderID: 501,
  SalesOrder: 'SO9000501',
  ApprovalID: null,
  ...over,
})

const weekly: StandingOrder = {
  id: 5,
  listId: 7,
  listName: 'Fencing run',
  owner: 'Jo Grower',
  canChange: true,
  warehouse: 'MEL',
  branchName: 'Melbourne',
  schedule: { kind: 'weeks', everyWeeks: 2 },
  scheduleText: 'Every 2 weeks',
  firstRun: '2026-11-16',
  status: 'active',
  nextRun: '2026-12-14',
  purchaseOrderPrefix: 'FENCE-',
  delivery,
  lastRun: aRun(),
}

const detail = (over: Partial<StandingOrderDetail> = {}): StandingOrderDetail => ({
  ...weekly,
  lines: fencing.lines,
  runs: [
    aRun(),
    aRun({
      RunOn: '2026-11-16',
      RanOn: '2026-11-17',
      Late: true,
      Outcome: 'approval',
      OrderID: null,
      SalesOrder: null,
      ApprovalID: 12,
      Message: 'Over your limit: waiting for approval.',
    }),
  ],
  ...over,
})

beforeEach(() => {
  // Only the clock: "after today" is counted from December 7th 2026.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date(2026, 11, 7, 9))
})
afterEach(() => vi.useRealTimers())

describe('the Standing Orders screen', { timeout: 20_000 }, () => {
  it('lists each with its list, branch, schedule, next run and what its last run became, linked', async () => {
    signIn()
    portalApi({
      'GET /api/standing-orders': {
        body: [
          weekly,
          {
            ...weekly,
            id: 6,
            listName: 'Drench',
            owner: 'Jess Morgan',
            scheduleText: 'On the 1st and 15th of each month',
            status: 'paused',
            nextRun: null,
            lastRun: aRun({ Outcome: 'approval', OrderID: null, SalesOrder: null, ApprovalID: 12 }),
          },
          { ...weekly, id: 8, listName: 'Shed', lastRun: null },
        ],
      },
    })
    renderApp('/standing-orders')
    expect(await screen.findByRole('heading', { level: 1, name: 'Standing Orders' })).toBeInTheDocument()
    const rows = await screen.findAllByRole('row')
    expect(rows).toHaveLength(4)
    expect(within(rows[1]!).getByRole('link', { name: 'Fencing run' })).toHaveAttribute('href', '/standing-orders/5')
    expect(rows[1]).toHaveTextContent('Melbourne')
    expect(rows[1]).toHaveTextContent('Every 2 weeks')
    expect(rows[1]).toHaveTextContent('December 14th 2026')
    expect(within(rows[1]!).getByRole('link', { name: 'SO9000501' })).toHaveAttribute('href', '/orders/SO9000501')
    expect(rows[2]).toHaveTextContent('Paused')
    expect(rows[2]).toHaveTextContent('for Jess Morgan')
    expect(within(rows[2]!).getByRole('link', { name: 'Sent for approval' })).toHaveAttribute('href', '/approvals/12')
    expect(rows[3]).toHaveTextContent('None yet')
  })

  it('says when there are none', async () => {
    signIn()
    portalApi({ 'GET /api/standing-orders': { body: [] } })
    renderApp('/standing-orders')
    expect(await screen.findByText('You have no standing orders yet.')).toBeInTheDocument()
  })

  it('is not offered to a reseller, who orders through their branch, on any of its screens', async () => {
    signIn(reseller)
    const api = portalApi({}, reseller)
    const { router } = renderApp('/standing-orders')
    expect(await screen.findByText(/standing orders are not used here/)).toBeInTheDocument()
    for (const [path, heading] of [
      ['/standing-orders/5', 'Standing order'],
      ['/standing-orders/5/edit', 'Change standing order'],
      ['/standing-orders/new?list=7', 'Make a standing order'],
    ] as const) {
      await router.navigate(path)
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument()
      expect(screen.getByText(/standing orders are not used here/)).toBeInTheDocument()
    }
    expect(api.mock.calls.filter(([input]) => String(input).includes('/api/standing-orders'))).toHaveLength(0)
  })
})

describe('a saved list', { timeout: 20_000 }, () => {
  it('offers “Make a standing order” to whom may change it, but not to a reseller', async () => {
    signIn()
    portalApi({ 'GET /api/lists/7': { body: fencing } })
    const { unmount } = renderApp('/lists/7')
    expect(await screen.findByRole('link', { name: 'Make a standing order' })).toHaveAttribute('href', '/standing-orders/new?list=7')
    unmount()

    signIn(reseller)
    portalApi({ 'GET /api/lists/7': { body: fencing } }, reseller)
    renderApp('/lists/7')
    expect(await screen.findByRole('heading', { level: 1, name: 'Fencing run' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Make a standing order' })).not.toBeInTheDocument()
  })

  it('shows why it cannot be deleted while a standing order uses it', async () => {
    signIn()
    portalApi({
      'GET /api/lists/7': { body: fencing },
      'DELETE /api/lists/7': {
        status: 409,
        body: { error: 'list_in_standing_order', message: 'A standing order orders from this list: delete or change it first.' },
      },
    })
    const { user, router } = renderApp('/lists/7')
    await user.click(await screen.findByRole('button', { name: 'Delete list' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete list' }))
    const said = await screen.findByText(/A standing order orders from this list: delete or change it first\./, { selector: 'p' })
    expect(said).toHaveAttribute('role', 'alert')
    expect(within(said).getByRole('link', { name: 'See your standing orders' })).toHaveAttribute('href', '/standing-orders')
    expect(router.state.location.pathname).toBe('/lists/7')
  })
})

/** The new standing order form of the list, with the checkout's defaults. */
function formApi(routes: Record<string, Handler> = {}, user = trade) {
  return portalApi(
    {
      'GET /api/lists/7': { body: fencing },
      'GET /api/delivery-sites': { body: [] },
      'GET /api/cart/checkout-info': {
        body: { checkoutInfo: null, defaults: { DeliveryName: 'Kelly’s Farm', Contact: 'Sam Kelly', Email: 'sam@kellysfarm.example', DeliveryType: 1 } },
      },
      ...routes,
    },
    user,
  )
}

describe('making a standing order', { timeout: 30_000 }, () => {
  it('starts from the checkout’s defaults, finds what is missing before sending, and sends the contract’s body', async () => {
    signIn()
    const api = formApi({ 'POST /api/standing-orders': { status: 201, body: detail() }, 'GET /api/standing-orders/5': { body: detail() } })
    const { user, router } = renderApp('/lists/7')
    await user.click(await screen.findByRole('link', { name: 'Make a standing order' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Make a standing order' })).toBeInTheDocument()
    expect(await screen.findByRole('textbox', { name: 'Business Name' })).toHaveValue('Kelly’s Farm')
    expect(screen.getByRole('radio', { name: 'Delivered' })).toBeChecked()
    expect(screen.getByRole('combobox', { name: 'Supplying branch' })).toHaveValue('WAG')

    await user.click(screen.getByRole('button', { name: 'Make standing order' }))
    expect(await screen.findByText('Choose the day of the first order')).toBeInTheDocument()
    expect(screen.getByText('Enter a phone number')).toBeInTheDocument()
    expect(screen.getByText('Enter the carrier name')).toBeInTheDocument()
    expect(sentTo(api, 'POST', '/api/standing-orders')).toHaveLength(0)

    fireEvent.change(screen.getByLabelText('First order on'), { target: { value: '2026-12-07' } })
    await user.click(screen.getByRole('radio', { name: 'On days of the month' }))
    const days = within(screen.getByRole('group', { name: /Days of the month/ }))
    expect(days.getByText(/the order is placed on the month’s last day/)).toBeInTheDocument()
    for (const day of ['1', '8', '15', '22']) await user.click(days.getByRole('checkbox', { name: day }))
    expect(days.getByRole('checkbox', { name: '29' })).toBeDisabled()
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '02 6921 0000')
    await user.type(screen.getByRole('textbox', { name: 'Carrier Name' }), 'Toll')
    await user.click(screen.getByRole('button', { name: 'Make standing order' }))
    expect(await screen.findByText('Choose a day after today')).toBeInTheDocument()

    fireEvent.change(screen.getByLabelText('First order on'), { target: { value: '2026-12-08' } })
    await user.clear(screen.getByRole('textbox', { name: 'Purchase order prefix' }))
    await user.type(screen.getByRole('textbox', { name: 'Purchase order prefix' }), 'FENCE-')
    expect(screen.getByText(/such as FENCE-20261208\./)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Make standing order' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Standing order: Fencing run' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/standing-orders/5')
    expect(sentTo(api, 'POST', '/api/standing-orders')).toEqual([
      {
        listId: 7,
        warehouse: 'WAG',
        firstRun: '2026-12-08',
        schedule: { kind: 'monthDays', days: [1, 8, 15, 22] },
        purchaseOrderPrefix: 'FENCE-',
        delivery: {
          DeliveryName: 'Kelly’s Farm',
          Address1: '',
          Address2: '',
          City: '',
          State: '',
          PostalCode: '',
          Contact: 'Sam Kelly',
          Email: 'sam@kellysfarm.example',
          Phone: '02 6921 0000',
          Fax: '',
          CarrierName: 'Toll',
          CarrierInstructions: '',
          OrderDesc: '',
          DeliveryType: 1,
        },
      },
    ])
  })

  it('shows the server’s refusals at their fields, and another refusal above the button', async () => {
    signIn()
    let answer: Reply = {
      status: 400,
      body: {
        error: 'invalid_request',
        message: 'Invalid input',
        fields: [
          { field: 'body.delivery.Phone', message: 'Enter a phone number the carrier can call' },
          { field: 'body.firstRun', message: 'The first run must be after today' },
        ],
      },
    }
    formApi({
      'GET /api/cart/checkout-info': { body: { checkoutInfo: null, defaults: { ...delivery, PurchaseOrder: undefined } } },
      'POST /api/standing-orders': () => answer,
    })
    const { user } = renderApp('/standing-orders/new?list=7')
    fireEvent.change(await screen.findByLabelText('First order on'), { target: { value: '2026-12-21' } })
    await user.click(screen.getByRole('button', { name: 'Make standing order' }))
    const phone = screen.getByRole('textbox', { name: 'Phone' })
    await waitFor(() => expect(phone).toHaveAccessibleDescription('Enter a phone number the carrier can call'))
    expect(phone).toHaveAttribute('aria-invalid', 'true')
    expect(phone).toHaveFocus()
    expect(screen.getByLabelText('First order on')).toHaveAccessibleDescription(/The first run must be after today/)

    answer = { status: 409, body: { error: 'list_gone', message: 'That list was deleted meanwhile.' } }
    await user.click(screen.getByRole('button', { name: 'Make standing order' }))
    expect(await screen.findByText('That list was deleted meanwhile.')).toHaveAttribute('role', 'alert')
  })

  it('tells a cash-sale account how its runs are paid', async () => {
    signIn(cash)
    formApi({}, cash)
    renderApp('/standing-orders/new?list=7')
    expect(await screen.findByText(/Your account pays by card: on the day, the e-mail has a link to pay for the order\./)).toBeInTheDocument()
  })
})

describe('a standing order’s page', { timeout: 30_000 }, () => {
  it('shows its lines at today’s prices and stock, its schedule, delivery and runs, a late one said so', async () => {
    signIn()
    portalApi({ 'GET /api/standing-orders/5': { body: detail() } })
    renderApp('/standing-orders/5')
    expect(await screen.findByRole('heading', { level: 1, name: 'Standing order: Fencing run' })).toBeInTheDocument()
    expect(screen.getByText(/Every 2 weeks · Next order December 14th 2026/)).toBeInTheDocument()
    const lines = within(screen.getByRole('region', { name: 'Lines' }))
    expect(lines.getByRole('row', { name: /IVO-PLUS-500/ })).toHaveTextContent('In stock (37)')
    expect(lines.getByRole('row', { name: /IVO-PLUS-500/ })).toHaveTextContent('$187.10')
    expect(lines.getByRole('row', { name: /FMH-SH-18M/ })).toHaveTextContent('No stock')
    expect(screen.getByText('FENCE- and the order’s date')).toHaveTextContent('next: FENCE-20261214')
    expect(screen.getByText('Leave at the shed')).toBeInTheDocument()

    const runs = within(screen.getByRole('region', { name: 'Orders so far' })).getAllByRole('row')
    expect(runs[1]).toHaveTextContent('Placed as order SO9000501')
    expect(within(runs[1]!).getByRole('link', { name: 'SO9000501' })).toHaveAttribute('href', '/orders/SO9000501')
    expect(runs[2]).toHaveTextContent('November 17th 2026Late: it was due November 16th 2026')
    expect(within(runs[2]!).getByRole('link', { name: 'Sent for approval' })).toHaveAttribute('href', '/approvals/12')
    expect(runs[2]).toHaveTextContent('Over your limit: waiting for approval.')
    expect(screen.getByRole('link', { name: 'Edit lines' })).toHaveAttribute('href', '/lists/7')
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/standing-orders/5/edit')
  })

  it('skips the next run after asking, and says when the screen was behind', async () => {
    signIn()
    let skipped = false
    const api = portalApi({
      'GET /api/standing-orders/5': () => ({ body: skipped ? detail({ nextRun: '2026-12-28' }) : detail() }),
      'POST /api/standing-orders/5/skip': ({ body }) => {
        if ((body as { runOn: string }).runOn !== '2026-12-14')
          return { status: 409, body: { error: 'not_next_run', message: 'That run is no longer the next one.' } }
        skipped = true
        return { body: detail({ nextRun: '2026-12-28' }) }
      },
    })
    const { user } = renderApp('/standing-orders/5')
    await user.click(await screen.findByRole('button', { name: 'Skip next order' }))
    const dialog = await screen.findByRole('dialog', { name: 'Skip the order of December 14th 2026?' })
    await user.click(within(dialog).getByRole('button', { name: 'Skip this order' }))
    expect(await screen.findByText('The order of December 14th 2026 is skipped. The next one is on December 28th 2026.')).toBeInTheDocument()
    expect(sentTo(api, 'POST', '/api/standing-orders/5/skip')).toEqual([{ runOn: '2026-12-14' }])
    expect(await screen.findByText(/Next order December 28th 2026/)).toBeInTheDocument()

    // Skipping again from a page behind the server's: its refusal is said, and the page read again.
    await user.click(screen.getByRole('button', { name: 'Skip next order' }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Skip the order of December 28th 2026?' })).getByRole('button', { name: 'Skip this order' }),
    )
    expect(await screen.findByText('That run is no longer the next one.')).toBeInTheDocument()
    await waitFor(() => expect(sentTo(api, 'GET', '/api/standing-orders/5').length).toBeGreaterThan(1))
  })

  it('pauses and resumes', async () => {
    signIn()
    const api = portalApi({
      'GET /api/standing-orders/5': { body: detail() },
      'POST /api/standing-orders/5/pause': { body: detail({ status: 'paused', nextRun: null }) },
      'POST /api/standing-orders/5/resume': { body: detail({ nextRun: '2026-12-28' }) },
    })
    const { user } = renderApp('/standing-orders/5')
    await user.click(await screen.findByRole('button', { name: 'Pause' }))
    expect(await screen.findByText('Standing order paused. Nothing is ordered until you resume it.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Skip next order' })).not.toBeInTheDocument()
    expect(screen.getByText('Paused: none until it is resumed')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Resume' }))
    expect(await screen.findByText('Standing order resumed. The next order is on December 28th 2026.')).toBeInTheDocument()
    expect(sentTo(api, 'POST', '/api/standing-orders/5/pause')).toHaveLength(1)
    expect(sentTo(api, 'POST', '/api/standing-orders/5/resume')).toHaveLength(1)
  })

  it('deletes after asking, and goes back to the standing orders', async () => {
    signIn()
    const api = portalApi({
      'GET /api/standing-orders/5': { body: detail() },
      'DELETE /api/standing-orders/5': { status: 204 },
      'GET /api/standing-orders': { body: [] },
    })
    const { user, router } = renderApp('/standing-orders/5')
    await user.click(await screen.findByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete this standing order?' })
    expect(dialog).toHaveTextContent('No more orders are placed from “Fencing run”. The saved list itself is kept.')
    await user.click(within(dialog).getByRole('button', { name: 'Delete standing order' }))
    expect(await screen.findByText('You have no standing orders yet.')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/standing-orders')
    expect(sentTo(api, 'DELETE', '/api/standing-orders/5')).toHaveLength(1)
  })

  it('offers no changes to whom may not make them, and says when there is no such standing order', async () => {
    signIn()
    portalApi({
      'GET /api/standing-orders/5': { body: detail({ canChange: false }) },
      'GET /api/standing-orders/9': { status: 404, body: { error: 'not_found', message: 'standing order not found' } },
    })
    const { router } = renderApp('/standing-orders/5')
    expect(await screen.findByRole('heading', { level: 1, name: 'Standing order: Fencing run' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument()
    await router.navigate('/standing-orders/9')
    expect(await screen.findByText(/There is no such standing order on your account\./)).toBeInTheDocument()
  })
})

describe('changing a standing order', { timeout: 30_000 }, () => {
  it('sends only what changed: a new schedule with the day it counts from', async () => {
    signIn()
    const api = portalApi({
      'GET /api/delivery-sites': { body: [] },
      'GET /api/standing-orders/5': { body: detail() },
      'PUT /api/standing-orders/5': { body: detail({ schedule: { kind: 'weeks', everyWeeks: 4 }, scheduleText: 'Every 4 weeks' }) },
    })
    const { user, router } = renderApp('/standing-orders/5/edit')
    const weeks = await screen.findByRole('textbox', { name: 'Weeks between orders' })
    expect(weeks).toHaveValue('2')
    expect(screen.getByLabelText('Next order on')).toHaveValue('2026-12-14')
    expect(screen.getByRole('combobox', { name: 'Supplying branch' })).toHaveValue('MEL')
    await user.clear(weeks)
    await user.type(weeks, '4')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Every 4 weeks · Next order December 14th 2026')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/standing-orders/5')
    expect(sentTo(api, 'PUT', '/api/standing-orders/5')).toEqual([{ schedule: { kind: 'weeks', everyWeeks: 4 }, firstRun: '2026-12-14' }])
  })
})

describe('a cash-sale account’s pay link', { timeout: 30_000 }, () => {
  const addedAll = (body: BulkAddBody): BulkAddResult => ({
    warehouse: body.warehouse,
    added: body.lines.map((line, index) => {
      const product = [drench, hose].find((p) => p.ProductCode === line.code)!
      return { index, ProductID: product.ProductID, ProductCode: product.ProductCode, Description: product.Description, Quantity: Number(line.qty) }
    }),
    notAdded: [],
    summary: { Count: 6, Value: 900, warehouse: body.warehouse },
  })

  it('puts the lines in the cart at the standing order’s branch and goes to the checkout', async () => {
    signIn(cash)
    const api = portalApi(
      { 'GET /api/standing-orders/5': { body: detail() }, 'POST /api/cart/bulk': ({ body }) => ({ body: addedAll(body as BulkAddBody) }) },
      cash,
    )
    const { user, router } = renderApp('/standing-orders/5?pay=2026-12-14')
    const banner = within(await screen.findByRole('region', { name: 'This run is ready to pay by card' }))
    expect(banner.getByText(/The order due December 14th 2026 from Melbourne waits for your payment/)).toBeInTheDocument()
    await user.click(banner.getByRole('button', { name: 'Put these lines in my cart and pay' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'))
    expect(sentTo(api, 'POST', '/api/cart/bulk')).toEqual([
      {
        warehouse: 'MEL',
        lines: [
          { code: 'IVO-PLUS-500', qty: '4' },
          { code: 'FMH-SH-18M', qty: '2' },
        ],
      },
    ])
    expect(getSession()?.currentWarehouse).toBe('MEL')
  })

  it('names the lines the cart would not take before going on, and says the server’s refusal', async () => {
    signIn(cash)
    let refuse = false
    portalApi(
      {
        'GET /api/standing-orders/5': { body: detail() },
        'POST /api/cart/bulk': ({ body }) => {
          if (refuse) return { status: 409, body: { error: 'cart_branch_mismatch', message: 'Your cart holds products from Wagga Wagga: empty it first.' } }
          const all = addedAll(body as BulkAddBody)
          return {
            body: {
              ...all,
              added: all.added.slice(0, 1),
              notAdded: [{ index: 1, code: 'FMH-SH-18M', reason: 'quantity_not_available', message: 'Only 0 in stock at this branch' }],
            },
          }
        },
      },
      cash,
    )
    const { user, router } = renderApp('/standing-orders/5?pay=2026-12-14')
    await user.click(await screen.findByRole('button', { name: 'Put these lines in my cart and pay' }))
    const report = (await screen.findByText(/1 product is in your cart/)).closest('[role="status"]')
    expect(report).toHaveTextContent('1 product is in your cart. These could not be added:FMH-SH-18M: Only 0 in stock at this branch')
    expect(screen.getByRole('link', { name: 'Go to checkout and pay' })).toHaveAttribute('href', '/checkout')
    expect(router.state.location.pathname).toBe('/standing-orders/5')

    refuse = true
    await user.click(screen.getByRole('button', { name: 'Put these lines in my cart and pay' }))
    expect(await screen.findByText('Your cart holds products from Wagga Wagga: empty it first.')).toBeInTheDocument()
    expect(screen.getByText('Your cart holds products from Wagga Wagga: empty it first.').closest('[role="alert"]')).not.toBeNull()
  })

  it('shows no banner without a day to pay for', async () => {
    signIn(cash)
    portalApi({ 'GET /api/standing-orders/5': { body: detail() } }, cash)
    renderApp('/standing-orders/5?pay=soon')
    expect(await screen.findByRole('heading', { level: 1, name: 'Standing order: Fencing run' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Put these lines in my cart and pay' })).not.toBeInTheDocument()
  })
})
