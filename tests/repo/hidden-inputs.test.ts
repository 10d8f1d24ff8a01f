import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { expect, test } from "vitest";

/**
 * Every `<input type="hidden">` of the app also carries the `hidden` attribute. Tailwind's
 * `space-y-*` puts its gap before each child that follows another child without `hidden`, so a
 * hidden input first in a form pushed the first field down by one more gap (the withdrawal
 * form's amount sat 16 px lower in its card than every other form's first field).
 */
const APP = join(import.meta.dirname, "../../app");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith(".tsx") ? [path] : [];
  });
}

test("every hidden input of the app has the hidden attribute (no extra space-y gap)", () => {
  const missing: string[] = [];
  for (const file of sources(APP)) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/<input\b[^>]*\btype="hidden"[^>]*>/g)) {
      if (!/\shidden(?=[\s/>])/.test(match[0])) {
        const line = text.slice(0, match.index).split("\n").length;
        missing.push(`${relative(APP, file)}:${line}: ${match[0]}`);
      }
    }
  }
  expect(missing).toEqual([]);
});
