import { useSyncExternalStore } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import type { CartSummary } from '@portal/contract/cart'
import type { BulkAddResult } from '@portal/contract/quick-order'
import { api, ApiError, serverMessage } from '../../lib/api'
import { isNetworkFailure, isOnline } from '../../lib/connection'
import { getSession } from '../../lib/session'
import type { CartChange, QueuedChange } from './queue'

/**
 * Cart changes that work without a connection (docs/decisions/0031-offline-app.md). A change made offline,
 * or cut off by the network, waits in the device's queue ("waiting to send") and goes out, in order, with
 * the same Idempotency-Key, when the connection is back; each result is shown. The queue's code and IndexedDB
 * are loaded only when first needed.
 */
export type Queued = { queued: true }
export const isQueued = (value: unknown): value is Queued => typeof value === 'object' && value !== null && 'queued' in value

export type ChangeResult = { id: number; label: string; ok: boolean; message: string }
type State = { waiting: QueuedChange[]; sending: boolean; results: ChangeResult[] }

let state: State = { waiting: [], sending: false, results: [] }
const listeners = new Set<() => void>()
const set = (next: Partial<State>) => {
  state = { ...state, ...next }
  for (const listener of listeners) listener()
}
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export const useCartQueue = () =>
  useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  )

const loadQueue = () => import('./queue')
/** Without IndexedDB (an old or locked-down browser) nothing can wait on the device: changes need the connection. */
const canQueue = () => typeof indexedDB !== 'undefined'
const currentUser = () => getSession()?.user.username ?? null

/** What the server answers a change: the cart's summary, or a bulk add's report line by line. */
export type ChangeAnswer<C extends CartChange> = C extends { kind: 'bulk' } ? BulkAddResult : CartSummary

function send<C extends CartChange>(change: C, key: string): Promise<ChangeAnswer<C>>
function send(change: CartChange, key: string): Promise<CartSummary | BulkAddResult> {
  const headers = { 'Idempotency-Key': key }
  if (change.kind === 'bulk') return api.post<BulkAddResult>('cart/bulk', change.body, { headers })
  return change.kind === 'add' ? api.post<CartSummary>('cart', change.body, { headers }) : api.put<CartSummary>('cart', change.body, { headers })
}

async function refreshWaiting() {
  const user = currentUser()
  set({ waiting: user && canQueue() ? await (await loadQueue()).waiting(user) : [] })
}

async function queue(change: CartChange, key: string, label: string): Promise<Queued> {
  const user = currentUser()
  if (!user) throw new Error('Not signed in')
  await (await loadQueue()).enqueue({ ...change, user, key, label, queuedAt: Date.now() })
  await refreshWaiting()
  return { queued: true }
}

/**
 * Sends a cart change now, or queues it: offline, behind changes already waiting (they keep their order),
 * or when the network fails under it (the same key goes out again later, so it is applied once).
 */
export async function sendOrQueue<C extends CartChange>(change: C, label: string): Promise<ChangeAnswer<C> | Queued> {
  const key = crypto.randomUUID()
  if (canQueue() && (!isOnline() || state.waiting.length > 0)) return queue(change, key, label)
  try {
    return await send(change, key)
  } catch (error) {
    if (canQueue() && isNetworkFailure(error)) return queue(change, key, label)
    throw error
  }
}

const lines = (n: number) => `${n} ${n === 1 ? 'line' : 'lines'}`

/** A bulk add's result, from its report: how many lines went in, and which did not and why. */
function describeBulk(label: string, report: BulkAddResult): string {
  const added = report.added.length === 0 ? 'nothing added to your cart' : `${lines(report.added.length)} added to your cart`
  if (report.notAdded.length === 0) return `${label}: ${added}`
  const why = report.notAdded.map((n) => `${n.code}: ${n.message}`).join('; ')
  return `${label}: ${added}, ${lines(report.notAdded.length)} not added (${why})`
}

const describe = (change: QueuedChange, answer: CartSummary | BulkAddResult): string => {
  if (change.kind === 'bulk') return describeBulk(change.label, answer as BulkAddResult)
  return change.kind === 'add' ? `${change.label}: added to your cart` : `${change.label}: quantity changed to ${change.body.qty}`
}

/**
 * Sends the signed-in user's waiting changes, oldest first, one at a time. A refusal (4xx) is a result
 * and the next change goes; a network failure, a 5xx or a dead session (401) stop until the next try.
 */
export async function flushQueue(client: QueryClient): Promise<void> {
  if (state.sending || !isOnline() || !canQueue()) return
  const user = currentUser()
  if (!user) return
  const store = await loadQueue()
  const changes = await store.waiting(user)
  set({ waiting: changes })
  if (changes.length === 0) return
  set({ sending: true })
  let sent = 0
  let stopped = false
  try {
    for (const change of changes) {
      let result: ChangeResult
      try {
        const answer: CartSummary | BulkAddResult = await send(change, change.key)
        // A bulk add answers 200 with lines it did not add: they are shown as refused.
        const ok = change.kind !== 'bulk' || (answer as BulkAddResult).notAdded.length === 0
        result = { id: change.id, label: change.label, ok, message: describe(change, answer) }
      } catch (error) {
        if (!(error instanceof ApiError) || error.status >= 500 || error.status === 401) {
          stopped = true
          break
        }
        result = { id: change.id, label: change.label, ok: false, message: `${change.label}: not sent. ${serverMessage(error, 'The change was refused.')}` }
      }
      await store.remove(change.id)
      sent += 1
      set({ results: [...state.results, result], waiting: state.waiting.filter((c) => c.id !== change.id) })
    }
  } finally {
    set({ sending: false })
    if (sent > 0) void client.invalidateQueries({ queryKey: ['cart'] })
  }
  // Changes made while these were going out waited behind them: they go next.
  if (!stopped && state.waiting.length > 0) await flushQueue(client)
}

/** Loads what is waiting (after a reload) and sends it when it can. */
export async function startQueue(client: QueryClient): Promise<void> {
  await refreshWaiting()
  await flushQueue(client)
}

export function dismissResults() {
  set({ results: [] })
}

/** Logout and a 401: the queue and its results go with the user's other data. */
export async function forgetQueue(): Promise<void> {
  if (canQueue()) await (await loadQueue()).clearQueue()
  set({ waiting: [], results: [], sending: false })
}
