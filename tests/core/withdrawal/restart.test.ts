import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import type { WithdrawalRecord } from "#contract/withdrawal";
import { hashPassword } from "../../../core/src/auth/passwords";
import { openDb } from "../../../core/src/platform/db";
import { startCore } from "../../../core/src/start";
import { setPayoutAdapter } from "../../../core/src/withdrawal/payout";
import {
  type TestCore,
  call,
  expectLedgerBalanced,
  operatorCall,
  registerPlayer,
  testCoreConfig,
} from "../../support/core";
import { PAY_PASSWORD, addCard, chip } from "./helpers";

/**
 * The core stopped between apply and approve, and in the middle of a payout (the adapter was
 * asked, the answer never recorded), then started again on the same data directory: the waiting
 * withdrawal is still waiting with its money held, the interrupted payout is finished once by the
 * resume job at start, and the ledger reconciles.
 */
describe("withdrawals across a restart of the core", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "core-withdraw-restart-"));
  const uploadDir = mkdtempSync(join(tmpdir(), "core-uploads-"));
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(uploadDir, { recursive: true, force: true });
  });

  async function boot(jobs: boolean) {
    const db = await openDb({ dataDir });
    const lines: string[] = [];
    const core = await startCore({
      env: { NODE_ENV: "test" },
      config: testCoreConfig(uploadDir),
      db,
      keepDb: true,
      log: pino({ level: "info" }, { write: (l: string) => void lines.push(l) }),
      jobs,
    });
    const { lastSmsCode } = await import("../../../core/src/auth/sms");
    const test = {
      url: core.url,
      origin: core.origin,
      deps: core.deps,
      lastSmsCode,
      logLines: () => lines.map((l) => JSON.parse(l)),
    } as unknown as TestCore;
    return {
      test,
      stop: async () => {
        await core.close();
        await db.close();
      },
      db,
    };
  }

  it("keeps a waiting withdrawal, and finishes an interrupted payout exactly once", async () => {
    const first = await boot(false);
    const player = await registerPlayer(first.test, { balances: { CHIP: 1_000_000 } });
    await first.db.query("UPDATE users SET asset_password_hash = $2 WHERE id = $1", [
      player.userId,
      await hashPassword(PAY_PASSWORD),
    ]);
    const card = await addCard(first.test, player.token);
    const apply = (amount: number) =>
      call<WithdrawalRecord>(first.test, "/app/user/cashWithdrawal/apply", {
        token: player.token,
        params: { amount, userBankId: card, assetPassword: PAY_PASSWORD },
      });
    const waiting = await apply(3000);
    expect(waiting.result.status).toBe("WAITING");
    let asked = 0;
    setPayoutAdapter(first.db, {
      name: "dies",
      async pay() {
        asked++;
        throw new Error("the process was killed here");
      },
    });
    const interrupted = await apply(500);
    expect(interrupted.result.status).toBe("WAITING");
    expect(asked).toBe(1);
    await first.stop();

    const second = await boot(true);
    try {
      // The resume job runs at start with the sandbox adapter.
      for (let i = 0; i < 300; i++) {
        const [row] = await second.db.query<{ status: string }>(
          "SELECT status FROM withdrawals WHERE id = $1",
          [interrupted.result.id],
        );
        if (row.status === "APPROVED") break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const rows = await second.db.query<{ id: number; status: string }>(
        "SELECT id, status FROM withdrawals ORDER BY id",
      );
      expect(rows.map((r) => r.status)).toEqual(["WAITING", "APPROVED"]);
      const payouts = await second.db.query("SELECT 1 FROM system_transfers WHERE kind = 'PAYOUT'");
      expect(payouts).toHaveLength(1);
      expect(await chip(second.test, player.userId)).toBe(1_000_000 - 300_000 - 50_000);
      const approved = await operatorCall<WithdrawalRecord>(
        second.test,
        `/withdrawals/${waiting.result.id}/approve`,
        "POST",
      );
      expect(approved.result.status).toBe("APPROVED");
      await expectLedgerBalanced(second.db);
    } finally {
      await second.stop();
    }
  }, 120_000);
});
