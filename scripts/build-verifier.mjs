// Bundles scripts/verify-round.mjs with the two libraries it uses into one file the app serves at
// /verify-round.mjs (decision 068): a player checks a round with Node alone, without this
// repository or npm. Not minified, so that it can be read before it is run.
import { readFileSync } from "node:fs";
import { build } from "esbuild";

const version = (name) => JSON.parse(readFileSync(`node_modules/${name}/package.json`, "utf8")).version;

await build({
  entryPoints: ["scripts/verify-round.mjs"],
  outfile: "public/verify-round.mjs",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  legalComments: "inline",
  banner: {
    js: `// Colour Lottery's round verifier: scripts/verify-round.mjs with @noble/curves ${version("@noble/curves")} and @noble/hashes ${version("@noble/hashes")} (MIT) bundled in.\n// Usage: node verify-round.mjs <site> <roundId> [the commitment you kept], or node verify-round.mjs <site> jackpot <dayNo>. Read it before you run it.`,
  },
  logLevel: "info",
});
