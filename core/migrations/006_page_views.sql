-- Page views reported by the BFF (device id, path, time the player saw the page).
CREATE TABLE page_views (
  id bigserial PRIMARY KEY,
  device_id text NOT NULL,
  user_id bigint,
  path text NOT NULL,
  viewed_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX page_views_viewed_at ON page_views (viewed_at);
