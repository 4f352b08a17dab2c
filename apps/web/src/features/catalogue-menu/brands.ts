import type { Brand } from '@portal/contract/reference'

/** A brand's name by its code (codes compared ignoring case, as addresses may write them); undefined for a brand not in the list. */
export function brandName(brands: readonly Brand[] | undefined, code: string): string | undefined {
  const wanted = code.toUpperCase()
  return brands?.find((b) => b.BrandCode.toUpperCase() === wanted)?.Description
}
