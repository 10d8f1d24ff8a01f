import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { LOBBY_RESULTS, type LobbyGame } from "#contract/lobby";
import type { Coin } from "#contract/money";
import { defaultRoomRoundJoins } from "../game/lobby-rounds";
import { assertMay } from "../limits/limits";
import type { Sql } from "../platform/db";
import { Refusal } from "../platform/http";

/** How long a signed external launch URL stays valid. */
const LAUNCH_TTL_MS = 5 * 60_000;
/** The sandbox provider's launch page, served by the app (app/routes/games.sandbox.tsx). */
export const SANDBOX_LAUNCH_PATH = "/games/sandbox";

export async function listChannels(db: Sql) {
  const rows = await db.query<{ id: number; name: string; sort: number }>(
    "SELECT id, name, sort FROM game_channels WHERE enabled ORDER BY sort, id",
  );
  return rows.map((r) => ({ id: r.id, name: r.name, sort: r.sort }));
}

/**
 * The enabled games of the enabled channels, in order. Each lottery game also carries its coin's
 * default room (lowest open level: every room has the same round length, so it is as fast as any):
 * the round running at `nowMs` and its latest LOBBY_RESULTS results, newest first. One query, whose
 * rounds part the game module writes (defaultRoomRoundJoins; read through game_rounds_room (coin,
 * level, end_time), a few rows per game). A round the scheduler has not made yet is not made here:
 * the game then has no round (null).
 */
export async function listGames(db: Sql, nowMs: number): Promise<LobbyGame[]> {
  const rows = await db.query<{
    id: number;
    channel_id: number;
    name: string;
    kind: "LOTTERY" | "EXTERNAL";
    coin: Coin | null;
    sort: number;
    level: number | null;
    round_id: number | null;
    bet_end_time: number | null;
    end_time: number | null;
    results: Array<{ id: number; result: number }> | null;
  }>(
    `SELECT g.id, g.channel_id, g.name, g.kind, g.coin, g.sort, room.level,
       cur.id AS round_id, cur.bet_end_time, cur.end_time, drawn.results
     FROM lobby_games g
     JOIN game_channels c ON c.id = g.channel_id
     ${defaultRoomRoundJoins("CASE WHEN g.kind = 'LOTTERY' THEN g.coin END", "$1", "$2")}
     WHERE g.enabled AND c.enabled ORDER BY c.sort, c.id, g.sort, g.id`,
    [nowMs, LOBBY_RESULTS],
  );
  return rows.map((r) => ({
    id: r.id,
    channelId: r.channel_id,
    name: r.name,
    kind: r.kind,
    coin: r.coin,
    sort: r.sort,
    ...(r.kind === "LOTTERY"
      ? {
          round:
            r.round_id === null || r.level === null
              ? null
              : {
                  id: r.round_id,
                  level: r.level,
                  betEndTime: Number(r.bet_end_time),
                  sessionEndTime: Number(r.end_time),
                  timestamp: nowMs,
                },
          lastResults: (r.results ?? []).map((d) => ({ id: Number(d.id), result: Number(d.result) })),
        }
      : {}),
  }));
}

/** The signed message of a launch: game, player, expiry and a one-time nonce. */
const launchMessage = (gameId: number, player: string, exp: number, nonce: string) =>
  `${gameId}.${player}.${exp}.${nonce}`;

const signLaunch = (secret: string, gameId: number, player: string, exp: number, nonce: string) =>
  createHmac("sha256", secret)
    .update(launchMessage(gameId, player, exp, nonce))
    .digest("hex");

/**
 * Where to send `userId` for game `gameId`: the room list of the lottery's coin, or the external
 * provider's URL with gameId, player, exp (LAUNCH_TTL_MS ahead), nonce and sig = HMAC-SHA256(game
 * secret, "gameId.player.exp.nonce"). Null when the game does not exist or is disabled.
 */
