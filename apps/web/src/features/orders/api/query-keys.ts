import type { OrderFilters } from './get-orders'

/** The order history's cached reads; other features use these through the orders' index.ts. */
export const orderKeys = {
  all: ['orders'] as const,
  list: (filters: OrderFilters) => [...orderKeys.all, 'list', filters] as const,
  detail: (id: string) => [...orderKeys.all, 'detail', id] as const,
  /** Apart from `all`: placing an order leaves the back orders as they were until the ERP says otherwise. */
  backOrders: (filters: OrderFilters) => ['back-orders', filters] as const,
}
