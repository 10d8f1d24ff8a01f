-- A notice's title and content in one of the six languages (core/src/messages): the core answers
-- a notice in the request's accept-language when it has that text, else the notice's own text
-- (sys_messages). Operators add them with `admin notice translate`; the welcome notices ship in all six.
CREATE TABLE sys_message_texts (
  message_id bigint NOT NULL REFERENCES sys_messages (id) ON DELETE CASCADE,
  lang text NOT NULL CHECK (lang IN ('en-US', 'zh-CN', 'ja-JP', 'fr-FR', 'de-DE', 'ko-KR')),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  content text NOT NULL CHECK (length(content) BETWEEN 1 AND 5000),
  PRIMARY KEY (message_id, lang)
);
