import { api } from '../../../lib/api'

/** Revokes the token on the server. A dead token answers 401, which here is no reason to redirect. */
export const logout = () => api.post<void>('logout', undefined, { redirectOnUnauthorized: false })
