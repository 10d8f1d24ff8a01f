import type { CoreModule } from "../platform/module";
import { fileRoutes } from "./routes";

/** Image uploads (avatars), compressed, and serving them. */
export const filesModule: CoreModule = { name: "files", routes: fileRoutes };
