import { useMutation } from '@tanstack/react-query'
import type { Message } from '@portal/contract/common'
import type { SendInvoiceBody } from '@portal/contract/invoices'
import { api } from '../../../lib/api'

export const sendInvoice = ({ id, email }: { id: string } & SendInvoiceBody) => api.post<Message>(`invoices/${encodeURIComponent(id)}/send`, { email })

export const useSendInvoice = () => useMutation({ mutationFn: sendInvoice })
