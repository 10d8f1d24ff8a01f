import type { CoreModule } from "../platform/module";
import { pageViewWriterJob } from "./page-views";
import { trackRoutes } from "./routes";

/** Page views, written in batches (one INSERT a second) while the core runs. */
export const trackModule: CoreModule = { name: "track", routes: trackRoutes, jobs: [pageViewWriterJob] };
