/**
 * Home as a lobby (issue 12): the loader makes every upstream call once and all of them in
 * parallel (the fake upstream answers none until all have arrived: a sequential loader would never
 * get there), the rankings it passes on carry masked phones only, and the game tiles' rounds and
 * results come from the game list (no call of their own).
 */
import type { ServerResponse } from "node:http";
import { expect, it } from "vitest";
import { loader as homeLoader } from "~/routes/pages.home.home/home.server";
import { USER_INFO, envelope, fakeUpstreamForFile } from "./fake-upstream";
import { requestWithSession } from "./helpers";

const ANSWERS: Record<string, unknown> = {
  "/core/app/user/getUserInfo": USER_INFO,
  "/core/app/gameChannel/list": [{ id: 1, name: "Colour Lottery", sort: 0 }],
  "/core/app/game/config/list": [
    {
      id: 1,
      channelId: 1,
      name: "Chip",
      kind: "LOTTERY",
      coin: "CHIP",
      sort: 0,
      round: {
        id: 2026112710100060,
        level: 1,
        betEndTime: 60_000,
        sessionEndTime: 65_000,
        timestamp: 22_500,
      },
      lastResults: [
        { id: 2026112710100000, result: 7 },
        { id: 2026112710099940, result: 0 },
      ],
    },
    // An upstream that sends no round or results (the fields are ours).
    { id: 2, channelId: 1, name: "Gold", kind: "LOTTERY", coin: "GOLD", sort: 1 },
  ],
  "/core/app/summary/platformBetAmount": { chip: 1234.5, gold: 0, point: 0 },
  "/core/app/summary/prizePoolAmount": 88.8,
  "/core/app/summary/betRank": [{ rank: 1, phone: "98****3210", nickName: null, headUrl: null, amount: 500 }],
  "/core/app/summary/bloggerRank": [
    { rank: 1, bloggerId: 4, phone: "97****1111", nickName: "Lucky", headUrl: null, fans: 12 },
  ],
  "/core/app/summary/dividendsList": [
    { day: "2026-11-22", phone: "97****1111", nickName: "Lucky", amount: 3.5 },
  ],
  "/core/app/sysMessage/findUserMsgList": {
    content: [{ id: 7, title: "Welcome", content: "Hi", createTime: "2026-11-23T00:00:00Z", read: false }],
    totalElements: 1,
    pageNo: 1,
    pageSize: 1,
  },
};

const fake = await fakeUpstreamForFile();

it("calls each upstream path once, all in parallel, and passes on the figures", async () => {
  const expected = Object.keys(ANSWERS).length;
  const waiting: Array<() => void> = [];
  let allArrived = false;
  fake.setHandler((seen, res: ServerResponse) => {
    const answer = () => envelope(res, 200, "success", ANSWERS[seen.url.pathname] ?? null);
    waiting.push(answer);
    if (waiting.length === expected) {
      allArrived = true;
      for (const send of waiting.splice(0)) send();
    } else {
      // A sequential loader: answer after a while, so the test fails instead of hanging.
      setTimeout(() => {
        const i = waiting.indexOf(answer);
        if (i >= 0) waiting.splice(i, 1)[0]();
      }, 3000);
    }
  });
  const request = await requestWithSession("http://app.test/", {
    token: "tok-1",
    lang: "en-US",
    deviceId: "d",
  });
  const data = await (await homeLoader({ request, params: {}, context: {} })).json();
  expect(allArrived).toBe(true);
  expect(fake.requests.map((r) => r.url.pathname).sort()).toEqual(Object.keys(ANSWERS).sort());
  expect(data).toMatchObject({
    platformBetAmount: 1234.5,
    prizePool: 88.8,
    betRank: [{ rank: 1, phone: "98****3210", amount: 500 }],
    notice: { id: 7, title: "Welcome" },
    bloggerRank: [{ rank: 1, bloggerId: 4, fans: 12 }],
    dividends: [{ amount: 3.5 }],
    lobby: [
      {
        id: 1,
        games: [
          {
            id: 1,
            coin: "CHIP",
            // The tile's countdown: the core's clock and the seconds left as it saw them.
            round: {
              id: "2026112710100060",
              clock: { serverNow: 22_500, betEndTime: 60_000, sessionEndTime: 65_000 },
              left: { bet: 38, round: 43 },
            },
            results: [
              { id: "2026112710100000", digit: 7 },
              { id: "2026112710099940", digit: 0 },
            ],
          },
          { id: 2, coin: "GOLD", round: null, results: [] },
        ],
      },
    ],
  });
  expect(JSON.stringify(data)).not.toContain("tok-1");
});
