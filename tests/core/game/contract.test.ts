import { describe, expect, it } from "vitest";
import * as contract from "#contract/game";
import { settleDue } from "../../../core/src/game/settle";
import { T0, asUser, call, clock, createUser, fileDb, gameApp } from "./helpers";

const db = await fileDb();

describe("every game answer matches contract/game.ts", () => {
  it("parses levels, session, bet, results, records, wins, verify and rules", async () => {
    const time = clock(T0 + 1000);
    const { app } = gameApp(db, time.now);
    const user = await createUser(db, { CHIP: 500_000 });
    const auth = asUser(user);
    const get = (path: string, params: Record<string, string | number> = {}, headers = {}) =>
      call(app, "GET", `/app/game/luckyLottery/${path}`, params, headers);

    contract.levelListSchema.parse((await get("getLevelList", { coin: "CHIP" })).result);
    const session = contract.gameSessionSchema.parse(
      (await get("getSession", { level: 1, coin: "CHIP" })).result,
    );
    let wins = 0;
    for (const betName of [
      "Red",
      "Green",
      "Violet",
      "Big",
      "Small",
      "0",
      "1",
      "2",
      "3",
      "4",
      "5",
      "6",
      "7",
      "8",
      "9",
    ]) {
      const bet = await call(
        app,
        "POST",
        "/app/game/luckyLottery/betting",
        {
          gameSessionId: session.id,
          betName,
          baseAmount: 100,
          betMultiples: 1,
          totalBetAmount: 100,
          coin: "CHIP",
        },
        auth,
      );
      contract.bettingResultSchema.parse(bet.result);
    }
    time.advance(60_000);
    await settleDue(db, time.now());

    const results = contract.sessionResultPageSchema.parse(
      (await get("sessionResultPage", { level: 1, coin: "CHIP" })).result,
    );
    expect(results.content[0].id).toBe(session.id);
    const records = contract.betRecordPageSchema.parse(
      (await get("userLotteryRecordPage", { pageNo: 1, pageSize: 20, coin: "CHIP" }, auth)).result,
    );
    expect(records.totalElements).toBe(15);
    // The count with the page in one statement: the last page and a page past the end count too.
    for (const [pageNo, rows] of [
      [2, 5],
      [3, 0],
    ]) {
      const page = contract.betRecordPageSchema.parse(
        (await get("userLotteryRecordPage", { pageNo, pageSize: 10, coin: "CHIP" }, auth)).result,
      );
      expect(page).toMatchObject({ totalElements: 15, pageNo });
      expect(page.content).toHaveLength(rows);
    }
    for (const r of records.content) {
      expect(r.lotteryResult).toBe(results.content[0].lotteryResult);
      if (r.status === "WIN") wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(3); // a colour, a size and the number always win
    contract.betRecordPageSchema.parse(
      (await call(app, "GET", "/app/user/betRecord/page", { pageNo: 1, pageSize: 5 }, auth)).result,
    );
    const winPage = contract.winPageSchema.parse(
      (await call(app, "GET", "/app/user/betRecord/winPage", { pageNo: 1, pageSize: 20 })).result,
    );
    expect(winPage.totalElements).toBe(wins);
    const first = records.content[0];
    const detail = await call(app, "GET", "/app/user/betRecord/detail", { id: first.id }, auth);
    expect(contract.betRecordSchema.parse(detail.result)).toEqual(first);
    const other = await createUser(db, { CHIP: 100 });
    const foreign = await call(app, "GET", "/app/user/betRecord/detail", { id: first.id }, asUser(other));
    expect(foreign).toMatchObject({ code: 404, message: "No such bet", result: null });
    const bad = await call(app, "GET", "/app/user/betRecord/detail", { id: "x" }, auth);
    expect(bad).toMatchObject({ code: 400, message: "id must be a number" });
    contract.verifyResultSchema.parse((await get("verify", { sessionId: session.id })).result);
    contract.rulesSchema.parse((await get("rules")).result);
  });
});
