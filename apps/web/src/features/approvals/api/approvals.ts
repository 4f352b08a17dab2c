import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { APPROVAL_ERRORS, type Approval, type ApproveBody } from '@portal/contract/approvals'
import type { CreatePaymentResponse } from '@portal/contract/payments'
import { api, ApiError } from '../../../lib/api'
import { cartKeys } from '../../cart'
import { orderKeys } from '../../orders'

/** Orders over a spending limit, under one root: every decision invalidates `approvalKeys.all`. */
export const approvalKeys = {
  all: ['approvals'] as const,
  list: () => [...approvalKeys.all, 'list'] as const,
  detail: (id: number) => [...approvalKeys.all, 'detail', id] as const,
}

export const getApprovals = (signal?: AbortSignal) => api.get<Approval[]>('approvals', undefined, signal)
export const getApproval = (id: number, signal?: AbortSignal) => api.get<Approval>(`approvals/${id}`, undefined, signal)

/** The approvals the user may see (their own, those they approve; an Administrator all of the account's), waiting first. */
export const approvalsQuery = () => queryOptions({ queryKey: approvalKeys.list(), queryFn: ({ signal }) => getApprovals(signal) })

/** One approval; while it waits, its lines at today's prices too. */
export const approvalQuery = (id: number) => queryOptions({ queryKey: approvalKeys.detail(id), queryFn: ({ signal }) => getApproval(id, signal) })

export const useApprovals = (enabled = true) => useQuery({ ...approvalsQuery(), enabled })
export const useApproval = (id: number) => useQuery(approvalQuery(id))

/**
 * The approval as a decision answers it: shown at once, and the lists (and, once approved, the orders and credit)
 * refetched. One decided meanwhile by someone else is read again, to show what became of it.
 */
function useDecision<V>(send: (variables: V) => Promise<Approval>, placesOrder = false) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: (approval) => {
      client.setQueryData(approvalKeys.detail(approval.id), approval)
      void client.invalidateQueries({ queryKey: approvalKeys.list() })
      if (placesOrder) {
        void client.invalidateQueries({ queryKey: orderKeys.all })
        void client.invalidateQueries({ queryKey: cartKeys.credit() })
      }
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === APPROVAL_ERRORS.notAwaiting) void client.invalidateQueries({ queryKey: approvalKeys.all })
    },
  })
}

/** Approves: the order is placed for its buyer at today's prices, with the quantities given (0 takes a line out). */
export const useApprove = () => useDecision(({ id, body }: { id: number; body: ApproveBody }) => api.post<Approval>(`approvals/${id}/approve`, body), true)

/** Rejects, with the reason the buyer is e-mailed. */
export const useReject = () => useDecision(({ id, reason }: { id: number; reason: string }) => api.post<Approval>(`approvals/${id}/reject`, { reason }))

/** The buyer takes back an order that waits. */
export const useWithdraw = () => useDecision((id: number) => api.post<Approval>(`approvals/${id}/withdraw`))

/**
 * A cash-sale account's order waiting: its approver pays by card. Answers the card payment to make (as a cash-sale
 * checkout's); the order is placed, and the approval approved, when the payment goes through.
 */
export const usePayApproval = () =>
  useMutation({
    mutationFn: (id: number) => api.post<CreatePaymentResponse>(`approvals/${id}/payment`),
  })