export async function gameUrl(db: Sql, gameId: number, userId: number, nowMs: number) {
  const [game] = await db.query<{
    kind: string;
    coin: Coin | null;
    launch_url: string | null;
    secret: string | null;
  }>(
    `SELECT g.kind, g.coin, g.launch_url, g.secret FROM lobby_games g JOIN game_channels c ON c.id = g.channel_id
     WHERE g.id = $1 AND g.enabled AND c.enabled`,
    [gameId],
  );
  if (!game) return null;
  if (game.kind === "LOTTERY") return { url: `/pages/game/gameList?coin=${game.coin}`, expiresAt: null };
  // A signed link lets the player gamble at the provider: not during a time-out or self-exclusion.
  await assertMay(db, { now: () => nowMs }, userId, "play");
  const exp = nowMs + LAUNCH_TTL_MS;
  const nonce = randomBytes(12).toString("hex");
  const player = String(userId);
  const sig = signLaunch(game.secret ?? "", gameId, player, exp, nonce);
  const query = new URLSearchParams({ gameId: String(gameId), player, exp: String(exp), nonce, sig });
  return { url: `${game.launch_url}?${query}`, expiresAt: exp };
}

/** The sandbox provider's check: the game exists, the signature is its secret's, not expired. */
export async function checkSandboxLaunch(
  db: Sql,
  q: { gameId: number; player: string; exp: number; nonce: string; sig: string },
  nowMs: number,
): Promise<
  { ok: true; gameName: string } | { ok: false; reason: "UNKNOWN_GAME" | "BAD_SIGNATURE" | "EXPIRED" }
> {
  const [game] = await db.query<{ name: string; secret: string | null; launch_url: string | null }>(
    "SELECT name, secret, launch_url FROM lobby_games WHERE id = $1 AND kind = 'EXTERNAL'",
    [q.gameId],
  );
  if (!game?.secret || game.launch_url !== SANDBOX_LAUNCH_PATH) return { ok: false, reason: "UNKNOWN_GAME" };
  const expected = Buffer.from(signLaunch(game.secret, q.gameId, q.player, q.exp, q.nonce), "hex");
  const given = Buffer.from(q.sig, "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: "BAD_SIGNATURE" };
  if (q.exp < nowMs || q.exp > nowMs + LAUNCH_TTL_MS) return { ok: false, reason: "EXPIRED" };
  return { ok: true, gameName: game.name };
}

/** Adds an external game (operator): its channel (created when new), name, launch URL; a new secret. */
export async function addExternalGame(db: Sql, input: Record<string, string>) {
  const channel = input.channel?.trim();
  const name = input.name?.trim();
  const launchUrl = input.launchUrl?.trim();
  if (!channel || channel.length > 40) throw new Refusal("channel must be a name of 1 to 40 characters");
  if (!name || name.length > 40) throw new Refusal("name must be 1 to 40 characters");
  if (!launchUrl || !(/^https:\/\/[^\s]+$/.test(launchUrl) || launchUrl === SANDBOX_LAUNCH_PATH))
    throw new Refusal(`launchUrl must be an https:// URL or ${SANDBOX_LAUNCH_PATH}`);
  const [c] = await db.query<{ id: number }>(
    `INSERT INTO game_channels (name, sort) SELECT $1::text, coalesce(max(sort), 0) + 1 FROM game_channels
     ON CONFLICT (name) DO UPDATE SET enabled = true RETURNING id`,
    [channel],
  );
  const secret = randomBytes(32).toString("hex");
  const [g] = await db.query<{ id: number }>(
    `INSERT INTO lobby_games (channel_id, name, kind, launch_url, secret, sort)
     SELECT $1::int, $2::text, 'EXTERNAL', $3::text, $4::text, coalesce(max(sort), 0) + 1 FROM lobby_games WHERE channel_id = $1::int
     ON CONFLICT (channel_id, name) DO UPDATE SET launch_url = EXCLUDED.launch_url, enabled = true RETURNING id`,
    [c.id, name, launchUrl, secret],
  );
  const [row] = await db.query<{ secret: string }>("SELECT secret FROM lobby_games WHERE id = $1", [g.id]);
  return { id: g.id, channelId: c.id, secret: row.secret };
}

/** Enables or disables a game (operator). */
export async function setGameEnabled(db: Sql, id: number, enabled: boolean) {
  const rows = await db.query("UPDATE lobby_games SET enabled = $2 WHERE id = $1 RETURNING id", [
    id,
    enabled,
  ]);
  if (rows.length === 0) throw new Refusal(`No game ${id}`);
}
