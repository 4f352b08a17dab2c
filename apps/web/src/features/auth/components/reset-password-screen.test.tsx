import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { aSite } from '../../../test/factories'
import { mockApi, sentTo } from '../../../test/fetch'
import { renderApp } from '../../../test/render'

describe('completing a password reset from the e-mailed link', () => {
  it('reads the token from the fragment, sets the new password and goes to the login screen', async () => {
    const api = mockApi({
      'GET /api/site': { body: aSite() },
      'POST /api/password-reset/complete': { body: { message: 'Password reset' } },
    })
    const { user, router } = renderApp('/reset-password#token=reset-token-0123456789')
    const button = await screen.findByRole('button', { name: 'Reset Password' })
    expect(button).toBeDisabled()
    await user.type(screen.getByLabelText(/^New Password/), 'Paddocks2027')
    expect(button).toBeDisabled()
    await user.type(screen.getByLabelText(/Repeat New Password/), 'Paddocks2027')
    expect(button).toBeEnabled()
    await user.click(button)

    expect(await screen.findByText('Your password has been reset successfully')).toBeInTheDocument()
    expect(sentTo(api, 'POST', '/api/password-reset/complete')).toEqual([{ token: 'reset-token-0123456789', newPassword: 'Paddocks2027' }])
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument()
  })

  it("shows the server's message when the link is no longer valid", async () => {
    mockApi({
      'GET /api/site': { body: aSite() },
      'POST /api/password-reset/complete': {
        status: 400,
        body: { error: 'invalid_token', message: 'This password reset link has expired or was already used.' },
      },
    })
    const { user, router } = renderApp('/reset-password#token=reset-token-0123456789')
    await user.type(await screen.findByLabelText(/^New Password/), 'Paddocks2027')
    await user.type(screen.getByLabelText(/Repeat New Password/), 'Paddocks2027')
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(await screen.findByText('This password reset link has expired or was already used.')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/reset-password')
  })

  it('explains a link without a token', async () => {
    mockApi({ 'GET /api/site': { body: aSite() } })
    renderApp('/reset-password')
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has no reset token.')
    expect(screen.queryByRole('button', { name: 'Reset Password' })).not.toBeInTheDocument()
  })
})
