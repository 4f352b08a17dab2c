import type { ListView } from '../list-view'

/** Product lists and pages, each for the branch shown (prices and stock are per branch) and, for lists, the view (order, filter). */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  product: (id: number, warehouse: string) => [...catalogueKeys.all, 'product', id, warehouse] as const,
  category: (name: string, warehouse: string, view: ListView) => [...catalogueKeys.all, 'category', name, warehouse, view.sort, view.inStock] as const,
  brand: (code: string, warehouse: string, view: ListView) => [...catalogueKeys.all, 'brand', code, warehouse, view.sort, view.inStock] as const,
  related: (category: string, warehouse: string) => [...catalogueKeys.all, 'related', category, warehouse] as const,
  search: (text: string, warehouse: string) => [...catalogueKeys.all, 'search', text, warehouse] as const,
  popular: (warehouse: string) => [...catalogueKeys.all, 'popular', warehouse] as const,
  specials: (warehouse: string, view: ListView) => [...catalogueKeys.all, 'specials', warehouse, view.sort, view.inStock] as const,
  /** How many products a list holds (`list`: its API path), at the branch, in stock or all. */
  count: (list: string, warehouse: string, inStock: boolean) => [...catalogueKeys.all, 'count', list, warehouse, inStock] as const,
  specialsPreview: (warehouse: string) => [...catalogueKeys.all, 'specials-preview', warehouse] as const,
}
