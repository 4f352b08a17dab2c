/**
 * Change notifications for the in-process caches (lib/caches.ts): whatever writes to these tables
 * (the portal, another instance, an ERP sync, psql) tells every listening instance through
 * NOTIFY, delivered when the writing transaction commits.
 *
 * portal_sessions: a session's hex token hash when it is revoked, cut short or deleted; '*' when a
 * user or the account fields a session carries change (every cached session is dropped: rare).
 * portal_catalogue: the table's name when products, prices, stock or what resellers may see change.
 *
 * Function bodies stay on one line: migrations are split at semicolons that end a line.
 */
export const up = /* sql */ `
CREATE FUNCTION portal_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('portal_sessions', encode(OLD.token_hash, 'hex')); RETURN NULL; END $$;
CREATE FUNCTION portal_sessions_all_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('portal_sessions', '*'); RETURN NULL; END $$;
CREATE FUNCTION portal_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('portal_catalogue', TG_TABLE_NAME); RETURN NULL; END $$;

-- A touch (last_seen_at moving forward) is the only update that leaves a cached session right.
CREATE TRIGGER sessions_changed AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR NEW.last_seen_at < OLD.last_seen_at OR OLD.token_hash IS DISTINCT FROM NEW.token_hash OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION portal_session_changed();
CREATE TRIGGER sessions_deleted AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION portal_session_changed();
CREATE TRIGGER sessions_truncated AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION portal_sessions_all_changed();
CREATE TRIGGER users_changed AFTER UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION portal_sessions_all_changed();
CREATE TRIGGER accounts_session_fields_changed AFTER UPDATE OF code, name, sales_category, is_elders, default_branch ON customer_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION portal_sessions_all_changed();

CREATE TRIGGER products_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION portal_catalogue_changed();
CREATE TRIGGER stock_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stock FOR EACH STATEMENT EXECUTE FUNCTION portal_catalogue_changed();
CREATE TRIGGER contract_prices_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON contract_prices FOR EACH STATEMENT EXECUTE FUNCTION portal_catalogue_changed();
CREATE TRIGGER categories_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION portal_catalogue_changed();
CREATE TRIGGER brands_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON brands FOR EACH STATEMENT EXECUTE FUNCTION portal_catalogue_changed();
CREATE TRIGGER branches_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON branches FOR EACH STATEMENT EXECUTE FUNCTION portal_catalogue_changed();
CREATE TRIGGER accounts_prices_changed AFTER UPDATE OF price_discount_bp, is_elders ON customer_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION portal_catalogue_changed();
`
