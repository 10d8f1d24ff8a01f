import type { CoreModule } from "../platform/module";
import { trackRoutes } from "./routes";

/** Page views. */
export const trackModule: CoreModule = { name: "track", routes: trackRoutes };
