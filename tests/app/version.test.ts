import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { publicEnv } from "~/utils/env.server";

/** The version the account page shows is package.json's, and no app module writes it again. */
const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };

it("shows package.json's version", () => {
  expect(publicEnv().version).toBe(version);
});

it("no app module spells the version", () => {
  const files = readdirSync("app", { recursive: true, encoding: "utf8" })
    .filter((f) => /\.(ts|tsx)$/.test(f))
    .map((f) => join("app", f));
  expect(files.filter((file) => readFileSync(file, "utf8").includes(`"${version}"`))).toEqual([]);
});
