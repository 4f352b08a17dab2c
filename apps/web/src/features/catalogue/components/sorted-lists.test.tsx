import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { catalogueApi, fakeIntersectionObserver } from '../../../test/catalogue-api'
import { aProduct, someProducts } from '../../../test/catalogue-factories'
import { aBrand, aLogin, aUser, storeSession } from '../../../test/factories'
import { renderApp } from '../../../test/render'

/** What each request to a path asked for: page, sort and inStock (blank when not sent). */
const asked = (spy: ReturnType<typeof catalogueApi>, path: string) =>
  spy.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => `${url.searchParams.get('page')}:${url.searchParams.get('sort') ?? ''}:${url.searchParams.get('inStock') ?? ''}`)

const LIST = '/api/categories/animal-health/products'

describe('a category sorted and filtered', () => {
  it('shows the count, sends the sort and the in-stock filter, and keeps them in the address', async () => {
    storeSession()
    const spy = catalogueApi({
      [`GET ${LIST}`]: { body: someProducts(3) },
      [`GET ${LIST}/count`]: ({ url }) => ({ body: { count: url.searchParams.get('inStock') === 'true' ? 1 : 57 } }),
    })
    const { router, user } = renderApp('/category/animal-health')
    expect(await screen.findByRole('status')).toHaveTextContent('57 products')
    const sort = screen.getByRole('combobox', { name: 'Sort by' })
    expect(sort).toHaveValue('relevance')
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Relevance', 'Description A-Z', 'Price: low to high', 'Price: high to low', 'In stock first'])
    // The default asks with neither: its pages are the ones every account shares.
    expect(asked(spy, LIST)).toEqual(['1::'])

    await user.selectOptions(sort, 'price-asc')
    await waitFor(() => expect(router.state.location.search).toBe('?sort=price-asc'))
    await waitFor(() => expect(asked(spy, LIST)).toEqual(['1::', '1:price-asc:']))

    await user.click(screen.getByRole('checkbox', { name: 'in stock at my branch' }))
    await waitFor(() => expect(router.state.location.search).toBe('?sort=price-asc&inStock=true'))
    await waitFor(() => expect(asked(spy, LIST)).toEqual(['1::', '1:price-asc:', '1:price-asc:true']))
    expect(await screen.findByText('1 product')).toBeInTheDocument()

    await user.selectOptions(sort, 'relevance')
    await waitFor(() => expect(router.state.location.search).toBe('?inStock=true'))
  })

  it('opened at an address with a view, shows that view; an unknown sort there is relevance', async () => {
    storeSession()
    const spy = catalogueApi({ [`GET ${LIST}`]: { body: someProducts(2) }, [`GET ${LIST}/count`]: { body: { count: 2 } } })
    renderApp('/category/animal-health?sort=price-desc&inStock=true')
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2))
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-desc')
    expect(screen.getByRole('checkbox', { name: 'in stock at my branch' })).toBeChecked()
    expect(asked(spy, LIST)).toEqual(['1:price-desc:true'])
    expect(screen.getByRole('status')).toHaveTextContent('2 products')
  })

  it("says 'That's everything' once the last page is in, and not before", async () => {
    storeSession()
    const io = fakeIntersectionObserver()
    catalogueApi({ [`GET ${LIST}`]: ({ url }) => ({ body: url.searchParams.get('page') === '1' ? someProducts(40) : someProducts(5) }) })
    renderApp('/category/animal-health?sort=description')
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(40))
    expect(screen.queryByText("That's everything")).not.toBeInTheDocument()
    await io.watched()
    io.scrollToEnd()
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(45))
    expect(await screen.findByText("That's everything")).toBeInTheDocument()
    // No count answer (here a 404): no number, and no error either.
    expect(screen.getByRole('status')).toHaveTextContent('')
  })

  it('says when nothing is in stock at the branch', async () => {
    storeSession()
    catalogueApi({ [`GET ${LIST}`]: { body: [] }, [`GET ${LIST}/count`]: { body: { count: 0 } } })
    renderApp('/category/animal-health?inStock=true')
    expect(await screen.findByText('Nothing here is in stock at your branch.')).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('0 products')
  })
})

describe('a brand', () => {
  it("is headed with the brand's name, whatever the case of the code in the address", async () => {
    storeSession()
    catalogueApi({ 'GET /api/brands/ivomec/products': { body: someProducts(1) } })
    renderApp('/brand/ivomec')
    expect(await screen.findByRole('heading', { level: 1, name: 'Ivomec' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { level: 1, name: 'ivomec' })).not.toBeInTheDocument()
  })

  it('shows the not-found screen for a brand the server does not have for this account', async () => {
    storeSession()
    catalogueApi({ 'GET /api/brands/BIRD/products': { status: 404, body: { error: 'not_found', message: 'Brand not found.' } } })
    renderApp('/brand/BIRD')
    expect(await screen.findByRole('heading', { level: 1, name: 'Brand not found' })).toBeInTheDocument()
  })
})

describe('specials', () => {
  const special = aProduct({ Description: 'Cydectin Pour-On 5L', SinglePricing: { Price: 180.5, RetailPrice: 291.95, UsualPrice: 190 } })
  const plain = aProduct({ Description: 'Dectomax 500mL', SinglePricing: { Price: 99, RetailPrice: 140 } })

  it('show the usual price struck through and the saving where the account pays less', async () => {
    storeSession()
    catalogueApi({ 'GET /api/specials': { body: [special, plain] }, 'GET /api/specials/count': { body: { count: 2 } } })
    renderApp('/specials')
    const card = (await screen.findByRole('heading', { level: 3, name: 'Cydectin Pour-On 5L' })).closest('article')!
    const usual = within(card as HTMLElement).getByText('$190.00')
    expect(usual.tagName).toBe('S')
    expect(within(card as HTMLElement).getByText('Save $9.50')).toBeInTheDocument()
    expect(within(card as HTMLElement).getByText(/Usual price/)).toBeInTheDocument()
    const other = screen.getByRole('heading', { level: 3, name: 'Dectomax 500mL' }).closest('article')!
    expect(within(other as HTMLElement).queryByText(/Save/)).not.toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('2 products')
  })

  it('show no usual price to a reseller, who has one price', async () => {
    storeSession(aLogin({ user: aUser({ isElders: true }) }))
    catalogueApi({ 'GET /api/specials': { body: [special] }, 'GET /api/brands': { body: [aBrand('Ivomec', 'IVOMEC')] } }, aUser({ isElders: true }))
    renderApp('/specials')
    await screen.findByRole('heading', { level: 3, name: 'Cydectin Pour-On 5L' })
    expect(screen.queryByText(/Save/)).not.toBeInTheDocument()
    expect(screen.queryByText('$190.00')).not.toBeInTheDocument()
  })
})
