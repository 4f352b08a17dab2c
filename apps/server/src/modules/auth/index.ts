/** What other modules may use of auth besides its service: password hashing, ending a user's sessions, invitations. */
export { hashPassword, verifyPassword } from './passwords'
export { revokeUserSessions } from './repo'
export { inviteUser, NO_PASSWORD } from './service'
