import { afterEach, describe, expect, it, vi } from 'vitest'
import { aLogin } from '../test/factories'
import { mockApi } from '../test/fetch'
import { ApiError, api, apiUrl, setUnauthorizedHandler } from './api'
import { signIn, signOut } from './session'

afterEach(() => setUnauthorizedHandler(undefined))

describe('the api client', () => {
  it('builds /api addresses and leaves out empty query values', () => {
    expect(apiUrl('price-list', { warehouse: 'WAG', isElders: false, page: undefined, search: '' })).toBe('/api/price-list?warehouse=WAG&isElders=false')
  })

  it('sends the session token as a bearer header', async () => {
    signIn(aLogin({ token: 'tok-1' }))
    const fetch = mockApi({ 'GET /api/cart': { body: { Count: 1, Value: 11, warehouse: 'WAG' } } })
    await expect(api.get('cart')).resolves.toEqual({ Count: 1, Value: 11, warehouse: 'WAG' })
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe('Bearer tok-1')
  })

  it("turns an error answer into an ApiError with the server's code and message", async () => {
    mockApi({
      'POST /api/cart': {
        status: 409,
        body: { error: 'quantity_not_available', message: 'Not enough stock', fields: [] },
      },
    })
    const error = await api.post('cart', { productID: 1, qty: 5 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 409, code: 'quantity_not_available', serverMessage: 'Not enough stock' })
  })

  it('reports a 401 on a signed-in call as a dead session, but not on a login attempt', async () => {
    const onUnauthorized = vi.fn()
    setUnauthorizedHandler(onUnauthorized)
    mockApi({
      'POST /api/login': { status: 401, body: { error: 'invalid_credentials', message: 'No' } },
      'GET /api/cart': { status: 401, body: { error: 'unauthorized', message: 'Session expired' } },
    })
    await expect(api.post('login', { username: 'a', password: 'b' })).rejects.toThrow(ApiError)
    expect(onUnauthorized).not.toHaveBeenCalled()

    signIn(aLogin())
    await expect(api.get('cart')).rejects.toThrow(ApiError)
    expect(onUnauthorized).toHaveBeenCalledTimes(1)
    signOut()
  })

  it('answers 204 with nothing', async () => {
    mockApi({ 'DELETE /api/cart': { status: 204 } })
    await expect(api.delete('cart')).resolves.toBeUndefined()
  })
})
