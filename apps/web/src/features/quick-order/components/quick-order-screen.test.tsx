import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '@portal/contract/catalogue'
import type { BulkAddBody, BulkAddResult } from '@portal/contract/quick-order'
import { aProduct } from '../../../test/catalogue-factories'
import { aLogin, aSite, aUser, storeSession, warehouses } from '../../../test/factories'
import { mockApi, sentTo, type Reply } from '../../../test/fetch'
import { renderApp } from '../../../test/render'

const drench = aProduct({
  ProductID: 11,
  ProductCode: 'IVO-PLUS-500',
  Description: 'Ivomec Plus Injection 500mL',
  SinglePricing: { Price: 19.99 },
  Availability: { Available: 37 },
  Barcode: '9310000000111',
})
const hose = aProduct({
  ProductID: 12,
  ProductCode: 'FMH-SH-18M',
  Description: 'Farmhand Stock Hose 18mm x 15m',
  SinglePricing: { Price: 45.5 },
  Availability: { Available: 3 },
  Barcode: '9310000000122',
})
const tag = aProduct({
  ProductID: 13,
  ProductCode: 'ALF-TAG-100',
  Description: 'Allflex Ear Tags (100)',
  SinglePricing: { Price: 80 },
  Availability: { Available: 0 },
  Barcode: '9310000000133',
})
const catalogue = [drench, hose, tag]
const find = (code: string) => catalogue.find((p) => p.ProductCode === code.toUpperCase() || p.Barcode === code)

/** The API as the grid sees it: products by code, search over codes and descriptions, and a bulk add that reports unknown codes. */
function quickOrderApi(bulk?: (body: BulkAddBody) => Reply) {
  storeSession(aLogin({ user: aUser() }), 'WAG')
  return mockApi({
    'GET /api/site': { body: aSite() },
    'GET /api/me': { body: { user: aUser(), settings: aLogin().settings } },
    'GET /api/warehouses': { body: warehouses },
    'GET /api/categories': { body: [] },
    'GET /api/brands': { body: [] },
    'GET /api/cart': { body: { Count: 0, Value: 0, warehouse: null } },
    'GET /api/products/by-code': ({ url }) => {
      const product = find(url.searchParams.get('code') ?? '')
      return product ? { body: product } : { status: 404, body: { error: 'not_found', message: 'No such product.' } }
    },
    'POST /api/search': ({ body }) => {
      const text = String((body as { search: string }).search).toLowerCase()
      return { body: catalogue.filter((p: Product) => `${p.ProductCode} ${p.Description}`.toLowerCase().includes(text)) }
    },
    'POST /api/cart/bulk': ({ body }) => {
      const request = body as BulkAddBody
      if (bulk) return bulk(request)
      const result: BulkAddResult = { warehouse: 'WAG', added: [], notAdded: [], summary: { Count: 0, Value: 0, warehouse: 'WAG' } }
      request.lines.forEach((line, index) => {
        const product = find(line.code ?? '')
        if (product)
          result.added.push({
            index,
            ProductID: product.ProductID,
            ProductCode: product.ProductCode,
            Description: product.Description,
            Quantity: Number(line.qty),
          })
        else result.notAdded.push({ index, code: line.code ?? '', reason: 'unknown_code', message: 'Unknown product code' })
      })
      result.summary = { Count: result.added.length, Value: 100, warehouse: 'WAG' }
      return { body: result }
    },
  })
}

const codeBox = (n: number) => screen.getByRole('combobox', { name: `Product code, row ${n}` })
const qtyBox = (n: number) => screen.getByRole('textbox', { name: `Quantity, row ${n}` })
const gridRow = (n: number) => codeBox(n).closest('tr') as HTMLElement

