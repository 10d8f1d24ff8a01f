// Bundles the production server (server/*.ts) to build/server/index.js. Packages stay external
// (node_modules is shipped); the Remix build (build/index.js) is imported at run time.
import { build } from "esbuild";

await build({
  entryPoints: { index: "server/index.ts" },
  outdir: "build/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "info",
});
