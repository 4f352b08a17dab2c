/**
 * The back office: the distributor's own people (decision 0083), a realm apart from the customers' users.
 *
 * - back_office_users: one row a person, signed in by e-mail; one or more roles from a fixed list. An invited
 *   user has no password ('!invited') until the invitation's link sets one, and no second factor until they
 *   enrol (totp_secret). totp_last_step keeps a code from being used twice.
 * - The last active Administrator keeps the role and stays enabled: a trigger refuses the change that would
 *   leave none, under a transaction lock so that two Administrators demoting each other at once cannot both
 *   succeed (the second waits for the first and then sees its change).
 * - back_office_sessions: the realm's own sessions; second_factor_at is null while only the password has been
 *   given, when the session may only enrol or give its code.
 * - back_office_recovery_codes: ten a user, stored hashed, each used once.
 * - back_office_password_tokens: the invitation's set-password links, hashed.
 * - back_office_assignments: the accounts a Sales representative looks after; only such a user may be assigned.
 * - back_office_audit: what back office users did (decision 0085). Nobody edits it: a trigger refuses UPDATE
 *   and DELETE of any row. (TRUNCATE, which empties a whole database for `seed --reset`, is left to its owner.)
 *
 * Function bodies stay on one line: migrations are split at semicolons that end a line.
 */
export const up = /* sql */ `
CREATE TABLE back_office_users (
  id                 serial PRIMARY KEY,
  email              text NOT NULL CHECK (email = lower(email) AND email LIKE '%_@_%'),
  name               text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  roles              text[] NOT NULL CHECK (cardinality(roles) BETWEEN 1 AND 4 AND roles <@ ARRAY['Administrator', 'Customer service', 'Sales representative', 'Marketing']::text[]),
  password_hash      text NOT NULL DEFAULT '!invited',
  totp_secret        text,
  totp_pending_secret text,
  totp_last_step     bigint NOT NULL DEFAULT 0,
  active             boolean NOT NULL DEFAULT true,
  invited_by         integer REFERENCES back_office_users(id),
  created_at         timestamptz NOT NULL DEFAULT now(),
  password_changed_at timestamptz,
  last_sign_in_at    timestamptz
);
CREATE UNIQUE INDEX back_office_users_email ON back_office_users (email);

CREATE FUNCTION back_office_keep_an_administrator() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'UPDATE' AND NEW.active AND 'Administrator' = ANY(NEW.roles) THEN RETURN NULL; END IF; PERFORM pg_advisory_xact_lock(727030); IF NOT EXISTS (SELECT 1 FROM back_office_users WHERE active AND 'Administrator' = ANY(roles)) THEN RAISE EXCEPTION 'the last active Administrator keeps the role and stays enabled' USING ERRCODE = 'P0030', CONSTRAINT = 'back_office_last_administrator'; END IF; RETURN NULL; END $$;
CREATE TRIGGER back_office_keep_an_administrator AFTER UPDATE OF roles, active OR DELETE ON back_office_users FOR EACH ROW WHEN (OLD.active AND 'Administrator' = ANY(OLD.roles)) EXECUTE FUNCTION back_office_keep_an_administrator();

CREATE TABLE back_office_sessions (
  id                bigserial PRIMARY KEY,
  token_hash        bytea NOT NULL UNIQUE,
  user_id           integer NOT NULL REFERENCES back_office_users(id) ON DELETE CASCADE,
  second_factor_at  timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  last_seen_at      timestamptz NOT NULL DEFAULT now(),
  expires_at        timestamptz NOT NULL,
  revoked_at        timestamptz
);
CREATE INDEX back_office_sessions_user ON back_office_sessions (user_id) WHERE revoked_at IS NULL;

CREATE TABLE back_office_recovery_codes (
  user_id    integer NOT NULL REFERENCES back_office_users(id) ON DELETE CASCADE,
  code_hash  bytea NOT NULL,
  used_at    timestamptz,
  PRIMARY KEY (user_id, code_hash)
);

CREATE TABLE back_office_password_tokens (
  token_hash  bytea PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES back_office_users(id) ON DELETE CASCADE,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);

CREATE TABLE back_office_assignments (
  account_id   integer NOT NULL REFERENCES customer_accounts(id) ON DELETE CASCADE,
  user_id      integer NOT NULL REFERENCES back_office_users(id) ON DELETE CASCADE,
  assigned_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, user_id)
);
CREATE INDEX back_office_assignments_user ON back_office_assignments (user_id, account_id);
CREATE FUNCTION back_office_assignee_is_a_rep() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NOT EXISTS (SELECT 1 FROM back_office_users WHERE id = NEW.user_id AND 'Sales representative' = ANY(roles)) THEN RAISE EXCEPTION 'only a Sales representative is assigned accounts' USING ERRCODE = 'P0031', CONSTRAINT = 'back_office_assignee_is_a_rep'; END IF; RETURN NEW; END $$;
CREATE TRIGGER back_office_assignee_is_a_rep BEFORE INSERT OR UPDATE ON back_office_assignments FOR EACH ROW EXECUTE FUNCTION back_office_assignee_is_a_rep();

CREATE TABLE back_office_audit (
  id          bigserial PRIMARY KEY,
  at          timestamptz NOT NULL DEFAULT now(),
  user_id     integer REFERENCES back_office_users(id),
  user_email  text NOT NULL,
  roles       text[] NOT NULL,
  action      text NOT NULL,
  account_id  integer,
  account_code text,
  subject     text,
  detail      jsonb NOT NULL DEFAULT '{}',
  address     text NOT NULL
);
CREATE INDEX back_office_audit_at ON back_office_audit (at DESC, id DESC);
CREATE INDEX back_office_audit_user ON back_office_audit (user_id, at DESC);
CREATE INDEX back_office_audit_account ON back_office_audit (account_id, at DESC) WHERE account_id IS NOT NULL;
CREATE FUNCTION back_office_audit_is_kept() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the back office audit is never changed or deleted' USING ERRCODE = 'P0032'; END $$;
CREATE TRIGGER back_office_audit_is_kept BEFORE UPDATE OR DELETE ON back_office_audit FOR EACH ROW EXECUTE FUNCTION back_office_audit_is_kept();
`
