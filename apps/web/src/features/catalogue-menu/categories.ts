import type { Category } from '@portal/contract/reference'

/** Parent categories in their menu order (acf.order), ties by title. */
export function sortCategories(categories: Category[]): Category[] {
  return [...categories].sort((a, b) => a.acf.order - b.acf.order || a.title.localeCompare(b.title))
}

/** The title of a parent or child category by its name, as in /category/{name}. */
export function findCategoryTitle(categories: Category[] | undefined, name: string): string | undefined {
  for (const parent of categories ?? []) {
    if (parent.name === name) return parent.title
    const child = parent.acf.child_categories.find((c) => c.category === name)
    if (child) return child.title
  }
  return undefined
}
