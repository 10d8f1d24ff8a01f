import { COINS, type Coin } from "#contract/money";
import type { Sql } from "../platform/db";
import { isSystemAccount } from "./accounts";

interface CoinReport {
  coin: Coin;
  /** Sum of the stored player balances, in cents. */
  players: number;
  /** Each system account's derived balance, in cents (only those with any movement). */
  system: Record<string, number>;
  /** players + every system account: zero when no money was created or destroyed. */
  sum: number;
}

interface LedgerReport {
  ok: boolean;
  coins: CoinReport[];
  /** What is wrong, one line each, for an operator to read. Empty when ok. */
  problems: string[];
}

/**
 * Reconciliation (`admin ledger check`, and the operator API): per coin, all accounts sum to
 * zero; every stored player balance equals the sum of its entries and the balance_after of its
 * latest entry; no player balance is negative; every counter account is a known system account.
 */
export async function checkLedger(db: Sql): Promise<LedgerReport> {
  const problems: string[] = [];
  const players = await db.query<{ coin: Coin; cents: string | number | null }>(
    "SELECT coin, sum(balance) AS cents FROM accounts GROUP BY coin",
  );
  const sides = await db.query<{ coin: Coin; account: string; cents: string | number }>(
    `SELECT coin, account, sum(cents) AS cents FROM (
       SELECT coin, counter_account AS account, -amount AS cents FROM ledger_entries
       UNION ALL SELECT coin, to_account, amount FROM system_transfers
       UNION ALL SELECT coin, from_account, -amount FROM system_transfers) m
     GROUP BY coin, account ORDER BY coin, account`,
  );
  const coins = COINS.map((coin): CoinReport => {
    const system: Record<string, number> = {};
    for (const side of sides.filter((s) => s.coin === coin)) {
      system[side.account] = Number(side.cents);
      if (!isSystemAccount(side.account)) problems.push(`${coin}: unknown system account ${side.account}`);
    }
    const playerCents = Number(players.find((p) => p.coin === coin)?.cents ?? 0);
    const sum = playerCents + Object.values(system).reduce((a, b) => a + b, 0);
    if (sum !== 0) problems.push(`${coin}: accounts sum to ${sum} cents, not zero`);
    return { coin, players: playerCents, system, sum };
  });

  const mismatched = await db.query<{
    user_id: number;
    coin: Coin;
    balance: number;
    total: string;
    last: number | null;
  }>(
    `SELECT a.user_id, a.coin, a.balance, coalesce(e.total, 0) AS total, e.last
     FROM accounts a
     LEFT JOIN (
       SELECT user_id, coin, sum(amount) AS total,
         (array_agg(balance_after ORDER BY id DESC))[1] AS last
       FROM ledger_entries GROUP BY user_id, coin) e
       ON e.user_id = a.user_id AND e.coin = a.coin
     WHERE a.balance <> coalesce(e.total, 0) OR a.balance < 0
        OR (e.last IS NOT NULL AND e.last <> a.balance)
     ORDER BY a.user_id, a.coin LIMIT 20`,
  );
  for (const m of mismatched) {
    problems.push(
      `player ${m.user_id} ${m.coin}: balance ${m.balance}, entries sum to ${Number(m.total)}, latest balance_after ${m.last ?? "none"}`,
    );
  }
  const orphans = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT DISTINCT user_id, coin FROM ledger_entries) e
     WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.user_id = e.user_id AND a.coin = e.coin)`,
  );
  if ((orphans[0]?.n ?? 0) > 0)
    problems.push(`${orphans[0].n} player accounts have entries but no balance row`);
  return { ok: problems.length === 0, coins, problems };
}
