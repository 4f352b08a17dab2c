import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setCurrentWarehouse } from '../../../lib/session'
import { catalogueApi, fakeIntersectionObserver } from '../../../test/catalogue-api'
import { someProducts } from '../../../test/catalogue-factories'
import { storeSession } from '../../../test/factories'
import { sentTo } from '../../../test/fetch'
import { renderApp } from '../../../test/render'

const pageRequests = (spy: ReturnType<typeof catalogueApi>, path: string) =>
  spy.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => `${url.searchParams.get('warehouse')}:${url.searchParams.get('page')}`)

describe('a category', () => {
  it('shows 40 products and loads the next page when its end scrolls into view', async () => {
    storeSession()
    const io = fakeIntersectionObserver()
    const spy = catalogueApi({
      'GET /api/categories/animal-health/products': ({ url }) => ({ body: url.searchParams.get('page') === '1' ? someProducts(40) : someProducts(7) }),
    })
    renderApp('/category/animal-health')
    expect(await screen.findByRole('heading', { level: 1, name: 'Animal Health' })).toBeInTheDocument()
    const list = await screen.findByRole('list', { name: 'Animal Health products' })
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(40))
    await io.watched()
    io.scrollToEnd()
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(47))
    expect(pageRequests(spy, '/api/categories/animal-health/products')).toEqual(['WAG:1', 'WAG:2'])
    // A short page is the last: no more requests, no more button.
    io.scrollToEnd()
    expect(screen.queryByRole('button', { name: 'Load more products' })).not.toBeInTheDocument()
    expect(pageRequests(spy, '/api/categories/animal-health/products')).toEqual(['WAG:1', 'WAG:2'])
  })

  // A reseller opening a hidden category by its address (decision 0026).
  it('shows the not-found screen for a category the server does not have for this account', async () => {
    storeSession()
    catalogueApi({ 'GET /api/categories/apparent-herbicides/products': { status: 404, body: { error: 'not_found', message: 'Category not found.' } } })
    renderApp('/category/apparent-herbicides')
    expect(await screen.findByRole('heading', { level: 1, name: 'Category not found' })).toBeInTheDocument()
    expect(screen.getByText(/This category is not available\./)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/')
    expect(screen.queryByText('The products could not be loaded.')).not.toBeInTheDocument()
  })

  it('loads one page a scroll to the end: the next waits until every card of the pages so far is in', async () => {
    storeSession()
    const io = fakeIntersectionObserver()
    const spy = catalogueApi({ 'GET /api/categories/animal-health/products': { body: someProducts(40) } })
    renderApp('/category/animal-health')
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(40))
    await io.watched()
    io.scrollToEnd()
    // The end is still "in view" while page 2's cards render: asked again and again, no third page is asked for.
    await waitFor(() => expect(pageRequests(spy, '/api/categories/animal-health/products')).toEqual(['WAG:1', 'WAG:2']))
    while (screen.getAllByRole('article').length < 80) {
      io.scrollToEnd()
      await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
    }
    expect(pageRequests(spy, '/api/categories/animal-health/products')).toEqual(['WAG:1', 'WAG:2'])
  })

  it('stops paging after a page fails', async () => {
    storeSession()
    const io = fakeIntersectionObserver()
    const spy = catalogueApi({
      'GET /api/categories/animal-health/products': ({ url }) =>
        url.searchParams.get('page') === '2'
          ? { status: 500, body: { error: 'internal', message: 'Something went wrong on our side.' } }
          : { body: someProducts(40) },
    })
    renderApp('/category/animal-health')
    // The end of the list is reached once its cards are all in (the rest render after the first four).
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(40))
    await io.watched()
    io.scrollToEnd()
    expect(await screen.findByText('More products could not be loaded.')).toBeInTheDocument()
    io.scrollToEnd()
    expect(screen.queryByRole('button', { name: 'Load more products' })).not.toBeInTheDocument()
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(40))
    expect(pageRequests(spy, '/api/categories/animal-health/products')).toEqual(['WAG:1', 'WAG:2'])
  })

  it('starts again at page 1 when the branch changes', async () => {
    storeSession()
    const io = fakeIntersectionObserver()
    const spy = catalogueApi({ 'GET /api/categories/animal-health/products': { body: someProducts(40) } })
    renderApp('/category/animal-health')
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(40))
    await io.watched()
    io.scrollToEnd()
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(80))
    act(() => setCurrentWarehouse('MEL'))
    await waitFor(() => expect(pageRequests(spy, '/api/categories/animal-health/products')).toEqual(['WAG:1', 'WAG:2', 'MEL:1']))
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(40))
  })

  it('starts again at page 1 for another category', async () => {
    storeSession()
    const spy = catalogueApi({
      'GET /api/categories/animal-health/products': { body: someProducts(40) },
      'GET /api/categories/drenches/products': { body: someProducts(3) },
    })
    const { router } = renderApp('/category/animal-health')
    await screen.findAllByRole('article')
    await act(() => router.navigate('/category/drenches'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Drenches' })).toBeInTheDocument()
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3))
    expect(pageRequests(spy, '/api/categories/drenches/products')).toEqual(['WAG:1'])
  })
})

