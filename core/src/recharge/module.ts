import type { BackgroundJob } from "../platform/jobs";
import type { CoreModule } from "../platform/module";
import { RECHARGE_COMMANDS } from "./admin";
import { seedChannels } from "./channels";
import { expireOrders } from "./orders";
import { rechargeOperatorRoutes, rechargeRoutes } from "./routes";
import { rechargeSettings } from "./settings";

/** How often the expiry job looks for cash orders left unpaid for 30 minutes. */
const EXPIRY_EVERY_MS = 60_000;

export const rechargeExpiryJob: BackgroundJob = {
  name: "recharge-expiry",
  start(deps) {
    let stopped = false;
    let running: Promise<unknown> = Promise.resolve();
    const tick = () => {
      running = expireOrders(deps.db, deps.now())
        .then((n) => n && deps.log.info({ recharge: true, expired: n }, "recharge orders expired"))
        .catch((err) => deps.log.error({ err }, "recharge expiry failed"));
    };
    tick();
    const timer = setInterval(() => !stopped && tick(), EXPIRY_EVERY_MS);
    return async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    };
  },
};

/**
 * Recharge (money in): pay channels, cash recharges through a payment-provider adapter (sandbox
 * by default), USDT deposit addresses and the chain-watcher adapter (sandbox: an operator command),
 * both record lists. docs/wallet.md "Recharge".
 */
export const rechargeModule: CoreModule = {
  name: "recharge",
  routes: rechargeRoutes,
  operatorRoutes: rechargeOperatorRoutes,
  adminCommands: RECHARGE_COMMANDS,
  jobs: [rechargeExpiryJob],
  async seed(tx, deps) {
    rechargeSettings(deps); // a bad PAYMENT_* or USDT_XPUB_* value stops the start here
    await seedChannels(tx);
  },
};
