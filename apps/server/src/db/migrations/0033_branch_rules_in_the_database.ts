/**
 * Who orders from where, as one rule of the database that every statement asks (modules/branches/repo.ts): an
 * account orders from every branch unless it has a branch group (account_branches), and then only from the
 * group's branches. A statement of another module that needs the rule beside its own reading (the cart's one
 * read before a change, modules/ordering) calls the function rather than repeating the rule. Migration 0040 writes
 * the function again in PL/pgSQL, whose plans are kept: a SQL function with subqueries is not inlined.
 */
export const up = /* sql */ `
CREATE FUNCTION account_orders_from(account integer, branch text) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT NOT EXISTS (SELECT 1 FROM account_branches g WHERE g.account_id = account)
      OR EXISTS (SELECT 1 FROM account_branches g WHERE g.account_id = account AND g.location_id = branch)
$$;
`
