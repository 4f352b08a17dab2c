import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { aLogin, aSite, aUser, warehouses } from '../../../test/factories'
import { mockApi, sentTo } from '../../../test/fetch'
import { renderApp } from '../../../test/render'

const signedInApi = {
  'GET /api/site': { body: aSite() },
  'GET /api/warehouses': { body: warehouses },
  'GET /api/categories': { body: [] },
  'GET /api/brands': { body: [] },
  'GET /api/cart': { body: { Count: 0, Value: 0, warehouse: null } },
  'GET /api/me': { body: { user: aUser(), settings: aLogin().settings } },
}

describe('the login form', () => {
  it('has a heading and keeps the button disabled until username and password are both filled', async () => {
    mockApi({ 'GET /api/site': { body: aSite() } })
    const { user } = renderApp('/login')
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument()
    const button = screen.getByRole('button', { name: 'Login' })
    expect(button).toBeDisabled()
    await user.type(screen.getByLabelText(/Username/), 'trade')
    expect(button).toBeDisabled()
    await user.type(screen.getByLabelText(/Password/), 'Trade2026')
    expect(button).toBeEnabled()
    await user.clear(screen.getByLabelText(/Username/))
    expect(button).toBeDisabled()
  })

  it('says the username or password is incorrect when the login fails', async () => {
    mockApi({
      'GET /api/site': { body: aSite() },
      'POST /api/login': { status: 401, body: { error: 'invalid_credentials', message: 'Invalid username or password' } },
    })
    const { user, router } = renderApp('/login')
    await user.type(await screen.findByLabelText(/Username/), 'trade')
    await user.type(screen.getByLabelText(/Password/), 'wrong1')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByText('Username / password provided is incorrect!')).toBeInTheDocument()
    expect(localStorage.getItem('token')).toBeNull()
    expect(router.state.location.pathname).toBe('/login')
  })

  it("shows the server's message when logins are throttled", async () => {
    mockApi({
      'GET /api/site': { body: aSite() },
      'POST /api/login': {
        status: 429,
        body: { error: 'too_many_requests', message: 'Too many login attempts. Try again in 15 minutes.' },
      },
    })
    const { user } = renderApp('/login')
    await user.type(await screen.findByLabelText(/Username/), 'trade')
    await user.type(screen.getByLabelText(/Password/), 'wrong1')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByText('Too many login attempts. Try again in 15 minutes.')).toBeInTheDocument()
  })

  it('stores the session, welcomes the user and opens the home screen on success', async () => {
    const response = aLogin({ user: aUser({ Name: 'Jo Grower' }) })
    const api = mockApi({ ...signedInApi, 'POST /api/login': { body: response } })
    const { user, router } = renderApp('/login')
    await user.type(await screen.findByLabelText(/Username/), '  trade')
    await user.type(screen.getByLabelText(/Password/), 'Trade2026')
    await user.click(screen.getByRole('button', { name: 'Login' }))

    expect(await screen.findByText('Welcome back Jo Grower!')).toBeInTheDocument()
    expect(sentTo(api, 'POST', '/api/login')).toEqual([{ username: 'trade', password: 'Trade2026' }])
    expect(localStorage.getItem('token')).toBe(response.token)
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(response.user)
    expect(JSON.parse(localStorage.getItem('settings') ?? 'null')).toEqual(response.settings)
    expect(localStorage.getItem('currentWarehouse')).toBe('WAG')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(await screen.findByText('Hi, Jo Grower!')).toBeInTheDocument()
    // Then the menus and the cart summary load, with the new token.
    await waitFor(() => expect(sentTo(api, 'GET', '/api/cart')).toHaveLength(1))
    expect(sentTo(api, 'GET', '/api/warehouses')).toHaveLength(1)
    expect(sentTo(api, 'GET', '/api/categories')).toHaveLength(1)
    expect(sentTo(api, 'GET', '/api/brands')).toHaveLength(1)
    const cartCall = api.mock.calls.find(([input]) => String(input).startsWith('/api/cart'))
    expect(new Headers(cartCall?.[1]?.headers).get('Authorization')).toBe(`Bearer ${response.token}`)
  })

  it('restores the saved branch instead of the default', async () => {
    localStorage.setItem('currentWarehouse', 'MEL')
    mockApi({ ...signedInApi, 'POST /api/login': { body: aLogin() } })
    const { user } = renderApp('/login')
    await user.type(await screen.findByLabelText(/Username/), 'trade')
    await user.type(screen.getByLabelText(/Password/), 'Trade2026')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByLabelText('Branch')).toHaveValue('MEL')
    expect(localStorage.getItem('currentWarehouse')).toBe('MEL')
  })

  it('lists the demo logins in demo mode and fills the form with one', async () => {
    mockApi({
      'GET /api/site': {
        body: aSite({ demo: true, demoLogins: [{ username: 'cash', password: 'Cash2026', description: 'Cash sale' }] }),
      },
    })
    const { user } = renderApp('/login')
    await user.click(await screen.findByRole('button', { name: 'Fill in the cash demo account' }))
    expect(screen.getByLabelText(/Username/)).toHaveValue('cash')
    expect(screen.getByLabelText(/Password/)).toHaveValue('Cash2026')
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled()
  })
})

