/**
 * The back office's account search (decision 0092): an account is found by its name, code or ABN, or by a portal
 * user's e-mail, with typos forgiven by trigram word similarity. Both texts are trigram indexed, lower case, so
 * neither a substring nor a similar word walks every account. An account's page shows each portal user's last
 * sign-in: the newest of their sessions, by an index of their own.
 *
 * (The assignments of accounts to Sales representatives, and the trigger that takes only a user with that role,
 * are migration 0030's.)
 */
export const up = /* sql */ `
CREATE INDEX customer_accounts_search_trgm ON customer_accounts USING gin (lower(code || ' ' || name || ' ' || coalesce(abn, '')) gin_trgm_ops);
CREATE INDEX users_email_trgm ON users USING gin (lower(email) gin_trgm_ops);
CREATE INDEX sessions_user_created ON sessions (user_id, created_at DESC);
`