describe('search', () => {
  it("is titled 'Search - {text}' and sends the text as {search} with the branch", async () => {
    storeSession()
    const spy = catalogueApi({ 'POST /api/search': { body: someProducts(2, { Description: 'Ivomec Pour-On' }) } })
    renderApp('/search?text=ivomek')
    expect(await screen.findByRole('heading', { level: 1, name: 'Search - ivomek' })).toBeInTheDocument()
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2))
    expect(sentTo(spy, 'POST', '/api/search')).toEqual([{ search: 'ivomek' }])
    expect(pageRequests(spy, '/api/search')).toEqual(['WAG:1'])
  })

  it("shows 'Showing results for' with the words the server corrected, and nothing when it corrected none", async () => {
    storeSession()
    catalogueApi({
      'POST /api/search': ({ body }) =>
        (body as { search: string }).search === 'cooeers'
          ? { body: someProducts(2), headers: { 'Search-Corrected-Query': encodeURIComponent('coopers') } }
          : { body: someProducts(2) },
    })
    const { router } = renderApp('/search?text=cooeers')
    expect(await screen.findByText(/Showing results for/)).toHaveTextContent('Showing results for coopers')
    await act(() => router.navigate('/search?text=coopers'))
    await screen.findByRole('heading', { level: 1, name: 'Search - coopers' })
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2))
    expect(screen.queryByText(/Showing results for/)).not.toBeInTheDocument()
  })

  it('says so when nothing matches', async () => {
    storeSession()
    catalogueApi({ 'POST /api/search': { body: [] } })
    renderApp('/search?text=qqq')
    expect(await screen.findByText("No products match 'qqq'.")).toBeInTheDocument()
  })
})

describe('specials and popular products', () => {
  it('show their failure messages when they cannot be loaded', async () => {
    storeSession()
    catalogueApi({ 'GET /api/specials': { status: 500, body: {} }, 'GET /api/popular': { status: 500, body: {} } })
    const { router } = renderApp('/specials')
    expect(await screen.findByText('An error occured fetching the specials')).toBeInTheDocument()
    await act(() => router.navigate('/popular'))
    expect(await screen.findByText('An error occured fetching the popular products')).toBeInTheDocument()
  })

  it('show their first 4 on the home page, with links to the full lists', async () => {
    storeSession()
    catalogueApi({ 'GET /api/specials': { body: someProducts(20) }, 'GET /api/popular': { body: someProducts(20) } })
    renderApp('/')
    const popular = await screen.findByRole('list', { name: 'Popular Products' })
    const specials = await screen.findByRole('list', { name: 'Web Specials' })
    await waitFor(() => expect(within(popular).getAllByRole('article')).toHaveLength(4))
    expect(within(specials).getAllByRole('article')).toHaveLength(4)
    expect(screen.getByRole('link', { name: 'View all Popular Products' })).toHaveAttribute('href', '/popular')
    expect(screen.getByRole('link', { name: 'View all Web Specials' })).toHaveAttribute('href', '/specials')
  })
})
