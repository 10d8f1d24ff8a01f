import { execFile } from "node:child_process";
import { type Server, createServer } from "node:http";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { beaconRandomness } from "#contract/fairness-proof";
import type { JackpotDraw } from "#contract/jackpot";
import { beaconRoundAfter, beaconRoundAtOrAfter, sandboxBeacon } from "../../core/src/beacon/beacon";
import { drawnDay } from "../support/jackpot-draw";

/**
 * scripts/verify-round.mjs in jackpot mode (decision 078) against a site that answers a sealed
 * day's JSON: it checks the ticket list against the sealed hash and the beacon round against the
 * rule, and exits 1 when either was changed.
 */
const PORT = 3413;
const DAY = 30_000;
const beacon = sandboxBeacon("33".repeat(32), 1);
const seed = "6b".repeat(32);
const END = Date.UTC(2026, 5, 1, 18, 30);
const SEALED_AT = END + 4_000;
const ROUND = Math.max(beaconRoundAfter(beacon, END), beaconRoundAtOrAfter(beacon, SEALED_AT + 60_000));

const sealedDraw = (round = ROUND) =>
  drawnDay({
    beacon,
    seed,
    dayNo: DAY,
    cents: [1_500, 200, 9_000],
    phoneOf: (no) => `9${no}****000${no}`,
    round,
    startTime: END - 86_400_000,
    endTime: END,
    drawTime: SEALED_AT + 70_000,
    sealedAt: SEALED_AT,
  });

let served: JackpotDraw;
let server: Server;
beforeAll(async () => {
  server = createServer((req, res) => {
    res.setHeader("content-type", "application/json");
    if (req.url?.startsWith("/pages/jackpot/yesterdayJackpot/yesterdayJackpot"))
      res.end(JSON.stringify({ draw: served }));
    else if (req.url === "/pages/game/fairness")
      res.end(
        JSON.stringify({
          beacon: { publicKey: beacon.publicKey, genesisTime: beacon.genesisMs, periodSeconds: 1 },
        }),
      );
    else res.writeHead(404).end("{}");
  });
  await new Promise<void>((resolve) => server.listen(PORT, "127.0.0.1", resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function verify(): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await promisify(execFile)("node", [
      "scripts/verify-round.mjs",
      `http://127.0.0.1:${PORT}`,
      "jackpot",
      String(DAY),
    ]);
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, out: failed.stdout };
  }
}

describe("verify-round.mjs, jackpot mode, a sealed day", () => {
  it("verifies the sealed list and the beacon round the rule names", async () => {
    served = await sealedDraw();
    const { code, out } = await verify();
    expect(out).toContain("ok   ticket list matches the hash sealed before the beacon round");
    expect(out).toMatch(/ok {3}beacon round \d+ is the first at least 60 s after the ticket list was sealed/);
    expect(out).toContain(`jackpot day ${DAY}: Verified`);
    expect(code).toBe(0);
  });

  it("says a day was drawn on an operator's acceptance of its sealed list, and still verifies it", async () => {
    const ACCEPTED_AT = SEALED_AT + 3_600_000;
    served = { ...(await sealedDraw()), sealedListAccepted: { acceptedTime: ACCEPTED_AT } };
    const { code, out } = await verify();
    expect(out).toContain(
      `day ${DAY}: its settled bets changed after the seal; the operator accepted the sealed list at ${new Date(ACCEPTED_AT).toISOString()} and the day was drawn from it`,
    );
    expect(out).toContain(`jackpot day ${DAY}: Verified`);
    expect(code).toBe(0);
    served = await sealedDraw();
    expect((await verify()).out).not.toContain("accepted the sealed list");
  });

  it("fails a list with an entry added after the seal, and a round the rule does not name", async () => {
    const draw = await sealedDraw();
    const last = draw.tickets[draw.tickets.length - 1];
    served = {
      ...draw,
      tickets: [
        ...draw.tickets,
        { no: last.no + 1, phone: "99****9999", tickets: 50_000, from: last.to, to: last.to + 50_000 },
      ],
      ticketsTotal: draw.ticketsTotal + 50_000,
    };
    const added = await verify();
    expect(added.out).toContain("FAIL ticket list matches the hash sealed before the beacon round");
    expect(added.code).toBe(1);
    // A round one later than the rule's (its signature valid, its winners recomputed from it).
    const later = await sealedDraw(ROUND + 1);
    served = later;
    const wrongRound = await verify();
    expect(wrongRound.out).toMatch(/FAIL beacon round \d+ is the first at least 60 s after/);
    expect(wrongRound.out).toContain("ok   winners");
    expect(wrongRound.code).toBe(1);
  });
});
