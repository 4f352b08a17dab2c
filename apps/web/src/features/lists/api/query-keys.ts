/** The saved order lists' cached reads, under one root: every change to a list invalidates `listKeys.all`. */
export const listKeys = {
  all: ['lists'] as const,
  summaries: () => [...listKeys.all, 'summaries'] as const,
  /** A list as priced and stocked at a branch. */
  detail: (id: number, warehouse: string) => [...listKeys.all, id, warehouse] as const,
}
