import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { catalogueApi } from '../../../test/catalogue-api'
import { aProduct, aProductDetail } from '../../../test/catalogue-factories'
import { aLogin, aUser, storeSession } from '../../../test/factories'
import { sentTo } from '../../../test/fetch'
import { renderApp } from '../../../test/render'

const elders = aUser({ Name: 'Chris Nguyen', username: 'elders', SalesCategory: 'ELD', isElders: true })
const signInAs = (user = aUser()) => storeSession(aLogin({ user }), 'WAG')

describe('the product page', () => {
  it("shows no RRP row for an empty retail price, and keeps the description's paragraphs and line breaks as text", async () => {
    signInAs()
    catalogueApi({
      'GET /api/product/48': {
        body: aProductDetail({
          ProductID: 48,
          Description: 'Calf Rearing Pellets 20kg',
          SinglePricing: { Price: 21.5, RetailPrice: 0 },
          FullDescription1: 'Feed from day 4.\r\nFree choice, with hay.\r\n\r\nStore dry.',
          FullDescription2: '<b>Not bold</b><img src=x onerror=alert(1)>',
          FullDescription3: '',
          UserDefinedField4: '',
        }),
      },
      'GET /api/categories/pour-ons-backliners/random-products': { body: [] },
    })
    renderApp('/product/48')
    expect(await screen.findByRole('heading', { level: 1, name: 'Calf Rearing Pellets 20kg' })).toBeInTheDocument()
    expect(screen.queryByText('RRP')).not.toBeInTheDocument()
    expect(screen.queryByText('$0.00')).not.toBeInTheDocument()
    const panel = screen.getByRole('tabpanel')
    const paragraphs = [...panel.querySelectorAll('p')].map((p) => p.textContent)
    expect(paragraphs).toEqual(['Feed from day 4.\nFree choice, with hay.', 'Store dry.', '<b>Not bold</b><img src=x onerror=alert(1)>'])
    expect(panel.querySelector('b, img')).toBeNull()
  })

  it('shows the RRP when there is one', async () => {
    signInAs()
    catalogueApi({
      'GET /api/product/49': { body: aProductDetail({ ProductID: 49, Description: 'Drench 1L', SinglePricing: { Price: 21.5, RetailPrice: 29.95 } }) },
      'GET /api/categories/pour-ons-backliners/random-products': { body: [] },
    })
    renderApp('/product/49')
    expect(await screen.findByText('RRP')).toBeInTheDocument()
    expect(screen.getByText('$29.95')).toBeInTheDocument()
  })

  it('shows the product with its prices, stock, the three tabs and up to 4 related products', async () => {
    signInAs()
    const product = aProductDetail({ ProductID: 42, Description: 'Ivomec Pour-On for Cattle 5L', Category: 'pour-ons-backliners' })
    const spy = catalogueApi({
      'GET /api/product/42': { body: product },
      'GET /api/categories/pour-ons-backliners/random-products': { body: [aProduct({ ProductID: 42 }), ...Array.from({ length: 6 }, () => aProduct())] },
    })
    const { user } = renderApp('/product/42')
    expect(await screen.findByRole('heading', { level: 1, name: 'Ivomec Pour-On for Cattle 5L' })).toBeInTheDocument()
    expect(screen.getByText('In stock (12)')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Zoom image: Ivomec Pour-On for Cattle 5L' })).toBeInTheDocument()

    const tabs = screen.getAllByRole('tab').map((t) => t.textContent)
    expect(tabs).toEqual(['Product Information', 'Safety & Marketing Information', 'Product Barcode'])
    expect(screen.getByRole('tabpanel')).toHaveTextContent('A proven pour-on for cattle.')
    await user.click(screen.getByRole('tab', { name: 'Safety & Marketing Information' }))
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Safety Data Sheet')
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Product Barcode' })).toHaveAttribute('aria-selected', 'true')
    expect(within(screen.getByRole('tabpanel')).getByRole('img', { name: 'Barcode 9310000000018' })).toHaveAttribute('src', '/api/barcode/9310000000018')

    const related = await screen.findByRole('list', { name: 'Related products' })
    expect(within(related).getAllByRole('article')).toHaveLength(4)
    expect(within(related).queryByRole('article', { name: product.Description })).not.toBeInTheDocument()
    const urls = spy.mock.calls.map(([input]) => String(input))
    expect(urls).toContain('/api/product/42?warehouse=WAG')
    expect(urls).toContain('/api/categories/pour-ons-backliners/random-products?warehouse=WAG&size=20')
  })

  it('shows what the quantity typed will be charged: full cartons at the carton price, the rest at the unit price', async () => {
    signInAs()
    catalogueApi({
      'GET /api/product/46': {
        body: aProductDetail({
          ProductID: 46,
          Description: 'Ancare Drench 20mL',
          SinglePricing: { Price: 45.32 },
          CartonPricing: { Price: 40.9 },
          CartonQty: 4,
          PalletPricing: undefined,
          PalletQty: null,
        }),
      },
      'GET /api/categories/pour-ons-backliners/random-products': { body: [] },
    })
    const { user } = renderApp('/product/46')
    const preview = await screen.findByTestId('charge-preview')
    expect(preview).toHaveTextContent('1 unit: $45.32 ex GST')
    const quantity = screen.getByRole('spinbutton', { name: /Quantity/ })
    await user.clear(quantity)
    await user.type(quantity, '8')
    expect(preview).toHaveTextContent('8 units: 2 cartons of 4 at $40.90 = $327.20 ex GST')
    await user.clear(quantity)
    await user.type(quantity, '5')
    expect(preview).toHaveTextContent('5 units: 1 carton of 4 at $40.90, 1 at $45.32 = $208.92 ex GST')
  })

  it('shows a reseller the one price it pays for every unit', async () => {
    signInAs(elders)
    catalogueApi(
      {
        'GET /api/product/47': { body: aProductDetail({ ProductID: 47, SinglePricing: { Price: 45.32 }, CartonPricing: undefined, CartonQty: 4 }) },
        'GET /api/categories/pour-ons-backliners/random-products': { body: [] },
      },
      elders,
    )
    const { user } = renderApp('/product/47')
    const preview = await screen.findByTestId('charge-preview')
    const quantity = screen.getByRole('spinbutton', { name: /Quantity/ })
    await user.clear(quantity)
    await user.type(quantity, '8')
    expect(preview).toHaveTextContent('8 units: $362.56 ex GST')
  })

  it('has no barcode tab for a product without a barcode', async () => {
    signInAs()
    catalogueApi({
      'GET /api/product/43': { body: aProductDetail({ ProductID: 43, Barcode: null }) },
      'GET /api/categories/pour-ons-backliners/random-products': { body: [] },
    })
    renderApp('/product/43')
    await screen.findByRole('tablist')
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Product Information', 'Safety & Marketing Information'])
  })

  it('lists the stock at the other branches on demand', async () => {
    signInAs()
    catalogueApi({
      'GET /api/product/44': { body: aProductDetail({ ProductID: 44 }) },
      'GET /api/categories/pour-ons-backliners/random-products': { body: [] },
    })
    const { user } = renderApp('/product/44')
    await user.click(await screen.findByRole('button', { name: 'Other branches: 30 in stock' }))
    const panel = await screen.findByRole('dialog', { name: 'Stock at other branches' })
    expect(within(panel).getByRole('row', { name: 'Melbourne 20' })).toBeInTheDocument()
    expect(within(panel).getByRole('row', { name: 'Adelaide 10' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('shows its failure message when the product cannot be loaded', async () => {
    signInAs()
    catalogueApi({ 'GET /api/product/45': { status: 404, body: { error: 'not_found', message: 'No such product.' } } })
    renderApp('/product/45')
    expect(await screen.findByText('There was an error loading this product')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Product not found' })).toBeInTheDocument()
  })
})

describe('the code-setup request', () => {
  it('is for resellers: asked once, then disabled as requested', async () => {
    signInAs(elders)
    const spy = catalogueApi(
      {
        'GET /api/product/50': { body: aProductDetail({ ProductID: 50, SinglePricing: { Price: 42 }, CartonPricing: undefined }) },
        'GET /api/categories/pour-ons-backliners/random-products': { body: [] },
        'POST /api/products/code-setup': { body: { message: 'Code successfully requested.' } },
      },
      elders,
    )
    const { user } = renderApp('/product/50')
    await user.click(await screen.findByRole('button', { name: 'Request Code Setup' }))
    expect(await screen.findByText('Code successfully requested.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Code Requested' })).toBeDisabled()
    expect(sentTo(spy, 'POST', '/api/products/code-setup')).toEqual([{ id: 50, warehouse: 'WAG' }])
  })

  it('shows as requested when the reseller asked before, and says when asking failed', async () => {
    signInAs(elders)
    catalogueApi(
      {
        'GET /api/product/51': { body: aProductDetail({ ProductID: 51, CodeSetupRequested: true }) },
        'GET /api/product/52': { body: aProductDetail({ ProductID: 52 }) },
        'GET /api/categories/pour-ons-backliners/random-products': { body: [] },
        'POST /api/products/code-setup': { status: 500, body: {} },
      },
      elders,
    )
    const { user, router } = renderApp('/product/51')
    expect(await screen.findByRole('button', { name: 'Code Requested' })).toBeDisabled()
    await router.navigate('/product/52')
    await user.click(await screen.findByRole('button', { name: 'Request Code Setup' }))
    expect(await screen.findByText('Oops, something went wrong. Please try again.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Request Code Setup' })).toBeEnabled()
  })

  it('is not offered to other accounts', async () => {
    signInAs()
    catalogueApi({
      'GET /api/product/53': { body: aProductDetail({ ProductID: 53 }) },
      'GET /api/categories/pour-ons-backliners/random-products': { body: [] },
    })
    renderApp('/product/53')
    await screen.findByRole('tablist')
    expect(screen.queryByRole('button', { name: 'Request Code Setup' })).not.toBeInTheDocument()
  })
})
