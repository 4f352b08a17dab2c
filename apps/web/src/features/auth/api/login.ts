import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { LoginBody, LoginResponse } from '@portal/contract/auth'
import { api } from '../../../lib/api'
import { signIn } from '../../../lib/session'

export const login = (body: LoginBody) => api.post<LoginResponse>('login', body)

/** On success the user, token and settings are stored, and the session starts. */
export const useLogin = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: login,
    onSuccess: (response) => {
      // Menus and the cart depend on who is signed in: nothing cached for someone else may show.
      queryClient.removeQueries()
      signIn(response)
    },
  })
}
