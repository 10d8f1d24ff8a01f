import {
  BUILT,
  DEMO_PLAYER,
  type RunningApp,
  jsonPlayer,
  rewindPlayer,
  startApp,
  stopApp,
} from "../support/app-server";

/**
 * The game page asks the core for the reality check only when it can be due
 * (app/components/limits/reality.server.ts): one call per sign-in until then, at most
 * REALITY_RECHECK_SECONDS apart; a reminder changed or a "continue" is seen at once.
 */
const GAME = "/pages/game/game?level=1&coin=CHIP";
const PAGE = "/pages/responsiblePlay/responsiblePlay";

describe.skipIf(!BUILT)("the reality check on the game page", () => {
  let app: RunningApp | undefined;
  beforeAll(async () => {
    app = await startApp();
  }, 120_000);
  afterAll(async () => {
    await stopApp(app);
  }, 30_000);
  const call = jsonPlayer(() => app);
  /** The core's reality calls so far (it logs each request). */
  const asked = () => (app?.log.join("").match(/"path":"\/core\/app\/limits\/reality"/g) ?? []).length;

  it("is asked of the core once until it can be due, and again as soon as the player changes it", async () => {
    expect((await call("/pages/login/login", { intent: "login", ...DEMO_PLAYER })).status).toBe(200);
    const before = asked();
    for (let i = 0; i < 4; i++) expect((await call(GAME)).body.reality).toBeNull();
    expect(asked() - before).toBe(1);

    // An hour and more later (the default reminder is an hour): the page has not asked again yet,
    // as it remembered, but the player's new reminder makes it ask at once, and the check is due.
    const me = (await call("/pages/account/account")).body.user as { id: number };
    expect(await rewindPlayer(app as RunningApp, me.id, 1.1)).toBe(200);
    expect((await call(PAGE, { intent: "reminder", minutes: "15" })).body.ok).not.toBe(false);
    const due = (await call(GAME)).body.reality as { played: string } | null;
    expect(due?.played).toMatch(/6[56] min/);
    expect(asked() - before).toBe(2);

    // "Continue": the next check is 15 minutes away; asked once, then remembered.
    expect((await call(PAGE, { intent: "continue", back: GAME })).body.ok).not.toBe(false);
    const afterContinue = asked();
    for (let i = 0; i < 3; i++) expect((await call(GAME)).body.reality).toBeNull();
    expect(asked() - afterContinue).toBe(1);
  }, 60_000);
});
