import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { PAGES } from "~/utils/paths";

/** app/utils/paths.ts is the one list of page paths: it matches the routes, and nothing repeats it. */
const pageRoutes = readdirSync("app/routes")
  .filter((name) => name.startsWith("pages."))
  .map((name) => `/${name.replace(/\.tsx$/, "").replaceAll(".", "/")}`);

it("lists exactly the pages that app/routes serves", () => {
  expect(Object.values(PAGES).sort()).toEqual(pageRoutes.sort());
});

it("no app module spells a page path again", () => {
  const files = readdirSync("app", { recursive: true, encoding: "utf8" })
    .filter((f) => /\.(ts|tsx)$/.test(f) && f !== join("utils", "paths.ts"))
    .map((f) => join("app", f));
  const spelled = files.flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(/["'`]\/pages\/[^"'`]*/g)].map((m) => `${file}: ${m[0]}`),
  );
  expect(spelled).toEqual([]);
});
