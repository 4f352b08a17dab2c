/** When this device last read the history ahead, and for whom (app/history-prefetch.ts). */
export const HISTORY_MARK = 'portal-history-saved'

/** Logout and a 401: the next user of the device reads their own history afresh. */
export const forgetHistoryMark = () => localStorage.removeItem(HISTORY_MARK)