describe('the quick order screen', () => {
  // The signed-in frame and the screen load lazily: load them once before the first test, as a browser's cache would have them.
  beforeAll(async () => {
    await Promise.all([import('../../../app/layout/signed-in-frame'), import('../../../app/routes/quick-order-route')])
  })

  it('is in the Account menu and the header', async () => {
    quickOrderApi()
    const { user, router } = renderApp('/')
    await user.click(await screen.findByRole('button', { name: 'Account' }))
    expect(await screen.findByRole('menuitem', { name: 'Quick Order' })).toHaveAttribute('href', '/quick-order')
    await user.keyboard('{Escape}')
    await user.click(screen.getByRole('link', { name: 'Quick Order' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Quick Order' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/quick-order')
  })

  it('takes codes by keyboard alone: type, Enter, quantity, Enter to the next row, and shows each line priced at the branch', async () => {
    const api = quickOrderApi()
    const { user } = renderApp('/quick-order')
    await user.click(await screen.findByRole('combobox', { name: 'Product code, row 1' }))
    await user.keyboard('ivo-plus-500{Enter}')
    await waitFor(() => expect(qtyBox(1)).toHaveFocus())
    await user.keyboard('{Control>}a{/Control}4{Enter}')
    await waitFor(() => expect(codeBox(2)).toHaveFocus())
    const first = within(gridRow(1))
    expect(await first.findByText('Ivomec Plus Injection 500mL')).toBeInTheDocument()
    expect(first.getByText('$19.99')).toBeInTheDocument()
    expect(first.getByText('37')).toBeInTheDocument()
    expect(first.getByText('$79.96')).toBeInTheDocument()

    // The typeahead: part of a description, arrow down, Enter takes the product and moves to its quantity.
    await user.keyboard('hose')
    const option = await screen.findByRole('option', { name: /FMH-SH-18M/ })
    await user.keyboard('{ArrowDown}')
    expect(option).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(qtyBox(2)).toHaveFocus())
    expect(codeBox(2)).toHaveValue('FMH-SH-18M')
    await user.keyboard('{Control>}a{/Control}2{Enter}')
    await waitFor(() => expect(codeBox(3)).toHaveFocus())
    await user.keyboard('9310000000133{Enter}')
    await waitFor(() => expect(qtyBox(3)).toHaveFocus())
    expect(await within(gridRow(3)).findByText('Allflex Ear Tags (100)')).toBeInTheDocument()
    // A row is added as the last is filled.
    expect(codeBox(4)).toHaveValue('')

    await user.click(screen.getByRole('button', { name: 'Add to cart' }))
    expect(await screen.findByRole('status')).toHaveTextContent('3 lines were added to your cart.')
    expect(sentTo(api, 'POST', '/api/cart/bulk')).toEqual([
      {
        warehouse: 'WAG',
        lines: [
          { code: 'ivo-plus-500', qty: '4' },
          { code: 'FMH-SH-18M', qty: '2' },
          { code: '9310000000133', qty: '1' },
        ],
      },
    ])
    // Added rows leave the grid.
    expect(codeBox(1)).toHaveValue('')
  })

  it('selects the quantity it moves to, so that the quantity typed replaces the default 1', async () => {
    const api = quickOrderApi()
    const { user } = renderApp('/quick-order')
    await user.click(await screen.findByRole('combobox', { name: 'Product code, row 1' }))
    await user.keyboard('IVO-PLUS-500{Enter}')
    await waitFor(() => expect(qtyBox(1)).toHaveFocus())
    await user.keyboard('8{Enter}')
    await waitFor(() => expect(codeBox(2)).toHaveFocus())
    expect(qtyBox(1)).toHaveValue('8')
    await user.click(screen.getByRole('button', { name: 'Add to cart' }))
    expect(await screen.findByRole('status')).toHaveTextContent('1 line was added to your cart.')
    expect(sentTo(api, 'POST', '/api/cart/bulk')).toEqual([{ warehouse: 'WAG', lines: [{ code: 'IVO-PLUS-500', qty: '8' }] }])
  })

  it('says at the row when a quantity is not a whole number of at least 1, and adds nothing until it is put right', async () => {
    const api = quickOrderApi()
    const { user } = renderApp('/quick-order')
    await user.click(await screen.findByRole('combobox', { name: 'Product code, row 1' }))
    await user.keyboard('IVO-PLUS-500{Enter}2.5{Enter}FMH-SH-18M{Enter}{Backspace}')
    const message = 'Quantity must be a whole number of at least 1'
    expect(qtyBox(1)).toHaveValue('2.5')
    expect(qtyBox(1)).toHaveAttribute('aria-invalid', 'true')
    expect(qtyBox(1)).toHaveAccessibleDescription(message)
    expect(within(gridRow(1)).getByText(message)).toBeInTheDocument()
    expect(qtyBox(2)).toHaveAccessibleDescription('Enter a quantity')

    await user.click(screen.getByRole('button', { name: 'Add to cart' }))
    expect(await screen.findByText('Some quantities are not whole numbers of at least 1: they are marked on their rows.')).toBeInTheDocument()
    await waitFor(() => expect(qtyBox(1)).toHaveFocus())
    expect(sentTo(api, 'POST', '/api/cart/bulk')).toEqual([])

    await user.keyboard('3')
    expect(qtyBox(1)).not.toHaveAttribute('aria-invalid')
    await user.click(qtyBox(2))
    await user.keyboard('4')
    await user.click(screen.getByRole('button', { name: 'Add to cart' }))
    expect(await screen.findByRole('status')).toHaveTextContent('2 lines were added to your cart.')
    expect(sentTo(api, 'POST', '/api/cart/bulk')).toEqual([
      {
        warehouse: 'WAG',
        lines: [
          { code: 'IVO-PLUS-500', qty: '3' },
          { code: 'FMH-SH-18M', qty: '4' },
        ],
      },
    ])
  })

  it('says at once when a code is unknown, and shows each line’s reason from the server after adding', async () => {
    quickOrderApi((body) => ({
      body: {
        warehouse: 'WAG',
        added: [{ index: 0, ProductID: 11, ProductCode: 'IVO-PLUS-500', Description: drench.Description, Quantity: 1 }],
        notAdded: [
          { index: 1, code: 'NOPE-1', reason: 'unknown_code', message: 'Unknown product code' },
          {
            index: 2,
            code: body.lines[2]!.code!,
            reason: 'quantity_not_available',
            message: 'Unfortunately the requested quantity is not available for purchase',
          },
        ],
        summary: { Count: 1, Value: 21.99, warehouse: 'WAG' },
      },
    }))
    const { user } = renderApp('/quick-order')
    await user.click(await screen.findByRole('combobox', { name: 'Product code, row 1' }))
    await user.keyboard('IVO-PLUS-500{Enter}{Enter}NOPE-1{Enter}')
    expect(await within(gridRow(2)).findByText('Unknown product code')).toBeInTheDocument()
    await user.keyboard('{Enter}ALF-TAG-100{Enter}{Control>}a{/Control}5')
    await user.click(screen.getByRole('button', { name: 'Add to cart' }))
    expect(await screen.findByRole('status')).toHaveTextContent('1 line was added to your cart. 2 lines were not added')
    expect(codeBox(1)).toHaveValue('NOPE-1')
    expect(within(gridRow(1)).getByText('Unknown product code')).toBeInTheDocument()
    expect(codeBox(2)).toHaveValue('ALF-TAG-100')
    expect(within(gridRow(2)).getByText('Unfortunately the requested quantity is not available for purchase')).toBeInTheDocument()
    expect(codeBox(2)).toHaveAccessibleDescription('Unfortunately the requested quantity is not available for purchase')
  })

  it('fills the rows from a block pasted into a code box, skipping its header line', async () => {
    const api = quickOrderApi()
    const { user } = renderApp('/quick-order')
    const box = await screen.findByRole('combobox', { name: 'Product code, row 1' })
    fireEvent.paste(box, { clipboardData: { getData: () => 'Code\tQty\nIVO-PLUS-500\t6\nFMH-SH-18M\t1\nBAD-CODE\t2\n' } })
    await waitFor(() => expect(codeBox(3)).toHaveValue('BAD-CODE'))
    expect(codeBox(1)).toHaveValue('IVO-PLUS-500')
    expect(qtyBox(1)).toHaveValue('6')
    expect(await within(gridRow(3)).findByText('Unknown product code')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Add to cart' }))
    expect(await screen.findByRole('status')).toHaveTextContent('2 lines were added to your cart. 1 line was not added')
    expect(sentTo(api, 'POST', '/api/cart/bulk')[0]).toMatchObject({
      lines: [
        { code: 'IVO-PLUS-500', qty: '6' },
        { code: 'FMH-SH-18M', qty: '1' },
        { code: 'BAD-CODE', qty: '2' },
      ],
    })
  })

  it('fills the rows from the paste box and from an uploaded .csv', async () => {
    quickOrderApi()
    const { user } = renderApp('/quick-order')
    await user.click(await screen.findByText('Paste a list'))
    await user.click(screen.getByLabelText(/Codes and quantities, one line each/))
    await user.paste('IVO-PLUS-500; 2\nFMH-SH-18M; 3')
    await user.click(screen.getByRole('button', { name: 'Fill rows' }))
    await waitFor(() => expect(codeBox(2)).toHaveValue('FMH-SH-18M'))
    await user.upload(screen.getByLabelText('Upload a .csv or .xlsx file'), new File(['Product Code,Qty\nALF-TAG-100,7\n'], 'order.csv', { type: 'text/csv' }))
    await waitFor(() => expect(codeBox(3)).toHaveValue('ALF-TAG-100'))
    expect(qtyBox(3)).toHaveValue('7')
    expect(codeBox(4)).toHaveValue('')
  })

  it('sends each Add to cart with its own Idempotency-Key, so that a retry after a lost answer adds once', async () => {
    const api = quickOrderApi()
    const { user } = renderApp('/quick-order')
    const keys: Array<string | null> = []
    for (const code of ['IVO-PLUS-500', 'FMH-SH-18M']) {
      await user.click(await screen.findByRole('combobox', { name: 'Product code, row 1' }))
      await user.keyboard(`${code}{Enter}`)
      await user.click(screen.getByRole('button', { name: 'Add to cart' }))
      await waitFor(() => expect(sentTo(api, 'POST', '/api/cart/bulk')).toHaveLength(keys.length + 1))
      const [, init] = api.mock.calls.filter(([input, i]) => i?.method === 'POST' && String(input).includes('/api/cart/bulk')).at(-1)!
      keys.push(new Headers(init?.headers).get('Idempotency-Key'))
      expect(await screen.findByText('1 line was added to your cart.')).toBeInTheDocument()
    }
    expect(keys.every((k) => k !== null && k.length >= 8 && k.length <= 100)).toBe(true)
    expect(keys[0]).not.toBe(keys[1])
  })

  it('shows the server’s reason when the whole call is refused, and keeps the rows', async () => {
    quickOrderApi(() => ({
      status: 409,
      body: {
        error: 'cart_branch_mismatch',
        message: 'Your cart holds items for Melbourne. Switch back to that branch, or empty your cart to shop at Wagga Wagga.',
      },
    }))
    const { user } = renderApp('/quick-order')
    await user.click(await screen.findByRole('combobox', { name: 'Product code, row 1' }))
    await user.keyboard('IVO-PLUS-500{Enter}')
    await user.click(screen.getByRole('button', { name: 'Add to cart' }))
    expect(await screen.findByText(/Your cart holds items for Melbourne/)).toBeInTheDocument()
    expect(codeBox(1)).toHaveValue('IVO-PLUS-500')
  })
  it('scans on a device without a camera: says so, takes typed codes, raises the quantity of a product scanned again, and names an unknown code', async () => {
    quickOrderApi()
    const { user } = renderApp('/quick-order')
    await user.click(await screen.findByRole('button', { name: 'Scan' }))
    const scanner = await screen.findByRole('dialog', { name: 'Scan barcodes' })
    expect(await within(scanner).findByRole('alert')).toHaveTextContent('No camera was found on this device. Type the barcode or product code below.')
    const field = within(scanner).getByLabelText('Barcode or product code')
    const add = within(scanner).getByRole('button', { name: 'Add' })
    const status = within(scanner).getByRole('status')

    await user.type(field, '9310000000111')
    await user.click(add)
    await waitFor(() => expect(status).toHaveTextContent('Added: Ivomec Plus Injection 500mL (IVO-PLUS-500)'))
    await user.type(field, '0000000000000')
    await user.click(add)
    await waitFor(() => expect(status).toHaveTextContent('Unknown product code 0000000000000'))
    await user.type(field, 'ivo-plus-500')
    await user.click(add)
    await waitFor(() => expect(status).toHaveTextContent('Added: Ivomec Plus Injection 500mL (IVO-PLUS-500)'))
    await user.click(within(scanner).getByRole('button', { name: 'Done' }))

    expect(codeBox(1)).toHaveValue('IVO-PLUS-500')
    expect(qtyBox(1)).toHaveValue('2')
    expect(codeBox(2)).toHaveValue('')
  })
})
