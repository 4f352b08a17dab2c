import { useMutation } from '@tanstack/react-query'
import type { PasswordResetBody } from '@portal/contract/auth'
import type { Message } from '@portal/contract/common'
import { api } from '../../../lib/api'

export const requestPasswordReset = (body: PasswordResetBody) => api.post<Message>('password-reset', body)

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset })
