import type { Sql } from "../../../core/src/platform/db";
import { type TestCore, registerPlayer } from "../../support/core";

let seq = 0;
/**
 * A settled round of `coin` with one lost bet per [player, stake cents] (the game's rows, written
 * directly), settled at `settledAt` (ISO; the database's now by default).
 */
export async function settledBets(db: Sql, bets: [number, number][], coin = "CHIP", settledAt?: string) {
  seq++;
  const roundId = 9_000_000_000 + Math.floor(Math.random() * 1e8) * 10 + (seq % 10);
  await db.query(
    `INSERT INTO game_rounds (id, coin, level, start_time, bet_end_time, end_time, seed, seed_hash, payout, result, settled_at)
     VALUES ($1, $2, 1, 0, 0, 0, 'seed', 'hash', '{}', 3, COALESCE($3::timestamptz, now()))`,
    [roundId, coin, settledAt ?? null],
  );
  for (const [userId, cents] of bets)
    await db.query(
      `INSERT INTO bets (user_id, round_id, coin, level, bet_name, base_amount_cents, bet_multiples, total_amount_cents, status, settled_at)
       VALUES ($1, $2, $3, 1, 'RED', $4, 1, $4, 'LOSE', COALESCE($5::timestamptz, now()))`,
      [userId, roundId, coin, cents, settledAt ?? null],
    );
  return roundId;
}

/** A recharge order in `status` (the recharge module's rows, written directly), at `at` (ISO; now by default). */
export async function rechargeOrder(db: Sql, userId: number, cents: number, status = "SUCCESS", at?: string) {
  seq++;
  let [channel] = await db.query<{ id: number }>("SELECT id FROM pay_channels ORDER BY id LIMIT 1");
  if (!channel)
    [channel] = await db.query<{ id: number }>(
      "INSERT INTO pay_channels (pay_channel_name, show_name) VALUES ('test', 'Test') RETURNING id",
    );
  const id = `T${Date.now()}${seq}`;
  await db.query(
    `INSERT INTO recharge_orders (id, user_id, amount_cents, pay_channel_id, pay_channel_name, show_name, provider, status, pay_token, created_at, updated_at)
     VALUES ($1, $2, $3, $4, 'test', 'Test', 'sandbox', $5, 'x', COALESCE($6::timestamptz, now()), COALESCE($6::timestamptz, now()))`,
    [id, userId, cents, channel.id, status, at ?? null],
  );
  return id;
}

/** A chain top ← l1 ← l2 ← l3 ← l4 (of `length`), each registered with the code of the one above. */
export async function playerChain(core: TestCore, length = 5) {
  const players = [await registerPlayer(core)];
  for (let i = 1; i < length; i++) {
    const [above] = await core.deps.db.query<{ invitation: string }>(
      "SELECT invitation FROM users WHERE id = $1",
      [players[i - 1].userId],
    );
    // The code is case-insensitive.
    players.push(await registerPlayer(core, { invitationCode: above.invitation.toLowerCase() }));
  }
  return players;
}

/** The day (YYYY-MM-DD) `ms` falls on in Asia/Kolkata, the operator's zone of the tests' core. */
export const kolkataDay = (ms: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(ms);
