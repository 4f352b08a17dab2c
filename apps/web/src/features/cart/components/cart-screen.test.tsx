import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CartLine } from '@portal/contract/cart'
import { aLogin, aSite, aUser, storeSession, warehouses } from '../../../test/factories'
import { mockApi, sentTo, type Reply } from '../../../test/fetch'
import { renderApp } from '../../../test/render'
import { cartWeightKg } from './cart-screen'
import { availabilityText, quantityToSend } from './cart-line-row'

const aLine = (overrides: Partial<CartLine> & Pick<CartLine, 'ShopCartLineID' | 'ProductID'>): CartLine => ({
  ProductCode: `CODE-${overrides.ProductID}`,
  Description: `Product ${overrides.ProductID}`,
  Quantity: 1,
  Price: 10,
  ExtendedEx: 10,
  TaxTotal: 1,
  ExtendedInc: 11,
  Product: { Weight: 1, Category: 'drenches', Availability: { Available: 10 } },
  ...overrides,
  PriceBreaks: overrides.PriceBreaks ?? [unitPart(overrides.Quantity ?? 1, overrides.Price ?? 10)],
})

/** A line of plain units has one part, all its units at the unit price. */
function unitPart(quantity: number, price: number): CartLine['PriceBreaks'][number] {
  return { Break: 'unit', Quantity: quantity, PackQty: null, Packs: null, Price: price, ExtendedEx: Math.round(quantity * price * 100) / 100 }
}

const drench = aLine({
  ShopCartLineID: 501,
  ProductID: 42,
  ProductCode: 'IVO-PLUS-500',
  Description: 'Ivomec Plus Injection 500mL',
  Quantity: 3,
  Price: 19.99,
  ExtendedEx: 59.97,
  TaxTotal: 6,
  ExtendedInc: 65.97,
  Product: { Weight: 2.5, Category: 'drenches', Availability: { Available: 37 } },
})
const hose = aLine({
  ShopCartLineID: 502,
  ProductID: 77,
  ProductCode: 'FMH-SH-18M',
  Description: 'Farmhand Stock Hose 18mm x 15m',
  Quantity: 2,
  Price: 45.5,
  ExtendedEx: 91,
  TaxTotal: 9.1,
  ExtendedInc: 100.1,
  Product: { Weight: 0.125, Category: 'hoses', Availability: { Available: 0 } },
})

type Options = {
  credit?: Reply
  lines?: CartLine[]
  reseller?: boolean
  put?: (body: { item: number; qty: number }) => Reply | undefined
  items?: Reply
  empty?: Reply
  cartBranch?: string
}

/** The API as the cart screen sees it, keeping the lines so that changes show on the next read. */
function cartApi({ lines: initial = [drench, hose], reseller = false, put, items, empty, cartBranch = 'WAG', credit }: Options = {}) {
  let lines = [...initial]
  const user = aUser(reseller ? { isElders: true, SalesCategory: 'ELD', username: 'elders' } : {})
  storeSession(aLogin({ user }), 'WAG')
  const value = () => Math.round(lines.reduce((sum, l) => sum + l.ExtendedInc * 100, 0)) / 100
  return mockApi({
    'GET /api/site': { body: aSite() },
    'GET /api/me': { body: { user, settings: aLogin().settings } },
    'GET /api/warehouses': { body: warehouses },
    'GET /api/categories': { body: [] },
    'GET /api/brands': { body: [] },
    'GET /api/cart': () => ({ body: { Count: lines.length, Value: value(), warehouse: lines.length ? cartBranch : null } }),
    'GET /api/cart/items': () => items ?? { body: lines },
    ...(credit ? { 'GET /api/cart/credit': credit } : {}),
    'PUT /api/cart': ({ body }) => {
      const change = body as { item: number; qty: number }
      const reply = put?.(change)
      if (reply) return reply
      lines =
        change.qty === 0
          ? lines.filter((l) => l.ShopCartLineID !== change.item)
          : lines.map((l) => (l.ShopCartLineID === change.item ? { ...l, Quantity: change.qty } : l))
      return { body: { Count: lines.length, Value: value(), warehouse: 'WAG' } }
    },
    'DELETE /api/cart': () => {
      if (empty && (empty.status ?? 200) >= 400) return empty
      lines = []
      return { body: { Count: 0, Value: 0, warehouse: null } }
    },
  })
}

