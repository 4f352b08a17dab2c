/**
 * Applying for a trade account (decision 0103).
 *
 * - account_applications: a visitor's application, its status and where it stands with the ERP. The status only
 *   moves the ways the decision names (a trigger refuses any other), a decline keeps its reason, an opened
 *   application names its account, and an account is opened for one application only (UNIQUE account_id): the
 *   applicant's first user is invited once. One ABN has one application under way at a time (a partial unique
 *   index); a declined or opened one does not stop another.
 * - account_application_files: the PDFs an applicant sent (the credit application, and any sent with a reply).
 * - account_application_messages: the thread between the staff and the applicant.
 * - account_application_tokens: the one-time links an applicant answers a question with (only the token's hash).
 */
export const up = /* sql */ `
CREATE SEQUENCE account_application_numbers START 1000;

CREATE TABLE account_applications (
  id                  serial PRIMARY KEY,
  reference           text NOT NULL UNIQUE DEFAULT 'TA' || lpad(nextval('account_application_numbers')::text, 6, '0'),
  status              text NOT NULL DEFAULT 'received'
                      CHECK (status IN ('received', 'information requested', 'approved', 'declined', 'opened')),
  business_name       text NOT NULL CHECK (length(business_name) BETWEEN 1 AND 120),
  abn                 text NOT NULL CHECK (abn ~ '^[0-9]{11}$'),
  trading_name        text NOT NULL DEFAULT '',
  contact_name        text NOT NULL CHECK (length(contact_name) BETWEEN 1 AND 120),
  email               text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  phone               text NOT NULL,
  branch              text NOT NULL REFERENCES branches(location_id),
  kind                text NOT NULL CHECK (kind IN ('farm', 'store', 'vet', 'other')),
  monthly_spend_cents bigint NOT NULL CHECK (monthly_spend_cents >= 0),
  submitted_address   text NOT NULL,
  created_at          timestamptz NOT NULL DEFAULT now(),
  decided_at          timestamptz,
  decided_by          integer REFERENCES back_office_users(id),
  decision_reason     text,
  account_id          integer UNIQUE REFERENCES customer_accounts(id),
  invited_user_id     integer REFERENCES users(id),
  opened_at           timestamptz,
  erp_collected_at    timestamptz,
  erp_exported_at     timestamptz,
  erp_acknowledged_at timestamptz,
  erp_reference       text,
  CONSTRAINT account_application_decided CHECK (status NOT IN ('approved', 'declined', 'opened') OR (decided_at IS NOT NULL AND decided_by IS NOT NULL)),
  CONSTRAINT account_application_declined_with_a_reason CHECK (status <> 'declined' OR length(btrim(coalesce(decision_reason, ''))) > 0),
  CONSTRAINT account_application_opened_names_its_account CHECK ((status = 'opened') = (account_id IS NOT NULL)),
  CONSTRAINT account_application_only_approved_reach_the_erp CHECK (
    (erp_collected_at IS NULL AND erp_exported_at IS NULL AND erp_acknowledged_at IS NULL) OR status IN ('approved', 'opened'))
);
-- One application under way per ABN.
CREATE UNIQUE INDEX account_applications_one_open_per_abn ON account_applications (abn)
  WHERE status IN ('received', 'information requested', 'approved');
CREATE INDEX account_applications_list ON account_applications (created_at DESC, id DESC);
CREATE INDEX account_applications_by_status ON account_applications (status, created_at DESC, id DESC);
-- The form's rate limits count an address's and an e-mail's recent applications.
CREATE INDEX account_applications_by_address ON account_applications (submitted_address, created_at);
CREATE INDEX account_applications_by_email ON account_applications (lower(email), created_at);
-- The ERP's feed: approved, not yet acknowledged.
CREATE INDEX account_applications_for_the_erp ON account_applications (decided_at, id)
  WHERE status = 'approved' AND erp_acknowledged_at IS NULL AND erp_exported_at IS NULL;

-- The ways a status moves: received or information requested to any decision or to each other (a question, then
-- the applicant's answer), approved to opened; declined and opened are final.
CREATE FUNCTION account_application_status_moves() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.status = OLD.status THEN RETURN NEW; END IF; IF (OLD.status IN ('received', 'information requested') AND NEW.status IN ('received', 'information requested', 'approved', 'declined')) OR (OLD.status = 'approved' AND NEW.status = 'opened') THEN RETURN NEW; END IF; RAISE EXCEPTION 'an application % does not become %', OLD.status, NEW.status USING ERRCODE = 'P0048', CONSTRAINT = 'account_application_status_moves'; END $$;
CREATE TRIGGER account_application_status_moves BEFORE UPDATE OF status ON account_applications
  FOR EACH ROW EXECUTE FUNCTION account_application_status_moves();

CREATE TABLE account_application_messages (
  id             serial PRIMARY KEY,
  application_id integer NOT NULL REFERENCES account_applications(id) ON DELETE CASCADE,
  author         text NOT NULL CHECK (author IN ('staff', 'applicant')),
  staff_user_id  integer REFERENCES back_office_users(id),
  body           text NOT NULL CHECK (length(body) BETWEEN 1 AND 4000),
  created_at     timestamptz NOT NULL DEFAULT now(),
  CHECK ((author = 'staff') = (staff_user_id IS NOT NULL))
);
CREATE INDEX account_application_messages_of ON account_application_messages (application_id, created_at, id);

CREATE TABLE account_application_files (
  id             serial PRIMARY KEY,
  application_id integer NOT NULL REFERENCES account_applications(id) ON DELETE CASCADE,
  message_id     integer REFERENCES account_application_messages(id) ON DELETE CASCADE,
  name           text NOT NULL,
  content        bytea NOT NULL CHECK (length(content) BETWEEN 5 AND 5242880 AND substring(content FROM 1 FOR 5) = '\\x255044462d'::bytea),
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_application_files_of ON account_application_files (application_id, id);

CREATE TABLE account_application_tokens (
  token_hash     bytea PRIMARY KEY,
  application_id integer NOT NULL REFERENCES account_applications(id) ON DELETE CASCADE,
  message_id     integer NOT NULL REFERENCES account_application_messages(id) ON DELETE CASCADE,
  expires_at     timestamptz NOT NULL,
  used_at        timestamptz
);
CREATE INDEX account_application_tokens_of ON account_application_tokens (application_id);
`
