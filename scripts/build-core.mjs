// Bundles the reference core (server and operator CLI) to build/core/*.js. Packages stay
// external (node_modules is shipped); migrations are read at run time from core/migrations
// (or MIGRATIONS_DIR).
import { bundleForNode } from "./bundle-node.mjs";

await bundleForNode({ index: "core/src/main.ts", admin: "core/src/admin.ts" }, "build/core");
