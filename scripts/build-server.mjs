// Bundles the production server (server/*.ts) to build/server/index.js. Packages stay external
// (node_modules is shipped); the Remix build (build/index.js) is imported at run time.
import { bundleForNode } from "./bundle-node.mjs";

await bundleForNode({ index: "server/index.ts" }, "build/server");
