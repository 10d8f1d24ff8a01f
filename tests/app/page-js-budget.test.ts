import { existsSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { pageJs } from "../../bench/js-size.mjs";

/**
 * Every page stays within the JS budget at start: at most 100 KB gzip (design section 6),
 * measured like `node bench/js-size.mjs` on the production build. The pages are read from
 * app/routes (a file or a route folder per page), so a new page is held to it too. The game
 * page had crept to 100.7 KB when this covered only the lobby, jackpot and blogger pages.
 */
const ROUTES = readdirSync("app/routes")
  .filter((name) => name === "_index.tsx" || name.startsWith("pages."))
  .map((name) => `routes/${name.replace(/\.tsx$/, "")}`);

describe.skipIf(!existsSync("build/metafile.js.json"))("JS at start of every page", () => {
  it("finds the pages", () => {
    expect(ROUTES).toContain("routes/pages.game.game");
    expect(ROUTES.length).toBeGreaterThanOrEqual(30);
  });

  it.each(ROUTES)("%s loads at most 100 KB gzip", (route) => {
    const sizes = pageJs([route]) as Record<string, { totalKB: number }>;
    expect(sizes[route].totalKB).toBeLessThanOrEqual(100);
  });
});
