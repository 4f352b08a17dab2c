import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { LoginBody, LoginResponse } from '@portal/contract/auth'
import type { BackOfficeSignIn } from '@portal/contract/back-office'
import { api } from '../../../lib/api'
import { setBackOfficeToken } from '../../../lib/back-office-session'
import { signIn } from '../../../lib/session'

export const login = (body: LoginBody) => api.post<LoginResponse | BackOfficeSignIn>('login', body)

/**
 * On success the user, token and settings are stored, and the session starts. A back office user's e-mail
 * answers a back office session instead, kept apart; it still needs its second factor (/staff/sign-in).
 */
export const useLogin = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: login,
    onSuccess: (response) => {
      // Menus and the cart depend on who is signed in: nothing cached for someone else may show.
      queryClient.removeQueries()
      if ('realm' in response) setBackOfficeToken(response.token)
      else signIn(response)
    },
  })
}
