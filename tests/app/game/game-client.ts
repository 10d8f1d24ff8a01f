import { expect } from "vitest";
import { action as gameAction, loader as gameLoader } from "~/routes/pages.game.game/route";
import type { Lang } from "~/utils/i18n";
import { PAGES } from "~/utils/paths";
import { type TestCore, call } from "../../support/core";
import { requestWithSession } from "../helpers";

/**
 * The game page's loader and action called as a browser or a JSON client would (a Request with
 * the session cookie), for a player of a real reference core; balances read from the core.
 */
export const APP = "http://app.test";
export const GAME = PAGES.game;
export const JSON_MODE = { accept: "application/json" };

export type GameData = {
  round: {
    id: string;
    clock: { serverNow: number; betEndTime: number; sessionEndTime: number };
    remaining: { bet: number; round: number };
  };
  formKey: string;
  baseAmounts: number[];
};

const args = (request: Request) => ({ request, params: {}, context: {} });

/** A bet form as the bet popup posts it, for `round`, with `extra` on top. */
export function betOf(round: GameData["round"], extra: Record<string, string> = {}) {
  return {
    intent: "bet",
    gameSessionId: round.id,
    betName: "Red",
    baseAmount: "1",
    betMultiples: "1",
    coin: "CHIP",
    level: "1",
    ...extra,
  };
}

export function gameClient(player: { core: TestCore; token: string }) {
  const { core, token } = player;

  /** Posts the form to the game page (at ?level=&coin= of the body, or `query`), in `lang` when given. */
  async function post(
    body: Record<string, string>,
    headers: Record<string, string> = {},
    query?: string,
    lang?: Lang,
  ) {
    const search = query ?? `level=${body.level ?? 1}&coin=${body.coin ?? "CHIP"}`;
    const request = await requestWithSession(
      `${APP}${GAME}?${search}`,
      { token, ...(lang ? { lang } : {}) },
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams(body),
      },
    );
    return (await gameAction(args(request))) as Response;
  }

  /** The game page's loader answer (a thrown Response is returned too). */
  async function page(level: number, coin: string): Promise<Response> {
    const request = await requestWithSession(`${APP}${GAME}?level=${level}&coin=${coin}`, { token });
    try {
      return (await gameLoader(args(request))) as Response;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  }

  async function readGame(level: number, coin: string): Promise<GameData> {
    const res = await page(level, coin);
    // A page that failed says why here, not as a missing field further on.
    if (res.status !== 200) throw new Error(`the game page answered ${res.status}: ${await res.text()}`);
    return res.json();
  }

  /**
   * The game page's data, with a round that takes bets for at least 10 more seconds: when the
   * current one closes sooner, the core's clock moves on to the start of the next one.
   */
  async function loadGame(level = 1, coin = "CHIP"): Promise<GameData> {
    const data = await readGame(level, coin);
    if (data.round.remaining.bet >= 10) return data;
    core.advance(data.round.clock.sessionEndTime - data.round.clock.serverNow + 10);
    const next = await readGame(level, coin);
    expect(next.round.remaining.bet).toBeGreaterThanOrEqual(10);
    return next;
  }

  /** Balances and the number of bets of the player, read from the core directly. */
  async function snapshot() {
    const user = await call<{ chip: number; gold: number; point: number }>(core, "/app/user/getUserInfo", {
      method: "GET",
      token,
    });
    const bets = await call<{ content: Array<{ id: number }>; totalElements: number }>(
      core,
      "/app/user/betRecord/page",
      { method: "GET", token, params: { pageNo: 1, pageSize: 100 } },
    );
    expect(user.code).toBe(200);
    expect(bets.code).toBe(200);
    const { chip, gold, point } = user.result;
    return { chip, gold, point, bets: bets.result.totalElements, ids: bets.result.content.map((b) => b.id) };
  }

  return { post, page, readGame, loadGame, snapshot };
}
