import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { aLogin, aSite, aUser, storeSession, warehouses } from '../../test/factories'
import { mockApi, sentTo, type Reply } from '../../test/fetch'
import { renderApp } from '../../test/render'

function api(cartCount: number, emptyReply: Reply = { status: 204 }) {
  let count = cartCount
  return mockApi({
    'GET /api/site': { body: aSite() },
    'GET /api/me': { body: { user: aUser(), settings: aLogin().settings } },
    'GET /api/warehouses': { body: warehouses },
    'GET /api/categories': { body: [] },
    'GET /api/brands': { body: [] },
    'GET /api/cart': () => ({ body: { Count: count, Value: count * 11, warehouse: 'WAG' } }),
    'DELETE /api/cart': () => {
      if ((emptyReply.status ?? 200) < 400) count = 0
      return emptyReply
    },
  })
}

async function chooseBranch(name: string) {
  const app = renderApp('/')
  const select = await screen.findByLabelText('Branch')
  await screen.findByRole('option', { name: 'Melbourne' })
  await screen.findByRole('link', { name: /Total: / })
  await app.user.selectOptions(select, name)
  return { ...app, select }
}

describe('switching branch', () => {
  it('applies at once when the cart is empty', async () => {
    storeSession(aLogin(), 'WAG')
    const fetch = api(0)
    const { select } = await chooseBranch('Melbourne')
    expect(select).toHaveValue('MEL')
    expect(localStorage.getItem('currentWarehouse')).toBe('MEL')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(sentTo(fetch, 'DELETE', '/api/cart')).toHaveLength(0)
  })

  it('asks first when the cart has items, and cancelling keeps the branch', async () => {
    storeSession(aLogin(), 'WAG')
    const fetch = api(2)
    const { user, select } = await chooseBranch('Melbourne')
    const dialog = await screen.findByRole('dialog', { name: 'Change branch?' })
    expect(dialog).toHaveTextContent('Changing branch will empty your cart.')
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(select).toHaveValue('WAG')
    expect(localStorage.getItem('currentWarehouse')).toBe('WAG')
    expect(sentTo(fetch, 'DELETE', '/api/cart')).toHaveLength(0)
  })

  it('empties the cart, refreshes the summary and changes branch on confirm', async () => {
    storeSession(aLogin(), 'WAG')
    const fetch = api(2)
    const { user, select } = await chooseBranch('Adelaide')
    await user.click(await screen.findByRole('button', { name: 'Change branch' }))
    await waitFor(() => expect(select).toHaveValue('ADE'))
    expect(sentTo(fetch, 'DELETE', '/api/cart')).toHaveLength(1)
    expect(localStorage.getItem('currentWarehouse')).toBe('ADE')
    expect(await screen.findByRole('link', { name: /Total: \$0\.00/ })).toHaveTextContent('Empty')
  })

  it('keeps the branch and says so when the cart cannot be emptied', async () => {
    storeSession(aLogin(), 'WAG')
    api(2, { status: 500, body: { error: 'internal', message: 'boom' } })
    const { user, select } = await chooseBranch('Adelaide')
    await user.click(await screen.findByRole('button', { name: 'Change branch' }))
    expect(await screen.findByText('An error occured emptying your cart.')).toBeInTheDocument()
    expect(select).toHaveValue('WAG')
    expect(localStorage.getItem('currentWarehouse')).toBe('WAG')
  })
})
