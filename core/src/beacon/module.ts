import { z } from "zod";
import { Code } from "#contract/codes";
import { plainInteger } from "#contract/fields";
import type { CoreRouter } from "../platform/context";
import { ApiError, ok, parseInput } from "../platform/http";
import type { CoreModule } from "../platform/module";
import { beaconInfo, beaconOf, beaconValue } from "./beacon";

const roundInputSchema = z.object({
  round: plainInteger("round must be a number").pipe(z.number().positive()),
});

/** Public: the beacon's parameters and any round's verified value (a kept copy, fetched once). */
function beaconRoutes(app: CoreRouter) {
  app.get("/app/beacon/info", (c) => ok(c, beaconInfo(beaconOf(c.get("deps").config.fairness?.beacon))));
  app.get("/app/beacon/round", async (c) => {
    const { round } = await parseInput(c, roundInputSchema);
    const deps = c.get("deps");
    const value = await beaconValue(deps.db, beaconOf(deps.config.fairness?.beacon), round, deps.now());
    if (!value) throw new ApiError(Code.NOT_FOUND, "This beacon round does not exist yet");
    return ok(c, value);
  });
}

/** The public randomness beacon the draw waits for (sandbox by default, drand quicknet in production). */
export const beaconModule: CoreModule = { name: "beacon", routes: beaconRoutes };
