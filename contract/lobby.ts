import { z } from "zod";
import { blankAsAbsent, plainInteger } from "./fields";
import { coinSchema } from "./money";

/**
 * The home lobby (spec section 7: game/config/list, gameChannel/list, games/getGameUrl,
 * summary/platformBetAmount, summary/betRank). Field names are ours (the spec shows the paths
 * only); amounts in units. Rankings carry masked phones only.
 */

/** GET /app/gameChannel/list: the enabled channels, in order. */
export const gameChannelListSchema = z.array(
  z.object({ id: z.number().int(), name: z.string(), sort: z.number().int() }),
);

const lobbyGameSchema = z.object({
  id: z.number().int(),
  channelId: z.number().int(),
  name: z.string(),
  /** LOTTERY: the colour lottery in one coin (opens its room list); EXTERNAL: launched by getGameUrl. */
  kind: z.enum(["LOTTERY", "EXTERNAL"]),
  coin: coinSchema.nullable(),
  sort: z.number().int(),
  /**
   * Ours, LOTTERY only: the round running now in the coin's default room (its lowest open level;
   * every room has the same round length), with the core's clock (`timestamp`) that its countdown
   * starts from, as getSession says them. Null when none is running (no open room, or the round is
   * not made yet); absent from an upstream that does not send it.
   */
  round: z
    .object({
      id: z.number().int(),
      level: z.number().int(),
      betEndTime: z.number(),
      sessionEndTime: z.number(),
      timestamp: z.number(),
    })
    .nullable()
    .optional(),
  /** Ours, LOTTERY only: the latest drawn rounds of that room, newest first (at most LOBBY_RESULTS). */
  lastResults: z.array(z.object({ id: z.number().int(), result: z.number().int().min(0).max(9) })).optional(),
});
export type LobbyGame = z.infer<typeof lobbyGameSchema>;

/** How many of its latest results a lottery game of the lobby carries. */
export const LOBBY_RESULTS = 3;

/**
 * GET /app/game/config/list: the enabled games of the enabled channels, in order; each lottery
 * game with its default room's current round and latest results (one query, core/src/lobby/games.ts).
 */
export const gameConfigListSchema = z.array(lobbyGameSchema);

export const getGameUrlInputSchema = z.object({
  gameId: z.preprocess(blankAsAbsent, plainInteger("gameId must be a game id").pipe(z.number().min(1))),
});

/** GET /app/games/getGameUrl?gameId=: where to send the player; external URLs expire. */
export const gameUrlSchema = z.object({
  url: z.string(),
  /** null for the lottery (an app path that does not expire). */
  expiresAt: z.number().int().nullable(),
});

/** The signed fields of an external launch URL (the sandbox provider checks them). */
export const sandboxLaunchInputSchema = z.object({
  gameId: z.preprocess(blankAsAbsent, plainInteger("gameId must be a game id")),
  player: z.string().regex(/^\d{1,12}$/, "player must be a player id"),
  exp: z.preprocess(blankAsAbsent, plainInteger("exp must be a time")),
  nonce: z.string().regex(/^[0-9a-f]{16,64}$/, "nonce must be hex"),
  sig: z.string().regex(/^[0-9a-f]{64}$/, "sig must be 64 hex characters"),
});

/** GET /app/games/sandbox/launch (ours): the sandbox provider's check of a launch. */
export const sandboxLaunchSchema = z.object({
  gameName: z.string(),
  /** Masked phone of the launching player. */
  player: z.string(),
  expiresAt: z.number().int(),
});

/** GET /app/summary/betRank: today's top players by stake (CHIP), phones masked. */
export const betRankSchema = z.array(
  z.object({
    rank: z.number().int().positive(),
    phone: z.string(),
    nickName: z.string().nullable(),
    headUrl: z.string().nullable(),
    amount: z.number(),
  }),
);
export type BetRankRow = z.infer<typeof betRankSchema>[number];

/** GET /app/summary/platformBetAmount: today's (UTC) stakes of all players, per coin. */
export const platformBetAmountSchema = z.object({ chip: z.number(), gold: z.number(), point: z.number() });

/** GET /app/summary/prizePoolAmount: the jackpot pool (contract/jackpot.ts, jackpot module). */
export const prizePoolAmountSchema = z.number();
