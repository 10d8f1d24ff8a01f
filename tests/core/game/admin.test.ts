import { describe, expect, it } from "vitest";
import { runAdmin } from "../../../core/src/admin";
import { getLevel } from "../../../core/src/game/levels";
import { getPayoutTable } from "../../../core/src/game/settings";
import { fileDb } from "./helpers";

const db = await fileDb();

async function admin(...argv: string[]) {
  const lines: string[] = [];
  await runAdmin(argv, db, (l) => lines.push(l));
  return lines;
}
/** `level set --coin CHIP --level <level>` with `options`. */
const setChipLevel = (level: string, ...options: string[]) =>
  admin("level", "set", "--coin", "CHIP", "--level", level, ...options);

describe("game admin commands", () => {
  it("lists and edits rooms", async () => {
    expect(await admin("level", "list", "--coin", "CHIP")).toHaveLength(3);
    await setChipLevel("4", "--name", "VIP", "--min", "5000", "--max", "900000");
    await setChipLevel("1", "--bases", "1, 10,100,1000", "--enable", "0");
    expect(await getLevel(db, "CHIP", 4)).toMatchObject({
      levelName: "VIP",
      chipMinLimitCents: 500_000,
      chipMaxLimitCents: 90_000_000,
      enableFlag: true,
    });
    expect(await getLevel(db, "CHIP", 1)).toMatchObject({
      betBaseAmountStr: "1,10,100,1000",
      enableFlag: false,
    });
  });

  it("refuses bad values with a message", async () => {
    await expect(setChipLevel("2", "--bases", "1,x")).rejects.toThrow(/betBaseAmountStr/);
    await expect(setChipLevel("2", "--min", "10", "--max", "1")).rejects.toThrow(/below/);
    await expect(admin("level", "set", "--coin", "XYZ", "--level", "2")).rejects.toThrow(/--coin/);
    // Balance limits are money: the one money rule, zero allowed.
    for (const min of ["0x0A", "1e3", "-1", "0.999", " 10"]) {
      await expect(setChipLevel("2", `--min=${min}`), min).rejects.toThrow(/--min: /);
    }
    await expect(admin("payout", "set", "--fee", "1.5")).rejects.toThrow(/serviceFeeRate/);
  });

  it("changes the payout table", async () => {
    await admin("payout", "set", "--number", "9.5");
    expect((await getPayoutTable(db)).number).toBe(9.5);
    expect(JSON.parse((await admin("payout", "show"))[0]).violet).toBe(4.5);
  });
});
