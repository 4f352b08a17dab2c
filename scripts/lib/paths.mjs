/** The repository's root directory. */
export const root = new URL('../..', import.meta.url).pathname
