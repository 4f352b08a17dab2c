/** The account's users, one paged list that every change refetches. */
export const userKeys = {
  all: ['users'] as const,
}
