import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { pageJs } from "../../bench/js-size.mjs";

/**
 * The lobby, jackpot and blogger pages (issue 12) stay within the JS budget at start: at most
 * 100 KB gzip (design section 6), measured like `node bench/js-size.mjs` on the production build.
 */
const ROUTES = [
  "routes/_index",
  "routes/pages.jackpot.jackpot",
  "routes/pages.jackpot.yesterdayJackpot.yesterdayJackpot",
  "routes/pages.blogger.blogger",
  "routes/pages.bloggerDetails.bloggerDetails",
  "routes/pages.bloggerDetails.fansList.fansList",
  "routes/pages.followRecords.followRecords",
];

describe.skipIf(!existsSync("build/metafile.js.json"))("JS at start of the social pages", () => {
  it.each(ROUTES)("%s loads at most 100 KB gzip", (route) => {
    const sizes = pageJs([route]) as Record<string, { totalKB: number }>;
    expect(sizes[route].totalKB).toBeLessThanOrEqual(100);
  });
});
