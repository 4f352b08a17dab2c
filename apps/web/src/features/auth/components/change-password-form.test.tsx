import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, sentTo } from '../../../test/fetch'
import { renderWithProviders } from '../../../test/render'
import { newPasswordAcceptable } from './password-rules'
import { ChangePasswordScreen } from './change-password-screen'

async function fill(user: ReturnType<typeof renderWithProviders>['user'], current: string, next: string, repeat: string) {
  for (const [label, value] of [
    [/Current Password/, current],
    [/^New Password/, next],
    [/Repeat New Password/, repeat],
  ] as const) {
    const input = screen.getByLabelText(label)
    await user.clear(input)
    if (value) await user.type(input, value)
  }
}

describe('changing the password', () => {
  it('enables Update only with a current password and a new one that has a number and matches its repeat', async () => {
    mockApi({})
    const { user } = renderWithProviders(<ChangePasswordScreen />)
    expect(screen.getByRole('heading', { level: 1, name: 'Change Password' })).toBeInTheDocument()
    const button = screen.getByRole('button', { name: 'Update Password' })
    expect(button).toBeDisabled()

    await fill(user, 'Trade2026', 'paddocks', 'paddocks')
    expect(button, 'no number').toBeDisabled()
    await fill(user, 'Trade2026', 'paddocks7', 'paddocks8')
    expect(button, 'repeat differs').toBeDisabled()
    await fill(user, '', 'paddocks7', 'paddocks7')
    expect(button, 'no current password').toBeDisabled()
    await fill(user, 'Trade2026', 'paddocks7', 'paddocks7')
    expect(button).toBeEnabled()
  })

  it('enables the button for a non-empty password with a number, typed twice, with no length limit of its own', () => {
    expect(newPasswordAcceptable('', '')).toBe(false)
    expect(newPasswordAcceptable('a1', 'a1')).toBe(true)
    expect(newPasswordAcceptable('abc', 'abc')).toBe(false)
    expect(newPasswordAcceptable('abc1', 'abc2')).toBe(false)
  })

  it('sends the current and new password and confirms the change', async () => {
    const api = mockApi({ 'POST /api/change-password': { body: { message: 'Password changed' } } })
    const { user } = renderWithProviders(<ChangePasswordScreen />)
    await fill(user, 'Trade2026', 'Paddocks2027', 'Paddocks2027')
    await user.click(screen.getByRole('button', { name: 'Update Password' }))
    expect(await screen.findByText('Your password has been reset successfully')).toBeInTheDocument()
    expect(sentTo(api, 'POST', '/api/change-password')).toEqual([{ currentPassword: 'Trade2026', newPassword: 'Paddocks2027' }])
    expect(screen.getByLabelText(/Current Password/)).toHaveValue('')
  })

  it('says the current password may be wrong when the change fails', async () => {
    mockApi({
      'POST /api/change-password': { status: 400, body: { error: 'wrong_password', message: 'Wrong password' } },
    })
    const { user } = renderWithProviders(<ChangePasswordScreen />)
    await fill(user, 'nope', 'Paddocks2027', 'Paddocks2027')
    await user.click(screen.getByRole('button', { name: 'Update Password' }))
    expect(await screen.findByText('Failed to update password. Please make sure that the current password provided is correct')).toBeInTheDocument()
  })

  it('explains the minimum length on the field instead of sending a password the server refuses', async () => {
    const api = mockApi({})
    const { user } = renderWithProviders(<ChangePasswordScreen />)
    await fill(user, 'Trade2026', 'ab1', 'ab1')
    await user.click(screen.getByRole('button', { name: 'Update Password' }))
    expect(await screen.findByText('Password must be at least 8 characters long.')).toBeInTheDocument()
    expect(sentTo(api, 'POST', '/api/change-password')).toEqual([])
  })

  // Both rules beside the field before submitting, and why a differing repeat keeps the button disabled (decision 0026).
  it('shows both rules beside the new password, marked as they are met', async () => {
    mockApi({})
    const { user } = renderWithProviders(<ChangePasswordScreen />)
    const rules = screen.getByRole('list', { name: 'Password rules' })
    const met = () =>
      Object.fromEntries(
        within(rules)
          .getAllByRole('listitem')
          .map((li) => [li.textContent?.replace(/^\W+| \(.*\)$/g, ''), li.dataset.met]),
      )
    expect(met()).toEqual({ 'At least 8 characters': 'false', 'At least one number': 'false' })
    await fill(user, 'Trade2026', 'paddocks', '')
    expect(met()).toEqual({ 'At least 8 characters': 'true', 'At least one number': 'false' })
    await fill(user, 'Trade2026', 'ab1', '')
    expect(met()).toEqual({ 'At least 8 characters': 'false', 'At least one number': 'true' })
    expect(screen.getByLabelText(/^New Password/)).toHaveAccessibleDescription(/At least 8 characters.*At least one number/)
  })

  it('says why the button is disabled when the repeat differs', async () => {
    mockApi({})
    const { user } = renderWithProviders(<ChangePasswordScreen />)
    await fill(user, 'Trade2026', 'paddocks7', 'paddocks8')
    expect(screen.getByRole('button', { name: 'Update Password' })).toBeDisabled()
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument()
    expect(screen.getByLabelText(/Repeat New Password/)).toHaveAccessibleDescription('The passwords do not match.')
    await fill(user, 'Trade2026', 'paddocks7', 'paddocks7')
    expect(screen.queryByText('The passwords do not match.')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Update Password' })).toBeEnabled()
  })
})
