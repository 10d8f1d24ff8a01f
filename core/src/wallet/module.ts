import type { CoreModule } from "../platform/module";
import { WALLET_COMMANDS } from "./admin";
import { walletOperatorRoutes, walletRoutes } from "./routes";

/** The wallet's shared rules: the withdraw and charge config of each currency (CASH, USDT). */
export const walletModule: CoreModule = {
  name: "wallet",
  routes: walletRoutes,
  operatorRoutes: walletOperatorRoutes,
  adminCommands: WALLET_COMMANDS,
};
