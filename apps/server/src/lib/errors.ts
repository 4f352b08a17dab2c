/** The one error type services throw; plugins/errors.ts maps it to a response. */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 422 | 429,
    readonly code: string,
    message: string,
    readonly fields?: Array<{ field: string; message: string }>,
    /** Sent as the Retry-After header (seconds) with a 429. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
  }
}

export const badRequest = (code: string, message: string, field?: string) => new AppError(400, code, message, field ? [{ field, message }] : undefined)
export const unauthorized = (message = 'Sign in to continue.') => new AppError(401, 'unauthorized', message)
export const forbidden = (message = 'You are not allowed to do this.') => new AppError(403, 'forbidden', message)
export const notFound = (what = 'record') => new AppError(404, 'not_found', `No such ${what}.`)
export const conflict = (code: string, message: string) => new AppError(409, code, message)
export const tooManyRequests = (message: string, retryAfterSeconds?: number) => new AppError(429, 'too_many_requests', message, undefined, retryAfterSeconds)
