import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { catalogueApi } from '../../test/catalogue-api'
import { someProducts } from '../../test/catalogue-factories'
import { storeSession } from '../../test/factories'
import { renderApp } from '../../test/render'

const suggestions = {
  products: someProducts(3).map((p, i) => ({ ...p, ProductID: 100 + i, Description: `Coopers Product ${i + 1}` })),
  groups: [{ kind: 'brand', key: 'COOPERS', title: 'Coopers' }],
  correction: 'coopers',
}

describe('the search box', () => {
  it('suggests from the second letter; arrows move through the suggestions and Enter opens one', async () => {
    storeSession()
    const spy = catalogueApi({ 'GET /api/search/suggest': { body: suggestions }, 'GET /api/product/101': { status: 404, body: {} } })
    const { user, router } = renderApp('/')
    // The first screen loads its code on demand: give it the time a slow machine needs.
    const box = await screen.findByRole('combobox', { name: 'Search products' }, { timeout: 10_000 })
    await user.type(box, 'c')
    expect(box).toHaveAttribute('aria-expanded', 'false')
    await user.type(box, 'ooeers')
    const list = await screen.findByRole('listbox', { name: 'Search suggestions' })
    expect(box).toHaveAttribute('aria-expanded', 'true')
    expect(list).toBeVisible()
    expect(within(list).getAllByRole('option')).toHaveLength(4)
    const asked = spy.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((u) => u.pathname === '/api/search/suggest')
    expect(asked.at(-1)!.searchParams.get('text')).toBe('cooeers')
    expect(asked.every((u) => (u.searchParams.get('text') ?? '').length >= 2)).toBe(true)

    await user.keyboard('{ArrowDown}{ArrowDown}')
    const second = within(list).getByRole('option', { name: /Coopers Product 2/ })
    expect(second).toHaveAttribute('aria-selected', 'true')
    expect(box).toHaveAttribute('aria-activedescendant', second.id)
    await user.keyboard('{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/101'))
    expect(screen.queryByRole('listbox', { name: 'Search suggestions' })).not.toBeInTheDocument()
  })

  it('runs the full search on Enter in the text, and Escape closes the list', async () => {
    storeSession()
    catalogueApi({ 'GET /api/search/suggest': { body: suggestions }, 'POST /api/search': { body: [] } })
    const { user, router } = renderApp('/')
    // The first screen loads its code on demand: give it the time a slow machine needs.
    const box = await screen.findByRole('combobox', { name: 'Search products' }, { timeout: 10_000 })
    await user.type(box, 'coop')
    await screen.findByRole('listbox', { name: 'Search suggestions' })
    await user.keyboard('{Escape}')
    expect(box).toHaveAttribute('aria-expanded', 'false')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(router.state.location.search).toBe('?text=coop'))
    expect(router.state.location.pathname).toBe('/search')
  })
})
