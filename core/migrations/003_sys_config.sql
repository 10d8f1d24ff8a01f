-- Operator-edited settings read by GET /app/config/getSysCfgValue (key -> text value).
CREATE TABLE sys_config (
  key text PRIMARY KEY CHECK (key ~ '^[A-Z][A-Z0-9_]{0,63}$'),
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
