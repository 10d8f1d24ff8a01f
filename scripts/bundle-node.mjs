// The one way the build bundles server-side code for Node (build-core.mjs, build-server.mjs):
// ESM for Node 20, packages external (node_modules is shipped), with source maps.
import { build } from "esbuild";

/** Bundles `entryPoints` (output name -> source file) into `outdir`. */
export function bundleForNode(entryPoints, outdir) {
  return build({
    entryPoints,
    outdir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: true,
    logLevel: "info",
  });
}
