import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { PAGES } from "../../app/utils/paths";
import { betInNextRound, operator, pageJson, registerPlayerWithChips, screen } from "./fixtures";

/**
 * The daily jackpot end to end at 360x740 (issue 12), with the one-minute jackpot day of the e2e
 * server (JACKPOT_DAY_SECONDS=60): an operator switches the jackpot on, a player bets, the pool
 * grows by the configured share, the day's draw runs, the player (a winner: every player of the
 * day wins with 100 winners) is paid and the yesterday page verifies the draw; the documented
 * one-line command recomputes the same winners from the page's JSON.
 */

interface InfoJson {
  info: {
    pool: number;
    myTickets: number;
    dayNo: number;
    seedHash: string;
    drawTime: number;
    enabled: boolean;
  };
}
interface DrawJson {
  draw: {
    dayNo: number;
    seedHash: string;
    myWin: number | null;
    winners: { no: number }[];
    beacon: { round: number } | null;
  } | null;
  verification: {
    hashMatches: boolean;
    beaconMatches: boolean | null;
    winnersMatch: boolean;
    ticketsMatch: boolean | null;
    roundMatches: boolean | null;
  } | null;
}

test("the pool grows with bets, the day's draw pays the player and yesterday's jackpot verifies", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const { phone } = await registerPlayerWithChips(page.request, "1000");
  await operator(page.request, "/jackpot/settings", {
    enabled: "1",
    sharePercent: "10",
    winners: "100",
    payoutPercent: "50",
  });
  try {
    const before = (await pageJson<InfoJson>(page.request, PAGES.jackpot)).info;
    expect(before.enabled).toBe(true);
    // What the pool ever received, in cents: the pool now plus what the draws of these days paid
    // out. With a one-minute day a draw can halve the pool between a bet and a look at it; this
    // sum only grows, so a bet's share shows in it whenever the draws run.
    const fundedSoFar = async () => {
      const { pool } = (await pageJson<InfoJson>(page.request, PAGES.jackpot)).info;
      let paid = 0;
      for (let dayNo = before.dayNo - 1; dayNo <= before.dayNo + 4; dayNo++) {
        const res = await page.request.get(`${PAGES.yesterdayJackpot}?dayNo=${dayNo}`, {
          headers: { Accept: "application/json" },
        });
        paid += ((await res.json()) as { draw: { paid: number } | null }).draw?.paid ?? 0;
      }
      return Math.round((pool + paid) * 100);
    };
    const fundedBefore = await fundedSoFar();

    await test.step("a bet of 100 adds 10 to the pool once its round is settled", async () => {
      await betInNextRound(page.request, { betName: "Red", baseAmount: "10", betMultiples: "10" });
      await expect.poll(fundedSoFar, { timeout: 90_000 }).toBeGreaterThanOrEqual(fundedBefore + 1_000);
    });

    const today = (await pageJson<InfoJson>(page.request, PAGES.jackpot)).info;
    await page.goto(PAGES.jackpot);
    await expect(page.getByTestId("jackpot-pool")).toBeVisible();
    // The player's share of the day's tickets, said as such: with several winners drawn it is not
    // their chance to win (the page called it "Chance").
    await expect(page.getByText("Share of today's tickets")).toBeVisible();
    await expect(page.getByTestId("ticket-share")).toHaveText(/^\d+(\.\d+)?\u00a0%$/);
    await expect(page.getByText("Chance", { exact: true })).toHaveCount(0);
    // A ticket is a cent of the jackpot's coin, with its sign (₹ for chips).
    await expect(page.getByText("Every ₹0.01 you stake today is one ticket.")).toBeVisible();
    await screen(page, "jackpot");

    // The bet's tickets count on the day its round ends: the draw of that day or the next.
    await test.step("the day is drawn; the player won and the yesterday page verifies it", async () => {
      let drawn: DrawJson | null = null;
      await expect
        .poll(
          async () => {
            for (const dayNo of [today.dayNo - 1, today.dayNo, today.dayNo + 1]) {
              const res = await page.request.get(`${PAGES.yesterdayJackpot}?dayNo=${dayNo}`, {
                headers: { Accept: "application/json" },
              });
              const body = (await res.json()) as DrawJson;
              if (body.draw?.myWin) {
                drawn = body;
                return true;
              }
            }
            return false;
          },
          { timeout: 180_000, intervals: [3000] },
        )
        .toBe(true);
      const found = drawn as DrawJson | null;
      if (!found?.draw) throw new Error("no draw");
      // The ticket list sealed before the beacon round (decision 078): its hash and the round's rule.
      expect(found.verification).toEqual({
        hashMatches: true,
        beaconMatches: true,
        winnersMatch: true,
        ticketsMatch: true,
        roundMatches: true,
        recomputed: expect.any(Array),
      });
      await page.goto(`${PAGES.yesterdayJackpot}?dayNo=${found.draw.dayNo}`);
      await expect(page.getByTestId("jackpot-verdict")).toContainText(/Verified/);
      await expect(page.getByTestId("tickets-sealed")).toContainText(
        /^Ticket list sealed at .+ · hash [0-9a-f]{12}…$/,
      );
      await expect(page.getByTestId("my-win")).toBeVisible();
      await screen(page, "jackpot-yesterday");

      // The documented one-line command gives the same winners from the page's JSON.
      const doc = readFileSync("docs/jackpot.md", "utf8");
      const line =
        doc.split("\n").find((l) => l.startsWith("curl -s") && l.includes("yesterdayJackpot")) ?? "";
      const script = line.slice(line.indexOf("node -e '") + "node -e '".length, -1);
      const printed = execFileSync("node", ["-e", script], { input: JSON.stringify(found) }).toString();
      expect(printed).toContain(`seedHash ${found.draw.seedHash}`);
      expect(printed).toContain(`winners ${found.draw.winners.map((w) => w.no).join(" ")}`);

      // The full check, the beacon's signature included: the page's command beside the script the
      // app serves, in a folder with no node_modules (decision 076).
      const command = await page.getByText(/^node verify-round\.mjs /).textContent();
      expect(command).toMatch(new RegExp(`^node verify-round\\.mjs \\S+ jackpot ${found.draw.dayNo}$`));
      const served = await page.request.get("/verify-round.mjs");
      const folder = mkdtempSync(join(tmpdir(), "verifier-"));
      writeFileSync(join(folder, "verify-round.mjs"), await served.body());
      const [program, ...args] = String(command).split(" ");
      const own = execFileSync(program, args, { cwd: folder }).toString();
      expect(own).toContain(`beacon round ${found.draw.beacon?.round} signature verifies`);
      expect(own).toContain("ok   ticket list matches the hash sealed before the beacon round");
      expect(own).toContain(`jackpot day ${found.draw.dayNo}: Verified`);
      rmSync(folder, { recursive: true });
    });
  } finally {
    await operator(page.request, "/jackpot/settings", {
      enabled: "0",
      sharePercent: "1",
      winners: "3",
      payoutPercent: "50",
    });
  }
});

