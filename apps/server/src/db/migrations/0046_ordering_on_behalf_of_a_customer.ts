/**
 * A back office user orders for a customer (decision 0101). Starting creates a customer session of the chosen user
 * marked with the back office user acting and the back office session they act from:
 * - sessions.acting_by / acting_session: who acts, and from which back office session. Both or neither; an acting
 *   session lives at most 8 hours (CHECK), and ends when its back office session ends (trigger on
 *   back_office_sessions) or its back office user is disabled.
 * - orders.entered_by_id / entered_by_email: the back office user who entered an order for the customer; null when
 *   the customer placed it. The e-mail is kept as it was (a later change of the staff's e-mail does not rewrite it).
 */
export const up = /* sql */ `
ALTER TABLE sessions ADD COLUMN acting_by integer REFERENCES back_office_users(id) ON DELETE CASCADE;
ALTER TABLE sessions ADD COLUMN acting_session bigint REFERENCES back_office_sessions(id) ON DELETE CASCADE;
ALTER TABLE sessions ADD CONSTRAINT sessions_acting_whole CHECK ((acting_by IS NULL) = (acting_session IS NULL));
ALTER TABLE sessions ADD CONSTRAINT sessions_acting_short CHECK (acting_by IS NULL OR expires_at <= created_at + interval '8 hours');
CREATE INDEX sessions_acting_session ON sessions (acting_session) WHERE acting_session IS NOT NULL AND revoked_at IS NULL;
CREATE FUNCTION back_office_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE sessions SET revoked_at = now() WHERE acting_session = NEW.id AND revoked_at IS NULL; RETURN NULL; END $$;
CREATE TRIGGER back_office_session_ended AFTER UPDATE OF revoked_at ON back_office_sessions FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL) EXECUTE FUNCTION back_office_session_ended();
CREATE FUNCTION back_office_user_disabled() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE sessions SET revoked_at = now() WHERE acting_by = NEW.id AND revoked_at IS NULL; RETURN NULL; END $$;
CREATE TRIGGER back_office_user_disabled AFTER UPDATE OF active ON back_office_users FOR EACH ROW WHEN (OLD.active AND NOT NEW.active) EXECUTE FUNCTION back_office_user_disabled();
ALTER TABLE orders ADD COLUMN entered_by_id integer REFERENCES back_office_users(id) ON DELETE SET NULL;
ALTER TABLE orders ADD COLUMN entered_by_email text;
ALTER TABLE orders ADD CONSTRAINT orders_entered_by_email CHECK (entered_by_id IS NULL OR entered_by_email IS NOT NULL);
`
