import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { PlacedOrder, PlaceOrderBody } from '@portal/contract/checkout'
import { api } from '../../../lib/api'
import { untilAnswered } from '../../../lib/connection'
import { cartKeys } from '../../cart'
import { orderKeys } from '../../orders'

export type PlaceOrderRequest = { body: PlaceOrderBody; idempotencyKey: string }

export const placeOrder = ({ body, idempotencyKey }: PlaceOrderRequest) =>
  api.post<PlacedOrder>('orders', body, { headers: { 'Idempotency-Key': idempotencyKey } })

/**
 * Places the cart as an order on account; the cart (now empty) and the order history are refetched.
 * A submit cut off by the connection goes again with the same key when it is back: one order, however often.
 */
export function usePlaceOrder() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (request: PlaceOrderRequest) => untilAnswered(() => placeOrder(request)),
    // Not awaited: the screen moves on to the orders at once, and the emptied cart must not take the form away first.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: cartKeys.all })
      void client.invalidateQueries({ queryKey: orderKeys.all })
    },
  })
}