test("while the jackpot is closed its page counts no tickets and shows no draw to wait for", async ({
  page,
}) => {
  // The player is signed in by registering through the page's request context.
  await registerPlayerWithChips(page.request, "1000");
  await operator(page.request, "/jackpot/settings", { enabled: "0" });
  // A stake today: while open it would be tickets; closed, it is not counted.
  await betInNextRound(page.request, { betName: "Red", baseAmount: "10", betMultiples: "1" });
  await page.goto(PAGES.jackpot);
  await expect(
    page.getByText("The jackpot is closed for now. Tickets are not counted and no draw takes place."),
  ).toBeVisible();
  await expect(page.getByTestId("jackpot-pool")).toBeVisible();
  await expect(page.getByText("Draw in")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "My tickets today" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Play to get tickets" })).toHaveCount(0);
  await expect(page.getByText("Today's commitment")).toHaveCount(0);
  await expect(page.getByText(/the seed's hash below/)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Yesterday's jackpot" })).toBeVisible();
  await screen(page, "jackpot-closed");

  // A day asked for that was never drawn, or mistyped, is that: never another day's draw.
  for (const dayNo of ["abc", "-1", "1.5", "99999999999999999999", "1"]) {
    const res = await page.request.get(`${PAGES.yesterdayJackpot}?dayNo=${dayNo}`, {
      headers: { Accept: "application/json" },
    });
    expect(res.status(), dayNo).toBe(404);
    expect(((await res.json()) as { draw: unknown }).draw, dayNo).toBeNull();
  }
  const missing = await page.goto(`${PAGES.yesterdayJackpot}?dayNo=abc`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByText("No draw for that day")).toBeVisible();
  await page.getByRole("link", { name: "The latest draw" }).click();
  await expect(page).toHaveURL(PAGES.yesterdayJackpot);
});
