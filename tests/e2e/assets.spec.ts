import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import { PAGES } from "../../app/utils/paths";
import {
  accountJson,
  expectCheckedOnBlur,
  gameJson,
  hydrated,
  money,
  operator,
  postJson,
  registerPlayer,
  screen,
  toCents,
} from "./fixtures";

/**
 * The wallet's own pages at 360x740: the balance card's entry points, the exchange (preview,
 * then confirm; once without JavaScript), staking and the asset records, with every balance
 * checked to the cent against what it was before.
 */

interface AssetRecordJson {
  kind: string;
  coin: string;
  amount: number;
  balanceAfter: number;
  refId: string | null;
}

async function records(request: APIRequestContext, query = ""): Promise<AssetRecordJson[]> {
  const res = await request.get(`${PAGES.assetRecords}${query}`, { headers: { accept: "application/json" } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { page: { content: AssetRecordJson[] } }).page.content;
}

async function cents(request: APIRequestContext) {
  const user = await accountJson(request);
  return { chip: toCents(user.chip), gold: toCents(user.gold), point: toCents(user.point) };
}

/**
 * A new player of its own, signed in on `page`, credited by the operator. The tests check every
 * balance to the cent, so they do not use the shared demo player: its bets from earlier tests
 * can settle while they run (a win of ₹1.96 landed between two reads in CI).
 */
async function creditedPlayer(page: Page, amounts: Partial<Record<"CHIP" | "GOLD", string>>) {
  const { phone } = await registerPlayer(page.request);
  for (const [coin, amount] of Object.entries(amounts)) {
    await operator(page.request, "/users/credit", { phone, coin, amount });
  }
  await page.goto("/");
}

async function previewExchange(page: Page, pair: string, amount: string) {
  await page.goto(PAGES.exchange);
  await page.getByRole("radio", { name: pair }).check();
  await page.getByLabel("Amount").fill(amount);
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("exchange-preview")).toBeVisible();
}

test("a player with nothing is led to recharge; the card offers Recharge, Withdraw and Exchange", async ({
  page,
}) => {
  await registerPlayer(page.request);
  await page.goto("/");
  await expect(page.getByTestId("recharge-cta")).toBeVisible();
  await expect(page.getByTestId("recharge-cta").getByRole("link", { name: "Recharge now" })).toHaveAttribute(
    "href",
    PAGES.recharge,
  );
  const actions = page.getByRole("navigation", { name: "Wallet actions" });
  await expect(actions.getByRole("link", { name: "Recharge" })).toHaveAttribute("href", PAGES.recharge);
  await expect(actions.getByRole("link", { name: "Withdraw" })).toHaveAttribute("href", PAGES.withdrawal);
  await expect(actions.getByRole("link", { name: "Exchange" })).toHaveAttribute("href", PAGES.exchange);
  await screen(page, "60-assets-zero-home");
  await page.goto(PAGES.account);
  await expect(page.getByTestId("recharge-cta")).toBeVisible();
  await expect(page.getByRole("link", { name: "Staking" })).toHaveAttribute("href", PAGES.pledge);
  await page.goto(PAGES.assetRecords);
  await expect(page.getByTestId("empty-state")).toBeVisible();
});

