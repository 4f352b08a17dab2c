import { openDB, type DBSchema, type IDBPDatabase } from 'idb'
import type { UpdateCartBody } from '@portal/contract/cart'
import type { AddToCartBody as AddToCartInput } from '@portal/contract/cart'
import type { BulkAddBody } from '@portal/contract/quick-order'

/**
 * The device's queue of cart changes made without a connection, in IndexedDB (through `idb`), so that
 * a reload, a closed tab or a flat battery loses none of them. Each keeps the Idempotency-Key it is sent
 * with, every time, so the server applies it once however often it goes out (docs/decisions/0031-offline-app.md).
 */
export type CartChange = { kind: 'add'; body: AddToCartInput } | { kind: 'quantity'; body: UpdateCartBody } | { kind: 'bulk'; body: BulkAddBody }

export type QueuedChange = CartChange & {
  id: number
  /** Whose change it is: only the signed-in user's changes are sent. */
  user: string
  key: string
  /** What the user sees while it waits and with its result: the product's description ("Quick order: 3 lines" for a bulk add). */
  label: string
  queuedAt: number
}

export const QUEUE_DATABASE = 'portal-offline'
const STORE = 'changes'

interface Schema extends DBSchema {
  changes: { key: number; value: QueuedChange }
}

let database: Promise<IDBPDatabase<Schema>> | undefined
const open = () =>
  (database ??= openDB<Schema>(QUEUE_DATABASE, 1, {
    upgrade(db) {
      db.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true })
    },
    // Another tab deleting the database (logout) must not wait on this one's open connection.
    blocking() {
      void database?.then((db) => db.close())
      database = undefined
    },
  }))

export async function enqueue(change: Omit<QueuedChange, 'id'>): Promise<void> {
  // The key path fills the id in.
  await (await open()).add(STORE, change as QueuedChange)
}

/** The user's waiting changes, oldest first (ids grow). */
export async function waiting(user: string): Promise<QueuedChange[]> {
  return (await (await open()).getAll(STORE)).filter((c) => c.user === user)
}

export async function remove(id: number): Promise<void> {
  await (await open()).delete(STORE, id)
}

/** Logout and a 401: nothing of the user's stays on the device. */
export async function clearQueue(): Promise<void> {
  await (await open()).clear(STORE)
}