const row = (description: string) => screen.getByRole('link', { name: description }).closest('tr') as HTMLElement

describe('the cart screen', () => {
  it('shows an account on terms its credit limit, balance, orders not yet invoiced and available credit, and that checkout will ask to confirm', async () => {
    const credit = {
      CreditLimit: 5000,
      Balance: 4700,
      NotYetInvoiced: 150,
      AvailableCredit: 150,
      CreditMode: 'warn',
      OnHold: false,
      AccountsPhone: '02 6921 4455',
    }
    cartApi({ credit: { body: { credit } } })
    renderApp('/cart')
    await screen.findByRole('table')
    const panel = await screen.findByRole('region', { name: 'Your credit' }, { timeout: 5_000 })
    expect(within(panel).getByText('Credit limit').nextElementSibling).toHaveTextContent('$5,000.00')
    expect(within(panel).getByText('Balance').nextElementSibling).toHaveTextContent('$4,700.00')
    expect(within(panel).getByText('Orders not yet invoiced').nextElementSibling).toHaveTextContent('$150.00')
    expect(within(panel).getByText('Available credit').nextElementSibling).toHaveTextContent('$150.00')
    // The cart's $166.07 is more than the $150.00 available.
    expect(within(panel).getByRole('status')).toHaveTextContent(
      'This order takes your account past its credit limit. You will be asked to confirm it at checkout.',
    )
  })

  it('shows no credit to an account not on terms', async () => {
    cartApi({ credit: { body: { credit: null } } })
    renderApp('/cart')
    await screen.findByRole('table')
    expect(screen.queryByRole('region', { name: 'Your credit' })).not.toBeInTheDocument()
  })

  it('lists every column of each line, with the weight and the total inc GST in the header', async () => {
    cartApi()
    renderApp('/cart')
    expect(await screen.findByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeInTheDocument()
    const table = await screen.findByRole('table')
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
    expect(headers).toEqual(['Image', 'Product Code', 'Description', 'Quantity', 'Availability', 'Price (ex GST)', 'Tax (GST)', 'Total (inc GST)'])

    const first = row('Ivomec Plus Injection 500mL')
    expect(within(first).getByRole('link', { name: 'Ivomec Plus Injection 500mL' })).toHaveAttribute('href', '/product/42')
    expect(within(first).getByRole('textbox', { name: 'Quantity of Ivomec Plus Injection 500mL' })).toHaveValue('3')
    expect(first).toHaveTextContent('IVO-PLUS-500')
    expect(first).toHaveTextContent('37 in stock')
    expect(first).toHaveTextContent('$19.99')
    expect(first).toHaveTextContent('$6.00')
    expect(first).toHaveTextContent('$65.97')
    // A line asking for more than the branch has says, in words, what goes on back order.
    expect(row('Farmhand Stock Hose 18mm x 15m')).toHaveTextContent('2 ordered, none in stock: 2 on back order')
    expect(screen.getByText(/branch: its prices and stock/)).toHaveTextContent('For the Wagga Wagga branch: its prices and stock')

    // 3 x 2.5 kg + 2 x 0.125 kg; 65.97 + 100.10
    expect(screen.getByText('Approx. Weight').nextElementSibling).toHaveTextContent('7.75 KG')
    expect(screen.getByText('Cart Total (inc GST)').nextElementSibling).toHaveTextContent('$166.07')
    expect(await screen.findByRole('link', { name: /2 items.*Total: \$166\.07/ })).toBeInTheDocument()
  })

  it('shows how a line charged at carton prices is made up, in place of its one price', async () => {
    const cartons = aLine({
      ShopCartLineID: 503,
      ProductID: 88,
      ProductCode: 'ANC-DB-20ML',
      Description: 'Ancare Drench 20mL',
      Quantity: 9,
      Price: 45.32,
      PriceBreaks: [
        { Break: 'carton', Quantity: 8, PackQty: 4, Packs: 2, Price: 40.9, ExtendedEx: 327.2 },
        { Break: 'unit', Quantity: 1, PackQty: null, Packs: null, Price: 45.32, ExtendedEx: 45.32 },
      ],
      ExtendedEx: 372.52,
      TaxTotal: 37.25,
      ExtendedInc: 409.77,
    })
    cartApi({ lines: [cartons, drench] })
    renderApp('/cart')
    await screen.findByRole('table')
    const line = row('Ancare Drench 20mL')
    expect(line).toHaveTextContent('2 cartons of 4 at $40.90, 1 at $45.32')
    expect(line).toHaveTextContent('$37.25')
    expect(line).toHaveTextContent('$409.77')
    // A line of plain units shows its unit price, as before.
    expect(row('Ivomec Plus Injection 500mL')).toHaveTextContent('$19.99')
    expect(row('Ivomec Plus Injection 500mL')).not.toHaveTextContent(' at $')
  })

  it('sends nothing until Update, then refreshes the line and the header', async () => {
    const api = cartApi()
    const { user } = renderApp('/cart')
    const input = await screen.findByRole('textbox', { name: 'Quantity of Ivomec Plus Injection 500mL' })
    const update = within(row('Ivomec Plus Injection 500mL')).getByRole('button', { name: /^Update/ })
    expect(update).toBeDisabled()
    await user.clear(input)
    await user.type(input, '12')
    expect(input).toHaveValue('12')
    expect(sentTo(api, 'PUT', '/api/cart')).toEqual([])

    const summaryReads = sentTo(api, 'GET', '/api/cart').length
    await user.click(update)
    expect(await screen.findByText('This item has been updated successfully')).toBeInTheDocument()
    expect(sentTo(api, 'PUT', '/api/cart')).toEqual([{ item: 501, qty: 12 }])
    await waitFor(() => expect(sentTo(api, 'GET', '/api/cart').length).toBeGreaterThan(summaryReads))
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Quantity of Ivomec Plus Injection 500mL' })).toHaveValue('12'))
  })

  it('refuses a quantity that is not a whole number at the field, as typed, and sends nothing', async () => {
    const api = cartApi()
    const { user } = renderApp('/cart')
    const input = await screen.findByRole('textbox', { name: 'Quantity of Ivomec Plus Injection 500mL' })
    const line = within(row('Ivomec Plus Injection 500mL'))
    for (const typed of ['2.5', '-2', 'abc', '1e3']) {
      await user.clear(input)
      await user.type(input, typed)
      // 2.5 stays 2.5: it is never read as 25.
      expect(input).toHaveValue(typed)
      await user.click(line.getByRole('button', { name: /^Update/ }))
      expect(line.getByRole('alert')).toHaveTextContent('Quantity must be a whole number (0 removes the line)')
      expect(input).toHaveAttribute('aria-invalid', 'true')
      expect(input).toHaveAccessibleDescription('Quantity must be a whole number (0 removes the line)')
      expect(input).toHaveFocus()
    }
    await user.clear(input)
    await user.type(input, '100000')
    await user.click(line.getByRole('button', { name: /^Update/ }))
    expect(line.getByRole('alert')).toHaveTextContent('Quantity can be at most 99,999')
    expect(sentTo(api, 'PUT', '/api/cart')).toEqual([])
    expect(screen.queryByText('This item has been updated successfully')).not.toBeInTheDocument()

    await user.clear(input)
    await user.type(input, '5')
    expect(line.queryByRole('alert')).not.toBeInTheDocument()
    await user.click(line.getByRole('button', { name: /^Update/ }))
    expect(await screen.findByText('This item has been updated successfully')).toBeInTheDocument()
    expect(sentTo(api, 'PUT', '/api/cart')).toEqual([{ item: 501, qty: 5 }])
  })

  it('removes the line when the quantity is cleared or 0, once the update succeeds', async () => {
    const api = cartApi()
    const { user } = renderApp('/cart')
    const input = await screen.findByRole('textbox', { name: 'Quantity of Farmhand Stock Hose 18mm x 15m' })
    await user.clear(input)
    await user.click(within(row('Farmhand Stock Hose 18mm x 15m')).getByRole('button', { name: /^Update/ }))
    expect(sentTo(api, 'PUT', '/api/cart')).toEqual([{ item: 502, qty: 0 }])
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Farmhand Stock Hose 18mm x 15m' })).not.toBeInTheDocument())
    expect(screen.getByRole('link', { name: 'Ivomec Plus Injection 500mL' })).toBeInTheDocument()
  })

  it('Remove sets the quantity to 0 and updates; the last line gone, the cart reads empty', async () => {
    const api = cartApi({ lines: [drench] })
    const { user } = renderApp('/cart')
    await user.click(await screen.findByRole('button', { name: /^Remove/ }))
    expect(sentTo(api, 'PUT', '/api/cart')).toEqual([{ item: 501, qty: 0 }])
    expect(await screen.findByText('This item has been updated successfully')).toBeInTheDocument()
    expect(await screen.findByText('You currently have no items in your cart')).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: /Empty.*Total: \$0\.00/ })).toBeInTheDocument()
  })

  it('shows the stock message when a cash-sale account asks for more than the branch has, and the quantity the line still holds', async () => {
    cartApi({
      put: () => ({ status: 409, body: { error: 'quantity_not_available', message: 'Unfortunately the requested quantity is not available for purchase' } }),
    })
    const { user } = renderApp('/cart')
    const input = await screen.findByRole('textbox', { name: 'Quantity of Ivomec Plus Injection 500mL' })
    await user.clear(input)
    await user.type(input, '900')
    await user.click(within(row('Ivomec Plus Injection 500mL')).getByRole('button', { name: /^Update/ }))
    expect(await screen.findByText('Unfortunately the requested quantity is not available for purchase')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Quantity of Ivomec Plus Injection 500mL' })).toHaveValue('3'))
    expect(screen.getByRole('link', { name: 'Ivomec Plus Injection 500mL' })).toBeInTheDocument()
  })

  it('says when any other update fails, and the line stays', async () => {
    cartApi({ put: () => ({ status: 500, body: { error: 'internal', message: 'boom' } }) })
    const { user } = renderApp('/cart')
    await user.click(within(await waitFor(() => row('Farmhand Stock Hose 18mm x 15m'))).getByRole('button', { name: /^Remove/ }))
    expect(await screen.findByText('Could not update the selected item')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Farmhand Stock Hose 18mm x 15m' })).toBeInTheDocument()
  })

  it('reads an empty cart as such, with nothing to act on', async () => {
    cartApi({ lines: [] })
    renderApp('/cart')
    expect(await screen.findByText('You currently have no items in your cart')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Empty Shopping Cart' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Proceed to Checkout' })).not.toBeInTheDocument()
  })

  it('treats a cart that cannot be loaded as empty and says so', async () => {
    cartApi({ items: { status: 500, body: { error: 'internal', message: 'boom' } } })
    renderApp('/cart')
    expect(await screen.findByText('An error occured loading your cart.')).toBeInTheDocument()
    expect(await screen.findByText('You currently have no items in your cart')).toBeInTheDocument()
  })

  it('asks before emptying the cart, then empties it and says so', async () => {
    const api = cartApi()
    const { user } = renderApp('/cart')
    await user.click(await screen.findByRole('button', { name: 'Empty Shopping Cart' }))
    const dialog = await screen.findByRole('dialog', { name: 'Empty your cart?' })
    await user.click(within(dialog).getByRole('button', { name: 'Keep Items' }))
    expect(sentTo(api, 'DELETE', '/api/cart')).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Empty Shopping Cart' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Empty Shopping Cart' }))
    expect(await screen.findByText('Cart emptied')).toBeInTheDocument()
    expect(sentTo(api, 'DELETE', '/api/cart')).toHaveLength(1)
    expect(await screen.findByText('You currently have no items in your cart')).toBeInTheDocument()
  })

  it('says so when the cart cannot be emptied, and keeps the lines', async () => {
    cartApi({ empty: { status: 500, body: { error: 'internal', message: 'boom' } } })
    const { user } = renderApp('/cart')
    await user.click(await screen.findByRole('button', { name: 'Empty Shopping Cart' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Empty Shopping Cart' }))
    expect(await screen.findByText('An error occured emptying your cart.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ivomec Plus Injection 500mL' })).toBeInTheDocument()
  })

  it('offers other users Proceed to Checkout and no PDF', async () => {
    cartApi()
    renderApp('/cart')
    expect(await screen.findByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', '/checkout')
    expect(screen.queryByRole('button', { name: 'Download These Items as PDF' })).not.toBeInTheDocument()
  })

  it('points out a cart held for another branch and offers to shop there', async () => {
    cartApi({ cartBranch: 'MEL' })
    const { user } = renderApp('/cart')
    const notice = await screen.findByText(/Your cart holds items for/)
    expect(notice).toHaveTextContent('Your cart holds items for Melbourne')
    await user.click(screen.getByRole('button', { name: 'Shop at Melbourne' }))
    expect(localStorage.getItem('currentWarehouse')).toBe('MEL')
    await waitFor(() => expect(screen.queryByText(/Your cart holds items for/)).not.toBeInTheDocument())
  })
})

describe('the reseller cart', () => {
  let created: Blob[]
  beforeEach(() => {
    created = []
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob)
      return 'blob:cart'
    })
    URL.revokeObjectURL = vi.fn()
  })
  afterEach(() => vi.restoreAllMocks())

  it('downloads the lines as cart.pdf, reading Generating Now... meanwhile, and offers no checkout', async () => {
    const api = cartApi({ reseller: true })
    let finish: (response: Response) => void = () => undefined
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).startsWith('/api/print-cart')
        ? new Promise<Response>((resolve) => {
            finish = resolve
          })
        : api(input, init),
    )
    const clicked: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download)
    })
    const { user } = renderApp('/cart')
    await user.click(await screen.findByRole('button', { name: 'Download These Items as PDF' }))
    expect(await screen.findByRole('button', { name: 'Generating Now...' })).toBeDisabled()
    finish(new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="cart.pdf"' } }))
    expect(await screen.findByRole('button', { name: 'Download These Items as PDF' })).toBeEnabled()
    expect(clicked).toEqual(['cart.pdf'])
    expect(created).toHaveLength(1)
    expect(screen.queryByRole('link', { name: 'Proceed to Checkout' })).not.toBeInTheDocument()
  })
})

