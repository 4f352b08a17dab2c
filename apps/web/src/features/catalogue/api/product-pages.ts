import type { Product } from '@portal/contract/catalogue'

/** Page by page until a page comes back short. */
export const nextPage = (size: number) => (lastPage: Product[], pages: Product[][]) => (lastPage.length < size ? undefined : pages.length + 1)

/**
 * Paged lists start again at page 1 when their key (route parameter, branch) changes; a list left
 * behind is dropped at once, so coming back to it starts at page 1 too.
 */
export const PAGED_LIST_GC_MS = 0
