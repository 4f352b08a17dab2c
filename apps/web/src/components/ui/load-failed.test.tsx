import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LoadFailed, NOT_SAVED_OFFLINE } from './load-failed'

afterEach(() => vi.restoreAllMocks())

const offline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)

describe('a screen that could not load', () => {
  it('offline, with nothing saved on the device, says the page is not saved for offline use', () => {
    offline()
    render(<LoadFailed error={new TypeError('Failed to fetch')}>The products could not be loaded.</LoadFailed>)
    expect(screen.getByText(NOT_SAVED_OFFLINE)).toBeInTheDocument()
    expect(screen.queryByText('The products could not be loaded.')).not.toBeInTheDocument()
  })

  it('says its own message when the server failed, or when the device is online', () => {
    render(<LoadFailed error={new TypeError('Failed to fetch')}>The products could not be loaded.</LoadFailed>)
    expect(screen.getByText('The products could not be loaded.')).toBeInTheDocument()
  })

  it('offline, says its own message for a refusal of the server', () => {
    offline()
    render(<LoadFailed error={new Error('500')}>The products could not be loaded.</LoadFailed>)
    expect(screen.getByText('The products could not be loaded.')).toBeInTheDocument()
  })
})
