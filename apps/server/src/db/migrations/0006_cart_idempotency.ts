/**
 * Idempotency keys for cart changes (POST and PUT /api/cart): the answer a key got, kept with the user
 * whose cart it changed, so a change the device sends again (the offline queue retrying after a lost
 * answer) is applied once. Written in the change's own transaction (modules/ordering/idempotency.ts).
 */
export const up = /* sql */ `
CREATE TABLE cart_requests (
  user_id        integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  idempotency_key text NOT NULL,
  answer         jsonb,
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, idempotency_key)
);
`
