import { randomBytes } from "node:crypto";
import type { CoreModule } from "../platform/module";
import { SANDBOX_LAUNCH_PATH } from "./games";
import { lobbyOperatorRoutes, lobbyRoutes } from "./routes";

/**
 * The home lobby: game channels and games (the colour lottery per coin, external games with signed
 * launch URLs and a sandbox provider), today's platform bet amount and the bet ranking.
 */
export const lobbyModule: CoreModule = {
  name: "lobby",
  routes: lobbyRoutes,
  operatorRoutes: lobbyOperatorRoutes,
  /** Outside production, the sandbox provider's demo game, so that an external launch works end to end. */
  async seed(tx, { config }) {
    if (config.env === "production") return;
    await tx.query(
      "INSERT INTO game_channels (name, sort) VALUES ('Sandbox', 10) ON CONFLICT (name) DO NOTHING",
    );
    await tx.query(
      `INSERT INTO lobby_games (channel_id, name, kind, launch_url, secret, sort)
       SELECT id, 'Sandbox Spin', 'EXTERNAL', $1, $2, 0 FROM game_channels WHERE name = 'Sandbox'
       ON CONFLICT (channel_id, name) DO NOTHING`,
      [SANDBOX_LAUNCH_PATH, randomBytes(32).toString("hex")],
    );
  },
};
