/**
 * The ERP's SalesRep and an invoice's payment in the history (decision 0095).
 *
 * - back_office_assignments says who made each assignment: an Administrator on the back office user's page
 *   (by_back_office, every assignment so far) or the ERP's accounts.csv (by_erp). One row may be both; a row is
 *   kept while either holds. The ERP names at most one rep an account.
 * - invoices.outstanding_known: whether the ERP has ever said what is outstanding on the invoice (invoices.csv
 *   Outstanding). Until it has, the 0 an invoice starts with means "not told", not "paid", and the history says
 *   nothing of its payment. An invoice with something outstanding was told.
 * - The history caches hear of the portal's own payments of invoices: an allocation written or removed notifies
 *   portal_history for its account, as a changed invoice does (migration 0005).
 */
export const up = /* sql */ `
ALTER TABLE back_office_assignments
  ADD COLUMN by_back_office boolean NOT NULL DEFAULT true,
  ADD COLUMN by_erp boolean NOT NULL DEFAULT false,
  ADD CONSTRAINT back_office_assignments_made_by_someone CHECK (by_back_office OR by_erp);
CREATE UNIQUE INDEX back_office_assignments_one_from_the_erp ON back_office_assignments (account_id) WHERE by_erp;

ALTER TABLE invoices ADD COLUMN outstanding_known boolean NOT NULL DEFAULT false;
UPDATE invoices SET outstanding_known = true WHERE outstanding_cents > 0;

CREATE TRIGGER invoice_payment_allocations_inserted AFTER INSERT ON invoice_payment_allocations REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_history_accounts_changed();
CREATE TRIGGER invoice_payment_allocations_deleted AFTER DELETE ON invoice_payment_allocations REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_history_accounts_changed();
`
