import { useMutation } from '@tanstack/react-query'
import type { PasswordResetCompleteBody } from '@portal/contract/auth'
import type { Message } from '@portal/contract/common'
import { api } from '../../../lib/api'

export const completePasswordReset = (body: PasswordResetCompleteBody) => api.post<Message>('password-reset/complete', body)

export const useCompletePasswordReset = () => useMutation({ mutationFn: completePasswordReset })
