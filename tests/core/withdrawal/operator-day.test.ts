import { resolve } from "node:path";
import { expect, it } from "vitest";
import type { WithdrawalRecord } from "#contract/withdrawal";
import { withdrawalInfoSchema } from "#contract/withdrawal";
import { migrate } from "../../../core/src/platform/migrate";
import { currencyConfig } from "../../../core/src/wallet/currency-config";
import { call, describeOnEachDatabase } from "../../support/core";
import { PAY_PASSWORD, addCard, payer, withConfig } from "./helpers";

const MIGRATION = "070_money_days_in_operator_time_zone.sql";

describeOnEachDatabase("withdrawals by the operator's day", (core) => {
  const db = () => core.deps.db;
  const cash = (token: string, card: number) =>
    call<WithdrawalRecord>(core, "/app/user/cashWithdrawal/apply", {
      token,
      params: { assetPassword: PAY_PASSWORD, amount: 150, userBankId: card },
    });
  /** The core's clock at `iso`; the players' sign-ins kept fresh (they lapse after 30 idle minutes). */
  const at = async (iso: string) => {
    core.advance(Date.parse(iso) - core.deps.now());
    await db().query("UPDATE auth_tokens SET last_seen_at = $1", [iso]);
  };
  /** Runs `body` as a core started with LIMITS_TIME_ZONE=`zone` would (the start writes it there). */
  async function inZone(zone: string, body: () => Promise<void>) {
    const [{ time_zone }] = await db().query<{ time_zone: string }>("SELECT time_zone FROM limits_settings");
    await db().query("UPDATE limits_settings SET time_zone = $1", [zone]);
    try {
      await body();
    } finally {
      await db().query("UPDATE limits_settings SET time_zone = $1", [time_zone]);
    }
  }

  it("counts the single-day limit and opens the hours on the operator's day, not the config's zone", async () => {
    await inZone("UTC", async () => {
      const { token, userId } = await payer(core, { CHIP: 100_000 });
      const card = await addCard(core, token, "556677889900");
      // Fridays and Saturdays (UTC: the operator's), 300.00 a day.
      const undo = await withConfig(core, "CASH", { weekDays: "5,6", withdrawLimitSingleDay: "300" });
      try {
        await at("2026-11-27T18:00:00Z"); // Friday the 27th (23:30 in Kolkata)
        expect((await cash(token, card)).code).toBe(200);
        await at("2026-11-27T20:00:00Z"); // still the 27th (01:30 on Saturday the 28th in Kolkata)
        expect((await cash(token, card)).code).toBe(200);
        await at("2026-11-27T23:00:00Z");
        expect(await cash(token, card)).toMatchObject({
          code: 400,
          result: { reason: "DAY_LIMIT", amount: 0 },
        });
        await at("2026-11-28T00:30:00Z"); // the 28th
        expect((await cash(token, card)).code).toBe(200);
        const info = withdrawalInfoSchema.parse(
          (
            await call(core, "/app/wallet/withdrawalInfo", {
              method: "GET",
              token,
              params: { currency: "CASH" },
            })
          ).result,
        );
        expect(info).toMatchObject({ timeZone: "UTC", withdrawnToday: 150, dayLeft: 150 });
        await at("2026-11-29T12:00:00Z"); // Sunday: closed
        expect(await cash(token, card)).toMatchObject({ code: 400, result: { reason: "OUTSIDE_HOURS" } });
        const days = await db().query<{ day: string }>(
          "SELECT to_char(local_day, 'YYYY-MM-DD') AS day FROM withdrawals WHERE user_id = $1 ORDER BY id",
          [userId],
        );
        expect(days.map((d) => d.day)).toEqual(["2026-11-27", "2026-11-27", "2026-11-28"]);
      } finally {
        await at(new Date().toISOString());
        await undo();
      }
    });
  });

  it("answers the operator's zone as the config's time zone and refuses another one", async () => {
    expect((await currencyConfig(db(), "CASH")).timeZone).toBe("Asia/Kolkata");
    await expect(withConfig(core, "CASH", { timeZone: "America/New_York" })).rejects.toThrow(
      "timeZone: withdrawals follow the operator's time zone, Asia/Kolkata; change LIMITS_TIME_ZONE to change it",
    );
    // Naming the operator's zone changes nothing and is not refused (a script that sets it runs).
    await withConfig(core, "CASH", { timeZone: "Asia/Kolkata" });
    await inZone("Europe/Berlin", async () => {
      expect((await currencyConfig(db(), "USDT")).timeZone).toBe("Europe/Berlin");
    });
  });

  it("migration 070 re-keys a withdrawal counted on a day of another config zone to the operator's day", async () => {
    const { token, userId } = await payer(core, { CHIP: 100_000 });
    const card = await addCard(core, token, "556677889911");
    expect((await cash(token, card)).code).toBe(200);
    // As kept before: the config in UTC, the operator in Kolkata; made at 20:00 UTC on the 27th.
    await db().query("ALTER TABLE wallet_currency_config ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC'");
    await db().query(
      "UPDATE withdrawals SET created_at = '2026-11-27T20:00:00Z', local_day = '2026-11-27' WHERE user_id = $1",
      [userId],
    );
    await db().query("DELETE FROM schema_migrations WHERE name = $1", [MIGRATION]);
    expect(await migrate(db(), resolve("core/migrations"))).toEqual([MIGRATION]);
    const [row] = await db().query<{ day: string }>(
      "SELECT to_char(local_day, 'YYYY-MM-DD') AS day FROM withdrawals WHERE user_id = $1",
      [userId],
    );
    expect(row.day).toBe("2026-11-28");
    const columns = await db().query(
      "SELECT 1 FROM information_schema.columns WHERE table_name = 'wallet_currency_config' AND column_name = 'time_zone'",
    );
    expect(columns).toEqual([]);
  });
});
