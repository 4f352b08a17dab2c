/** What the checkout hands the approval screen when an order over a spending limit was sent for approval. */
export type SentForApprovalState = { sentForApproval: string }

export const sentForApprovalState = (message: string): SentForApprovalState => ({ sentForApproval: message })

/** The checkout's message, when the approval screen was opened by it (a history entry keeps it over a reload). */
export function sentForApprovalOf(state: unknown): string | null {
  const message = (state as Partial<SentForApprovalState> | null)?.sentForApproval
  return typeof message === 'string' && message !== '' ? message : null
}
