import { useSyncExternalStore } from 'react'

/**
 * The back office session's token, kept apart from the customer's session (lib/session.ts): a back office
 * user signing in never becomes a customer session in this browser, and the customer screens never send it.
 */
const KEY = 'backOfficeToken'
const listeners = new Set<() => void>()

export function getBackOfficeToken(): string | null {
  try {
    return localStorage.getItem(KEY)
  } catch {
    return null
  }
}

function changed() {
  for (const listener of listeners) listener()
}

export function setBackOfficeToken(token: string) {
  localStorage.setItem(KEY, token)
  changed()
}

export function clearBackOfficeToken() {
  localStorage.removeItem(KEY)
  changed()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === KEY) changed()
  })
}

export const useBackOfficeToken = () => useSyncExternalStore(subscribe, getBackOfficeToken, getBackOfficeToken)
