import { z } from "zod";
import { pageInputSchema, pageSchema } from "./envelope";
import { blankAsAbsent, optionalField, plainInteger } from "./fields";
import { amountSchema, coinSchema } from "./money";

/**
 * The lottery game calls (spec section 7, design section 4). Field names from the spec are kept
 * exactly; the rest (seedHash, seed, status, winAmount, ...) are ours, see docs/upstream-api.md.
 * Amounts cross the wire in units (two decimals at most); times are milliseconds since the epoch.
 */

export const COLOUR_BETS = ["Red", "Green", "Violet"] as const;
export const SIZE_BETS = ["Big", "Small"] as const;
export const NUMBER_BETS = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"] as const;
export const BET_NAMES = [...COLOUR_BETS, ...SIZE_BETS, ...NUMBER_BETS] as const;
export type BetName = (typeof BET_NAMES)[number];
/** Ours beyond the original three: REFUNDED, a bet on a round no key could draw (decision 058). */
const BET_STATUSES = ["WAITING", "WIN", "LOSE", "REFUNDED"] as const;
export type BetStatus = (typeof BET_STATUSES)[number];
/** Any whole multiple in this range is accepted; betMultipleStr only lists presets. */
export const MAX_BET_MULTIPLE = 10_000;

/** Colours and sizes of a digit (digits.ts, free of zod). */
export { coloursOf, sizeOf } from "./digits";

const level = plainInteger("level must be a whole number from 1 to 99").pipe(
  z.number().min(1, "level must be 1 to 99").max(99, "level must be 1 to 99"),
);
/** The coin of a call: CHIP when left out or blank. */
const coinOrChip = z.preprocess(blankAsAbsent, coinSchema.default("CHIP"));
/** A positive id (a round, a bet) written plainly. */
const idOf = (invalid: string, positive = invalid) =>
  plainInteger(invalid).pipe(z.number().positive(positive));

// ---- GET /app/game/luckyLottery/getLevelList
export const levelListInputSchema = z.object({ coin: coinOrChip });
const gameLevelSchema = z.object({
  coin: coinSchema,
  level: z.number().int(),
  levelName: z.string(),
  /** Units: the player's balance of this coin must be within [chipMinLimit, chipMaxLimit]. */
  chipMinLimit: z.number(),
  chipMaxLimit: z.number(),
  enableFlag: z.boolean(),
  /** Comma list in units, e.g. "1,10,100,1000". */
  betBaseAmountStr: z.string(),
  /** Comma list of multiple presets, e.g. "1,5,10,20,50,100". */
  betMultipleStr: z.string(),
});
export const levelListSchema = z.array(gameLevelSchema);
export type GameLevel = z.infer<typeof gameLevelSchema>;

/** A payout table (contract/payout.ts says what it means); rounds and the rules call carry one. */
const payoutTableSchema = z.object({
  serviceFeeRate: z.number(),
  colour: z.number(),
  colourOnVioletDigit: z.number(),
  violet: z.number(),
  number: z.number(),
  bigSmall: z.number(),
});

// ---- GET /app/game/luckyLottery/getSession
export const sessionInputSchema = z.object({ level, coin: coinOrChip });
/** A round, as the current round and the drawn rounds both say it: its room and its three times. */
const roundSchema = z.object({
  id: z.number().int(),
  coin: coinSchema,
  level: z.number().int(),
  startTime: z.number(),
  betEndTime: z.number(),
  sessionEndTime: z.number(),
});
export const gameSessionSchema = roundSchema.extend({
  chipMinLimit: z.number(),
  chipMaxLimit: z.number(),
  gameLevelName: z.string(),
  gameTitle: z.string(),
  betBaseAmountStr: z.string(),
  betMultipleStr: z.string(),
  /** SHA-256 (hex) of the round's server seed, published before betting opens. */
  seedHash: z.string(),
  /** Ours: the beacon round whose randomness the digit will also take (after betting closes). */
  beaconRound: z.number().int().nullable().optional(),
  /** Ours: the payout table of this round (fixed when it was created), for "pays if it wins". */
  payout: payoutTableSchema.optional(),
  /** Server time when the answer was made: countdowns derive from it. */
  timestamp: z.number(),
  /** Ours (decision 058): the round was voided (no key can draw it): it takes no bet, every stake refunded. */
  voided: z.boolean().optional(),
});
export type GameSession = z.infer<typeof gameSessionSchema>;
export const EMPTY_SESSION_MESSAGE = "The current session configuration is empty";

