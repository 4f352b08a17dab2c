/**
 * A portal order's line keeps what it was charged (decision 0067): full pallets at the pallet price, full cartons
 * at the carton price, the rest at the unit price, as a JSON array of its parts
 * (`[{"break":"carton","quantity":8,"packQty":4,"packs":2,"priceCents":4090}, …]`). NULL, as for every line
 * before it and every line of plain units, means each unit at `unit_price_cents`.
 */
export const up = /* sql */ `
ALTER TABLE order_lines ADD COLUMN price_breaks jsonb;
`
