/** Buy-again's cached reads: the account's most ordered products, priced and stocked at a branch. */
export const buyAgainKeys = {
  all: ['buy-again'] as const,
  list: (warehouse: string) => [...buyAgainKeys.all, warehouse] as const,
}
