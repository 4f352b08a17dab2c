/**
 * The contract's plain values: page sizes, the list orders, the search box's limits and a cart line's largest
 * quantity. No schema here: a first screen imports these without bringing the schema library along
 * (docs/decisions/0020-first-screen-budget.md).
 */

/** Page sizes of the catalogue's lists. */
export const CATEGORY_PAGE_SIZE = 40
export const LIST_PAGE_SIZE = 20
export const RELATED_REQUEST_SIZE = 20
export const RELATED_SHOWN = 4
export const POPULAR_SIZE = 20
export const MAX_PAGE_SIZE = 100

/**
 * The orders a category, brand or specials list can be shown in: relevance (the list's own order, by
 * description), description A-Z ignoring case, the price this account pays low to high and high to low, and
 * what is in stock at the branch first. Each keeps the list's own order among equals.
 */
export const PRODUCT_SORTS = ['relevance', 'description', 'price-asc', 'price-desc', 'in-stock'] as const
export type ProductSort = (typeof PRODUCT_SORTS)[number]

/** Instant suggestions: how many products and groups, and how much must be typed first. */
export const SUGGESTION_PRODUCTS = 8
export const SUGGESTION_GROUPS = 3
export const SUGGESTION_MIN_LENGTH = 2

/** The most one cart line can hold; a larger order is a call to the branch, not a web order. */
export const MAX_LINE_QUANTITY = 99_999
