import { type APIRequestContext, expect, request as newRequest } from "@playwright/test";
import { PAGES } from "../../app/utils/paths";
import {
  type Player,
  accountJson,
  gameJson,
  operator,
  pageJson,
  postJson,
  readSmsCode,
  registerPlayer,
  smsCodes,
} from "./fixtures";

/**
 * A player with large, real figures on every page, made through the app's own flows (and the
 * operator's credit): balances in the millions on all three coins, paid and waiting recharges,
 * paid and pending withdrawals, bets on every coin with large stakes, an exchange, a stake, and
 * team members who have recharged and bet. The pages a text-size or layout check opens then show
 * the longest amounts a player meets ("₹9,876,543.21"), not the zeros of a fresh account.
 * `request` is left signed in as that player.
 */
export async function playerWithLargeData(request: APIRequestContext, baseURL: string): Promise<Player> {
  const player = await registerPlayer(request);
  const registered = Date.now();
  for (const coin of ["CHIP", "GOLD", "POINT"])
    await operator(request, "/users/credit", { phone: player.phone, coin, amount: "9876543.21" });
  const { invitation } = await accountJson(request);

  // Recharges: paid and one still waiting for its payment, each near the top limit.
  for (const [amount, pay] of [
    ["49876.54", true],
    ["45678.90", true],
    ["43210.99", false],
  ] as const) {
    const made = await postJson(request, PAGES.recharge, { amount, payChannelName: "SANDBOX_UPI" });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    if (pay)
      expect((await postJson(request, made.body.redirect as string, { intent: "pay" })).status).toBe(200);
  }

  // An exchange each way and a stake on the longest plan.
  for (const [pair, amount] of [
    ["CHIP>GOLD", "123456.78"],
    ["GOLD>CHIP", "98765.43"],
    ["POINT>CHIP", "987654.32"],
  ]) {
    const done = await postJson(request, PAGES.exchange, { intent: "confirm", pair, amount });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
  }
  const staked = await postJson(request, PAGES.pledge, { configId: "3", amount: "987654.32" });
  expect(staked.status, JSON.stringify(staked.body)).toBe(200);

  // Team members who recharged and bet: a second context for each, signed in as them.
  for (let i = 0; i < 2; i++) {
    const member = await newRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
    await registerPlayer(member, { invitationCode: invitation });
    const made = await postJson(member, PAGES.recharge, {
      amount: "49999.99",
      payChannelName: "SANDBOX_UPI",
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect((await postJson(member, made.body.redirect as string, { intent: "pay" })).status).toBe(200);
    await placeBets(member, "CHIP", 2, [["Big", "1000", "40"]]);
    await member.dispose();
  }

  // Bets with large stakes on every coin, several in a round.
  await placeBets(request, "CHIP", 3, [
    ["Red", "10000", "9"],
    ["7", "1000", "99"],
    ["Big", "100", "99"],
  ]);
  await placeBets(request, "GOLD", 3, [["Green", "10000", "9"]]);
  await placeBets(request, "POINT", 3, [["Violet", "10000", "9"]]);
  // Withdrawals: a payment password and a bank card, then one paid at once and two above the
  // automatic-payout amount, pending review.
  // The core sends a phone a new SMS code a minute after the last one (registration's) at the soonest.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, registered + 61_000 - Date.now())));
  const before = smsCodes(player.phone).length;
  expect((await postJson(request, PAGES.paymentPassword, { intent: "sendSms" })).status).toBe(200);
  const smsCode = await readSmsCode(player.phone, { after: before });
  const saved = await postJson(request, PAGES.paymentPassword, {
    intent: "save",
    smsCode,
    assetPassword: "246810",
    confirmPassword: "246810",
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const card = await postJson(request, PAGES.bankCard, {
    bankId: "1",
    holderName: "Sreenivasa Ramanujan Iyengar",
    bankCardNo: "123456789012345678",
    ifsc: "SBIN0001234",
    assetPassword: "246810",
  });
  expect(card.status, JSON.stringify(card.body)).toBe(200);
  const { cards } = await pageJson<{ cards: Array<{ id: number }> }>(request, PAGES.bankCard);
  for (const amount of ["1999.99", "49876.54", "45678.90"]) {
    const sent = await postJson(request, `${PAGES.withdrawal}?tab=cash`, {
      amount,
      userBankId: String(cards[0].id),
      assetPassword: "246810",
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  }

  return player;
}

/** Places the bets [name, base amount, multiples] in one round of room `level` of `coin` with time left. */
async function placeBets(
  request: APIRequestContext,
  coin: "CHIP" | "GOLD" | "POINT",
  level: number,
  bets: string[][],
) {
  for (let i = 0; i < 60; i++) {
    const game = await gameJson(request, level, coin);
    if (game.round && game.round.remaining.bet >= 3 + bets.length) {
      for (const [betName, baseAmount, betMultiples] of bets) {
        const answer = await postJson(request, `${PAGES.game}?level=${level}&coin=${coin}`, {
          intent: "bet",
          gameSessionId: game.round.id,
          betName,
          baseAmount,
          betMultiples,
          coin,
          level: String(level),
        });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      }
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`no round of ${coin} room ${level} with time left`);
}
