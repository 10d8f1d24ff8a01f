import { hashPassword } from "../../../core/src/auth/passwords";
import { post } from "../../../core/src/ledger/ledger";
import { updateCurrencyConfig } from "../../../core/src/wallet/currency-config";
import { type Balances, type TestCore, call, registerPlayer } from "../../support/core";

export const PAY_PASSWORD = "246810";
/** Checksum-valid addresses: Tether's TRC20 contract, and EIP-55's own example. */
export const TRC20 = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
export const BEP20 = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

const hashes = new Map<string, Promise<string>>();

/** A player with a payment password (set straight in the table: the SMS flow is the user module's). */
export async function payer(
  core: TestCore,
  balances: Balances = { CHIP: 1_000_000 },
  password = PAY_PASSWORD,
) {
  const player = await registerPlayer(core, { balances });
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  await core.deps.db.query("UPDATE users SET asset_password_hash = $2 WHERE id = $1", [
    player.userId,
    await hashes.get(password),
  ]);
  return player;
}

/** Adds an SBI card and answers its id. */
export async function addCard(core: TestCore, token: string, number = "123456789012") {
  const saved = await call<{ id: number }>(core, "/app/userBank/saveOrUpdate", {
    token,
    params: {
      bankId: 1,
      holderName: "Asha Rao",
      bankCardNo: number,
      ifsc: "SBIN0001234",
      assetPassword: PAY_PASSWORD,
    },
  });
  if (saved.code !== 200) throw new Error(`saveOrUpdate: ${saved.message}`);
  return saved.result.id;
}

/** Sets config fields for one test; returns the undo. */
export async function withConfig(core: TestCore, currency: "CASH" | "USDT", changes: Record<string, string>) {
  const { before } = await core.deps.db.tx((tx) => updateCurrencyConfig(tx, currency, changes));
  const undo: Record<string, string> = {};
  for (const key of Object.keys(changes)) {
    const value = before[key as keyof typeof before];
    undo[key] = Array.isArray(value) ? value.join(",") : String(value);
  }
  return () => core.deps.db.tx((tx) => updateCurrencyConfig(tx, currency, undo));
}

/** A RECHARGE (counter DEPOSITS_CASH) or a BET (counter HOUSE) straight through the ledger. */
export async function ledgerMove(core: TestCore, userId: number, kind: "RECHARGE" | "BET", cents: number) {
  await core.deps.db.tx((tx) =>
    post(tx, {
      userId,
      coin: "CHIP",
      amount: kind === "BET" ? -cents : cents,
      kind,
      counter: kind === "BET" ? "HOUSE" : "DEPOSITS_CASH",
    }),
  );
}

export async function chip(core: TestCore, userId: number): Promise<number> {
  const [row] = await core.deps.db.query<{ balance: number }>(
    "SELECT balance FROM accounts WHERE user_id = $1 AND coin = 'CHIP'",
    [userId],
  );
  return Number(row?.balance ?? 0);
}

/** The system side of the ledger, per account, for CHIP. */
export async function systemBalance(core: TestCore, account: string): Promise<number> {
  const [row] = await core.deps.db.query<{ total: number | null }>(
    `SELECT coalesce((SELECT -sum(amount) FROM ledger_entries WHERE coin = 'CHIP' AND counter_account = $1), 0)
          + coalesce((SELECT sum(amount) FROM system_transfers WHERE coin = 'CHIP' AND to_account = $1), 0)
          - coalesce((SELECT sum(amount) FROM system_transfers WHERE coin = 'CHIP' AND from_account = $1), 0) AS total`,
    [account],
  );
  return Number(row?.total ?? 0);
}
