import type { CoreModule } from "../platform/module";
import { CONFIG_COMMANDS } from "./admin";
import { configRoutes } from "./routes";
import { seedConfig } from "./seed";

/** The operator's settings (sys_config) the app reads, such as COUNTRY_CODE. */
export const configModule: CoreModule = {
  name: "config",
  routes: configRoutes,
  adminCommands: CONFIG_COMMANDS,
  seed: seedConfig,
};
