import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { forgetKeptAnswers, noteAnswer, useKeptSince } from './connection'

afterEach(() => {
  vi.restoreAllMocks()
  act(() => forgetKeptAnswers())
})

describe('what the screen shows from saved copies', () => {
  it('says when the oldest copy shown was saved, until the network answers for it', () => {
    const { result } = renderHook(() => useKeptSince())
    act(() => noteAnswer('products?page=1', '2026-03-03T10:00:00.000Z'))
    expect(result.current).toBe(Date.parse('2026-03-03T10:00:00.000Z'))
    act(() => noteAnswer('categories', null))
    expect(result.current).toBe(Date.parse('2026-03-03T10:00:00.000Z'))
    act(() => noteAnswer('products?page=2', null))
    expect(result.current).toBeNull()
  })

  it('forgets the copies read while offline once the connection is back: fresh data is never marked as saved', () => {
    const { result } = renderHook(() => useKeptSince())
    act(() => {
      noteAnswer('categories', '2026-03-03T10:00:00.000Z')
      noteAnswer('me', '2026-03-03T09:00:00.000Z')
    })
    expect(result.current).not.toBeNull()
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    expect(result.current).toBeNull()
    // A copy the cache answers again after that (a slow line) is said again.
    act(() => noteAnswer('categories', '2026-03-03T11:00:00.000Z'))
    expect(result.current).toBe(Date.parse('2026-03-03T11:00:00.000Z'))
  })
})
