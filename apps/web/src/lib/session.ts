import { useSyncExternalStore } from 'react'
import type { ActingFor, LoginResponse, SessionUser, Settings } from '@portal/contract/auth'

/**
 * The signed-in session, kept in local storage under fixed keys so that a stored
 * token restores the session at startup. `user` and `settings` hold JSON; `token` and
 * `currentWarehouse` hold plain strings.
 */
export const storageKeys = {
  user: 'user',
  token: 'token',
  settings: 'settings',
  currentWarehouse: 'currentWarehouse',
  acting: 'acting',
} as const

export type Session = {
  user: SessionUser
  token: string
  settings: Settings
  /** The branch (LocationID) the cart and product lists are for. */
  currentWarehouse: string
  /** A back office user ordering for this customer (decision 0101): the banner names them; null in the customer's own session. */
  acting: ActingFor | null
}

type Listener = () => void
const listeners = new Set<Listener>()
let snapshot: Session | null | undefined

function readJson<T>(key: string): T | null {
  const raw = localStorage.getItem(key)
  if (!raw) return null
  try {
    return JSON.parse(raw) as T
  } catch {
    return null
  }
}

function read(): Session | null {
  const token = localStorage.getItem(storageKeys.token)
  const user = readJson<SessionUser>(storageKeys.user)
  if (!token || !user || typeof user !== 'object') return null
  const settings = readJson<Settings>(storageKeys.settings) ?? { DefaultWareHouse: '', BranchGroup: [] }
  const currentWarehouse = localStorage.getItem(storageKeys.currentWarehouse) || settings.DefaultWareHouse
  const acting = readJson<ActingFor>(storageKeys.acting)
  return { user, token, settings, currentWarehouse, acting: acting && typeof acting === 'object' ? acting : null }
}

function changed() {
  snapshot = undefined
  for (const listener of listeners) listener()
}

/** Reads local storage afresh (after something other than this module wrote it). */
export const reloadSession = changed

export function getSession(): Session | null {
  if (snapshot === undefined) snapshot = read()
  return snapshot
}

export function getToken(): string | null {
  return getSession()?.token ?? null
}

/**
 * Stores a successful login; the saved branch is kept, otherwise the account's default applies. A session of staff
 * ordering for a customer (decision 0101) comes with `acting` and starts at the account's default branch.
 */
export function signIn({ user, token, settings, acting }: LoginResponse & { acting?: ActingFor | null }) {
  if (acting) {
    localStorage.setItem(storageKeys.acting, JSON.stringify(acting))
    localStorage.removeItem(storageKeys.currentWarehouse)
  } else localStorage.removeItem(storageKeys.acting)
  localStorage.setItem(storageKeys.user, JSON.stringify(user))
  localStorage.setItem(storageKeys.token, token)
  localStorage.setItem(storageKeys.settings, JSON.stringify(settings))
  if (!localStorage.getItem(storageKeys.currentWarehouse) && settings.DefaultWareHouse) {
    localStorage.setItem(storageKeys.currentWarehouse, settings.DefaultWareHouse)
  }
  changed()
}

/** Refreshes the stored user and settings (from GET /api/me) without touching the token. */
export function updateSession({ user, settings, acting: answered }: { user: SessionUser; settings: Settings; acting?: ActingFor | null | undefined }) {
  const current = getSession()
  if (!current) return
  // The server says whether staff act in this session; an answer without the field leaves it as it is.
  const acting = answered === undefined ? current.acting : answered
  if (
    JSON.stringify(current.user) === JSON.stringify(user) &&
    JSON.stringify(current.settings) === JSON.stringify(settings) &&
    JSON.stringify(current.acting) === JSON.stringify(acting)
  ) {
    return
  }
  localStorage.setItem(storageKeys.user, JSON.stringify(user))
  localStorage.setItem(storageKeys.settings, JSON.stringify(settings))
  if (acting) localStorage.setItem(storageKeys.acting, JSON.stringify(acting))
  else localStorage.removeItem(storageKeys.acting)
  changed()
}

/** Logout clears user and token (and settings); the chosen branch stays for the next login. */
export function signOut() {
  localStorage.removeItem(storageKeys.user)
  localStorage.removeItem(storageKeys.token)
  localStorage.removeItem(storageKeys.settings)
  localStorage.removeItem(storageKeys.acting)
  changed()
}

export function setCurrentWarehouse(code: string) {
  localStorage.setItem(storageKeys.currentWarehouse, code)
  changed()
}

export function subscribe(listener: Listener) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

// Another tab signing in or out changes this one too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || (Object.values(storageKeys) as string[]).includes(event.key)) reloadSession()
  })
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, getSession)
}
