import { useMutation } from '@tanstack/react-query'
import type { ChangePasswordBody } from '@portal/contract/auth'
import type { Message } from '@portal/contract/common'
import { api } from '../../../lib/api'

export const changePassword = (body: ChangePasswordBody) => api.post<Message>('change-password', body)

export const useChangePassword = () => useMutation({ mutationFn: changePassword })
