import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Reply } from '../test/fetch'
import { aBrand, aCategory, aLogin, aSite, aUser, storeSession, warehouses } from '../test/factories'
import { mockApi, sentTo } from '../test/fetch'
import { renderApp } from '../test/render'

const categories = [
  aCategory({
    id: 2,
    name: 'crop-protection',
    title: 'Crop Protection',
    acf: { order: 2, icon_name: null, child_categories: [{ category: 'herbicides', title: 'Herbicides' }] },
  }),
  aCategory({
    id: 1,
    name: 'animal-health',
    title: 'Animal Health',
    acf: {
      order: 1,
      icon_name: null,
      child_categories: [
        { category: 'drenches', title: 'Drenches' },
        { category: 'vaccines', title: 'Vaccines' },
      ],
    },
  }),
]
const brands = [aBrand('Zoetis', 'ZOE'), aBrand('Coopers', 'COO'), aBrand('Bayer', 'BAY')]

function signedInApi(overrides: Record<string, Reply | ((r: never) => Reply)> = {}) {
  return mockApi({
    'GET /api/site': { body: aSite() },
    'GET /api/me': { body: { user: aUser(), settings: aLogin().settings } },
    'GET /api/warehouses': { body: warehouses },
    'GET /api/categories': { body: categories },
    'GET /api/brands': { body: brands },
    'GET /api/cart': { body: { Count: 0, Value: 0, warehouse: null } },
    'POST /api/logout': { status: 204 },
    ...overrides,
  })
}

describe('without a session', () => {
  it('shows the login screen for any route and returns there after logging in', async () => {
    signedInApi({ 'POST /api/login': { body: aLogin() } })
    const { user, router } = renderApp('/orders')
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    await user.type(screen.getByLabelText(/Username/), 'trade')
    await user.type(screen.getByLabelText(/Password/), 'Trade2026')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Order History' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/orders')
  })
})

