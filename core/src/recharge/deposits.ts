import { Code } from "#contract/codes";
import type { Page } from "#contract/envelope";
import { MAX_AMOUNT, fromCents } from "#contract/money";
import {
  MAX_DEPOSIT_USDT,
  type RechargeStatus,
  USDT_DECIMALS,
  type UsdtRechargeRecord,
  normalizeTxHash,
  usdtUnits,
} from "#contract/recharge";
import type { Network } from "#contract/wallet";
import { post } from "../ledger/ledger";
import { assertMay } from "../limits/limits";
import type { Deps } from "../platform/context";
import type { Sql } from "../platform/db";
import { ApiError, Refusal } from "../platform/http";
import { pageOf, selectPage } from "../platform/paging";
import { currencyRules } from "../wallet/currency-config";
import { checkUsdtAddress, deriveDepositAddress, keyIdOf } from "./addresses";
import { accountXpub } from "./settings";

/**
 * USDT recharges (docs/wallet.md "Chain watcher adapter", "Deposit addresses"): the player's own
 * address per network, and the deposits a chain watcher reports, credited once per transaction
 * transfer (tx hash and log index) at the configured rate once they have the configured confirmations.
 */

/** The player's deposit address on `network` (made and kept on first ask). */
export async function depositAddress(deps: Deps, userId: number, network: Network): Promise<string> {
  // Player protection: no deposit address during a time-out or self-exclusion (a transfer to an
  // address already given cannot be refused; it is credited and counts against deposit limits).
  await assertMay(deps.db, deps, userId, "recharge");
  const rules = await currencyRules(deps.db, "USDT");
  if (!rules.openRecharge) throw new ApiError(Code.BAD_REQUEST, "USDT recharge is closed at the moment");
  const xpub = await accountXpub(deps, network);
  if (!xpub) throw new ApiError(Code.BAD_REQUEST, "USDT deposits are not available");
  const keyId = keyIdOf(xpub);
  const kept = await deps.db.query<{ address: string }>(
    "SELECT address FROM usdt_deposit_addresses WHERE user_id = $1 AND network = $2 AND key_id = $3",
    [userId, network, keyId],
  );
  if (kept[0]) return kept[0].address;
  const address = deriveDepositAddress(xpub, network, userId);
  await deps.db.query(
    `INSERT INTO usdt_deposit_addresses (user_id, network, address, key_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING`,
    [userId, network, address, keyId],
  );
  return address;
}

/** What a chain watcher reports: one transfer of USDT to one of our addresses. */
interface DepositReport {
  network: string;
  address: string;
  txHash: string;
  /** USDT as plain decimal text, up to the network's decimals (6 on TRC20, 18 on BEP20). */
  amount: string;
  confirmations: string | number;
  /**
   * The transfer's log index in its transaction (its event's position): one transaction may carry
   * several transfers to our addresses. Absent: 0.
   */
  logIndex?: string | number;
}

export interface DepositOutcome {
  deposit: UsdtRechargeRecord;
  credited: boolean;
  /** Confirmations the config requires. */
  required: number;
}

interface DepositRow {
  id: number;
  network: Network;
  tx_hash: string;
  log_index: number;
  address: string;
  user_id: number;
  /** Rounded down, for what is shown; the amount is usdt_units. */
  usdt_micros: number;
  /** The exact amount in the network's base units (USDT_DECIMALS), as decimal text. */
  usdt_units: string;
  confirmations: number;
  status: RechargeStatus;
  rate_cents: number | null;
  credit_cents: number | null;
  created_at: Date | string;
  updated_at: Date | string;
}

function recordOf(row: DepositRow): UsdtRechargeRecord {
  return {
    id: row.id,
    currency: "USDT",
    walletType: row.network,
    address: row.address,
    txHash: row.tx_hash,
    usdtAmount: row.usdt_micros / 1_000_000,
    amount: row.credit_cents === null ? null : fromCents(row.credit_cents),
    usdtRate: row.rate_cents === null ? null : fromCents(row.rate_cents),
    confirmations: row.confirmations,
    status: row.status,
    createDateTime: new Date(row.created_at).toISOString(),
    updateDateTime: new Date(row.updated_at).toISOString(),
  };
}

/** CHIP cents for `units` of `network`'s USDT at `rateCents` CHIP cents per USDT, rounded down (exact, in BigInt). */
export function creditCentsOf(network: Network, units: bigint, rateCents: number): number {
  return Number((units * BigInt(rateCents)) / 10n ** BigInt(USDT_DECIMALS[network]));
}

/** The exact USDT amount of `units` base units of `network` ("2.000000000000000001"). */
function usdtText(network: Network, units: bigint): string {
  const digits = units.toString().padStart(USDT_DECIMALS[network] + 1, "0");
  const whole = digits.slice(0, -USDT_DECIMALS[network]);
  const fraction = digits.slice(-USDT_DECIMALS[network]).replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}

/**
 * The sandbox chain watcher's (and any real watcher's) report of a deposit: one transfer, a
 * transaction hash and the transfer's log index in it (several transfers of one transaction are
 * several deposits). The first report of a transfer records it; each report may raise its
 * confirmations; once they reach the USDT config's `usdtConfirmations` the deposit is credited
 * (ledger RECHARGE, counter DEPOSITS_USDT, refId the hash, with ":<log index>" after it from index
 * 1 on) at the config's rate, once. Refused (Refusal), nothing changed: an address of no player,
 * another network's address, a malformed hash, amount or log index, and a transfer already
 * reported with another address or amount.
 */
