import { afterAll, beforeAll } from "vitest";
import { type TestCore, registerPlayer, startTestCore } from "../../support/core";

/**
 * A throw-away reference core that the BFF under test talks to (UPSTREAM_URL), with one player
 * holding `chipCents` of chips credited through the ledger. Close the core when done.
 */
export async function startCoreWithPlayer(chipCents: number): Promise<{ core: TestCore; token: string }> {
  const core = await startTestCore({ config: {} });
  process.env.UPSTREAM_URL = core.url;
  const player = await registerPlayer(core, { balances: { CHIP: chipCents } });
  return { core, token: player.token };
}

/**
 * The suite's core and player (startCoreWithPlayer), started before its tests and closed after
 * them: `core` and `token` are there from the suite's first test on.
 */
export function useCoreWithPlayer(chipCents: number): { core: TestCore; token: string } {
  const started = {} as { core: TestCore; token: string };
  beforeAll(async () => {
    Object.assign(started, await startCoreWithPlayer(chipCents));
  }, 60_000);
  afterAll(async () => {
    await started.core?.close();
  });
  return started;
}
