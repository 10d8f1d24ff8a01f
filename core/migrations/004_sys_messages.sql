-- System messages and notices. user_id NULL: a notice for everybody; else for one player.
CREATE TABLE sys_messages (
  id bigserial PRIMARY KEY,
  user_id bigint REFERENCES users (id),
  title text NOT NULL,
  content text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sys_messages_user ON sys_messages (user_id, id);

CREATE TABLE sys_message_reads (
  message_id bigint NOT NULL REFERENCES sys_messages (id),
  user_id bigint NOT NULL REFERENCES users (id),
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (message_id, user_id)
);
