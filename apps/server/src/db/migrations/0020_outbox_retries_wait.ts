/**
 * The outbox's retries wait (decision 0098): an e-mail whose send failed is tried again only once its
 * `next_attempt_at` has come, later after each failure, instead of on the mailer's next tick a second later
 * (five failures in five seconds made a short SMTP outage fail every confirmation sent meanwhile for good).
 * The mailer also claims its e-mails by moving `next_attempt_at` forward (a lease) rather than by holding a
 * transaction open while it talks to the mail server. The pending index walks the claim's order.
 */
export const up = /* sql */ `
ALTER TABLE email_outbox ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now();
DROP INDEX email_outbox_pending;
CREATE INDEX email_outbox_pending ON email_outbox (next_attempt_at, id) WHERE status = 'pending';
`
