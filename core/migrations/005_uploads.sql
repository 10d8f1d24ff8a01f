-- Who uploaded which image (the files themselves live under UPLOAD_DIR).
CREATE TABLE uploads (
  name text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  bytes integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
