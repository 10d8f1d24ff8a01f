import { assetsModule } from "./assets/module";
import { authModule } from "./auth/module";
import { beaconModule } from "./beacon/module";
import { bloggersModule } from "./bloggers/module";
import { configModule } from "./config/module";
import { exchangeModule } from "./exchange/module";
import { filesModule } from "./files/module";
import { gameModule } from "./game/module";
import { jackpotModule } from "./jackpot/module";
import { ledgerModule } from "./ledger/module";
import { limitsModule } from "./limits/module";
import { lobbyModule } from "./lobby/module";
import { messagesModule } from "./messages/module";
import { operatorModule } from "./operator/module";
import type { CoreModule } from "./platform/module";
import { rechargeModule } from "./recharge/module";
import { stakingModule } from "./staking/module";
import { teamModule } from "./team/module";
import { trackModule } from "./track/module";
import { userModule } from "./user/module";
import { walletModule } from "./wallet/module";
import { withdrawalModule } from "./withdrawal/module";

/**
 * The domains of the core. The app registers their routes, the process runs their jobs and
 * seeds, the operator CLI offers their commands, all in this order. A new domain is a folder
 * core/src/<domain>/ with a module.ts, and one line here.
 */
export const MODULES: readonly CoreModule[] = [
  ledgerModule,
  operatorModule,
  authModule,
  userModule,
  configModule,
  messagesModule,
  filesModule,
  trackModule,
  walletModule,
  // ---- domain modules of other teams go below this line ----
  gameModule,
  withdrawalModule,
  rechargeModule,
  exchangeModule,
  stakingModule,
  assetsModule,
  teamModule,
  limitsModule,
  jackpotModule,
  lobbyModule,
  bloggersModule,
  beaconModule,
];
