import { z } from "zod";
import { blankAsAbsent, plainInteger } from "./fields";
import { coinSchema } from "./money";

/**
 * The daily jackpot (docs/jackpot.md). Names are ours: the spec shows the pages and
 * summary/prizePoolAmount only. Amounts in units (two decimals), times in ms since the epoch.
 */

/** GET /app/jackpot/info (signed in): today's pool, draw time, commitment and the player's tickets. */
export const jackpotInfoSchema = z.object({
  /** JACKPOT_APPLY reads as enabled. */
  enabled: z.boolean(),
  coin: coinSchema,
  /** The pool now. */
  pool: z.number(),
  dayNo: z.number().int(),
  /** When today's jackpot day started and when it is drawn (its end). */
  startTime: z.number().int(),
  drawTime: z.number().int(),
  serverTime: z.number().int(),
  /** SHA-256 of today's seed, published before the day started. */
  seedHash: z.string(),
  /** Tomorrow's commitment, already fixed. */
  nextSeedHash: z.string().nullable(),
  /**
   * The beacon round whose value takes part in today's draw (the first after the day's end, decision
   * 076): nobody, the operator included, can know the winners before it exists. Null for a day
   * committed before the beacon took part.
   */
  beaconRound: z.number().int().positive().nullable(),
  /** The player's tickets today (one per cent staked) and everyone's. */
  myTickets: z.number().int().nonnegative(),
  totalTickets: z.number().int().nonnegative(),
  players: z.number().int().nonnegative(),
  /** Percent of every stake that feeds the pool, of the pool paid per draw; winners per draw. */
  sharePercent: z.number(),
  payoutPercent: z.number(),
  winners: z.number().int().positive(),
});
export type JackpotInfo = z.infer<typeof jackpotInfoSchema>;

/**
 * A day's sealed ticket list (decision 078): stored once the day has ended and its rounds are
 * settled, before the beacon round its draw takes exists. `hash` = hex SHA-256 of the lines
 * "no:phone:tickets" (masked phone as published) joined by "\n"; `beaconRound` = the first beacon
 * round whose time is at least `committedTime` + `marginSeconds`, never before the round named with
 * the seed (the first after the day's end).
 */
const jackpotTicketsCommitmentSchema = z.object({
  hash: z.string(),
  committedTime: z.number().int(),
  marginSeconds: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  beaconRound: z.number().int().positive(),
});

const jackpotWinnerSchema = z.object({
  rank: z.number().int().positive(),
  /** Position in the ticket list. */
  no: z.number().int().positive(),
  /** Masked: "98****3210". */
  phone: z.string(),
  nickName: z.string().nullable(),
  ticket: z.number().int().nonnegative(),
  tickets: z.number().int().positive(),
  amount: z.number(),
});

/** GET /app/jackpot/draw?dayNo= (public): a drawn day, everything needed to recompute it. */
export const jackpotDrawSchema = z.object({
  dayNo: z.number().int(),
  coin: coinSchema,
  startTime: z.number().int(),
  endTime: z.number().int(),
  drawTime: z.number().int(),
  seedHash: z.string(),
  seed: z.string(),
  /**
   * The beacon round the draw took (its BLS signature, checkable under the beacon's public key;
   * randomness = SHA-256 of the signature). Null for a day drawn before the beacon took part.
   */
  beacon: z
    .object({
      source: z.string(),
      publicKey: z.string().nullable(),
      round: z.number().int().positive(),
      signature: z.string(),
      randomness: z.string(),
      /** The beacon's genesis and period (null like publicKey for another beacon): rounds' times. */
      genesisTime: z.number().int().nullable(),
      periodSeconds: z.number().positive().nullable(),
    })
    .nullable(),
  /** The ticket list sealed before the beacon round (decision 078); null for a day committed before it. */
  ticketsCommitment: jackpotTicketsCommitmentSchema.nullable(),
  /**
   * When an operator accepted the sealed list of a day whose settled bets changed after the seal
   * (decision 080): the day was drawn from that list, as every sealed day is. Null for a day drawn
   * without an acceptance. The operator's reason stays in their audit.
   */
  sealedListAccepted: z.object({ acceptedTime: z.number().int() }).nullable(),
  /** The pool at the draw and what the draw paid. */
  pool: z.number(),
  paid: z.number(),
  winnersWanted: z.number().int().nonnegative(),
  ticketsTotal: z.number().int().nonnegative(),
  /** The published ticket list: entry `no` holds the tickets [from, to) (tickets = cents staked). */
  tickets: z.array(
    z.object({
      no: z.number().int().positive(),
      phone: z.string(),
      tickets: z.number().int().positive(),
      from: z.number().int().nonnegative(),
      to: z.number().int().positive(),
    }),
  ),
  winners: z.array(jackpotWinnerSchema),
  /** The signed-in player's own winning, when any. */
  myWin: z.number().nullable(),
  /**
   * The oldest day whose list is sealed and whose draw waits (for its beacon round, or held): its
   * hash and seal time are public before the round's value exists. Null when no draw waits so.
   */
  pendingDraw: z
    .object({
      dayNo: z.number().int(),
      endTime: z.number().int(),
      ticketsCommitment: jackpotTicketsCommitmentSchema,
      /**
       * When its draw was first refused because the day's settled bets changed after the seal
       * (decision 078): held until an operator accepts the sealed list and it is drawn from it
       * (decision 080). Null while it only waits for its beacon round.
       */
      heldTime: z.number().int().nullable(),
    })
    .nullable(),
});
export type JackpotDraw = z.infer<typeof jackpotDrawSchema>;

export const jackpotDrawInputSchema = z.object({
  dayNo: z.preprocess(blankAsAbsent, plainInteger("dayNo must be a whole number").optional()),
});
