/**
 * `account_orders_from(account, branch)` (migration 0033) is the same rule, now in PL/pgSQL. A SQL function whose
 * body holds subqueries is never inlined, and PostgreSQL plans its body afresh on every execution of the statement
 * that calls it, as a cart change's does on every add; PL/pgSQL keeps its plans for the connection.
 *
 * Function bodies stay on one line: migrations are split at semicolons that end a line.
 */
export const up = /* sql */ `
CREATE OR REPLACE FUNCTION account_orders_from(account integer, branch text) RETURNS boolean LANGUAGE plpgsql STABLE AS $$ BEGIN RETURN NOT EXISTS (SELECT 1 FROM account_branches g WHERE g.account_id = account) OR EXISTS (SELECT 1 FROM account_branches g WHERE g.account_id = account AND g.location_id = branch); END $$;
`