test("a credited player exchanges chip to gold, stakes, and reads it all in the asset records", async ({
  page,
}) => {
  await creditedPlayer(page, { CHIP: "300", GOLD: "20" });
  const start = await cents(page.request);
  expect(start.chip).toBeGreaterThanOrEqual(20_000);

  await test.step("exchanges 25.50 chips to gold: the result shows before confirming", async () => {
    await page.goto(PAGES.exchange);
    await hydrated(page);
    await page.getByRole("radio", { name: "Chips → Gold" }).check();
    const amount = page.getByLabel("Amount");
    await amount.fill("25.5");
    await expect(page.getByTestId("exchange-live")).toHaveText("You receive 25.50 Gold");
    await expectCheckedOnBlur(amount, "form#exchange", "25.505", "At most two decimals");
    await amount.fill("25.50");
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByTestId("exchange-preview");
    await expect(preview).toContainText(`You pay${money(25.5, "CHIP")}`);
    await expect(preview).toContainText("You receive25.50 Gold");
    await screen(page, "61-assets-exchange-preview");
    expect(await cents(page.request)).toEqual(start);
    await preview.getByRole("button", { name: "Confirm exchange" }).click();
    await expect(page.getByText(`Exchanged ${money(25.5, "CHIP")} for 25.50 Gold`)).toBeVisible();
    await expect(page.getByTestId("balance-chip")).toHaveText(money((start.chip - 2550) / 100, "CHIP"));
    await expect(page.getByTestId("balance-gold")).toHaveText(money((start.gold + 2550) / 100, "GOLD"));
    expect(await cents(page.request)).toEqual({ ...start, chip: start.chip - 2550, gold: start.gold + 2550 });
  });

  await test.step("refuses more than the balance with a clear message, changing nothing", async () => {
    const before = await cents(page.request);
    await page.goto(PAGES.exchange);
    await page.getByRole("radio", { name: "Gold → Chips" }).check();
    await page.getByLabel("Amount").fill(String(before.gold / 100 + 1));
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByText("Your balance is not enough for this amount")).toBeVisible();
    expect(await cents(page.request)).toEqual(before);
  });

  await test.step("stakes 150 chips on the 7-day plan", async () => {
    const before = await cents(page.request);
    await page.goto(PAGES.pledge);
    await hydrated(page);
    await page.getByRole("radio", { name: /^7 days/ }).check();
    const amount = page.getByLabel("Amount");
    await expectCheckedOnBlur(amount, "form#pledge", "0", "The amount must be more than 0");
    await amount.fill("150");
    await expect(page.getByTestId("pledge-estimate")).toHaveText(
      `Daily interest ${money(0.45, "CHIP")}, ${money(3.15, "CHIP")} in total over 7 days`,
    );
    await page.getByRole("button", { name: "Stake now" }).click();
    await expect(page.getByText(`Staked ${money(150, "CHIP")} for 7 days`)).toBeVisible();
    const row = page.getByTestId("stake-row").first();
    await expect(row).toContainText(money(150, "CHIP"));
    await expect(row).toContainText("Active");
    await expect(row).toContainText("Day 0 of 7");
    await screen(page, "62-assets-staking");
    expect(await cents(page.request)).toEqual({ ...before, chip: before.chip - 15_000 });
  });

  await test.step("reads every movement in the asset records, with the balance after each", async () => {
    const now = await cents(page.request);
    await page.goto(PAGES.assetRecords);
    const rows = page.getByTestId("asset-record");
    await expect(rows.nth(0)).toContainText("Staked");
    await expect(rows.nth(0)).toContainText(`-${money(150, "CHIP")}`);
    await expect(rows.nth(0)).toContainText(`Balance ${money(now.chip / 100, "CHIP")}`);
    await expect(rows.nth(1)).toContainText("Exchanged in");
    await expect(rows.nth(1)).toContainText("+25.50");
    await expect(rows.nth(2)).toContainText("Exchanged out");
    await screen(page, "63-assets-records");
    const list = await records(page.request);
    expect(list.slice(0, 3).map((r) => [r.kind, r.coin, toCents(r.amount)])).toEqual([
      ["STAKE", "CHIP", -15_000],
      ["EXCHANGE_IN", "GOLD", 2550],
      ["EXCHANGE_OUT", "CHIP", -2550],
    ]);
    expect(toCents(list[0].balanceAfter)).toBe(now.chip);
    expect(toCents(list[1].balanceAfter)).toBe(now.gold);
    await page.getByRole("link", { name: "Gold", exact: true }).click();
    await expect(page).toHaveURL(/coin=GOLD/);
    await expect(rows.first()).toContainText("Exchanged in");
    await page.getByLabel("Type").selectOption("EXCHANGE_IN");
    await expect(page).toHaveURL(/kind=EXCHANGE_IN/);
    const gold = await records(page.request, "?coin=GOLD&kind=EXCHANGE_IN");
    expect(gold.length).toBeGreaterThan(0);
    expect(gold.every((r) => r.kind === "EXCHANGE_IN" && r.coin === "GOLD")).toBe(true);
  });

  await test.step("a bet's stake in the records links to its details", async () => {
    let betId: number | undefined;
    for (let attempt = 0; attempt < 3 && betId === undefined; attempt++) {
      const data = await gameJson(page.request);
      if (!data.round || data.round.remaining.bet < 2) {
        await page.waitForTimeout(((data.round?.remaining.round ?? 2) + 1) * 1000);
        continue;
      }
      const placed = await postJson(page.request, `${PAGES.game}?level=1&coin=CHIP`, {
        intent: "bet",
        gameSessionId: data.round.id,
        betName: "Red",
        baseAmount: String(data.baseAmounts[0]),
        betMultiples: "1",
        coin: "CHIP",
        level: "1",
        idempotencyKey: data.formKey,
      });
      if (placed.status === 200) betId = (placed.body.result as { id: number }).id;
    }
    expect(betId).toBeDefined();
    const bets = await records(page.request, "?kind=BET");
    expect(bets[0].refId).toBe(String(betId));
    await page.goto(`${PAGES.assetRecords}?kind=BET`);
    const link = page.getByTestId("asset-record").first().getByRole("link");
    await expect(link).toHaveAttribute("href", `${PAGES.betDetails}?id=${betId}`);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`betDetails\\?id=${betId}$`));
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("exchanges gold to chip through the preview re-render, once, and stakes", async ({ page }) => {
    await creditedPlayer(page, { CHIP: "150", GOLD: "20" });
    const start = await cents(page.request);
    expect(start.gold).toBeGreaterThanOrEqual(1000);
    await previewExchange(page, "Gold → Chips", "10");
    await expect(page.getByTestId("exchange-preview")).toContainText(`You receive${money(10, "CHIP")}`);
    await screen(page, "64-assets-nojs-preview");
    const fields = Object.fromEntries(
      await page
        .getByTestId("exchange-preview")
        .locator("form input[type=hidden]")
        .evaluateAll((inputs) =>
          inputs.map((i) => [(i as HTMLInputElement).name, (i as HTMLInputElement).value]),
        ),
    ) as Record<string, string>;
    await page.getByRole("button", { name: "Confirm exchange" }).click();
    await expect(page.getByText(`Exchanged 10.00 Gold for ${money(10, "CHIP")}`)).toBeVisible();
    const after = { ...start, chip: start.chip + 1000, gold: start.gold - 1000 };
    expect(await cents(page.request)).toEqual(after);
    await expect(page.getByTestId("balance-gold")).toHaveText(money(after.gold / 100, "GOLD"));
    // The same confirm sent again (a double tap, a resubmitted page) exchanges nothing more.
    const again = await page.request.post(PAGES.exchange, {
      form: { ...fields, intent: "confirm" },
      maxRedirects: 0,
    });
    expect(again.status()).toBeLessThan(400);
    expect(await cents(page.request)).toEqual(after);

    // Staking works as a plain form too.
    await page.goto(PAGES.pledge);
    await page.getByLabel("Amount").fill("100");
    await page.getByRole("button", { name: "Stake now" }).click();
    await expect(page.getByText(`Staked ${money(100, "CHIP")} for 7 days`)).toBeVisible();
    expect(await cents(page.request)).toEqual({ ...after, chip: after.chip - 10_000 });
  });
});