describe('with a stored session', () => {
  it('restores the session at startup and sends /login to /', async () => {
    storeSession()
    signedInApi()
    const { router } = renderApp('/login')
    expect(await screen.findByText('Hi, Jo Grower!')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
  })

  it('redirects unknown routes to /', async () => {
    storeSession()
    signedInApi()
    const { router } = renderApp('/no/such/page')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(await screen.findByRole('heading', { name: 'Popular Products' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Web Specials' })).toBeInTheDocument()
  })

  it('shows the frame: greeting, logout link, landmarks, cart summary and footer links', async () => {
    storeSession()
    signedInApi({ 'GET /api/cart': { body: { Count: 3, Value: 1234.5, warehouse: 'WAG' } } })
    renderApp('/')
    expect(await screen.findByText('Hi, Jo Grower!')).toBeInTheDocument()
    expect(screen.getByRole('banner')).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
    expect(screen.getByRole('main')).toBeInTheDocument()
    expect(screen.getByRole('contentinfo')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout')
    expect(screen.getByRole('combobox', { name: 'Search products' })).toBeInTheDocument()

    const cart = await screen.findByRole('link', { name: /Total: \$1,234\.50/ })
    expect(cart).toHaveAttribute('href', '/cart')
    expect(cart).toHaveTextContent('3 items')

    const footer = within(screen.getByRole('contentinfo'))
    expect(footer.getByRole('link', { name: "Promo's & News" })).toHaveAttribute('href', '/blog')
    expect(footer.getByRole('link', { name: 'Price List' })).toHaveAttribute('href', '/api/price-list?warehouse=WAG')
    expect(footer.getByRole('link', { name: 'Order History' })).toHaveAttribute('href', '/orders')
    expect(footer.getByRole('link', { name: 'Invoice History' })).toHaveAttribute('href', '/invoices')
    expect(footer.getByRole('link', { name: 'Privacy Notification' })).toHaveAttribute('href', '/privacy')
    expect(footer.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/terms')
  })

  it("reads 'Empty' with a zero total when the cart has nothing in it", async () => {
    storeSession()
    signedInApi()
    renderApp('/')
    const cart = await screen.findByRole('link', { name: /Total: \$0\.00/ })
    expect(cart).toHaveTextContent('Empty')
  })

  it('shows the Users entry in the Account menu to an Administrator only', async () => {
    storeSession(aLogin({ user: aUser({ Role: 'Administrator' }) }))
    signedInApi()
    const { user } = renderApp('/')
    await user.click(await screen.findByRole('button', { name: 'Account' }))
    const menu = await screen.findByRole('menu', { name: 'Account' })
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Quick Order',
      'Saved Lists',
      'Standing Orders',
      'Buy Again',
      'Stock alerts',
      'Order History',
      'Quotes',
      'Approvals',
      'Backordered Items',
      'Invoice History',
      'Balance & Statements',
      'Change Password',
      'Blog',
      'Users',
      'Logout',
    ])
    expect(within(menu).getByRole('menuitem', { name: 'Users' })).toHaveAttribute('href', '/users')
  })

  it('leaves Users out of the Account menu for other roles', async () => {
    storeSession(aLogin({ user: aUser({ Role: 'User' }) }))
    signedInApi({ 'GET /api/me': { body: { user: aUser({ Role: 'User' }), settings: aLogin().settings } } })
    const { user } = renderApp('/')
    await user.click(await screen.findByRole('button', { name: 'Account' }))
    const menu = await screen.findByRole('menu', { name: 'Account' })
    expect(within(menu).queryByRole('menuitem', { name: 'Users' })).not.toBeInTheDocument()
    expect(within(menu).getByRole('menuitem', { name: 'Approvals' })).toHaveAttribute('href', '/approvals')
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument()
  })

  it('leaves Standing Orders and Approvals out of the Account menu for a reseller', async () => {
    const reseller = aUser({ Role: 'User', isElders: true })
    storeSession(aLogin({ user: reseller }))
    signedInApi({ 'GET /api/me': { body: { user: reseller, settings: aLogin().settings } } })
    const { user } = renderApp('/')
    await user.click(await screen.findByRole('button', { name: 'Account' }))
    const menu = await screen.findByRole('menu', { name: 'Account' })
    expect(within(menu).getByRole('menuitem', { name: 'Order History' })).toBeInTheDocument()
    expect(within(menu).queryByRole('menuitem', { name: 'Approvals' })).not.toBeInTheDocument()
    expect(within(menu).queryByRole('menuitem', { name: 'Standing Orders' })).not.toBeInTheDocument()
  })

  it('lists parent categories in menu order, each followed by its children', async () => {
    storeSession()
    signedInApi()
    const { user, router } = renderApp('/')
    await user.click(await screen.findByRole('button', { name: 'Category' }))
    const menu = await screen.findByRole('menu', { name: 'Category' })
    await waitFor(() => expect(within(menu).getAllByRole('menuitem')).toHaveLength(5))
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Animal Health', 'Drenches', 'Vaccines', 'Crop Protection', 'Herbicides'])
    await user.click(within(menu).getByRole('menuitem', { name: 'Vaccines' }))
    // Screens load lazily: the route changes once the screen's code is in.
    expect(await screen.findByRole('heading', { level: 1, name: 'Vaccines' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/category/vaccines')
  })

  it('groups the brands by letter and opens a brand by its code', async () => {
    storeSession()
    // The brand page asks for the brand's products (an unknown brand answers 404: "Brand not found").
    signedInApi({ 'GET /api/brands/COO/products': { body: [] }, 'GET /api/brands/COO/products/count': { body: { count: 0 } } })
    const { user, router } = renderApp('/')
    await user.click(await screen.findByRole('button', { name: 'Brand' }))
    const menu = await screen.findByRole('menu', { name: 'Brand' })
    await waitFor(() => expect(within(menu).getAllByRole('menuitem')).toHaveLength(2))
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['B & C (2)›', 'W Y Z (1)›'])
    await user.click(within(menu).getByRole('menuitem', { name: /B & C/ }))
    const group = await screen.findByRole('menu', { name: /B & C/ })
    expect(
      within(group)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Bayer', 'Coopers'])
    const coopers = within(group).getByRole('menuitem', { name: 'Coopers' })
    expect(coopers).toHaveAttribute('href', '/brand/COO')
    coopers.focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/brand/COO'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Coopers' })).toBeInTheDocument()
  })

  it('searches on Enter', async () => {
    storeSession()
    signedInApi()
    const { user, router } = renderApp('/')
    await user.type(await screen.findByRole('combobox', { name: 'Search products' }), 'drench gun{Enter}')
    expect(await screen.findByRole('heading', { level: 1, name: 'Search - drench gun' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/search')
    expect(router.state.location.search).toBe('?text=drench+gun')
  })

  it('opens each screen of the route table at its heading', async () => {
    storeSession()
    signedInApi()
    const cases: [string, string][] = [
      ['/back-orders', 'Items on Back Order'],
      ['/balance', 'Balance'],
      ['/blog', 'Promotions & News'],
      ['/popular', 'Popular Products'],
      ['/specials', 'Specials'],
      ['/invoice/12', 'Tax Invoice'],
      ['/orders', 'Order History'],
      ['/invoices', 'Invoice History'],
      ['/cart', 'Shopping Cart'],
      ['/checkout', 'Checkout'],
      ['/users', 'Users'],
      ['/approvals', 'Approvals'],
      ['/standing-orders', 'Standing Orders'],
    ]
    const { router } = renderApp('/')
    for (const [path, heading] of cases) {
      await router.navigate(path)
      expect(await screen.findByRole('heading', { level: 1, name: heading }), path).toBeInTheDocument()
    }
  })

  /** Signed in on the home screen, with window.scrollTo watched. */
  async function signedInAtHome() {
    storeSession()
    signedInApi()
    const scrollTo = vi.spyOn(window, 'scrollTo')
    const { router } = renderApp('/')
    await screen.findByText('Hi, Jo Grower!')
    return { router, scrollTo }
  }

  it('scrolls to the top 200 ms after a screen opens', async () => {
    const { router, scrollTo } = await signedInAtHome()
    scrollTo.mockClear()
    await router.navigate('/balance')
    expect(scrollTo).not.toHaveBeenCalled()
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 }), { timeout: 1000 })
  })

  it('leaves a screen where it is when the user starts scrolling it within those 200 ms', async () => {
    const { router, scrollTo } = await signedInAtHome()
    await router.navigate('/balance')
    window.dispatchEvent(new WheelEvent('wheel', { deltaY: 400 }))
    await router.navigate('/invoices')
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'End' }))
    scrollTo.mockClear()
    // A screen opened after that scrolls to the top again.
    await router.navigate('/orders')
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 }), { timeout: 1000 })
    expect(scrollTo).toHaveBeenCalledTimes(1)
  })

  describe('a page moved during those 200 ms', () => {
    const scrollY = (y: number) => Object.defineProperty(window, 'scrollY', { value: y, configurable: true })
    afterEach(() => scrollY(0))

    it('stays where it was moved down from the top to (an element scrolled into view to be tapped, Tab to a field below)', async () => {
      const { router, scrollTo } = await signedInAtHome()
      await router.navigate('/balance')
      await screen.findByRole('heading', { level: 1, name: 'Balance' })
      scrollY(640)
      window.dispatchEvent(new Event('scroll'))
      scrollTo.mockClear()
      await new Promise((resolve) => setTimeout(resolve, 400))
      expect(scrollTo).not.toHaveBeenCalled()
    })

    it('opens at the top at once when opened from a scrolled screen, and stays where it is then moved down to', async () => {
      const { router, scrollTo } = await signedInAtHome()
      scrollTo.mockImplementation(((options: ScrollToOptions) => scrollY(options.top ?? 0)) as typeof window.scrollTo)
      await new Promise((resolve) => setTimeout(resolve, 300))
      scrollY(2400)
      scrollTo.mockClear()
      await router.navigate('/balance')
      // In the commit that shows the screen, before it is painted: nothing can be tapped at the old place meanwhile.
      await screen.findByRole('heading', { level: 1, name: 'Balance' })
      expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 })
      expect(window.scrollY).toBe(0)
      scrollY(640)
      window.dispatchEvent(new Event('scroll'))
      scrollTo.mockClear()
      await new Promise((resolve) => setTimeout(resolve, 400))
      expect(scrollTo).not.toHaveBeenCalled()
      expect(window.scrollY).toBe(640)
    })
  })
})

