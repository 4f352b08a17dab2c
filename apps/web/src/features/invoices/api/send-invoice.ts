import { useMutation } from '@tanstack/react-query'
import type { Message } from '@portal/contract/common'
import { api } from '../../../lib/api'

export const sendInvoice = ({ id, email }: { id: string; email: string }) => api.post<Message>(`invoices/${encodeURIComponent(id)}/send`, { email })

export const useSendInvoice = () => useMutation({ mutationFn: sendInvoice })
