import { type KeyObject, createHash, sign } from "node:crypto";
import type { Sql } from "../platform/db";
import type { Fairness } from "./fairness-keys";

/** Serialises round and chain creation (and so the log's order) across processes. */
export const CREATION_LOCK = 4_210_010;

type LogEntry =
  | {
      kind: "chain";
      chainId: number;
      coin: string;
      level: number;
      lane: number;
      length: number;
      terminalHash: string;
    }
  | {
      kind: "round";
      roundId: number;
      coin: string;
      level: number;
      commitment: string;
      chainId: number;
      chainIndex: number;
      beaconSource: string;
      beaconRound: number;
      bettingClosesAt: number;
    }
  | {
      /** The log's signing key changes: signed by the key before, naming the one after. */
      kind: "key";
      publicKey: string;
    }
  | {
      /** A chain ends before its last seed (its top seed no key opens any more, decision 058). */
      kind: "retire";
      chainId: number;
      coin: string;
      level: number;
      lane: number;
      used: number;
    }
  | {
      /** A round no key can draw is void: no result, every stake refunded (void-rounds.ts). */
      kind: "void";
      roundId: number;
      coin: string;
      level: number;
      commitment: string;
      reason: string;
      refundedBets: number;
    };

/**
 * Appends one entry to the public log (inside the caller's transaction, which holds
 * CREATION_LOCK): body = canonical JSON {seq, prev, at, ...entry}, hash = SHA-256(body),
 * signature = Ed25519(body) with the log key (a hand-over: with the key before it, log-keys.ts).
 * The table refuses updates and deletes.
 */
export async function appendLog(
  tx: Sql,
  f: Fairness,
  entry: LogEntry,
  nowMs: number,
  signer: KeyObject = f.logKey,
): Promise<number> {
  const last = await tx.query<{ seq: number; hash: string }>(
    "SELECT seq, hash FROM fairness_log ORDER BY seq DESC LIMIT 1",
  );
  const seq = Number(last[0]?.seq ?? 0) + 1;
  const body = JSON.stringify({ seq, prev: last[0]?.hash ?? null, at: nowMs, ...entry });
  const hash = createHash("sha256").update(body).digest("hex");
  const signature = sign(null, Buffer.from(body), signer).toString("hex");
  await tx.query("INSERT INTO fairness_log (seq, body, hash, signature) VALUES ($1, $2, $3, $4)", [
    seq,
    body,
    hash,
    signature,
  ]);
  return seq;
}

/** A page of the public log, oldest first from `afterSeq`. */
export async function readLog(db: Sql, afterSeq: number, limit: number) {
  const rows = await db.query<{ seq: number; body: string; hash: string; signature: string }>(
    "SELECT seq, body, hash, signature FROM fairness_log WHERE seq > $1 ORDER BY seq LIMIT $2",
    [afterSeq, limit],
  );
  return rows.map((r) => ({ ...r, seq: Number(r.seq) }));
}

/** The newest entries, newest first (the public page). */
export async function latestLog(db: Sql, limit: number) {
  const rows = await db.query<{ seq: number; body: string; hash: string; signature: string }>(
    "SELECT seq, body, hash, signature FROM fairness_log ORDER BY seq DESC LIMIT $1",
    [limit],
  );
  return rows.map((r) => ({ ...r, seq: Number(r.seq) }));
}

/**
 * What settlement refused, newest first, and whether the round was voided since (decision 058)
 * (operators: CLI `admin fairness alarms`, GET /core/operator/game/fairness-alarms).
 */
export async function listAlarms(db: Sql, limit = 100) {
  const rows = await db.query<{
    roundId: number;
    problem: string;
    detail: object;
    createdAt: Date | string;
    voided: boolean;
  }>(
    `SELECT a.round_id AS "roundId", a.problem, a.detail, a.created_at AS "createdAt",
       g.voided_at IS NOT NULL AS voided
     FROM fairness_alarms a LEFT JOIN game_rounds g ON g.id = a.round_id ORDER BY a.id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({
    ...r,
    roundId: Number(r.roundId),
    createdAt: new Date(r.createdAt).toISOString(),
  }));
}