// ---- POST /app/game/luckyLottery/betting
export const bettingInputSchema = z
  .object({
    /** The round: it names the room (coin and level) too. */
    gameSessionId: idOf("gameSessionId must be a number", "Choose a round"),
    betName: z.enum(BET_NAMES, {
      errorMap: () => ({ message: "Choose a bet: Red, Green, Violet, Big, Small or a number 0-9" }),
    }),
    baseAmount: amountSchema,
    betMultiples: plainInteger("The multiple must be a whole number").pipe(
      z
        .number()
        .min(1, "The multiple must be at least 1")
        .max(MAX_BET_MULTIPLE, `The multiple must be at most ${MAX_BET_MULTIPLE}`),
    ),
    totalBetAmount: amountSchema,
    coin: coinOrChip,
    /** Not in the spec's payload, so optional (blank too): when sent, it must be the round's level. */
    level: optionalField(level),
  })
  .refine((b) => Math.round(b.baseAmount * 100) * b.betMultiples === Math.round(b.totalBetAmount * 100), {
    message: "totalBetAmount must equal baseAmount × betMultiples",
    path: ["totalBetAmount"],
  });
export type BettingInput = z.infer<typeof bettingInputSchema>;

/** A bet as the record lists (and the betting answer) show it. */
export const betRecordSchema = z.object({
  id: z.number().int(),
  gameSessionId: z.number().int(),
  coin: coinSchema,
  level: z.number().int(),
  betName: z.enum(BET_NAMES),
  baseAmount: z.number(),
  betMultiples: z.number().int(),
  totalBetAmount: z.number(),
  /** What the bet paid (0 until it wins). */
  winAmount: z.number(),
  status: z.enum(BET_STATUSES),
  /** The round's digit as a string, null until the round is settled. */
  lotteryResult: z.string().nullable(),
  createTime: z.number(),
  sessionEndTime: z.number(),
  /** Ours: the round's commitment (SHA-256 of its seed) and beacon round, kept on the bet when placed. */
  commitment: z.string().nullable().optional(),
  beaconRound: z.number().int().nullable().optional(),
});
export type BetRecord = z.infer<typeof betRecordSchema>;
export const bettingResultSchema = betRecordSchema.extend({
  /** The player's balance of the bet's coin after the stake. */
  balance: z.number(),
});
export const BET_PLACED_MESSAGE = "Bet placed successfully";

/**
 * Ours: the `result` of a refused bet (code 400 or 404), so that a client can say why in its own
 * words and format the amounts itself: `amount` is the room's limit (BELOW_ROOM, ABOVE_ROOM) or
 * the stake (INSUFFICIENT, with the `balance`); `amounts` the base amounts (BAD_BASE). Units.
 */
export const BET_REFUSALS = [
  "NO_ROUND",
  "OTHER_ROOM",
  "ROOM_CLOSED",
  "CLOSED",
  "NOT_OPEN",
  "BAD_BASE",
  "BAD_TOTAL",
  "BELOW_ROOM",
  "ABOVE_ROOM",
  "INSUFFICIENT",
  // Player protection (contract/limits.ts): a loss limit would be passed; a time-out or exclusion.
  "LOSS_LIMIT",
  "EXCLUDED",
] as const;
export type BetRefusal = (typeof BET_REFUSALS)[number];
export const betRefusalSchema = z.object({
  reason: z.enum(BET_REFUSALS),
  amount: z.number().optional(),
  balance: z.number().optional(),
  amounts: z.array(z.number()).optional(),
  /** LOSS_LIMIT: which limit, its amount, what is left and when the period resets (ms). */
  period: z.enum(["DAY", "WEEK", "MONTH"]).optional(),
  limit: z.number().optional(),
  left: z.number().optional(),
  resetsAt: z.number().optional(),
  /** EXCLUDED: a time-out or a self-exclusion, and when it ends (ms). */
  block: z.enum(["TIMEOUT", "EXCLUSION"]).optional(),
  until: z.number().optional(),
});
export type BetRefusalDetail = z.infer<typeof betRefusalSchema>;

// ---- GET /app/game/luckyLottery/sessionResultPage
export const sessionResultPageInputSchema = pageInputSchema.extend({ level, coin: coinOrChip });
const sessionResultSchema = roundSchema.extend({
  /** The drawn digit, as a string. */
  lotteryResult: z.string(),
  seedHash: z.string(),
  /** The revealed server seed (64 hex characters). */
  seed: z.string(),
});
export const sessionResultPageSchema = pageSchema(sessionResultSchema);
export type SessionResult = z.infer<typeof sessionResultSchema>;

// ---- GET /app/game/luckyLottery/userLotteryRecordPage
export const userLotteryRecordPageInputSchema = pageInputSchema.extend({
  coin: coinOrChip,
  level: optionalField(level),
});
export const betRecordPageSchema = pageSchema(betRecordSchema);

// ---- GET /app/user/betRecord/page
export const betRecordPageInputSchema = pageInputSchema.extend({
  coin: optionalField(coinSchema),
  status: optionalField(z.enum(BET_STATUSES)),
});

