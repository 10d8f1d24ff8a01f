import { Code } from "#contract/codes";
import { verifyPassword } from "../auth/passwords";
import type { Sql } from "../platform/db";
import { ApiError } from "../platform/http";
import { oneAtATime } from "../platform/one-at-a-time";

/**
 * The payment password (users.asset_password_hash), checked before money leaves or a bank card
 * changes. Wrong tries are counted in the database (auth_failures, key "asset:<user id>", so the
 * limit holds across restarts and several core processes): after PAYMENT_PASSWORD_MAX_TRIES
 * wrong ones within PAYMENT_PASSWORD_WINDOW_MS the password is refused, even when right, until the
 * oldest of them is older than the window. A right password clears the count. The tries of one
 * player are compared one at a time (platform/one-at-a-time.ts), so a burst is held to it too.
 */
const PAYMENT_PASSWORD_MAX_TRIES = 5;
const PAYMENT_PASSWORD_WINDOW_MS = 15 * 60 * 1000;

const keyOf = (userId: number) => `asset:${userId}`;

/** The refusal reasons match contract/withdrawal.ts WITHDRAWAL_REFUSALS. */
export async function assertPaymentPassword(
  db: Sql,
  userId: number,
  password: string,
  nowMs: number,
): Promise<void> {
  const [user] = await db.query<{ asset_password_hash: string | null }>(
    "SELECT asset_password_hash FROM users WHERE id = $1",
    [userId],
  );
  if (!user?.asset_password_hash) {
    throw new ApiError(Code.FORBIDDEN, "Set a payment password first", { reason: "NO_PASSWORD" });
  }
  // One try of the player's at a time: guesses sent all at once each read the failures the ones
  // before them wrote, and are held to the limit.
  await oneAtATime([keyOf(userId)], async () => {
    const since = new Date(nowMs - PAYMENT_PASSWORD_WINDOW_MS).toISOString();
    const failures = async () => {
      const rows = await db.query<{ at: Date | string }>(
        "SELECT at FROM auth_failures WHERE key = $1 AND at > $2 ORDER BY at",
        [keyOf(userId), since],
      );
      return rows.map((r) => new Date(r.at).getTime());
    };
    const before = await failures();
    if (before.length >= PAYMENT_PASSWORD_MAX_TRIES) throw locked(before, nowMs);
    if (await verifyPassword(password, user.asset_password_hash)) {
      await db.query("DELETE FROM auth_failures WHERE key = $1", [keyOf(userId)]);
      return;
    }
    await db.query("INSERT INTO auth_failures (key, at) VALUES ($1, $2)", [
      keyOf(userId),
      new Date(nowMs).toISOString(),
    ]);
    const after = await failures();
    const triesLeft = Math.max(0, PAYMENT_PASSWORD_MAX_TRIES - after.length);
    if (triesLeft === 0) throw locked(after, nowMs);
    throw new ApiError(
      Code.BAD_REQUEST,
      `Wrong payment password: ${triesLeft} ${triesLeft === 1 ? "try" : "tries"} left`,
      { reason: "WRONG_PASSWORD", triesLeft },
    );
  });
}

function locked(failures: number[], nowMs: number): ApiError {
  const oldest = failures[failures.length - PAYMENT_PASSWORD_MAX_TRIES] ?? nowMs;
  const retryInSeconds = Math.max(1, Math.ceil((oldest + PAYMENT_PASSWORD_WINDOW_MS - nowMs) / 1000));
  const minutes = Math.ceil(retryInSeconds / 60);
  return new ApiError(Code.RATE_LIMITED, `Too many wrong payment passwords: try again in ${minutes} min`, {
    reason: "PASSWORD_LOCKED",
    retryInSeconds,
  });
}

/** Whether the player has set a payment password. */
export async function hasPaymentPassword(db: Sql, userId: number): Promise<boolean> {
  const [row] = await db.query<{ set: boolean }>(
    "SELECT asset_password_hash IS NOT NULL AS set FROM users WHERE id = $1",
    [userId],
  );
  return Boolean(row?.set);
}

/** The USDT addresses the player last withdrew to (getUserInfo's walletTrc and walletErc). */
export async function walletAddresses(
  db: Sql,
  userId: number,
): Promise<{ walletTrc: string | null; walletErc: string | null }> {
  const [row] = await db.query<{ wallet_trc: string | null; wallet_erc: string | null }>(
    "SELECT wallet_trc, wallet_erc FROM users WHERE id = $1",
    [userId],
  );
  return { walletTrc: row?.wallet_trc ?? null, walletErc: row?.wallet_erc ?? null };
}

/** Remembers the address of a USDT withdrawal: TRC20 in wallet_trc, BEP20 in wallet_erc. */
export async function rememberWalletAddress(
  tx: Sql,
  userId: number,
  network: "TRC20" | "BEP20",
  address: string,
): Promise<void> {
  const column = network === "TRC20" ? "wallet_trc" : "wallet_erc";
  await tx.query(`UPDATE users SET ${column} = $2 WHERE id = $1`, [userId, address]);
}
