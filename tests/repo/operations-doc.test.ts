import { readFileSync } from "node:fs";
import { join } from "node:path";
import { envSchema as coreEnvSchema } from "../../core/src/platform/config";
import { rechargeEnvSchema } from "../../core/src/recharge/settings";
import { serverEnvSchema } from "../../server/env-schema";

/**
 * docs/operations.md's two configuration tables name exactly the variables each process reads:
 * the app's table the keys of server/env-schema.ts, the core's the keys of the core's config
 * schema and of its recharge settings (read when the first order needs them). A setting added to a schema is documented; a row left in the wrong table (the app's
 * WEB_CONCURRENCY in the core's) or for a setting gone is found.
 */
const doc = readFileSync(join(import.meta.dirname, "../../docs/operations.md"), "utf8");

/** The variable names in the first cell of each row of the table under `heading`. */
function documented(heading: string): string[] {
  const section = doc.slice(doc.indexOf(heading));
  const table = section
    .slice(0, section.search(/\n\n(?!\|)/))
    .split("\n")
    .filter((l) => l.startsWith("| `"));
  return table
    .flatMap((row) => [...row.split("|")[1].matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]))
    .sort();
}

test("the app's table lists every variable of the app's schema, and only those", () => {
  expect(documented("### App (")).toEqual(Object.keys(serverEnvSchema.shape).sort());
});

test("the core's table lists every variable of the core's schema, and only those", () => {
  const read = [...Object.keys(coreEnvSchema.shape), ...Object.keys(rechargeEnvSchema.shape)];
  expect(documented("### Core (")).toEqual(read.sort());
});
