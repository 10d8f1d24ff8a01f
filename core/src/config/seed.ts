import type { Deps } from "../platform/context";
import type { Sql } from "../platform/db";
import { setSysConfig } from "./sysconfig";

/** Configuration defaults, never overwriting an operator's value. */
export async function seedConfig(tx: Sql, { config }: Deps) {
  const defaults: Record<string, string> = {
    COUNTRY_CODE: "91,1,44,86,81,82,33,49",
    JACKPOT_APPLY: "0",
    CUSTOMER_SERVICE_URL: "",
    CURRENCY_SIGN: config.currencySign,
  };
  for (const [key, value] of Object.entries(defaults)) {
    const exists = await tx.query("SELECT 1 FROM sys_config WHERE key = $1", [key]);
    if (exists.length === 0) await setSysConfig(tx, key, value);
  }
}