// ---- GET /app/user/betRecord/detail (ours): one of the player's bets
export const betRecordDetailInputSchema = z.object({
  id: idOf("id must be a number", "id must be a bet id"),
});

// ---- GET /app/user/betRecord/winPage (public: recent wins of all players, phone masked)
export const winPageInputSchema = pageInputSchema.extend({ coin: optionalField(coinSchema) });
const winRecordSchema = z.object({
  id: z.number().int(),
  gameSessionId: z.number().int(),
  coin: coinSchema,
  level: z.number().int(),
  betName: z.enum(BET_NAMES),
  totalBetAmount: z.number(),
  winAmount: z.number(),
  lotteryResult: z.string().nullable(),
  /** The winner's phone with the middle masked, e.g. "98****3210". */
  phone: z.string(),
  createTime: z.number(),
});
export const winPageSchema = pageSchema(winRecordSchema);

// ---- GET /app/game/luckyLottery/verify (public)
export const verifyInputSchema = z.object({
  sessionId: idOf("sessionId must be a number", "sessionId must be a round id"),
});
export const verifyResultSchema = z.object({
  id: z.number().int(),
  coin: coinSchema,
  level: z.number().int(),
  seedHash: z.string(),
  /** null until the round is settled. */
  seed: z.string().nullable(),
  lotteryResult: z.string().nullable(),
  sessionEndTime: z.number(),
  settled: z.boolean(),
  /** Ours (decision 058): the round was voided, never drawn, every stake refunded. */
  voided: z.boolean().optional(),
  /** Ours (decision 040): 1 = before hash chains and the beacon, 2 = chained seed and beacon. */
  scheme: z.number().int().optional(),
  betEndTime: z.number().optional(),
  /** The payout table the round was created with. */
  payout: payoutTableSchema.optional(),
  /** The round's place in its room's hash chain: SHA-256 applied `index` times to the seed = terminalHash. */
  chain: z
    .object({
      id: z.number().int(),
      index: z.number().int(),
      length: z.number().int(),
      lane: z.number().int(),
      terminalHash: z.string(),
    })
    .nullable()
    .optional(),
  /** The beacon round the digit takes; signature and randomness once it exists. */
  beacon: z
    .object({
      source: z.string(),
      round: z.number().int(),
      time: z.number(),
      publicKey: z.string(),
      signature: z.string().nullable(),
      randomness: z.string().nullable(),
      sandbox: z.boolean(),
    })
    .nullable()
    .optional(),
});
export type VerifyResult = z.infer<typeof verifyResultSchema>;

// ---- GET /app/game/luckyLottery/fairness (public): keys, chains and the newest log entries
const logEntrySchema = z.object({
  seq: z.number().int(),
  body: z.string(),
  hash: z.string(),
  signature: z.string(),
});
export const fairnessSchema = z.object({
  /** Ed25519 public key (raw 32 bytes, hex) that signs every log entry's body. */
  logPublicKey: z.string(),
  beacon: z.object({
    source: z.string(),
    publicKey: z.string(),
    genesisTime: z.number(),
    periodSeconds: z.number(),
    scheme: z.string(),
    dst: z.string(),
    sandbox: z.boolean(),
  }),
  rtpCeiling: z.number(),
  chains: z.array(
    z.object({
      id: z.number().int(),
      coin: coinSchema,
      level: z.number().int(),
      lane: z.number().int(),
      length: z.number().int(),
      terminalHash: z.string(),
      used: z.number().int(),
      createdAt: z.number(),
      /** Ours (decision 058): when it ended before its last seed (a lost seed key), else null. */
      retiredAt: z.number().nullable().optional(),
    }),
  ),
  log: z.array(logEntrySchema),
});

// ---- GET /app/game/luckyLottery/fairnessLog (public): the whole log, oldest first, for archiving
export const fairnessLogInputSchema = z.object({
  afterSeq: optionalField(plainInteger("afterSeq must be a number").pipe(z.number().min(0))),
  limit: optionalField(plainInteger("limit must be a number").pipe(z.number().min(1).max(1000))),
});
export const fairnessLogSchema = z.object({ logPublicKey: z.string(), entries: z.array(logEntrySchema) });

// ---- GET /app/game/luckyLottery/rules (public)
export const rulesSchema = z.object({
  payout: payoutTableSchema,
  /** digit -> its colours, e.g. "0": ["Red", "Violet"]. */
  colours: z.record(z.array(z.enum(COLOUR_BETS))),
  big: z.array(z.number().int()),
  small: z.array(z.number().int()),
  betNames: z.array(z.enum(BET_NAMES)),
  roundSeconds: z.number().int(),
  betCloseSeconds: z.number().int(),
  maxBetMultiple: z.number().int(),
  /** Ours: no bet type may return more than this share of its stake on average (GAME_RTP_CEILING). */
  rtpCeiling: z.number().optional(),
});
