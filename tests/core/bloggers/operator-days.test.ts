import { resolve } from "node:path";
import { expect, it } from "vitest";
import { dividendsListSchema } from "#contract/bloggers";
import { DIVIDEND_DAYS_LOCK, copyBet, payDividendsDue } from "../../../core/src/bloggers/bloggers";
import { placeBet } from "../../../core/src/game/bets";
import { ensureRound, roundWindow } from "../../../core/src/game/rounds";
import { settleRound } from "../../../core/src/game/settle";
import { migrate } from "../../../core/src/platform/migrate";
import { call, describeOnEachDatabase, heldOpen, operatorCall, registerPlayer } from "../../support/core";
import { TIMING, stake } from "../game/helpers";

const DAY = 86_400_000;
const MIGRATION = "070_money_days_in_operator_time_zone.sql";
/** The number of a date (days from 1970-01-01): a dividend day's number (decision 072). */
const dayNoOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;

describeOnEachDatabase("blogger dividends by the operator's day", (core, database) => {
  const db = () => core.deps.db;
  const year = database === "postgres" ? 2041 : 2040;

  /** A settled round at `at` in which `userId` staked `multiple` × 10 chips on Red. */
  async function betAt(userId: number, at: number, multiple: number) {
    const round = await ensureRound(db(), "CHIP", 1, roundWindow(at, TIMING));
    const placed = await placeBet(db(), userId, stake("Red", round.id, multiple), round.startTime + 1000);
    return { round, placed };
  }
  let bloggers = 0;
  async function approvedBlogger() {
    const blogger = await registerPlayer(core, { balances: { CHIP: 500_000 } });
    // A round of its own (a settled round takes no more bets).
    const { round } = await betAt(blogger.userId, Date.UTC(year - 2, 0, 1) + bloggers++ * 3_600_000, 100);
    await settleRound(db(), round.id, round.endTime);
    expect((await call(core, "/app/user/blogger/apply", { token: blogger.token })).code).toBe(200);
    expect((await operatorCall(core, `/bloggers/${blogger.userId}/approve`, "POST", {})).code).toBe(200);
    return blogger;
  }
  const dividends = (userId: number) =>
    db().query<{ amount: number; ref_id: string }>(
      "SELECT amount, ref_id FROM ledger_entries WHERE user_id = $1 AND kind = 'DIVIDEND'",
      [userId],
    );

  it("keys a copy made at 01:30 in Kolkata to that day and pays it after Kolkata's midnight, not at 05:30", async () => {
    const blogger = await approvedBlogger();
    const fan = await registerPlayer(core, { balances: { CHIP: 100_000 } });
    // 01:30 on the 15th in Kolkata, still the 14th in UTC.
    const { round, placed } = await betAt(blogger.userId, Date.parse(`${year}-03-14T20:00:00Z`), 10);
    await copyBet(db(), fan.userId, blogger.userId, placed.bet.id, round.startTime + 2000);
    await settleRound(db(), round.id, round.endTime);
    const [copy] = await db().query<{ day_no: number }>(
      "SELECT day_no FROM blogger_copies WHERE fan_id = $1",
      [fan.userId],
    );
    expect(Number(copy.day_no)).toBe(dayNoOf(`${year}-03-15`));
    // 06:30 on the 15th in Kolkata (the UTC day of the 14th has ended): the day is not over.
    await payDividendsDue(db(), Date.parse(`${year}-03-15T01:00:00Z`));
    expect(await dividends(blogger.userId)).toEqual([]);
    // 00:01 on the 16th in Kolkata: paid once, as the 15th's.
    await payDividendsDue(db(), Date.parse(`${year}-03-15T18:31:00Z`));
    await payDividendsDue(db(), Date.parse(`${year}-03-15T18:32:00Z`));
    const paid = await dividends(blogger.userId);
    expect(paid.map((p) => [Number(p.amount), p.ref_id])).toEqual([
      [100, `dividend day ${dayNoOf(`${year}-03-15`)}`],
    ]);
    const list = dividendsListSchema.parse(
      (await call(core, "/app/summary/dividendsList", { method: "GET" })).result,
    );
    expect(list[0]).toMatchObject({ day: `${year}-03-15`, amount: 1 });
  });

  it("re-keys the copies of unpaid UTC days to Kolkata days from the moment each was made; a paid day stays", async () => {
    const n = dayNoOf(`${year + 2}-05-14`);
    const at = (iso: string) => Date.parse(`${year + 2}-05-${iso}Z`);
    const copies: [number, number, number][] = [
      // [bet id, UTC day kept, made at]
      [9_100_001, n - 1, at("13T20:00:00")], // 01:30 on the 14th in Kolkata, its UTC day paid
      [9_100_002, n, at("14T10:00:00")], // 15:30 on the 14th
      [9_100_003, n, at("14T20:00:00")], // 01:30 on the 15th
      [9_100_004, n + 1, at("15T02:00:00")], // 07:30 on the 15th
    ];
    await db().query("INSERT INTO blogger_dividend_days (day_no, paid_at) VALUES ($1, $2)", [
      n - 1,
      at("14T00:01:00"),
    ]);
    for (const [betId, dayNo, made] of copies)
      await db().query(
        `INSERT INTO blogger_copies (bet_id, fan_id, blogger_id, source_bet_id, stake_cents, fee_cents, day_no, created_at)
         VALUES ($1, 1, 2, 3, 10000, 200, $2, $3)`,
        [betId, dayNo, made],
      );
    const rerun = async () => {
      // The column the migration drops, back as it was (the operator's zone: no withdrawal re-keyed).
      await db().query("ALTER TABLE wallet_currency_config ADD COLUMN time_zone text");
      await db().query(
        "UPDATE wallet_currency_config SET time_zone = (SELECT time_zone FROM limits_settings)",
      );
      await db().query("DELETE FROM schema_migrations WHERE name = $1", [MIGRATION]);
      expect(await migrate(db(), resolve("core/migrations"))).toEqual([MIGRATION]);
    };
    const days = async () =>
      (
        await db().query<{ bet_id: number; day_no: number }>(
          "SELECT bet_id, day_no FROM blogger_copies WHERE bet_id = ANY($1::bigint[]) ORDER BY bet_id",
          [copies.map((c) => c[0])],
        )
      ).map((r) => [Number(r.bet_id), Number(r.day_no)]);
    await rerun();
    expect(await days()).toEqual([
      [9_100_001, n - 1],
      [9_100_002, n],
      [9_100_003, n + 1],
      [9_100_004, n + 1],
    ]);

    // West of UTC a copy's local day can be one already paid: it keeps its unpaid UTC day.
    await db().query("UPDATE blogger_copies SET day_no = $2 WHERE bet_id = $1", [9_100_002, n]);
    await db().query("UPDATE blogger_copies SET day_no = $2 WHERE bet_id = $1", [9_100_003, n]);
    const [{ time_zone }] = await db().query<{ time_zone: string }>("SELECT time_zone FROM limits_settings");
    await db().query("UPDATE limits_settings SET time_zone = 'America/New_York'");
    try {
      await db().query(
        `INSERT INTO blogger_copies (bet_id, fan_id, blogger_id, source_bet_id, stake_cents, fee_cents, day_no, created_at)
         VALUES ($1, 1, 2, 3, 10000, 200, $2, $3)`,
        [9_100_005, n, at("14T02:00:00")], // 22:00 on the 13th in New York, whose day is paid
      );
      copies.push([9_100_005, n, at("14T02:00:00")]);
      await rerun();
    } finally {
      await db().query("UPDATE limits_settings SET time_zone = $1", [time_zone]);
    }
    expect(await days()).toEqual([
      [9_100_001, n - 1],
      [9_100_002, n],
      [9_100_003, n],
      [9_100_004, n],
      [9_100_005, n],
    ]);
  });

  // PGlite runs one transaction at a time: a copy held open would stop the payment itself.
  it.skipIf(database === "pglite")(
    "pays a copy still being written when its day is paid with that day, and keys a copy written after to a later day",
    async () => {
      const n = dayNoOf(`${year}-07-20`);
      const end = Date.parse(`${year}-07-20T18:30:00Z`); // Kolkata's midnight after the 20th
      const blogger = await approvedBlogger();
      const copyRow = `INSERT INTO blogger_copies (bet_id, fan_id, blogger_id, source_bet_id, stake_cents, fee_cents, day_no, created_at)
         VALUES ($1, 1, $2, 3, 10000, 200, $3, $4)`;
      // A copy of the 20th, committed.
      await db().query(copyRow, [9_200_001, blogger.userId, n, end - 3_600_000]);
      // A copy made in the last second of the 20th, its transaction not yet committed (as copyBet's
      // link writes it, inside the bet's transaction).
      const copy = heldOpen(db(), async (tx) => {
        await tx.query("SELECT pg_advisory_xact_lock_shared($1)", [DIVIDEND_DAYS_LOCK]);
        await tx.query(copyRow, [9_200_002, blogger.userId, n, end - 1_000]);
      });
      await copy.entered;
      const pay = payDividendsDue(db(), end + 1_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      copy.commit();
      await copy.done;
      await pay;
      // Paid once, for both copies.
      const paid = await db().query<{ copied_cents: number }>(
        "SELECT copied_cents FROM blogger_dividends WHERE blogger_id = $1 AND day_no = $2",
        [blogger.userId, n],
      );
      expect(paid.map((p) => Number(p.copied_cents))).toEqual([20_000]);

      // The day is paid: a copy written now, whatever its moment, goes to a day not paid yet.
      const fan = await registerPlayer(core, { balances: { CHIP: 100_000 } });
      const { round, placed } = await betAt(blogger.userId, Date.parse(`${year}-07-20T17:00:00Z`), 10);
      await copyBet(db(), fan.userId, blogger.userId, placed.bet.id, round.startTime + 2000);
      const [late] = await db().query<{ day_no: number }>(
        "SELECT day_no FROM blogger_copies WHERE fan_id = $1",
        [fan.userId],
      );
      // (The day after the last paid one: other tests on this database may have paid later days.)
      expect(Number(late.day_no)).toBeGreaterThan(n);
    },
  );
});
