/**
 * Quick order's second look for a code typed without its dashes or spaces (decision 0068) compares each product's
 * code and barcode compacted: lower case, spaces, dashes and underscores left out. These indexes hold exactly that
 * form (the expressions are those of modules/quick-order/repo.ts `compact`), so the look-up is two index scans
 * rather than a read of every product.
 */
export const up = /* sql */ `
CREATE INDEX products_compact_code ON products ((lower(regexp_replace(coalesce(product_code, ''), '[[:space:]_-]+', '', 'g'))));
CREATE INDEX products_compact_barcode ON products ((lower(regexp_replace(coalesce(barcode, ''), '[[:space:]_-]+', '', 'g'))));
`