describe('failures', () => {
  it('names the list that could not be loaded', async () => {
    storeSession()
    signedInApi({
      'GET /api/categories': { status: 500, body: { error: 'internal', message: 'boom' } },
      'GET /api/brands': { status: 500, body: { error: 'internal', message: 'boom' } },
      'GET /api/cart': { status: 500, body: { error: 'internal', message: 'boom' } },
    })
    renderApp('/')
    expect(await screen.findByText('An error occured fetching a list of product categories')).toBeInTheDocument()
    expect(await screen.findByText('An error occured fetching a list of product brands')).toBeInTheDocument()
    expect(await screen.findByText('An error occured fetching your cart information')).toBeInTheDocument()
  })

  it('uses the categories message when the branches cannot be loaded', async () => {
    storeSession()
    signedInApi({ 'GET /api/warehouses': { status: 503, body: { error: 'unavailable', message: 'down' } } })
    renderApp('/')
    expect(await screen.findByText('An error occured fetching a list of product categories')).toBeInTheDocument()
  })

  it('sends a 401 to /logout, which clears the session and shows the login screen', async () => {
    storeSession(aLogin(), 'MEL')
    const api = signedInApi({
      'GET /api/cart': { status: 401, body: { error: 'unauthorized', message: 'Session expired' } },
      'POST /api/logout': { status: 401, body: { error: 'unauthorized', message: 'Session expired' } },
    })
    const { router } = renderApp('/orders')
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(sentTo(api, 'POST', '/api/logout')).toHaveLength(1)
    expect(localStorage.getItem('token')).toBeNull()
    expect(localStorage.getItem('user')).toBeNull()
    expect(localStorage.getItem('settings')).toBeNull()
    expect(localStorage.getItem('currentWarehouse')).toBe('MEL')
    expect(screen.queryByText('An error occured fetching your cart information')).not.toBeInTheDocument()
  })
})

describe('logging out', () => {
  it('revokes the token, clears the session and ends on the login screen', async () => {
    storeSession()
    const api = signedInApi()
    const { user, router } = renderApp('/')
    await user.click(await screen.findByRole('link', { name: 'Logout' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(sentTo(api, 'POST', '/api/logout')).toHaveLength(1)
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('still logs out when the server cannot be reached', async () => {
    storeSession()
    signedInApi({ 'POST /api/logout': { status: 502 } })
    const { router } = renderApp('/logout')
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(localStorage.getItem('token')).toBeNull()
  })
})
