/**
 * The back office's Orders desk (decision 0094) lists every account's orders newest first, as the customers' own
 * screens list one account's (orders_account_date): a page of the whole history walks this index instead of
 * sorting every order.
 *
 * The e-mails about an order are found by its number in their subjects with no index of their own: an index on the
 * outbox would be paid by every e-mail written, an order's confirmation inside its checkout, for a page the
 * distributor's staff open now and then.
 */
export const up = /* sql */ `
CREATE INDEX orders_enter_date ON orders (enter_date DESC, id DESC);
`
