import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Network } from "#contract/wallet";
import { parseEnv } from "../platform/config";
import type { Deps } from "../platform/context";
import type { Sql } from "../platform/db";
import { accountXpubProblem, generateSandboxXpubs } from "./addresses";

/**
 * The recharge domain's environment (docs/operations.md, docs/wallet.md), read once per core and
 * validated when it starts (the module's seed):
 * - PAYMENT_SANDBOX: "1" offers the sandbox payment provider (its pay page credits anyone who
 *   clicks Pay, so production leaves it off unless this says 1); default 1 outside production.
 * - PAYMENT_SANDBOX_SECRET: the HMAC-SHA256 key the sandbox signs its callbacks with (32+
 *   characters); unset, each database generates its own on first use (table recharge_settings).
 * - USDT_XPUB_TRC20, USDT_XPUB_BEP20: the account-level extended public keys (m/44'/195'/0' and
 *   m/44'/60'/0') whose /0/<user id> children are the deposit addresses. Unset outside production,
 *   the core generates a key pair on first use and keeps only these xpubs (the seed is dropped);
 *   unset in production, USDT deposits are not offered.
 */
export const rechargeEnvSchema = z.object({
  PAYMENT_SANDBOX: z.enum(["0", "1"]).optional(),
  PAYMENT_SANDBOX_SECRET: z
    .string()
    .min(32, "PAYMENT_SANDBOX_SECRET must be at least 32 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  USDT_XPUB_TRC20: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  USDT_XPUB_BEP20: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined)),
});

interface RechargeSettings {
  sandboxEnabled: boolean;
  /** From the environment; null: the database's own (sandboxSecret()). */
  sandboxSecret: string | null;
  /** From the environment; a missing one is generated outside production. */
  xpubs: Partial<Record<Network, string>>;
  generateXpubs: boolean;
}

class RechargeConfigError extends Error {
  override name = "RechargeConfigError";
}

export function readRechargeSettings(
  env: Record<string, string | undefined>,
  production: boolean,
): RechargeSettings {
  const e = parseEnv(
    rechargeEnvSchema,
    env,
    (problems) => new RechargeConfigError(`Invalid recharge configuration: ${problems}`),
  );
  const xpubs: Partial<Record<Network, string>> = {};
  for (const network of ["TRC20", "BEP20"] as const) {
    const value = e[`USDT_XPUB_${network}`]?.trim();
    if (!value) continue;
    const problem = accountXpubProblem(value);
    if (problem)
      throw new RechargeConfigError(`Invalid recharge configuration: USDT_XPUB_${network}: ${problem}`);
    xpubs[network] = value;
  }
  return {
    sandboxEnabled: e.PAYMENT_SANDBOX ? e.PAYMENT_SANDBOX === "1" : !production,
    sandboxSecret: e.PAYMENT_SANDBOX_SECRET ?? null,
    xpubs,
    generateXpubs: !production,
  };
}

const cache = new WeakMap<Deps, RechargeSettings>();

/** The settings of this core (process.env, read once). */
export function rechargeSettings(deps: Deps): RechargeSettings {
  let settings = cache.get(deps);
  if (!settings) {
    settings = readRechargeSettings(process.env, deps.config.env === "production");
    cache.set(deps, settings);
  }
  return settings;
}

/** A value the database keeps for this domain, made by `make` the first time (several cores agree). */
async function kept(db: Sql, name: string, make: () => string): Promise<string> {
  await db.query(
    "INSERT INTO recharge_settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
    [name, make()],
  );
  const rows = await db.query<{ value: string }>("SELECT value FROM recharge_settings WHERE name = $1", [
    name,
  ]);
  return rows[0].value;
}

/** The sandbox provider's signing secret: the environment's, else this database's own. */
export async function sandboxSecret(deps: Deps): Promise<string> {
  const settings = rechargeSettings(deps);
  return settings.sandboxSecret ?? kept(deps.db, "sandbox_secret", () => randomBytes(32).toString("hex"));
}

/** The account xpub of `network`, or null when USDT deposits are not set up (production without it). */
export async function accountXpub(deps: Deps, network: Network): Promise<string | null> {
  const settings = rechargeSettings(deps);
  const configured = settings.xpubs[network];
  if (configured) return configured;
  if (!settings.generateXpubs) return null;
  const existing = await deps.db.query<{ value: string }>(
    "SELECT value FROM recharge_settings WHERE name = $1",
    [`xpub_${network}`],
  );
  if (existing[0]) return existing[0].value;
  // One seed for both networks, as a wallet would; dropped once the two xpubs are kept.
  const generated = generateSandboxXpubs();
  await deps.db.query(
    `INSERT INTO recharge_settings (name, value) VALUES ('xpub_TRC20', $1), ('xpub_BEP20', $2)
     ON CONFLICT (name) DO NOTHING`,
    [generated.TRC20, generated.BEP20],
  );
  return accountXpub(deps, network);
}