export async function reportDeposit(
  deps: Deps,
  report: DepositReport,
  /** Called inside the transaction with the outcome (the operator's audit entry). */
  audit?: (tx: Sql, outcome: DepositOutcome) => Promise<void>,
): Promise<DepositOutcome> {
  const network = report.network?.trim().toUpperCase();
  if (network !== "TRC20" && network !== "BEP20") throw new Refusal("network must be TRC20 or BEP20");
  const checked = checkUsdtAddress(network, report.address ?? "");
  if (!checked.ok) {
    throw new Refusal(
      checked.problem === "wrongNetwork"
        ? `This address is not a ${network} address (wrong network)`
        : `Not a valid ${network} address (${checked.problem})`,
    );
  }
  const normalized = normalizeTxHash(network, report.txHash ?? "");
  if (!normalized) {
    throw new Refusal(network === "TRC20" ? "tx must be 64 hex digits" : "tx must be 0x and 64 hex digits");
  }
  const amount = usdtUnits(network, String(report.amount ?? ""));
  if (amount === null) {
    throw new Refusal(
      `amount must be a positive USDT amount with at most ${USDT_DECIMALS[network]} decimals on ${network}`,
    );
  }
  const units: bigint = amount;
  if (units > MAX_DEPOSIT_USDT * 10n ** BigInt(USDT_DECIMALS[network])) {
    throw new Refusal(`The amount is too large: at most ${MAX_DEPOSIT_USDT} USDT`);
  }
  const micros = Number(units / 10n ** BigInt(USDT_DECIMALS[network] - 6));
  const confirmations = String(report.confirmations ?? "").trim();
  if (!/^\d{1,7}$/.test(confirmations)) throw new Refusal("confirmations must be a whole number from 0");
  const seen = Number(confirmations);
  const logText = String(report.logIndex ?? "0").trim();
  if (!/^\d{1,9}$/.test(logText)) throw new Refusal("logIndex must be a whole number from 0");
  const logIndex = Number(logText);
  const address = checked.address;
  const txHash: string = normalized;

  return deps.db.tx(async (tx) => {
    const outcome = await applyReport(tx);
    await audit?.(tx, outcome);
    return outcome;
  });

  async function applyReport(tx: Sql): Promise<DepositOutcome> {
    const owners = await tx.query<{ user_id: number; network: Network }>(
      "SELECT user_id, network FROM usdt_deposit_addresses WHERE address = $1",
      [address],
    );
    const owner = owners.find((o) => o.network === network);
    if (!owner) {
      throw new Refusal(
        owners.length
          ? `This address is not a ${network} address (wrong network)`
          : "No player has this address",
      );
    }
    const now = new Date(deps.now());
    await tx.query(
      `INSERT INTO usdt_deposits (network, tx_hash, log_index, address, user_id, usdt_micros, usdt_units,
         confirmations, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) ON CONFLICT (tx_hash, log_index) DO NOTHING`,
      [network, txHash, logIndex, address, owner.user_id, micros, units.toString(), seen, now],
    );
    const [row] = await tx.query<DepositRow>(
      "SELECT * FROM usdt_deposits WHERE tx_hash = $1 AND log_index = $2 FOR UPDATE",
      [txHash, logIndex],
    );
    if (row.network !== network || row.address !== address || row.usdt_units !== units.toString()) {
      throw new Refusal("This transaction was already reported with another network, address or amount");
    }
    const rules = await currencyRules(tx, "USDT");
    let current = row;
    if (seen > row.confirmations) {
      // Once credited, updated_at is the moment of success (the team's day of the recharge, decision
      // 068): a later report only counts the confirmations.
      [current] = await tx.query<DepositRow>(
        `UPDATE usdt_deposits SET confirmations = $2,
           updated_at = CASE WHEN status = 'PENDING' THEN $3 ELSE updated_at END
         WHERE id = $1 RETURNING *`,
        [row.id, seen, now],
      );
    }
    if (current.status !== "PENDING" || current.confirmations < rules.usdtConfirmations) {
      return { deposit: recordOf(current), credited: false, required: rules.usdtConfirmations };
    }
    const credit = creditCentsOf(network, units, rules.usdtRateCents);
    if (credit > MAX_AMOUNT * 100) throw new Refusal("The amount is too large to credit");
    if (credit > 0) {
      await post(tx, {
        userId: current.user_id,
        coin: "CHIP",
        amount: credit,
        kind: "RECHARGE",
        counter: "DEPOSITS_USDT",
        // The hash alone for the first transfer of a transaction, as before transfers had an index.
        refId: logIndex === 0 ? txHash : `${txHash}:${logIndex}`,
        memo: `${network} ${usdtText(network, units)} USDT`,
      });
    }
    const [done] = await tx.query<DepositRow>(
      `UPDATE usdt_deposits SET status = 'SUCCESS', rate_cents = $2, credit_cents = $3, updated_at = $4
       WHERE id = $1 RETURNING *`,
      [current.id, rules.usdtRateCents, credit, now],
    );
    deps.log.info({ recharge: true, network, txHash, userId: done.user_id, credit }, "USDT deposit credited");
    return { deposit: recordOf(done), credited: true, required: rules.usdtConfirmations };
  }
}

/** The player's USDT deposits, newest first. */
export async function usdtRechargePage(
  db: Sql,
  userId: number,
  q: { pageNo: number; pageSize: number },
): Promise<Page<UsdtRechargeRecord>> {
  const { rows, total } = await selectPage<DepositRow>(db, {
    columns: "*",
    from: "usdt_deposits",
    where: "user_id = $1",
    params: [userId],
    orderBy: "created_at DESC, id DESC",
    ...q,
  });
  return pageOf(rows.map(recordOf), total, q);
}
