-- Every operator action (API or CLI) is written here, in the same transaction as what it did:
-- who (an operator name, or cli:<os user>), what (an action name and its details), when.
CREATE TABLE operator_audit (
  id bigserial PRIMARY KEY,
  operator text NOT NULL,
  action text NOT NULL,
  target text,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX operator_audit_created ON operator_audit (created_at DESC, id DESC);
