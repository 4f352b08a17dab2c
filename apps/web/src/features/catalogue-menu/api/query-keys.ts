/** The menus' reference lists: the same for every branch. */
export const menuKeys = {
  brands: () => ['brands'] as const,
  categories: () => ['categories'] as const,
  warehouses: () => ['warehouses'] as const,
}
