import type { CoreModule } from "../platform/module";
import { EXCHANGE_COMMANDS } from "./admin";
import { exchangeOperatorRoutes, exchangeRoutes } from "./routes";

/** The exchange between the coins along operator-configured pairs, and points from turnover. */
export const exchangeModule: CoreModule = {
  name: "exchange",
  routes: exchangeRoutes,
  operatorRoutes: exchangeOperatorRoutes,
  adminCommands: EXCHANGE_COMMANDS,
};
