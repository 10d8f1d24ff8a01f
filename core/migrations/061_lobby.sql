-- The home lobby (core/src/lobby): game channels and the games listed in them. The colour lottery
-- is one game per coin (kind LOTTERY); an operator adds external games (kind EXTERNAL) whose launch
-- URL is signed per player (games/getGameUrl). The sandbox provider's game is seeded outside
-- production by the module's seed.

CREATE TABLE game_channels (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  sort integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true
);

CREATE TABLE lobby_games (
  id serial PRIMARY KEY,
  channel_id integer NOT NULL REFERENCES game_channels (id),
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('LOTTERY', 'EXTERNAL')),
  -- LOTTERY: the coin of its rooms.
  coin text CHECK (coin IN ('CHIP', 'GOLD', 'POINT')),
  -- EXTERNAL: where the player is sent (absolute, or an app path for the sandbox) and the key
  -- that signs each launch (HMAC-SHA256), shared with the provider.
  launch_url text,
  secret text,
  sort integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true,
  UNIQUE (channel_id, name),
  CHECK ((kind = 'LOTTERY' AND coin IS NOT NULL) OR (kind = 'EXTERNAL' AND launch_url IS NOT NULL AND secret IS NOT NULL))
);

INSERT INTO game_channels (name, sort) VALUES ('Colour Lottery', 0);
INSERT INTO lobby_games (channel_id, name, kind, coin, sort)
SELECT c.id, g.name, 'LOTTERY', g.coin, g.sort
FROM game_channels c CROSS JOIN (VALUES ('Chip', 'CHIP', 0), ('Gold', 'GOLD', 1), ('Points', 'POINT', 2)) AS g (name, coin, sort)
WHERE c.name = 'Colour Lottery';