describe('cart arithmetic', () => {
  it('sends the whole number typed, 0 for nothing, and refuses the rest', () => {
    expect(quantityToSend('')).toEqual({ quantity: 0 })
    expect(quantityToSend('007')).toEqual({ quantity: 7 })
    expect(quantityToSend('1 2a-3.5').error).toBe('Quantity must be a whole number (0 removes the line)')
  })

  it('adds up the weight as quantity times weight without float drift', () => {
    const lines = [
      aLine({ ShopCartLineID: 1, ProductID: 1, Quantity: 3, Product: { ...drench.Product, Weight: 0.1 } }),
      aLine({ ShopCartLineID: 2, ProductID: 2, Quantity: 7, Product: { ...drench.Product, Weight: 0.2 } }),
    ]
    expect(cartWeightKg(lines)).toBe(1.7)
    expect(cartWeightKg([])).toBe(0)
  })

  it('says in words what of a line goes on back order', () => {
    expect(availabilityText(2, 1)).toBe('2 ordered, 1 in stock: 1 on back order')
    expect(availabilityText(2, 0)).toBe('2 ordered, none in stock: 2 on back order')
    expect(availabilityText(1500, -3)).toBe('1,500 ordered, none in stock: 1,500 on back order')
    expect(availabilityText(2, 5)).toBe('5 in stock')
    expect(availabilityText(0, 0)).toBe('No stock')
    // A cash-sale account cannot back-order: it is told what is short.
    expect(availabilityText(2, 1, false)).toBe('2 ordered, 1 in stock: 1 not available')
  })
})
