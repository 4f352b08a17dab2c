/** Product lists and pages, each for the branch shown (prices and stock are per branch). */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  product: (id: number, warehouse: string) => [...catalogueKeys.all, 'product', id, warehouse] as const,
  category: (name: string, warehouse: string) => [...catalogueKeys.all, 'category', name, warehouse] as const,
  brand: (code: string, warehouse: string) => [...catalogueKeys.all, 'brand', code, warehouse] as const,
  related: (category: string, warehouse: string) => [...catalogueKeys.all, 'related', category, warehouse] as const,
  search: (text: string, warehouse: string) => [...catalogueKeys.all, 'search', text, warehouse] as const,
  popular: (warehouse: string) => [...catalogueKeys.all, 'popular', warehouse] as const,
  specials: (warehouse: string) => [...catalogueKeys.all, 'specials', warehouse] as const,
  specialsPreview: (warehouse: string) => [...catalogueKeys.all, 'specials-preview', warehouse] as const,
}
