/**
 * What other modules may use of auth besides its service: password hashing, ending a user's sessions, invitations,
 * and the sign-in throttle's rules (the back office's second factor waits by them too).
 */
export { hashPassword, verifyPassword } from './passwords'
export { revokeUserSessions } from './repo'
export { inviteUser, NO_PASSWORD } from './service'
export * as throttle from './throttle'
