import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { DEMO, GAME_PATH, hydrated, login, openRound, screen, shown, shownRoundId } from "./fixtures";

/**
 * Issue 10 end to end at 360×740: the player sees the round's commitment before betting, finds
 * the same value on their bet receipt, and after the draw the verify page (checking against the
 * copy kept on the bet, the chain and the beacon) says "Verified". Anyone can then verify the
 * round through the app's JSON mode and with the one-line command of docs/fairness.md.
 * Bets POINT, which no other spec touches.
 */
const GAME = `${GAME_PATH}?level=1&coin=POINT`;

test.use({ viewport: { width: 360, height: 740 } });

test("commitment before the bet = on the receipt = Verified after the draw", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await login(page, DEMO.phone, DEMO.password);
  await openRound(page, GAME, 10);
  await hydrated(page);

  const commitment = page.getByTestId("round-commitment");
  await expect(commitment).toBeVisible();
  const before = (await commitment.getAttribute("data-commitment")) ?? "";
  expect(before).toMatch(/^[0-9a-f]{64}$/);
  const roundId = await shownRoundId(page);
  await expect(page.getByRole("link", { name: "What is this?" })).toBeVisible();
  await screen(page, "fairness-commitment");

  await page.getByRole("button", { name: "Bet on Red", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("radio", { name: shown(1), exact: true }).check({ force: true });
  await dialog.getByLabel("Multiple", { exact: true }).fill("1");
  await dialog.getByRole("button", { name: "Confirm bet" }).click();
  await expect(dialog).toBeHidden();

  const receipt = page.getByTestId("receipt");
  await expect(receipt).toBeVisible();
  await expect(page.getByTestId("receipt-commitment")).toHaveText(before);
  await expect(receipt).toContainText(roundId);
  await screen(page, "fairness-receipt");

  // After the draw (20-s rounds, a 1-s sandbox beacon), the verify page checks the player's copy.
  await page.getByTestId("receipt-verify").click();
  await expect(page).toHaveURL(/betId=\d+/);
  const verdict = page.getByTestId("verdict");
  await expect(async () => {
    await page.reload();
    await expect(verdict).toContainText("Verified", { timeout: 2000 });
  }).toPass({ timeout: 90_000, intervals: [2000] });
  await expect(page.getByTestId("kept-commitment")).toHaveText(
    "Checked against the commitment kept on your bet.",
  );
  await screen(page, "fairness-verified");

  // Anyone, signed out: the app's JSON mode gives the public facts and the same verdict.
  const answer = await request.get(`/pages/game/verify?sessionId=${roundId}&commitment=${before}`, {
    headers: { accept: "application/json", cookie: "" },
  });
  expect(answer.ok()).toBe(true);
  const data = await answer.json();
  expect(data.round.seedHash).toBe(before);
  expect(data.verification).toMatchObject({
    ok: true,
    hashMatches: true,
    chainMatches: true,
    beaconMatches: true,
  });

  // The one-line command of docs/fairness.md, from public data alone.
  const { stdout } = await promisify(execFile)("node", [
    "scripts/verify-round.mjs",
    String(baseURL),
    roundId,
    before,
  ]);
  expect(stdout).toContain(`round ${roundId}: Verified`);

  // A player has no copy of this repository: the command the page gives, run beside the script the
  // app serves, in a folder with no node_modules to lean on (decision 071).
  const served = await request.get("/verify-round.mjs");
  expect(served.ok()).toBe(true);
  const folder = await mkdtemp(join(tmpdir(), "verifier-"));
  await writeFile(join(folder, "verify-round.mjs"), await served.body());
  const [program, ...args] = String(data.verification.command).split(" ");
  const own = await promisify(execFile)(program, [...args, before], { cwd: folder });
  expect(own.stdout).toContain(`round ${roundId}: Verified`);
  await rm(folder, { recursive: true });

  // The public log reads in words: each entry says which round's commitment or which chain's end
  // it published; the signed body, as archived, folds away until asked for.
  await page.goto("/pages/game/fairness");
  // and offers the verifier to anyone who has only this page.
  await expect(page.getByRole("link", { name: "Download verify-round.mjs" })).toHaveAttribute(
    "href",
    "/verify-round.mjs",
  );
  const entry = page.getByTestId("log-entry").first();
  await expect(entry).toBeVisible();
  await expect(entry.locator("p").first()).toHaveText(/^(Round \d+ · .+ room \d+|Chain \d+ published · .+)$/);
  const raw = entry.locator("details p").first();
  await expect(raw).toBeHidden();
  await entry.getByText("Signed entry, as archived").click();
  await expect(raw).toContainText('"seq":');
  await screen(page, "fairness-log");
});
