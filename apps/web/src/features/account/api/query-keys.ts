/** The account's cached reads; other features use these through the account's index.ts. */
export const accountKeys = {
  all: ['account'] as const,
  balance: () => [...accountKeys.all, 'balance'] as const,
  financialPeriods: () => [...accountKeys.all, 'financial-periods'] as const,
  deliverySites: () => [...accountKeys.all, 'delivery-sites'] as const,
}
