import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SentForApproval } from '@portal/contract/approvals'
import type { PlacedOrder, PlaceOrderBody } from '@portal/contract/checkout'
import { api } from '../../../lib/api'
import { untilAnswered } from '../../../lib/connection'
import { approvalKeys } from '../../approvals'
import { cartKeys } from '../../cart'
import { orderKeys } from '../../orders'

export type PlaceOrderRequest = { body: PlaceOrderBody; idempotencyKey: string }

/** 201: the order placed; 202: no order, it is over the buyer's spending limit and was sent for approval. */
export type PlaceOrderAnswer = PlacedOrder | SentForApproval

export const placeOrder = ({ body, idempotencyKey }: PlaceOrderRequest) =>
  api.post<PlaceOrderAnswer>('orders', body, { headers: { 'Idempotency-Key': idempotencyKey } })

/** Whether the checkout's answer is an order sent for approval (202) rather than one placed (201). */
export const isSentForApproval = (answer: PlaceOrderAnswer | { orderId: string }): answer is SentForApproval => 'approval' in answer

/**
 * Places the cart as an order on account; the cart (now empty) and the order history are refetched, and the
 * approvals when the order was sent for approval instead (the cart was emptied into it).
 * A submit cut off by the connection goes again with the same key when it is back: one order, however often.
 */
export function usePlaceOrder() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (request: PlaceOrderRequest) => untilAnswered(() => placeOrder(request)),
    // Not awaited: the screen moves on to the orders at once, and the emptied cart must not take the form away first.
    onSuccess: (answer) => {
      void client.invalidateQueries({ queryKey: cartKeys.all })
      if (isSentForApproval(answer)) void client.invalidateQueries({ queryKey: approvalKeys.all })
      else void client.invalidateQueries({ queryKey: orderKeys.all })
    },
  })
}
