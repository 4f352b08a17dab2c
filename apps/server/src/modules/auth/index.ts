/** What other modules may use of auth besides its service: password hashing and ending a user's sessions. */
export { hashPassword, verifyPassword } from './passwords'
export { revokeUserSessions } from './repo'
