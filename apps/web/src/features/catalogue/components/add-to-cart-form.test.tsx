import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { catalogueApi } from '../../../test/catalogue-api'
import { aProduct } from '../../../test/catalogue-factories'
import { aLogin, aUser, storeSession } from '../../../test/factories'
import { sentTo } from '../../../test/fetch'
import { renderApp } from '../../../test/render'

const cash = aUser({ Name: 'Pat Bell', username: 'cash', SalesCategory: 'cas' })
const elders = aUser({ Name: 'Chris Nguyen', username: 'elders', SalesCategory: 'ELD', isElders: true })
const signInAs = (user = aUser(), branch = 'WAG') => storeSession(aLogin({ user, settings: { DefaultWareHouse: branch, BranchGroup: [] } }), branch)
const card = async (name: string) => screen.findByRole('article', { name })

describe('adding to the cart from a product card', () => {
  it('sends the product, quantity and branch, says so, refreshes the header and puts the quantity back to 1', async () => {
    signInAs()
    let summary = { Count: 0, Value: 0, warehouse: null as string | null }
    const spy = catalogueApi({
      'GET /api/categories/drenches/products': { body: [aProduct({ ProductID: 5, Description: 'Coopers Magnum Drench 20L' })] },
      'GET /api/cart': () => ({ body: summary }),
      'POST /api/cart': () => {
        summary = { Count: 1, Value: 1018.56, warehouse: 'WAG' }
        return { body: summary }
      },
    })
    const { user } = renderApp('/category/drenches')
    const product = await card('Coopers Magnum Drench 20L')
    const quantity = within(product).getByRole('spinbutton', { name: 'Quantity of Coopers Magnum Drench 20L' })
    expect(quantity).toHaveValue(1)
    await user.clear(quantity)
    await user.type(quantity, '2')
    await user.click(within(product).getByRole('button', { name: 'Add to cart' }))
    expect(await screen.findByText('Product added to cart!')).toBeInTheDocument()
    expect(sentTo(spy, 'POST', '/api/cart')).toEqual([{ productID: 5, qty: 2, warehouse: 'WAG' }])
    await waitFor(() => expect(quantity).toHaveValue(1))
    expect(await screen.findByRole('link', { name: /1 item.*Total: \$1,018\.56/ })).toBeInTheDocument()
  })

  it("shows its own message when adding fails, and the server's when it refuses the quantity", async () => {
    signInAs()
    let reply = { status: 500, body: { error: 'internal', message: 'Something went wrong on our side.' } }
    catalogueApi({
      'GET /api/categories/drenches/products': { body: [aProduct({ Description: 'Coopers Magnum Drench 20L' })] },
      'POST /api/cart': () => reply,
    })
    const { user } = renderApp('/category/drenches')
    const product = await card('Coopers Magnum Drench 20L')
    await user.click(within(product).getByRole('button', { name: 'Add to cart' }))
    expect(await screen.findByText('An error occured adding this product to the cart')).toBeInTheDocument()
    reply = { status: 409, body: { error: 'quantity_not_available', message: 'Unfortunately the requested quantity is not available for purchase' } }
    await user.click(within(product).getByRole('button', { name: 'Add to cart' }))
    expect(await screen.findByText('Unfortunately the requested quantity is not available for purchase')).toBeInTheDocument()
  })

  it("for a cash account, reads 'Check other WH' and is disabled when the branch has none", async () => {
    signInAs(cash, 'MEL')
    catalogueApi({ 'GET /api/categories/drenches/products': { body: [aProduct({ Description: 'Out Here', Availability: { Available: 0 } })] } }, cash)
    renderApp('/category/drenches')
    const product = await card('Out Here')
    expect(within(product).getByRole('button', { name: 'Check other WH' })).toBeDisabled()
    expect(within(product).getByText('No stock')).toBeInTheDocument()
  })

  it('for a cash account, refuses more than the branch has without asking the server', async () => {
    signInAs(cash, 'MEL')
    const spy = catalogueApi(
      { 'GET /api/categories/drenches/products': { body: [aProduct({ Description: 'Three Left', Availability: { Available: 3 } })] } },
      cash,
    )
    const { user } = renderApp('/category/drenches')
    const product = await card('Three Left')
    const quantity = within(product).getByRole('spinbutton')
    await user.clear(quantity)
    await user.type(quantity, '4')
    await user.click(within(product).getByRole('button', { name: 'Add to cart' }))
    expect(await screen.findByText('Unfortunately the requested quantity is not available for purchase')).toBeInTheDocument()
    expect(sentTo(spy, 'POST', '/api/cart')).toEqual([])
  })

  it('lets a trade account order beyond the branch stock (it goes on back order)', async () => {
    signInAs()
    const spy = catalogueApi({
      'GET /api/categories/drenches/products': { body: [aProduct({ ProductID: 9, Description: 'None Here', Availability: { Available: 0 } })] },
      'POST /api/cart': { body: { Count: 1, Value: 10, warehouse: 'WAG' } },
    })
    const { user } = renderApp('/category/drenches')
    const product = await card('None Here')
    await user.click(within(product).getByRole('button', { name: 'Add to cart' }))
    await screen.findByText('Product added to cart!')
    expect(sentTo(spy, 'POST', '/api/cart')).toEqual([{ productID: 9, qty: 1, warehouse: 'WAG' }])
  })

  it('refuses a quantity that is not a whole number of at least 1 at the field, and adds nothing', async () => {
    signInAs()
    const spy = catalogueApi({
      'GET /api/categories/drenches/products': { body: [aProduct({ ProductID: 3, Description: 'Any' })] },
      'POST /api/cart': { body: { Count: 1, Value: 10, warehouse: 'WAG' } },
    })
    const { user } = renderApp('/category/drenches')
    const product = await card('Any')
    const quantity = within(product).getByRole('spinbutton')
    for (const [typed, message] of [
      ['2.5', 'Quantity must be a whole number of at least 1'],
      ['-2', 'Quantity must be a whole number of at least 1'],
      ['0', 'Quantity must be a whole number of at least 1'],
      ['100000', 'Quantity can be at most 99,999'],
      ['', 'Enter a quantity'],
    ]) {
      await user.clear(quantity)
      if (typed) await user.type(quantity, typed)
      await user.click(within(product).getByRole('button', { name: 'Add to cart' }))
      const error = await within(product).findByRole('alert')
      expect(error, typed).toHaveTextContent(message!)
      expect(quantity).toHaveAttribute('aria-invalid', 'true')
      expect(quantity).toHaveAccessibleDescription(message!)
      expect(quantity).toHaveFocus()
      // What was typed stays as typed: 2.5 is not turned into 25, nor -2 into 2.
      if (typed) expect(quantity).toHaveValue(Number(typed))
    }
    expect(screen.queryByText('Product added to cart!')).not.toBeInTheDocument()
    expect(sentTo(spy, 'POST', '/api/cart')).toEqual([])

    // Put right, the message goes and the quantity typed is the quantity added.
    await user.clear(quantity)
    await user.type(quantity, '25')
    expect(within(product).queryByRole('alert')).not.toBeInTheDocument()
    expect(quantity).not.toHaveAttribute('aria-invalid')
    await user.click(within(product).getByRole('button', { name: 'Add to cart' }))
    await screen.findByText('Product added to cart!')
    expect(sentTo(spy, 'POST', '/api/cart')).toEqual([{ productID: 3, qty: 25, warehouse: 'WAG' }])
  })
})

describe('product card prices', () => {
  it('show unit, carton, pallet and retail prices with their labels', async () => {
    signInAs()
    catalogueApi({
      'GET /api/categories/drenches/products': {
        body: [
          aProduct({
            Description: 'Priced',
            SinglePricing: { Price: 10, RetailPrice: 15.95 },
            CartonPricing: { Price: 9.4 },
            CartonQty: 12,
            PalletPricing: { Price: 8.6 },
            PalletQty: 240,
          }),
        ],
      },
    })
    renderApp('/category/drenches')
    const product = await card('Priced')
    const rows = within(product)
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`)
    expect(rows).toEqual(['Unit $10.00', 'Carton of 12 $9.40 each', 'Pallet of 240 $8.60 each', 'RRP $15.95'])
    expect(within(product).getByText('In stock (12)')).toBeInTheDocument()
  })

  it('show resellers one price only', async () => {
    signInAs(elders)
    catalogueApi(
      { 'GET /api/categories/drenches/products': { body: [aProduct({ Description: 'One Price', SinglePricing: { Price: 42 }, CartonPricing: undefined })] } },
      elders,
    )
    renderApp('/category/drenches')
    const product = await card('One Price')
    expect(
      within(product)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Price'])
  })
})
