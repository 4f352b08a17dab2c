import { useMutation } from '@tanstack/react-query'
import type { StatementBody } from '@portal/contract/account'
import type { Message } from '@portal/contract/common'
import { api } from '../../../lib/api'

export const requestStatement = (body: StatementBody) => api.post<Message>('statements', body)

export const useRequestStatement = () => useMutation({ mutationFn: requestStatement })
