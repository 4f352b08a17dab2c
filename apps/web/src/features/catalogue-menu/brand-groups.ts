import type { Brand } from '@portal/contract/reference'

/** The Brand menu's letter groups, in this order and spelling. */
export const brandGroupLabels = ['A', 'B & C', 'D E F', 'G H I J', 'K L M N', 'O P Q R', 'S T U V', 'W Y Z'] as const
export type BrandGroupLabel = (typeof brandGroupLabels)[number]

export type BrandGroup = { label: BrandGroupLabel; brands: Brand[] }

const groupOfLetter: Record<string, BrandGroupLabel> = {}
for (const label of brandGroupLabels) {
  for (const letter of label.replace(/[^A-Z]/g, '')) groupOfLetter[letter] = label
}
// The groups have no X: X goes with its neighbours in 'W Y Z'.
groupOfLetter.X = 'W Y Z'

/**
 * The group a brand belongs to, by the first letter of its name (accents ignored).
 * Names starting with a digit or a symbol (e.g. '3M', '#1 Feeds') go in the first group, 'A',
 * where an alphabetical list would put them.
 */
export function brandGroupOf(name: string): BrandGroupLabel {
  const first = name.trim().normalize('NFD').charAt(0).toUpperCase()
  return groupOfLetter[first] ?? 'A'
}

/** Every group, in order, each with its brands sorted by name; a group may be empty. */
export function groupBrands(brands: Brand[]): BrandGroup[] {
  const groups = new Map<BrandGroupLabel, Brand[]>(brandGroupLabels.map((label) => [label, []]))
  for (const brand of brands) groups.get(brandGroupOf(brand.Description))?.push(brand)
  return brandGroupLabels.map((label) => ({
    label,
    brands: (groups.get(label) ?? []).sort((a, b) => a.Description.localeCompare(b.Description, 'en', { sensitivity: 'base', numeric: true })),
  }))
}
