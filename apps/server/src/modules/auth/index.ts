/**
 * What other modules may use of auth besides its service: password hashing, ending a user's sessions, invitations,
 * reset links, the sign-in throttle's rules and its failures (the back office's second factor waits by them too, and
 * its staff clear a customer's sign-in lock).
 */
export { hashPassword, verifyPassword } from './passwords'
export { clearFailures, recentFailures, revokeUserSessions } from './repo'
export { endSession, inviteUser, NO_PASSWORD, openActingSession, sendPasswordReset, sessionOfUser } from './service'
export { ACTING_HOURS } from './repo'
export * as throttle from './throttle'