describe("the distributor's identity on the login page", () => {
  it('shows its name, logo, ABN, phone, e-mail and address, and no demo accounts when the portal has none', async () => {
    mockApi({ 'GET /api/site': { body: aSite({ demo: true, demoLogins: [], logoUrl: '/api/site/logo' }) } })
    renderApp('/login')
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument()
    const home = await screen.findByRole('link', { name: 'Southern Cross Rural Supplies' })
    expect(home.querySelector('img')).toHaveAttribute('src', '/api/site/logo')
    const footer = screen.getByRole('contentinfo')
    expect(footer).toHaveTextContent('Southern Cross Rural Supplies · ABN 12 345 678 901 · Phone 1800 000 000')
    expect(footer).toHaveTextContent('40 Gipps Street, Hamilton VIC 3300')
    expect(document.body).not.toHaveTextContent(/Riverina/)
    expect(screen.queryByRole('heading', { name: 'Demo accounts' })).not.toBeInTheDocument()
  })
})

describe('the forgotten password view', () => {
  async function openForgotten() {
    const app = renderApp('/login')
    await app.user.click(await screen.findByRole('button', { name: 'Forgotten password?' }))
    // The form's code is fetched when the view opens.
    await screen.findByRole('button', { name: 'Reset Password' })
    return app
  }

  it('toggles with the login form', async () => {
    mockApi({ 'GET /api/site': { body: aSite() } })
    const { user } = await openForgotten()
    expect(screen.getByRole('heading', { level: 1, name: 'Forgotten Password' })).toBeInTheDocument()
    expect(screen.getByLabelText(/Email/)).toBeInTheDocument()
    expect(screen.queryByLabelText(/Password/)).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Back to login' }))
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument()
    expect(screen.getByLabelText(/Password/)).toBeInTheDocument()
  })

  it('keeps the button disabled until username and email are both filled', async () => {
    mockApi({ 'GET /api/site': { body: aSite() } })
    const { user } = await openForgotten()
    const button = screen.getByRole('button', { name: 'Reset Password' })
    expect(button).toBeDisabled()
    await user.type(screen.getByLabelText(/Email/), 'jo@example.com')
    expect(button).toBeDisabled()
    await user.type(screen.getByLabelText(/Username/), 'trade')
    expect(button).toBeEnabled()
  })

  it('tells the user to check their inbox when the request is accepted', async () => {
    const api = mockApi({
      'GET /api/site': { body: aSite() },
      'POST /api/password-reset': { body: { message: 'If the details match an account, an email is on its way.' } },
    })
    const { user } = await openForgotten()
    await user.type(screen.getByLabelText(/Username/), 'trade')
    await user.type(screen.getByLabelText(/Email/), 'jo@example.com')
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(await screen.findByText('Success! Check your email inbox for instructions on how to reset your password')).toBeInTheDocument()
    expect(sentTo(api, 'POST', '/api/password-reset')).toEqual([{ username: 'trade', email: 'jo@example.com' }])
  })

  it("shows the server's message, or an unknown error, when the request fails", async () => {
    let reply = { status: 429, body: { error: 'too_many_requests', message: 'Please wait before trying again.' } }
    mockApi({ 'GET /api/site': { body: aSite() }, 'POST /api/password-reset': () => reply })
    const { user } = await openForgotten()
    await user.type(screen.getByLabelText(/Username/), 'trade')
    await user.type(screen.getByLabelText(/Email/), 'jo@example.com')
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(await screen.findByText('Please wait before trying again.')).toBeInTheDocument()

    reply = { status: 500, body: undefined as never }
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(await screen.findByText('An unknown error has occurred')).toBeInTheDocument()
  })
})
