import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AcceptedQuote, Quote, QuoteList } from '@portal/contract/quotes'
import { api } from '../../../lib/api'
import { cartKeys } from '../../cart'

/** The account's quotes (decision 0102), under one root: every answer invalidates `quoteKeys.all`. */
export const quoteKeys = {
  all: ['quotes'] as const,
  list: () => [...quoteKeys.all, 'list'] as const,
  detail: (id: number) => [...quoteKeys.all, 'detail', id] as const,
}

export const useQuotes = () => useQuery({ queryKey: quoteKeys.list(), queryFn: ({ signal }) => api.get<QuoteList>('quotes', undefined, signal) })
export const useQuote = (id: number) => useQuery({ queryKey: quoteKeys.detail(id), queryFn: ({ signal }) => api.get<Quote>(`quotes/${id}`, undefined, signal) })

/** An answer to a quote: the quote shown as it now is, the list read again. */
function useAnswer<V>(send: (variables: V) => Promise<Quote>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: (quote) => {
      client.setQueryData(quoteKeys.detail(quote.id), quote)
      void client.invalidateQueries({ queryKey: quoteKeys.list() })
    },
  })
}

export const useDeclineQuote = () => useAnswer(({ id, reason }: { id: number; reason: string }) => api.post<Quote>(`quotes/${id}/decline`, { reason }))
export const useQuoteMessage = () => useAnswer(({ id, body }: { id: number; body: string }) => api.post<Quote>(`quotes/${id}/messages`, { body }))

/** Accepts: the quote's lines go into the cart at the quoted prices; the cart and the quotes are read again. */
export function useAcceptQuote() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.post<AcceptedQuote>(`quotes/${id}/accept`),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: quoteKeys.all })
      void client.invalidateQueries({ queryKey: cartKeys.all })
    },
  })
}
