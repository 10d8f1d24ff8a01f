// Bundles the reference core (server and operator CLI) to build/core/*.js. Packages stay
// external (node_modules is shipped); migrations are read at run time from core/migrations
// (or MIGRATIONS_DIR).
import { build } from "esbuild";

await build({
  entryPoints: { index: "core/src/main.ts", admin: "core/src/admin.ts" },
  outdir: "build/core",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "info",
});
