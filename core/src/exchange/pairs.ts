import type { ExchangePair } from "#contract/assets";
import { type Coin, coinSchema } from "#contract/money";
import { writeAudit } from "../operator/audit";
import { type FieldColumn, columnsOf, onOff, percentBp } from "../operator/fields";
import type { Db, Sql } from "../platform/db";
import { Refusal } from "../platform/http";

interface PairRow {
  id: number;
  from_coin: Coin;
  to_coin: Coin;
  from_units: number;
  to_units: number;
  fee_bp: number;
  enabled: boolean;
}

const COLUMNS = "id, from_coin, to_coin, from_units, to_units, fee_bp, enabled";

export function pairOf(r: PairRow): ExchangePair {
  return {
    id: r.id,
    fromCoin: r.from_coin,
    toCoin: r.to_coin,
    fromUnits: Number(r.from_units),
    toUnits: Number(r.to_units),
    feeRate: r.fee_bp / 100,
    enabled: r.enabled,
  };
}

/** Every pair (operators), or only the enabled ones (players). */
export async function listPairs(db: Sql, onlyEnabled = false): Promise<ExchangePair[]> {
  const rows = await db.query<PairRow>(
    `SELECT ${COLUMNS} FROM exchange_pairs ${onlyEnabled ? "WHERE enabled" : ""} ORDER BY id`,
  );
  return rows.map(pairOf);
}

export async function findPair(db: Sql, from: Coin, to: Coin): Promise<ExchangePair | null> {
  const rows = await db.query<PairRow>(
    `SELECT ${COLUMNS} FROM exchange_pairs WHERE from_coin = $1 AND to_coin = $2`,
    [from, to],
  );
  return rows[0] ? pairOf(rows[0]) : null;
}

const units: FieldColumn[1] = (text, field) => {
  if (!/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > 1_000_000_000)
    throw new Refusal(`${field}: a whole number from 1 to 1000000000`);
  return Number(text);
};

/** Each field an operator sets of a pair (text, as the CLI and the API take them), its column and how it is read. */
const PAIR_FIELDS: Record<string, FieldColumn> = {
  fromUnits: ["from_units", units],
  toUnits: ["to_units", units],
  feeRate: ["fee_bp", percentBp(50)],
  enabled: ["enabled", onOff],
};

function coinArg(raw: string | undefined, name: string): Coin {
  const coin = coinSchema.safeParse(raw?.trim().toUpperCase());
  if (!coin.success) throw new Refusal(`${name}: CHIP, GOLD or POINT`);
  return coin.data;
}

/**
 * Adds the pair from -> to, or changes the fields given of the existing one. Answers the pair
 * before (null when added) and after, for the audit log.
 */
async function upsertPair(
  tx: Sql,
  rawFrom: string | undefined,
  rawTo: string | undefined,
  changes: Record<string, string>,
): Promise<{ before: ExchangePair | null; pair: ExchangePair }> {
  const from = coinArg(rawFrom, "fromCoin");
  const to = coinArg(rawTo, "toCoin");
  if (from === to) throw new Refusal("fromCoin and toCoin must differ");
  const sets = columnsOf(changes, PAIR_FIELDS);
  const beforeRows = await tx.query<PairRow>(
    `SELECT ${COLUMNS} FROM exchange_pairs WHERE from_coin = $1 AND to_coin = $2 FOR UPDATE`,
    [from, to],
  );
  const before = beforeRows[0] ? pairOf(beforeRows[0]) : null;
  if (!before) {
    const values = Object.fromEntries(sets);
    if (values.from_units === undefined || values.to_units === undefined)
      throw new Refusal("A new pair needs fromUnits and toUnits");
    await tx.query(
      `INSERT INTO exchange_pairs (from_coin, to_coin, from_units, to_units, fee_bp, enabled)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [from, to, values.from_units, values.to_units, values.fee_bp ?? 0, values.enabled ?? true],
    );
  } else {
    if (sets.length === 0) throw new Refusal("Name at least one field to change");
    const assignments = sets.map(([column], i) => `${column} = $${i + 3}`).join(", ");
    await tx.query(
      `UPDATE exchange_pairs SET ${assignments}, updated_at = now() WHERE from_coin = $1 AND to_coin = $2`,
      [from, to, ...sets.map(([, v]) => v)],
    );
  }
  const pair = await findPair(tx, from, to);
  if (!pair) throw new Error("pair vanished");
  return { before, pair };
}

/**
 * An operator's add or edit of a pair (the API's POST /exchange/pairs, the CLI's
 * `exchange-pair set`) and its audit entry, in one transaction.
 */
export async function upsertPairAudited(
  db: Db,
  operator: string,
  fromCoin: string | undefined,
  toCoin: string | undefined,
  changes: Record<string, string>,
) {
  return db.tx(async (tx) => {
    const { before, pair } = await upsertPair(tx, fromCoin, toCoin, changes);
    await writeAudit(tx, {
      operator,
      action: before ? "exchange.pair.edit" : "exchange.pair.add",
      target: `${pair.fromCoin}->${pair.toCoin}`,
      detail: { changes, before },
    });
    return pair;
  });
}
