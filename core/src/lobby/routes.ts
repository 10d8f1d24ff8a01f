import { Code } from "#contract/codes";
import { getGameUrlInputSchema, sandboxLaunchInputSchema } from "#contract/lobby";
import { writeAudit } from "../operator/audit";
import { operatorOf } from "../operator/auth";
import type { CoreRouter } from "../platform/context";
import { ApiError, ok, parseInput, readInput, requireUser } from "../platform/http";
import { publicProfiles } from "../user/users";
import {
  addExternalGame,
  checkSandboxLaunch,
  gameUrl,
  listChannels,
  listGames,
  setGameEnabled,
} from "./games";
import { betRank, platformBetAmount } from "./summary";

const SANDBOX_REFUSALS = {
  UNKNOWN_GAME: "This game does not exist",
  BAD_SIGNATURE: "The launch link is not signed by this platform",
  EXPIRED: "The launch link has expired; open the game again from the lobby",
} as const;

export function lobbyRoutes(app: CoreRouter) {
  app.get("/app/gameChannel/list", async (c) => ok(c, await listChannels(c.get("deps").db)));
  app.get("/app/game/config/list", async (c) => {
    const deps = c.get("deps");
    return ok(c, await listGames(deps.db, deps.now()));
  });

  app.get("/app/games/getGameUrl", async (c) => {
    const user = requireUser(c);
    const { gameId } = await parseInput(c, getGameUrlInputSchema);
    const deps = c.get("deps");
    const url = await gameUrl(deps.db, gameId, user.id, deps.now());
    if (!url) throw new ApiError(Code.NOT_FOUND, "This game is not available");
    return ok(c, url);
  });

  /** The sandbox provider: checks a launch URL's signature and expiry (what a real provider does). */
  app.get("/app/games/sandbox/launch", async (c) => {
    const q = await parseInput(c, sandboxLaunchInputSchema);
    const deps = c.get("deps");
    const checked = await checkSandboxLaunch(deps.db, q, deps.now());
    if (!checked.ok)
      throw new ApiError(Code.FORBIDDEN, SANDBOX_REFUSALS[checked.reason], { reason: checked.reason });
    const profile = (await publicProfiles(deps.db, [Number(q.player)])).get(Number(q.player));
    return ok(c, { gameName: checked.gameName, player: profile?.phone ?? "****", expiresAt: q.exp });
  });

  app.get("/app/summary/platformBetAmount", async (c) => {
    const deps = c.get("deps");
    return ok(c, await platformBetAmount(deps.db, deps.now()));
  });

  app.get("/app/summary/betRank", async (c) => {
    const deps = c.get("deps");
    return ok(c, await betRank(deps.db, deps.now()));
  });
}

export function lobbyOperatorRoutes(op: CoreRouter) {
  /** POST {channel, name, launchUrl}: adds (or re-enables) an external game; answers its signing secret. Audited. */
  op.post("/lobby/games", async (c) => {
    const operator = operatorOf(c);
    const input = await readInput(c);
    const game = await c.get("deps").db.tx(async (tx) => {
      const added = await addExternalGame(tx, input);
      await writeAudit(tx, {
        operator,
        action: "lobby.game.add",
        target: String(added.id),
        detail: { ...input },
      });
      return added;
    });
    return ok(c, game);
  });

  /** POST {id, enabled: 0|1}, audited. */
  op.post("/lobby/games/enabled", async (c) => {
    const operator = operatorOf(c);
    const { id, enabled } = await readInput(c);
    if (!/^\d{1,9}$/.test(id ?? "") || !/^[01]$/.test(enabled ?? ""))
      throw new ApiError(Code.BAD_REQUEST, "id must be a game id and enabled 0 or 1");
    await c.get("deps").db.tx(async (tx) => {
      await setGameEnabled(tx, Number(id), enabled === "1");
      await writeAudit(tx, { operator, action: "lobby.game.enabled", target: id, detail: { enabled } });
    });
    return ok(c, null);
  });
}
